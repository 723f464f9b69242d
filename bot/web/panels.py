"""A game's view as panels of a page: every field of the view the reader may see, laid out by its
shape (a value, a list, a table of rows alike, nested fields), with player ids shown as names and
field names in the reader's language where the catalogs have them (`web.field.<name>`), else as
words. Built only from a view (never a state), so a page shows exactly what the view shows."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple

from markupsafe import Markup, escape

from bot.i18n import catalog, money
from bot.web.markup import time_html

MAX_DEPTH = 4
MAX_ITEMS = 200  # a longer list shows its first items and how many more there are
SMALL = 12  # a section with at most this many values is open at first
PROSE_CHARS = 20  # a longer text with spaces in a table is words to read: its column wraps


# kind -> the view fields that hold money in the game's smallest unit (Impero's cents): a page shows
# "200,00 $", not 20000; each game's cog registers its own
MONEY_FIELDS: dict[str, frozenset[str]] = {}


def register_money_fields(kind: str, keys: set[str]) -> None:
    MONEY_FIELDS[kind] = frozenset(keys)


# kind -> view fields a reader has no use for on a page (a renderer's grid sizes and lookup tables,
# a rule's machine name): left out wherever they appear
HIDDEN_FIELDS: dict[str, frozenset[str]] = {}
# kind -> panels open at first whatever their size: the game's state at a glance
OPEN_FIELDS: dict[str, frozenset[str]] = {}
# every game: the reader's own id (the page's badge says whose view it is) and the id -> name table
# (every id is shown as its name already)
ALWAYS_HIDDEN = frozenset({"names"})
READER_FIELDS = frozenset({"me", "you", "viewer"})


# kind -> {field: catalog prefix}: a field whose values are ids the game's catalog says in words
# under another prefix than `<kind>.<field>` (Nomic's "mechanics" are `nomic.mechanic.<id>`)
WORD_PREFIXES: dict[str, dict[str, str]] = {}


class PlaceRows(NamedTuple):
    """A list whose rows are places moves name, for a game whose board does not draw them (Nomic's
    rules and proposals): each row's place is `prefix` + its `key` field, named by its `name` field
    (the page's moves name it so too)."""

    prefix: str
    key: str
    name: str


# kind -> {list field: its rows as places}; the page's script treats such a row as a place on the board
PLACE_ROWS: dict[str, dict[str, PlaceRows]] = {}


def register_page_fields(kind: str, *, hidden: Collection[str] = (), opened: Collection[str] = (),
                         words: dict[str, str] | None = None,
                         places: dict[str, PlaceRows] | None = None) -> None:
    HIDDEN_FIELDS[kind] = frozenset(hidden)
    OPEN_FIELDS[kind] = frozenset(opened)
    WORD_PREFIXES[kind] = dict(words or {})
    PLACE_ROWS[kind] = dict(places or {})


ENGLISH_TWIN = "_en"  # `title_en` is `title` in English: a page shows the one in its reader's language


def in_language(fields: dict[str, Any], lang: str) -> dict[str, Any]:
    """Fields with an English twin show once, in the reader's language (the Italian one when the twin is empty)."""
    out = {}
    for key, value in fields.items():
        if key.endswith(ENGLISH_TWIN) and key.removesuffix(ENGLISH_TWIN) in fields:
            continue
        twin = fields.get(key + ENGLISH_TWIN)
        out[key] = twin if lang == "en" and twin else value
    return out


def _shown(key: str, value: Any, kind: str) -> bool:
    if key in ALWAYS_HIDDEN or key in HIDDEN_FIELDS.get(kind, ()):
        return False
    return not (key in READER_FIELDS and _is_scalar(value))


@dataclass
class Panel:
    key: str
    title: str
    body: Markup
    open: bool


def field_name(key: str, lang: str) -> str:
    return catalog(lang).get(f"web.field.{key}") or str(key).replace("_", " ").strip().capitalize()


_MOMENT = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})")


