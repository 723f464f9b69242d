"""Impero's map: the grid of land and sea, each node's owner, yield and marks, and its legend."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.impero.view_models import ImperoView, MapView
from render.common import INK, LAND, MUTED, PAPER, WATER, contrast_ink, draw_legend, font, legend_spots, text_width
from render.impero.companies import company_colour, company_marks
from render.impero.labels import _labels, _title
from render.places import Places, rect, shaper

BLACKOUT = (25, 25, 25)
HIGHLIGHT = (230, 0, 126)  # a node the viewer may buy, when they ask to see them
GRID = (205, 198, 180)
NEUTRAL_OWNED = (200, 200, 200)

CELL = 26
LEFT = 44
TOP = 96
LEGEND_W = 300


def cell_box(col: int, row: int) -> tuple[int, int, int, int]:
    """The pixel box of a grid cell (tests use it to probe colours)."""
    x = LEFT + col * CELL
    y = TOP + row * CELL
    return x, y, x + CELL - 1, y + CELL - 1


def map_size(cols: int, rows: int) -> tuple[int, int]:
    return LEFT + cols * CELL + 16 + LEGEND_W, max(TOP + rows * CELL + 30, 520)


@cache
def _base_map(cols: int, rows: int, land: frozenset[tuple[int, int]]) -> Image.Image:
    """Sea, free land and the coordinate rulers: drawn once per map shape, then copied."""
    img = Image.new("RGB", map_size(cols, rows), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((LEFT, TOP, LEFT + cols * CELL - 1, TOP + rows * CELL - 1), fill=WATER)
    coord = font(11, bold=True)
    for c in range(cols):
        letter = chr(ord("A") + c)
        x = LEFT + c * CELL + (CELL - text_width(d, letter, coord)) // 2
        d.text((x, TOP - 16), letter, font=coord, fill=MUTED)
        d.text((x, TOP + rows * CELL + 3), letter, font=coord, fill=MUTED)
    for r in range(rows):
        label = str(r + 1)
        y = TOP + r * CELL + (CELL - 13) // 2
        d.text((LEFT - 6 - text_width(d, label, coord), y), label, font=coord, fill=MUTED)
    for col, row in land:
        d.rectangle(cell_box(col, row), fill=LAND, outline=GRID)
    return img


def render_map(view: MapView | ImperoView, labels: Mapping[str, str] | None = None) -> Image.Image:
    v = view.map if isinstance(view, ImperoView) else view
    lab = _labels(labels)
    img = _base_map(v.cols, v.rows, frozenset((n.col, n.row) for n in v.nodes)).copy()
    d = ImageDraw.Draw(img)
    _title(d, lab, v.turn, v.turns, v.deadline_local, v.timezone)
    colour_of = {c.id: company_colour(c.colour) for c in v.companies}
    small = font(11, bold=True)
    tiny = font(9, bold=True)
    initial_font = font(8, bold=True)
    initials_of = company_marks(v.companies)
    mark_width = {m: text_width(d, m, initial_font) for m in initials_of.values()}  # once per company
    marked = set(v.highlight)
    for n in v.nodes:
        x0, y0, x1, y1 = box = cell_box(n.col, n.row)
        fill = colour_of.get(n.owner or "", LAND)
        if n.owner:
            d.rectangle(box, fill=fill, outline=INK)
        ink = contrast_ink(fill)
        if n.blackout:
            d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), fill=BLACKOUT)
            ink = (255, 220, 0)
        if n.halved:
            d.polygon([(x1, y1 - 11), (x1, y1), (x1 - 11, y1)], fill=BLACKOUT)
        text = str(n.value)
        fnt = small if n.value < 10 or not n.renters else tiny
        w = text_width(d, text, fnt)
        owned = n.owner in initials_of
        d.text((x0 + (CELL - w) // 2, y0 + (11 if owned else (CELL - 13) // 2)), text, font=fnt, fill=ink)
        if owned:  # whose cell it is, in letters, not only in colour: the initials above the yield
            mark = initials_of[n.owner or ""]
            d.text((x0 + (CELL - mark_width[mark]) // 2, y0 + 1), mark, font=initial_font, fill=ink)
        for i, renter in enumerate(n.renters[:2]):  # one dot per renter, in the renter's colour
            dx = i * 8
            d.ellipse((x1 - 8 - dx, y0 + 1, x1 - 1 - dx, y0 + 8), fill=colour_of.get(renter, (255, 255, 255)),
                      outline=(255, 255, 255))
        if n.id in marked:
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=HIGHLIGHT, width=3)
    _map_legend(d, v, lab, LEFT + v.cols * CELL + 16)
    return img


def _map_legend(d: ImageDraw.ImageDraw, v: MapView, lab: dict[str, str], x: int) -> None:
    y = TOP
    fnt = font(15)
    d.rectangle((x, y, x + 16, y + 16), fill=LAND, outline=INK)
    d.text((x + 24, y - 1), lab["free"], font=fnt, fill=INK)
    y += 24
    d.rectangle((x, y, x + 16, y + 16), fill=NEUTRAL_OWNED, outline=INK)
    d.rectangle((x + 4, y + 4, x + 12, y + 12), fill=BLACKOUT)
    d.text((x + 24, y - 1), f"⚡ {lab['blackout']}", font=fnt, fill=INK)
    y += 24
    d.rectangle((x, y, x + 16, y + 16), fill=NEUTRAL_OWNED, outline=INK)
    d.polygon([(x + 16, y + 6), (x + 16, y + 16), (x + 6, y + 16)], fill=BLACKOUT)
    d.text((x + 24, y - 1), f"½ {lab['halved']}", font=fnt, fill=INK)
    y += 24
    d.rectangle((x, y, x + 16, y + 16), fill=NEUTRAL_OWNED, outline=INK)
    d.ellipse((x + 8, y + 1, x + 15, y + 8), fill=(255, 255, 255), outline=INK)
    d.text((x + 24, y - 1), lab["rented"], font=fnt, fill=INK)
    if v.highlight:
        y += 24
        d.rectangle((x, y, x + 16, y + 16), fill=LAND, outline=HIGHLIGHT, width=3)
        d.text((x + 24, y - 1), lab["buyable"], font=fnt, fill=INK)
    y = _legend_top(v)  # the companies, where the page's overlay finds them too
    d.text((x, y - 26), lab["companies"], font=font(16, bold=True), fill=INK)
    items = [(company_colour(c.colour), label) for c, label in _legend_companies(v)]
    if items:
        draw_legend(d, (x, y), items, **_legend_layout(len(items)))
    else:
        d.text((x, y), lab["none"], font=fnt, fill=MUTED)


PER_COLUMN = 22  # companies in a legend column; two columns at most


def _legend_companies(v: MapView) -> list[tuple[Any, str]]:
    """The companies the legend lists, each with its line: its mark on the map and its name."""
    marks = company_marks(v.companies)
    return [(c, f"{marks[c.id]} · {c.name}") for c in v.companies[:PER_COLUMN * 2]]


def _legend_layout(count: int) -> dict[str, int]:
    return {"columns": 2 if count > PER_COLUMN else 1, "column_width": LEGEND_W // 2}


def _legend_top(v: MapView) -> int:
    """Where the legend's list of companies starts: under the four marks (five with buyable nodes)
    and the heading."""
    return TOP + 24 * (4 if v.highlight else 3) + 36 + 26


@shaper("impero", "board")
def map_places(view: MapView | ImperoView, labels: Mapping[str, str] | None = None) -> Places:
    """Every node (named by its coordinates, yield and owner) and every company in the legend, by
    their ids (the page's moves name a company by its id too: bot/cogs/impero/table.py)."""
    v = view.map if isinstance(view, ImperoView) else view
    names = {c.id: c.name for c in v.companies}
    width, height = map_size(v.cols, v.rows)
    out = []
    for n in v.nodes:
        said = [f"{chr(ord('A') + n.col)}{n.row + 1}", f"{n.value}"]
        said += [names[n.owner]] if n.owner in names else []
        out.append(rect(n.id, cell_box(n.col, n.row), " · ".join(said)))
    shown = _legend_companies(v)
    layout = _legend_layout(len(shown))
    x = LEFT + v.cols * CELL + 16
    row_width = layout["column_width"] if layout["columns"] > 1 else LEGEND_W - 16
    spots = legend_spots((x, _legend_top(v)), len(shown), **layout)
    for (c, line), (sx, sy) in zip(shown, spots, strict=True):
        out.append(rect(c.id, (sx - 2, sy - 3, sx + row_width - 4, sy + 19), line))
    return Places(width, height, out)
