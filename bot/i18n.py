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

import logging
import re
import string
from datetime import datetime
from decimal import Decimal
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from babel import Locale
from babel.lists import format_list
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
        forget_catalogs()


def forget_catalogs() -> None:
    """Read the catalogs again at the next use (after a catalog folder is added or removed)."""
    _read.cache_clear()
    catalog_problems.cache_clear()


def _catalog_paths(lang: str) -> list[Path]:
    """Every PO file of a language: the shared ones, each game's, and any added."""
    return [p for base in (LOCALES_DIR, *GAME_LOCALES_DIRS, *_EXTRA_DIRS) for p in sorted((base / lang).glob("*.po"))]


# The order in which our catalogs write a plural entry's forms: CLDR's categories of the language in
# CLDR's own order, which is also gettext's index order for them (the PO header's Plural-Forms agrees).
# Italian has "many" since CLDR 42 (Babel 2.15): "1.000.000 di legionari". A form is picked by the
# category the installed Babel gives a number, never by a gettext index, so a Babel that knows fewer
# categories (or more) than a catalog still finds a form: a category a catalog lacks reads `other`.
CATALOG_CATEGORIES = {"it": ("one", "many", "other"), "en": ("one", "other")}


@cache
def _read(lang: str) -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    messages: dict[str, str] = {}
    plural: dict[str, dict[str, str]] = {}
    paths = _catalog_paths(lang)
    categories = CATALOG_CATEGORIES.get(lang, ("one", "other"))
    for path in paths:
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for msg in cat:
            if msg.id and isinstance(msg.id, str) and isinstance(msg.string, str) and msg.string:
                messages[msg.id] = msg.string
            elif msg.id and isinstance(msg.id, tuple) and isinstance(msg.string, tuple):
                forms = {c: f for c, f in zip(categories, msg.string, strict=False) if f}
                if "other" not in forms and forms:  # an entry short of forms: its last one is the general one
                    forms["other"] = [f for f in msg.string if f][-1]
                if forms:
                    plural[msg.id[0]] = forms
    return messages, plural


def catalog(lang: str) -> dict[str, str]:
    """Every singular message of a language, by key."""
    return _read(lang)[0]


def plurals(lang: str) -> dict[str, dict[str, str]]:
    """Every plural message of a language (msgid_plural in the PO files), by key: its forms by CLDR category."""
    return _read(lang)[1]


@cache
def _locale(lang: str) -> Locale:
    return Locale.parse(lang)


def plural_category(lang: str, n: int) -> str:
    """The CLDR plural category ("one", "many", "other"...) of the whole number `n` in `lang`, as the
    installed Babel reads it."""
    return str(_locale(normalize(lang)).plural_form(abs(int(n))))


def plural_form(key: str, lang: str, n: int) -> str | None:
    """The form of plural message `key` for the number `n`, by the language's CLDR rule (`other` when
    the catalog has no form of that category)."""
    forms = plurals(lang).get(key)
    if forms is None:
        return None
    return forms.get(plural_category(lang, n)) or forms["other"]


@cache
def catalog_problems(lang: str) -> list[str]:
    """What a language's catalogs lack: plural entries missing a form of a category the installed Babel
    gives the language (they would read `other`), and entries the loader could not read at all."""
    wanted = set(_locale(lang).plural_form.tags) | {"other"}
    out = []
    paths = _catalog_paths(lang)
    for path in paths:
        with path.open("rb") as fh:
            cat = read_po(fh, locale=lang)
        for msg in cat:
            if msg.id and isinstance(msg.id, tuple):
                have = {c for c, f in zip(CATALOG_CATEGORIES.get(lang, ()), msg.string or (), strict=False) if f}
                if missing := sorted(wanted - have):
                    out.append(f"{path.name}: {msg.id[0]} lacks {', '.join(missing)}")
            elif msg.id and not msg.string:
                out.append(f"{path.name}: {msg.id} is empty")
    return out


def check_catalogs() -> int:
    """At startup: one ERROR line for each catalog entry a player would not read in full. The count."""
    problems = [f"{lang}/{p}" for lang in LANGUAGES for p in catalog_problems(lang)]
    for problem in problems:
        log.error("catalog entry incomplete: %s", problem)
    return len(problems)


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


@lru_cache(maxsize=16384)
def _pieces(template: str) -> tuple[tuple[str, str | None, str], ...] | None:
    """A template as (literal text, field name, format spec) pieces, parsed once per template; None
    when a field needs str.Formatter's whole path (positional, attribute or index access, a
    conversion, a nested spec). Parsing every sentence afresh was a tenth of a move's event loop."""
    out = []
    for literal, field, spec, conversion in string.Formatter().parse(template):
        if field is not None and (conversion or not field.isidentifier() or "{" in (spec or "")):
            return None
        out.append((literal, field, spec or ""))
    return tuple(out)