def _word(value: str, key: str, kind: str, lang: str) -> str | None:
    """A game's id in words where its catalog has it: `<game>.<field>.<value>` ("spqrisiko.phase.reinforce")."""
    words = catalog(lang)
    if not (kind and key):
        return words.get(f"web.status.{value}")
    prefix = WORD_PREFIXES.get(kind, {}).get(key, f"{kind}.{key}")
    return words.get(f"web.status.{value}") or words.get(f"{prefix}.{value}")


def _scalar(value: Any, names: Mapping[str, str], lang: str, key: str = "", kind: str = "") -> Markup:
    if value is None:
        return Markup("&ndash;")
    if isinstance(value, bool):
        return escape(catalog(lang).get("web.yes" if value else "web.no", "yes" if value else "no"))
    if isinstance(value, int) and key in MONEY_FIELDS.get(kind, ()):
        return escape(money(value, lang))
    if isinstance(value, str):
        if _MOMENT.fullmatch(value):  # a deadline: in the reader's own time zone, by the page's script
            with contextlib.suppress(ValueError):
                return time_html(datetime.fromisoformat(value.replace("Z", "+00:00")))
        return escape(names.get(value) or _word(value, key, kind, lang) or value)
    return escape(str(value))


def _is_scalar(value: Any) -> bool:
    return not isinstance(value, dict | list)


def _count(value: Any) -> int:
    if isinstance(value, dict):
        return sum(_count(v) for v in value.values())
    if isinstance(value, list):
        return sum(_count(v) for v in value)
    return 1


def value_html(value: Any, names: Mapping[str, str], lang: str, depth: int = 0, key: str = "",
               kind: str = "") -> Markup:
    if _is_scalar(value):
        return _scalar(value, names, lang, key, kind)
    if depth >= MAX_DEPTH:
        return Markup("&hellip;")
    if isinstance(value, list):
        if not value:
            return Markup("&ndash;")
        shown = value[:MAX_ITEMS]
        more = Markup(" &hellip; (+{})").format(len(value) - len(shown)) if len(value) > len(shown) else Markup("")
        if all(_is_scalar(v) for v in shown):
            return Markup(", ").join(_scalar(v, names, lang, key, kind) for v in shown) + more
        if all(isinstance(v, dict) for v in shown):
            places = PLACE_ROWS.get(kind, {}).get(key) if depth == 0 else None
            return _table(shown, names, lang, depth, kind, places) + more
        return Markup("<ol>{}</ol>").format(Markup("").join(
            Markup("<li>{}</li>").format(value_html(v, names, lang, depth + 1, key, kind)) for v in shown)) + more
    if not value:
        return Markup("&ndash;")
    value = in_language({str(k): v for k, v in value.items()}, lang)
    items = [(k, v) for k, v in list(value.items())[:MAX_ITEMS] if _shown(k, v, kind)
             and not (key in READER_FIELDS and k in ("id", "player") and v in names)]  # the reader's own id
    if depth > 0 and _is_amounts(value, names):  # goods in a cell: "Ndri 1000, fuel 2", no zero rows
        said = [Markup("{} {}").format(field_name(k, lang), _scalar(v, names, lang, _child(key, k, kind), kind))
                for k, v in items if v]
        return Markup(", ").join(said) if said else Markup("&ndash;")
    rendered = [(k, v, value_html(v, names, lang, depth + 1, _child(key, k, kind), kind)) for k, v in items]
    kept = _distinct([(k, [v], [html]) for k, v, html in rendered], names)
    rows = Markup("").join(
        Markup("<dt>{}</dt><dd>{}</dd>").format(names.get(k) or field_name(k, lang), html)
        for k, v, html in rendered if k in kept)
    return Markup('<dl class="fields">{}</dl>').format(rows)


def _is_amounts(value: dict[Any, Any], names: Mapping[str, str]) -> bool:
    """A bundle of goods (each a count, named by a word, not by a player's id)."""
    return all(isinstance(v, int) and not isinstance(v, bool) and str(k) not in names for k, v in value.items())


