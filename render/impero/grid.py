"""Impero's map: the grid of land and sea, each node's owner, yield and marks, and its legend."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.impero.view_models import ImperoView, MapView
from render.common import INK, LAND, MUTED, PAPER, WATER, contrast_ink, draw_legend, font, legend_spots
from render.impero.companies import company_colour, company_marks
from render.impero.labels import _labels, _title
from render.places import Places, rect, shaper

BLACKOUT = (25, 25, 25)
HIGHLIGHT = (230, 0, 126)  # a node the viewer may buy, when they ask to see them
GRID = (205, 198, 180)
NEUTRAL_OWNED = (200, 200, 200)

# Read about 550 px wide in a chat (half the map's width): every text is 18 px or more, 9 px there
CELL = 40
LEFT = 44
TOP = 104
TEXT = 18  # the cells' marks and yields, the rulers
WORDS = 20  # the legend
RULER = 30  # the letters under the map
MARK_ROW, MARK_COLUMNS = 32, 3
PER_COLUMN = 15  # companies in a legend column; three columns at most


def cell_box(col: int, row: int) -> tuple[int, int, int, int]:
    """The pixel box of a grid cell (tests use it to probe colours)."""
    x = LEFT + col * CELL
    y = TOP + row * CELL
    return x, y, x + CELL - 1, y + CELL - 1


def map_width(cols: int) -> int:
    return LEFT + cols * CELL + 12


def map_size(cols: int, rows: int, companies: int = 0, highlight: bool = False) -> tuple[int, int]:
    """The picture: the map, then the legend under it (its marks, then the companies in columns)."""
    marks = -(-(5 if highlight else 4) // MARK_COLUMNS)
    listed = max(1, -(-min(companies, PER_COLUMN * 3) // 3)) if companies > PER_COLUMN else max(1, companies)
    return map_width(cols), TOP + rows * CELL + RULER + 16 + marks * MARK_ROW + 44 + listed * (WORDS + 10) + 16


@cache
def _base_map(cols: int, rows: int, land: frozenset[tuple[int, int]]) -> Image.Image:
    """Sea, free land and the coordinate rulers: drawn once per map shape, then copied."""
    img = Image.new("RGB", (map_width(cols), TOP + rows * CELL + RULER), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((LEFT, TOP, LEFT + cols * CELL - 1, TOP + rows * CELL - 1), fill=WATER)
    coord = font(TEXT, bold=True)
    for c in range(cols):
        letter = chr(ord("A") + c)
        x = LEFT + c * CELL + CELL // 2
        d.text((x, TOP - 4), letter, font=coord, fill=MUTED, anchor="md")
        d.text((x, TOP + rows * CELL + 4), letter, font=coord, fill=MUTED, anchor="ma")
    for r in range(rows):
        d.text((LEFT - 6, TOP + r * CELL + CELL // 2), str(r + 1), font=coord, fill=MUTED, anchor="rm")
    for col, row in land:
        d.rectangle(cell_box(col, row), fill=LAND, outline=GRID)
    return img


def render_map(view: MapView | ImperoView, labels: Mapping[str, str] | None = None) -> Image.Image:
    v = view.map if isinstance(view, ImperoView) else view
    lab = _labels(labels)
    img = Image.new("RGB", map_size(v.cols, v.rows, len(v.companies), bool(v.highlight)), PAPER)
    img.paste(_base_map(v.cols, v.rows, frozenset((n.col, n.row) for n in v.nodes)))
    d = ImageDraw.Draw(img)
    _title(d, lab, v.turn, v.turns, v.deadline_local, v.timezone)
    colour_of = {c.id: company_colour(c.colour) for c in v.companies}
    text = font(TEXT, bold=True)
    initials_of = company_marks(v.companies)
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
        owned = n.owner in initials_of
        cx = (x0 + x1 + 1) // 2
        d.text((cx, y0 + (29 if owned else CELL // 2)), str(n.value), font=text, fill=ink, anchor="mm")
        if owned:  # whose cell it is, in letters, not only in colour: the initials above the yield
            d.text((cx, y0 + 11), initials_of[n.owner or ""], font=text, fill=ink, anchor="mm")
        for i, renter in enumerate(n.renters[:2]):  # one dot per renter, in the renter's colour
            dx = i * 8
            d.ellipse((x1 - 8 - dx, y0 + 1, x1 - 1 - dx, y0 + 8), fill=colour_of.get(renter, (255, 255, 255)),
                      outline=(255, 255, 255))
        if n.id in marked:
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=HIGHLIGHT, width=3)
    _map_legend(d, v, lab, TOP + v.rows * CELL + RULER + 16)
    return img


def _mark_spots(v: MapView, y: int) -> list[tuple[int, int]]:
    column = (map_width(v.cols) - 32) // MARK_COLUMNS
    return [(16 + (i % MARK_COLUMNS) * column, y + (i // MARK_COLUMNS) * MARK_ROW) for i in range(5)]


def _map_legend(d: ImageDraw.ImageDraw, v: MapView, lab: dict[str, str], y: int) -> None:
    """Under the map: what each mark means, then the companies with their marks and colours."""
    fnt = font(WORDS)
    spots = iter(_mark_spots(v, y))
    x, y = next(spots)
    d.rectangle((x, y, x + 20, y + 20), fill=LAND, outline=INK)
    d.text((x + 28, y - 1), lab["free"], font=fnt, fill=INK)
    x, y = next(spots)
    d.rectangle((x, y, x + 20, y + 20), fill=NEUTRAL_OWNED, outline=INK)
    d.rectangle((x + 5, y + 5, x + 15, y + 15), fill=BLACKOUT)
    d.text((x + 28, y - 1), f"⚡ {lab['blackout']}", font=fnt, fill=INK)
    x, y = next(spots)
    d.rectangle((x, y, x + 20, y + 20), fill=NEUTRAL_OWNED, outline=INK)
    d.polygon([(x + 20, y + 8), (x + 20, y + 20), (x + 8, y + 20)], fill=BLACKOUT)
    d.text((x + 28, y - 1), f"½ {lab['halved']}", font=fnt, fill=INK)
    x, y = next(spots)
    d.rectangle((x, y, x + 20, y + 20), fill=NEUTRAL_OWNED, outline=INK)
    d.ellipse((x + 11, y + 1, x + 19, y + 9), fill=(255, 255, 255), outline=INK)
    d.text((x + 28, y - 1), lab["rented"], font=fnt, fill=INK)
    if v.highlight:
        x, y = next(spots)
        d.rectangle((x, y, x + 20, y + 20), fill=LAND, outline=HIGHLIGHT, width=3)
        d.text((x + 28, y - 1), lab["buyable"], font=fnt, fill=INK)
    y = _legend_top(v)  # the companies, where the page's overlay finds them too
    d.text((16, y - 34), lab["companies"], font=font(WORDS + 2, bold=True), fill=INK)
    items = [(company_colour(c.colour), label) for c, label in _legend_companies(v)]
    if items:
        draw_legend(d, (16, y), items, **_legend_layout(v, len(items)))
    else:
        d.text((16, y), lab["none"], font=fnt, fill=MUTED)


def _legend_companies(v: MapView) -> list[tuple[Any, str]]:
    """The companies the legend lists, each with its line: its mark on the map and its name."""
    marks = company_marks(v.companies)
    return [(c, f"{marks[c.id]} · {c.name}") for c in v.companies[:PER_COLUMN * 3]]


def _legend_layout(v: MapView, count: int) -> dict[str, int]:
    return {"columns": 3 if count > PER_COLUMN else 1, "column_width": (map_width(v.cols) - 32) // 3,
            "swatch": WORDS, "size": WORDS}


def _legend_top(v: MapView) -> int:
    """Where the legend's list of companies starts: under the marks and the heading."""
    marks = -(-(5 if v.highlight else 4) // MARK_COLUMNS)
    return TOP + v.rows * CELL + RULER + 16 + marks * MARK_ROW + 44


@shaper("impero", "board")
def map_places(view: MapView | ImperoView, labels: Mapping[str, str] | None = None) -> Places:
    """Every node (named by its coordinates, yield and owner) and every company in the legend, by
    their ids (the page's moves name a company by its id too: bot/cogs/impero/table.py)."""
    v = view.map if isinstance(view, ImperoView) else view
    names = {c.id: c.name for c in v.companies}
    width, height = map_size(v.cols, v.rows, len(v.companies), bool(v.highlight))
    out = []
    for n in v.nodes:
        said = [f"{chr(ord('A') + n.col)}{n.row + 1}", f"{n.value}"]
        said += [names[n.owner]] if n.owner in names else []
        out.append(rect(n.id, cell_box(n.col, n.row), " · ".join(said)))
    shown = _legend_companies(v)
    layout = _legend_layout(v, len(shown))
    row_width = layout["column_width"]
    spots = legend_spots((16, _legend_top(v)), len(shown), swatch=layout["swatch"], columns=layout["columns"],
                         column_width=layout["column_width"])
    for (c, line), (sx, sy) in zip(shown, spots, strict=True):
        out.append(rect(c.id, (sx - 2, sy - 3, sx + row_width - 4, sy + WORDS + 4), line))
    return Places(width, height, out)
