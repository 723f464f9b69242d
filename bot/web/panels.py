"""A game's view as panels of a page: every field of the view the reader may see, laid out by its
shape (a value, a list, a table of rows alike, nested fields), with player ids shown as names and
field names in the reader's language where the catalogs have them (`web.field.<name>`), else as
words. Built only from a view (never a state), so a page shows exactly what the view shows."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from markupsafe import Markup, escape

from bot.i18n import catalog, money
from bot.web.markup import time_html

MAX_DEPTH = 4
MAX_ITEMS = 200  # a longer list shows its first items and how many more there are
SMALL = 12  # a section with at most this many values is open at first


# kind -> the view fields that hold money in the game's smallest unit (Impero's cents): a page shows
# "200,00 $", not 20000; each game's cog registers its own
MONEY_FIELDS: dict[str, frozenset[str]] = {}


def register_money_fields(kind: str, keys: set[str]) -> None:
    MONEY_FIELDS[kind] = frozenset(keys)


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
    return words.get(f"web.status.{value}") or (words.get(f"{kind}.{key}.{value}") if kind and key else None)


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
            return _table(shown, names, lang, depth, kind) + more
        return Markup("<ol>{}</ol>").format(Markup("").join(
            Markup("<li>{}</li>").format(value_html(v, names, lang, depth + 1, key, kind)) for v in shown)) + more
    if not value:
        return Markup("&ndash;")
    rows = Markup("").join(
        Markup("<dt>{}</dt><dd>{}</dd>").format(names.get(str(k)) or field_name(str(k), lang),
                                                 value_html(v, names, lang, depth + 1, _child(key, k, kind), kind))
        for k, v in list(value.items())[:MAX_ITEMS])
    return Markup('<dl class="fields">{}</dl>').format(rows)


def _child(key: str, child: Any, kind: str) -> str:
    """The field a nested value belongs to: a money field's entries (cash by player) stay money."""
    return key if key in MONEY_FIELDS.get(kind, ()) else str(child)


def _table(rows: list[dict[str, Any]], names: Mapping[str, str], lang: str, depth: int, kind: str = "") -> Markup:
    columns: list[str] = []
    for row in rows:
        columns.extend(k for k in row if k not in columns)
    head = Markup("").join(Markup("<th>{}</th>").format(field_name(c, lang)) for c in columns)
    body = Markup("").join(
        Markup("<tr>{}</tr>").format(Markup("").join(
            Markup("<td>{}</td>").format(value_html(row.get(c), names, lang, depth + 1, c, kind)) for c in columns))
        for row in rows)
    return Markup('<table class="rows"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>').format(head, body)


def panels(view: dict[str, Any], names: Mapping[str, str], lang: str, only: set[str] | None = None,
           kind: str = "") -> list[Panel]:
    """The view's fields as panels: its plain values together first, then one panel per list or group."""
    fields = {k: v for k, v in view.items() if only is None or k in only}
    plain = {k: v for k, v in fields.items() if _is_scalar(v)}
    out = []
    if plain:
        out.append(Panel("summary", catalog(lang).get("web.panel.summary", "Summary"),
                         value_html(plain, names, lang, kind=kind), True))
    for key, value in fields.items():
        if key in plain or value in ({}, []):
            continue
        out.append(Panel(key, field_name(key, lang), value_html(value, names, lang, key=key, kind=kind),
                         _count(value) <= SMALL))
    return out