def _distinct(columns: list[tuple[str, list[Any], list[Markup]]], names: Mapping[str, str]) -> set[str]:
    """The fields (or columns) worth showing: one that says in every row exactly what an earlier one
    says, when one of the two is an id shown as its name ("Sender | Sender", "Id | Name"), is left out."""
    kept: list[tuple[str, list[Any], list[Markup]]] = []
    for key, values, shown in columns:
        said = [v for v in values if v is not None]
        for i, (_other, other_values, other_shown) in enumerate(kept):
            other_said = [v for v in other_values if v is not None]
            if shown != other_shown or not said or not all(isinstance(v, str) for v in said + other_said):
                continue
            ids, other_ids = all(v in names for v in said), all(v in names for v in other_said)
            if other_ids and not ids:  # the name's own field says it better than the id's ("Name", not "Id")
                kept[i] = (key, values, shown)
                break
            if ids or other_ids:
                break
        else:
            kept.append((key, values, shown))
    return {key for key, _values, _shown in kept}


def _child(key: str, child: Any, kind: str) -> str:
    """The field a nested value belongs to: a money field's entries (cash by player) stay money."""
    return key if key in MONEY_FIELDS.get(kind, ()) else str(child)


def _table(rows: list[dict[str, Any]], names: Mapping[str, str], lang: str, depth: int, kind: str = "",
           places: PlaceRows | None = None) -> Markup:
    rows = [in_language(row, lang) for row in rows]
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns and _shown(k, row[k], kind))
    cells = {c: [value_html(row.get(c), names, lang, depth + 1, c, kind) for row in rows] for c in columns}
    kept = _distinct([(c, [row.get(c) for row in rows], cells[c]) for c in columns], names)
    columns = [c for c in columns if c in kept]
    prose = {c for c in columns if any(_is_prose(row.get(c)) for row in rows)}
    head = Markup("").join(Markup("<th{}>{}</th>").format(_prose_class(c in prose), field_name(c, lang))
                           for c in columns)
    body = Markup("").join(
        Markup("<tr{}>{}</tr>").format(_place_of(rows[i], places), Markup("").join(
            Markup("<td{}>{}</td>").format(_prose_class(c in prose), cells[c][i]) for c in columns))
        for i in range(len(rows)))
    return Markup('<table class="rows"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>').format(head, body)


def _is_prose(value: Any) -> bool:
    """Words to read (a law's text, a long description), not a value to scan down a column."""
    return isinstance(value, str) and len(value) > PROSE_CHARS and " " in value


def _prose_class(prose: bool) -> Markup:
    # a column of sentences wraps in its cell: kept on one line, a law's text ran off a phone's screen
    return Markup(' class="prose"') if prose else Markup("")


def _place_of(row: dict[str, Any], places: PlaceRows | None) -> Markup:
    """A row's place attributes, when its list is one of the game's places (else nothing)."""
    if places is None or row.get(places.key) is None:
        return Markup("")
    key = row[places.key]
    label = f"{key} · {row[places.name]}" if row.get(places.name) else str(key)
    return Markup(' data-place="{}{}" data-label="{}" tabindex="0"').format(places.prefix, key, label)


def panels(view: dict[str, Any], names: Mapping[str, str], lang: str, only: set[str] | None = None,
           kind: str = "") -> list[Panel]:
    """The view's fields as panels: its plain values together first, then one panel per list or group."""
    fields = {k: v for k, v in view.items() if (only is None or k in only) and _shown(k, v, kind)}
    # the summary says what is: a field with nothing in it (no battle, no banker yet) is left out
    plain = {k: v for k, v in fields.items() if _is_scalar(v) and v is not None}
    fields = {k: v for k, v in fields.items() if v is not None}
    out = []
    if plain:
        out.append(Panel("summary", catalog(lang).get("web.panel.summary", "Summary"),
                         value_html(plain, names, lang, kind=kind), True))
    opened = OPEN_FIELDS.get(kind, frozenset())
    for key, value in fields.items():
        if key in plain or value in ({}, []):
            continue
        out.append(Panel(key, field_name(key, lang), value_html(value, names, lang, key=key, kind=kind),
                         key in opened or _count(value) <= SMALL))
    return out
