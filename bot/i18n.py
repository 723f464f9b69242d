"""Every sentence the bot says, in Italian (default) and English.

Catalogs are gettext PO files, one per domain, in bot/locales/<lang>/<domain>.po, read with Babel
at startup (no compile step). Message ids are stable keys ("impero.err.no_op"), the same keys the
engine uses for RuleError codes and Event keys. Placeholders are `str.format` fields with extra
format specs: `{amount:money}` (integer cents -> 12.34$), `{at:ts}` / `{at:rel}` / `{at:date}`
(datetime or ISO string -> Discord timestamp, shown in each reader's own time zone),
`{names:list}` (a list joined with commas), `{card:@spqrisiko.card.}` (a value, or each value of a
list, translated through the catalog key `<prefix><value>`: engines pass stable ids, players read words).
"""

from __future__ import annotations

import logging
import string
from datetime import datetime
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po

from engine.core.money import format_cents

LOCALES_DIR = Path(__file__).parent / "locales"
LANGUAGES = ("it", "en")
DEFAULT_LANGUAGE = "it"
log = logging.getLogger(__name__)


def normalize(locale: str | None) -> str:
    """Discord locale ("it", "en-US", "en-GB", ...) -> one of our languages."""
    if not locale:
        return DEFAULT_LANGUAGE
    lang = str(locale).split("-")[0].split("_")[0].lower()
    return lang if lang in LANGUAGES else "en"


def reader_language(discord_locale: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """Who clicked reads an ephemeral reply: their Discord client's language if we speak it, else
    the bot's DEFAULT_LOCALE (a Japanese client gets the default, not a guess)."""
    loc = str(discord_locale or "")
    if loc.startswith(LANGUAGES):
        return normalize(loc)
    return normalize(default)


def channel_language(server_locale: str | None, default: str = DEFAULT_LANGUAGE) -> str:
    """Everyone in a channel reads its posts, images and shared panels: the server's language
    (`/mod config language`), else DEFAULT_LOCALE; never whoever happened to act."""
    return normalize(server_locale or default)


def dm_language(chosen: str | None, seen: str | None, server_locale: str | None,
                default: str = DEFAULT_LANGUAGE) -> str:
    """A DM is read by its recipient alone: their `/notify language` choice, else the language of the
    Discord client they last used with Araldo, else the server's."""
    if chosen:
        return normalize(chosen)
    if seen and str(seen).startswith(LANGUAGES):
        return normalize(seen)
    return channel_language(server_locale, default)


_EXTRA_DIRS: list[Path] = []


def add_locale_dir(path: Path) -> None:
    """More catalogs (a game that is not shipped, like the tests' own) laid out like LOCALES_DIR."""
    if path not in _EXTRA_DIRS:
        _EXTRA_DIRS.append(path)
        catalog.cache_clear()


@cache
def catalog(lang: str) -> dict[str, str]:
    messages: dict[str, str] = {}
    paths = [p for base in (LOCALES_DIR, *_EXTRA_DIRS) for p in sorted((base / lang).glob("*.po"))]
    for path in paths:
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for msg in cat:
            if msg.id and isinstance(msg.id, str) and isinstance(msg.string, str) and msg.string:
                messages[msg.id] = msg.string
    return messages


def _timestamp(value: Any) -> int:
    if isinstance(value, str):
        value = datetime.fromisoformat(value)
    if isinstance(value, datetime):
        return int(value.timestamp())
    return int(value)


class _Formatter(string.Formatter):
    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang

    def _word(self, prefix: str, value: Any) -> str:
        return catalog(self.lang).get(f"{prefix}{value}", str(value))

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("@"):
            prefix = format_spec[1:]
            if isinstance(value, list | tuple):
                return ", ".join(self._word(prefix, v) for v in value)
            return self._word(prefix, value)
        if format_spec == "money":
            return format_cents(int(value))
        if format_spec in ("ts", "rel", "date", "time"):
            style = {"ts": "F", "rel": "R", "date": "D", "time": "t"}[format_spec]
            return f"<t:{_timestamp(value)}:{style}>"
        if format_spec == "list":
            return ", ".join(str(v) for v in value)
        return super().format_field(value, format_spec)




def has(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    return key in catalog(normalize(lang))


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The sentence for `key` in `locale`, filled with `params`.

    A missing key or a template/param mismatch never reaches the user as a traceback: we fall
    back to the other language, then to the key itself, and log it (tests catch missing keys).
    """
    lang = normalize(locale)
    template = catalog(lang).get(key)
    if template is None:
        template = catalog("en" if lang == "it" else "it").get(key)
        log.warning("missing %s translation for %s", lang, key)
    if template is None:
        return key
    try:
        return _Formatter(lang).format(template, **params)
    except (KeyError, IndexError, ValueError, TypeError):
        log.exception("bad parameters for %s: %r", key, params)
        return template
