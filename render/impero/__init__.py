"""Impero's pictures: the map, the market board and the cash chart.

Every renderer takes a view (never the state) and an optional `labels` mapping of already
localized strings. Words are the cog's business: it resolves `LABEL_KEYS` (i18n keys present in
bot/locales/*/impero.po) with `bot.i18n.t` and passes the result. Without labels the built-in
Italian defaults are used (Italian is the default language). Labels may be `str.format`
templates with the named fields shown in DEFAULT_LABELS ({turn}, {turns}, {deadline}, {tz}).
Everything else drawn is language-neutral: coordinates, yields, money, company and player names,
symbols (⚡ blackout, ½ halved, ● rented: a dot in the renter's colour).

Signatures: render_map(view: MapView | ImperoView, labels=None), render_market(view: MarketView
| ImperoView, labels=None), render_chart(view: ChartView | ImperoView, labels=None), each
returning a PIL image; registered as ("impero", "board"/"map"), "market" and "chart".

Each picture has its module (map, market, chart); companies holds their colours and marks, labels
the words and the money format. This package re-exports their names.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from render.common import renderer
from render.impero.chart import render_chart
from render.impero.companies import COMPANY_COLOURS, company_colour, company_marks, initials
from render.impero.grid import BLACKOUT, CELL, GRID, HIGHLIGHT, LEFT, NEUTRAL_OWNED, TOP, cell_box, render_map
from render.impero.labels import DEFAULT_LABELS, LABEL_KEYS, money
from render.impero.market import render_market

__all__ = [
    "BLACKOUT", "CELL", "COMPANY_COLOURS", "DEFAULT_LABELS", "GRID", "HIGHLIGHT", "LABEL_KEYS", "LEFT",
    "NEUTRAL_OWNED", "TOP", "cell_box", "company_colour", "company_marks", "initials", "money", "render_chart",
    "render_map", "render_market",
]


# Registered here, so importing render.impero registers them and a board process finds them by this
# module's name (bot/painters.py)
@renderer("impero", "board")
def _board(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_map(view, labels)


@renderer("impero", "map")
def _map(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_map(view, labels)


@renderer("impero", "market")
def _market(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_market(view, labels)


@renderer("impero", "chart")
def _chart(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_chart(view, labels)
