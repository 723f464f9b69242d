"""Every sentence the bot says, in Italian (default) and English.

Catalogs are gettext PO files, one per domain: what every game shares in bot/locales/<lang>/, each
game's own in its cog package, bot/cogs/<game>/locales/<lang>/ (so a new game brings its words with
it); read with Babel at startup (no compile step). Message ids are stable keys ("impero.err.no_op"), the same keys the
engine uses for RuleError codes and Event keys. Placeholders are `str.format` fields with extra
format specs: `{amount:money}` (integer cents -> "12,34 $" in Italian, "$12.34" in English),
`{at:ts}` / `{at:rel}` / `{at:date}` (datetime or ISO string -> Discord timestamp, shown in each reader's own time zone),
`{names:list}` (a list joined with commas), `{card:@spqrisiko.card.}` (a value, or each value of a
list, translated through the catalog key `<prefix><value>`: engines pass stable ids, players read words),
`{n:num}` (a whole number with the language's thousands separator: "50.000", "50,000"),
`{count:#spqr.n.legionaries}` (a number with its noun, in the plural form the language's gettext
rule picks from a plural catalog entry: "1 legionario", "3 legionari"). A message that is itself a
plural entry picks its form by its `count` parameter.
"""

from __future__ import annotations

import gettext
import logging
import string
from datetime import datetime
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po
from babel.numbers import format_currency, format_decimal

LOCALES_DIR = Path(__file__).parent / "locales"
# each game's cog package carries its own catalogs, laid out like LOCALES_DIR
GAME_LOCALES_DIRS = tuple(sorted((Path(__file__).parent / "cogs").glob("*/locales")))
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
        _read.cache_clear()


@cache
def _read(lang: str) -> tuple[dict[str, str], dict[str, tuple[str, ...]]]:
    messages: dict[str, str] = {}
    plural: dict[str, tuple[str, ...]] = {}
    paths = [p for base in (LOCALES_DIR, *GAME_LOCALES_DIRS, *_EXTRA_DIRS) for p in sorted((base / lang).glob("*.po"))]
    for path in paths:
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for msg in cat:
            if msg.id and isinstance(msg.id, str) and isinstance(msg.string, str) and msg.string:
                messages[msg.id] = msg.string
            elif msg.id and isinstance(msg.id, tuple) and isinstance(msg.string, tuple) and all(msg.string):
                plural[msg.id[0]] = tuple(msg.string)
    return messages, plural


def catalog(lang: str) -> dict[str, str]:
    """Every singular message of a language, by key."""
    return _read(lang)[0]


def plurals(lang: str) -> dict[str, tuple[str, ...]]:
    """Every plural message of a language (msgid_plural in the PO files), by key: its forms."""
    return _read(lang)[1]


@cache
def _plural_rule(lang: str) -> Any:
    return gettext.c2py(get_plural(lang).plural_expr)


def plural_form(key: str, lang: str, n: int) -> str | None:
    """The form of plural message `key` for the number `n`, by the language's gettext rule."""
    forms = plurals(lang).get(key)
    if forms is None:
        return None
    return forms[min(int(_plural_rule(lang)(abs(int(n)))), len(forms) - 1)]


_CURRENCY_LOCALE = {"it": "it_IT", "en": "en_US"}


def money(cents: int, lang: str = DEFAULT_LANGUAGE) -> str:
    """Integer cents as each language writes dollars: "12,50 $" in Italian, "$12.50" in English."""
    text = format_currency(Decimal(int(cents)).scaleb(-2), "USD", locale=_CURRENCY_LOCALE.get(normalize(lang), "en_US"))
    return text.replace("US$", "$").replace("USD", "$")


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
                return ", ".join(self._word(prefix, v) for v in value) or catalog(self.lang).get("core.none", "-")
            return self._word(prefix, value)
        if format_spec == "money":
            return money(int(value), self.lang)
        if format_spec == "num":  # a whole number as the language groups thousands: 50.000 / 50,000
            return format_decimal(int(value), locale=_CURRENCY_LOCALE.get(self.lang, "en_US"))
        if format_spec == "mention":  # a player id -> a Discord mention (the channel pings them)
            return f"<@{value}>"
        if format_spec in ("msgs", "msglines"):  # sentences an engine passed as {"key", "params"}
            said = [t(m["key"], self.lang, **m.get("params", {})) for m in value]
            return ("\n" if format_spec == "msglines" else ", ").join(said) or catalog(self.lang).get("core.none", "-")
        if format_spec == "dice":  # [[attacker dice], [defender dice]] per roll, the last few shown
            return dice_text(value, self.lang)
        if format_spec.startswith("#"):
            form = plural_form(format_spec[1:], self.lang, int(value))
            if form is None:
                return str(value)
            return self.format(form, n=value)
        if format_spec in ("ts", "rel", "date", "time") and value is None:
            return catalog(self.lang).get("core.none", "-")
        if format_spec in ("ts", "rel", "date", "time"):
            if value is None:  # no deadline (a finished game): a dash, not a broken timestamp
                return "-"
            style = {"ts": "F", "rel": "R", "date": "D", "time": "t"}[format_spec]
            return f"<t:{_timestamp(value)}:{style}>"
        if format_spec == "list":  # an empty list says so: never "Blackout: ." or "Vince: ."
            return ", ".join(str(v) for v in value) or catalog(self.lang).get("core.none", "-")
        return super().format_field(value, format_spec)




MAX_ROLLS_SHOWN = 4


def dice_text(rolls: Any, lang: str) -> str:
    """Rolls as players read dice: "6·5·3 contro 4·2; 5 contro 6", the last few of a long blitz."""
    vs = catalog(normalize(lang)).get("core.dice_vs", "vs")
    shown = [f"{'·'.join(str(x) for x in a)} {vs} {'·'.join(str(x) for x in d)}" for a, d in rolls[-MAX_ROLLS_SHOWN:]]
    return ("… " if len(rolls) > MAX_ROLLS_SHOWN else "") + "; ".join(shown)


def has(key: str, lang: str = DEFAULT_LANGUAGE) -> bool:
    return key in catalog(normalize(lang))


def t(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The sentence for `key` in `locale`, filled with `params`.

    A missing key or a template/param mismatch never reaches the user as a traceback: we fall
    back to the other language, then to the key itself, and log it (tests catch missing keys).
    """
    lang = normalize(locale)
    template = catalog(lang).get(key)
    if template is None and "count" in params:
        template = plural_form(key, lang, params["count"])
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