class _Formatter(string.Formatter):
    def __init__(self, lang: str = DEFAULT_LANGUAGE) -> None:
        super().__init__()
        self.lang = lang

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        pieces = _pieces(format_string)
        if pieces is None or args:
            return super().vformat(format_string, args, kwargs)
        out = []
        for literal, field, spec in pieces:
            if literal:
                out.append(literal)
            if field is not None:
                out.append(self.format_field(kwargs[field], spec))
        return "".join(out)

    def _word(self, prefix: str, value: Any) -> str:
        return catalog(self.lang).get(f"{prefix}{value}", str(value))

    def format_field(self, value: Any, format_spec: str) -> Any:
        if format_spec.startswith("a@"):  # a word from the catalog after Italian "a": "tocca ad Alice"
            return self.format_field(self.format_field(value, format_spec[1:]), "a")
        if format_spec.startswith("@"):
            prefix = format_spec[1:]
            if isinstance(value, list | tuple):
                return ", ".join(self._word(prefix, v) for v in value) or catalog(self.lang).get("core.none", "-")
            return self._word(prefix, value)
        if format_spec == "money":
            return money(int(value), self.lang)
        if format_spec == "num":  # a whole number as the language groups thousands: 50.000 / 50,000
            return format_decimal(int(value), locale=_CURRENCY_LOCALE.get(self.lang, "en_US"))
        if format_spec == "game":  # a game's kind -> its name in the reader's language
            return game_name(str(value), self.lang)
        if format_spec == "mention":  # a player id -> a Discord mention (the channel pings them)
            return f"<@{value}>"
        if format_spec in ("msgs", "msglines"):  # sentences an engine passed as {"key", "params"}
            said = [t(m["key"], self.lang, **m.get("params", {})) for m in value]
            return ("\n" if format_spec == "msglines" else ", ").join(said) or catalog(self.lang).get("core.none", "-")
        if format_spec == "dice":  # [[attacker dice], [defender dice]] per roll, the last few shown
            return dice_text(value, self.lang)
        if format_spec.startswith("#") and isinstance(value, list | tuple):  # names, and the verb agreeing
            form = plural_form(format_spec[1:], self.lang, len(value) or 1)  # "Vince: nessuno", "Vincono: …"
            return self.format(form, n=value) if form is not None else ", ".join(map(str, value))
        if format_spec.startswith("#"):
            form = plural_form(format_spec[1:], self.lang, int(value))
            if isinstance(value, float) and value.is_integer():
                value = int(value)  # a score kept as a float: "2 punti", never "2.0 punti"
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
        if format_spec == "a":  # Italian "a" before a name or a place: "ad Alice", "ad Arabia", "a Bob"
            text = str(value)
            return ("ad " if text[:1].lower() == "a" else "a ") + text
        if format_spec == "and":  # names in a sentence: "Erin e Alice", "Erin, Alice, and Bob"
            return format_list([str(v) for v in value], locale=_CURRENCY_LOCALE.get(self.lang, "en_US")) \
                if value else catalog(self.lang).get("core.none", "-")
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


def game_name(kind: str, language: str | None) -> str:
    """A game's name in `language` (`game.<kind>.name`: "High Frontier — Module 5" for an English
    reader), else the name it is registered with; a text that is no game's kind (a name written into
    an older event) is said as it is."""
    key = f"game.{kind}.name"
    if has(key, language or DEFAULT_LANGUAGE):
        return t(key, language)
    from engine.core import RuleError, get_game  # the registry, only when a name is asked

    try:
        return get_game(kind).meta.name
    except RuleError:
        return kind


# language -> (a pattern of the commands' English paths, English path -> the path that language's Discord
# shows): filled from the registered command tree (bot/translator.py) when the bot loads its commands
_COMMANDS: dict[str, tuple[re.Pattern[str], dict[str, str]]] = {}


def set_command_names(language: str, names: dict[str, str]) -> None:
    """How `language`'s Discord client shows each command ("/hf report ledger" -> "/hf evento registro"):
    every sentence in that language then names commands as its reader's client shows them."""
    renamed = {en: shown for en, shown in names.items() if en != shown}
    if renamed:
        pattern = "|".join(re.escape(n) for n in sorted(renamed, key=len, reverse=True))
        _COMMANDS[language] = (re.compile(f"(?<![\\w/])(?:{pattern})(?![\\w-])"), renamed)
    else:
        _COMMANDS.pop(language, None)
    commands_in.cache_clear()


@lru_cache(maxsize=8192)
def commands_in(text: str, language: str) -> str:
    """`text` with every command written by its English name called as `language`'s client shows it."""
    found = _COMMANDS.get(language)
    if found is None or "/" not in text:
        return text
    pattern, renamed = found
    return pattern.sub(lambda m: renamed[m.group(0)], text)


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
    if "/" in template:  # the commands a sentence names, as the reader's client shows them (not in params:
        template = commands_in(template, lang)  # what a player wrote is quoted as written)
    try:
        return _Formatter(lang).format(template, **params)
    except (KeyError, IndexError, ValueError, TypeError):
        log.exception("bad parameters for %s: %r", key, params)
        return template
