"""Imperium Galactica's full-size pictures: the whole galaxy with every name and ship type (on
request), a planet's board, a faction's stock.

Renderers take the game's view (and the reader's words, `galactica.label.*`); they never see the
state. Flat-top hexes in odd-q columns, drawn with render.common's hex helpers.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.galactica.views import CellView, GalacticaView, PlanetView
from render.common import (
    INK,
    MUTED,
    PAPER,
    contrast_ink,
    draw_legend,
    draw_title,
    flat_hex_center,
    flat_hex_corners,
    font,
    grouped,
    opened_at_full_size,
    renderer,
)
from render.galactica.palette import TERRAIN, UNEXPLORED, faction_colour

SIZE = 46
MARGIN = 30
TOP = 90
KIND_COLOURS: dict[str, tuple[int, int, int]] = {k: TERRAIN[k] for k in ("space", "asteroids", "market", "casino")}
PLANET_COLOURS: dict[str, tuple[int, int, int]] = {k: TERRAIN[k] for k in ("fire", "ice", "earth", "rock")}
SHORT = {"fighter": "C", "torpedo": "T", "colony": "N"}
LABELS: dict[str, str] = {
    "title": "Imperium Galactica", "round": "Round {round}", "unexplored": "unexplored", "space": "space",
    "asteroids": "asteroids", "market": "market", "casino": "casino", "fire": "fire", "ice": "ice",
    "earth": "earth", "rock": "rock", "fleet_key": "C fighters, T torpedo boats, N colony ships, +n tanks",
    "stock": "Stock", "planets": "Planets", "units": "Units", "ndri": "Ndri", "fuel": "Fuel", "metal": "Metal",
    "stone": "Stone", "buildings": "Buildings", "productivity": "Productivity", "economy": "Economy",
    "tanks": "tanks", "free": "free", "shipyard": "Shipyard", "tank_factory": "Tank factory",
    "treasury": "Treasury", "cannon": "Cannon", "turret": "Turret", "fighter": "Fighters",
    "torpedo": "Torpedo boats", "colony": "Colony ships", "tank": "Tanks", "out": "out",
    "multipliers": "{fuel}·{metal}·{stone} P{productivity} E{economy}",
    "multipliers_key": "a·b·c fuel, metal, stone x, P productivity x, E economy x",
    "thousands": ",",  # the reader's thousands mark: "50,000" in English, "50.000" in Italian
}


def words(labels: dict[str, str] | None) -> dict[str, str]:
    return {**LABELS, **(labels or {})}


def fleet_text(ships: dict[str, int], tanks: int) -> str:
    text = " ".join(f"{SHORT[t]}{n}" for t, n in ships.items() if n)
    return text + (f" +{tanks}" if tanks else "")


def _cell_fill(cell: CellView) -> tuple[int, int, int]:
    if cell.kind is None:
        return UNEXPLORED
    if cell.kind == "planet":
        return PLANET_COLOURS.get(cell.planet_type or "", (200, 200, 200))
    return KIND_COLOURS.get(cell.kind, (28, 32, 62))


def _icon(draw: ImageDraw.ImageDraw, cell: CellView, xy: tuple[float, float], ink: tuple[int, int, int]) -> None:
    """A small sign of the tile type, so the map reads without colour too."""
    x, y = xy
    if cell.kind == "planet":
        draw.ellipse((x - 6, y - 6, x + 6, y + 6), outline=ink, width=2)
        draw.line((x - 9, y + 2, x + 9, y - 2), fill=ink, width=1)
    elif cell.kind == "asteroids":
        for dx, dy in ((-5, -3), (3, -5), (0, 4), (6, 3)):
            draw.ellipse((x + dx - 2, y + dy - 2, x + dx + 2, y + dy + 2), fill=ink)
    elif cell.kind == "market":
        draw.text((x, y), "$", font=font(14, bold=True), fill=ink, anchor="mm")
    elif cell.kind == "casino":
        draw.rectangle((x - 6, y - 6, x + 6, y + 6), outline=ink, width=2)
        for dx, dy in ((-3, -3), (0, 0), (3, 3)):
            draw.ellipse((x + dx - 1, y + dy - 1, x + dx + 1, y + dy + 1), fill=ink)


@renderer("galactica", "full")
def render_galaxy_full(view: GalacticaView, labels: dict[str, str] | None = None) -> Image.Image:
    w = words(labels)
    width = int(MARGIN * 2 + SIZE * 17 + 300)
    height = int(TOP + SIZE * 13.2 + MARGIN * 2)
    image = opened_at_full_size(Image.new("RGB", (width, height), PAPER))
    draw = ImageDraw.Draw(image)
    draw_title(draw, (MARGIN, 20), w["title"], w["round"].replace("{round}", str(view.round)))
    small = font(14)
    _cells(draw, view, w, view.cells, SIZE, (MARGIN + SIZE, TOP + SIZE), small, font(13))
    x = int(MARGIN * 2 + SIZE * 17)
    y = TOP
    y = draw_legend(draw, (x, y), [(faction_colour(f.colour), f.name + (f" ({w['out']})" if f.out else ""))
                                   for f in view.factions])
    y += 16
    items = [(UNEXPLORED, w["unexplored"])] + [(c, w[k]) for k, c in KIND_COLOURS.items()]
    items += [(c, w[k]) for k, c in PLANET_COLOURS.items()]
    y = draw_legend(draw, (x, y), items)
    draw.multiline_text((x, y + 16), w["fleet_key"].replace(", ", "\n"), font=small, fill=INK)
    draw.multiline_text((x, y + 100), w["multipliers_key"].replace(", ", "\n"), font=small, fill=INK)
    return image


def _cells(draw: ImageDraw.ImageDraw, view: GalacticaView, w: dict[str, str], cells: list[CellView], size: float,
           origin: tuple[float, float], small: Any, tiny: Any) -> None:
    """The hexes of `cells` with their names, planets' multipliers, territory and fleets."""
    colour_of = {f.player: faction_colour(f.colour) for f in view.factions}
    planet_of = {p.cell: p for p in view.planets}
    line = tiny.size + 2
    for cell in cells:
        center = flat_hex_center(cell.col, cell.row, size, origin)
        fill = _cell_fill(cell)
        outline = colour_of.get(cell.start_of or "", (200, 200, 210))
        draw.polygon(flat_hex_corners(center, size - 2), fill=fill, outline=outline, width=4 if cell.start_of else 1)
        ink = contrast_ink(fill)
        cx, cy = center
        draw.text((cx - size * 0.45, cy - size * 0.8), cell.cell, font=tiny, fill=ink)
        if cell.planet:
            draw.text((cx, cy - size * 0.3), cell.planet[:10], font=small, fill=ink, anchor="mm")
        elif cell.kind in ("asteroids", "market", "casino"):
            draw.text((cx, cy - size * 0.3), w[cell.kind], font=tiny, fill=ink, anchor="mm")
        _icon(draw, cell, (cx + size * 0.4, cy - size * 0.6), ink)
        if cell.owner:  # territory: the owner's ring inside the hex
            draw.polygon(flat_hex_corners(center, size - 6), outline=colour_of.get(cell.owner, MUTED), width=4)
        planet = planet_of.get(cell.cell)
        if planet is not None:  # the card's multipliers: raw materials, productivity, economy
            mult = w["multipliers"].format(fuel=planet.fuel, metal=planet.metal, stone=planet.stone,
                                           productivity=planet.productivity, economy=planet.economy)
            draw.text((cx, cy - 1), mult, font=tiny, fill=ink, anchor="mm")
        for i, fleet in enumerate(cell.fleets[:3]):
            text = fleet_text(fleet.ships, fleet.tanks)
            y = cy + size * 0.2 + i * line
            colour = colour_of.get(fleet.owner, MUTED)
            box = draw.textbbox((cx, y), text, font=tiny, anchor="mt")
            draw.rectangle((box[0] - 3, box[1] - 1, box[2] + 3, box[3] + 1), fill=colour, outline=INK)
            draw.text((cx, y), text, font=tiny, fill=contrast_ink(colour), anchor="mt")


ZOOM_SIZE, ZOOM_COLS, ZOOM_ROWS = 56, 7, 6


def _busy(cell: CellView) -> int:
    """How much happens on a cell: fleets most, then territory, then a known planet or tile."""
    return 3 * len(cell.fleets) + 2 * bool(cell.owner) + bool(cell.planet) + (cell.kind not in (None, "space"))


def zoom_window(view: GalacticaView) -> tuple[int, int]:
    """The first column and row of the ZOOM_COLS x ZOOM_ROWS window where the most happens."""
    cols = max((c.col for c in view.cells), default=0) + 1
    rows = max((c.row for c in view.cells), default=0) + 1
    best, where = -1, (0, 0)
    for col0 in range(max(1, cols - ZOOM_COLS + 1)):
        for row0 in range(max(1, rows - ZOOM_ROWS + 1)):
            score = sum(_busy(c) for c in view.cells
                        if col0 <= c.col < col0 + ZOOM_COLS and row0 <= c.row < row0 + ZOOM_ROWS)
            if score > best:
                best, where = score, (col0, row0)
    return where


@renderer("galactica", "zoom")
def render_galaxy_zoom(view: GalacticaView, labels: dict[str, str] | None = None) -> Image.Image:
    """The part of the full map where the most happens (fleets, territory, planets), drawn large enough to
    be read when Discord shows it 550 px wide; `/galactica map full:true` posts it after the full map."""
    w = words(labels)
    col0, row0 = zoom_window(view)
    size = ZOOM_SIZE
    width = int(MARGIN * 2 + size * (1.5 * (ZOOM_COLS - 1) + 2))
    height = int(TOP + size * math.sqrt(3) * (ZOOM_ROWS + 0.5) + MARGIN + 44)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    first = next((c.cell for c in view.cells if c.col == col0 and c.row == row0), "")
    last = next((c.cell for c in view.cells if c.col == col0 + ZOOM_COLS - 1 and c.row == row0 + ZOOM_ROWS - 1), "")
    draw_title(draw, (MARGIN, 20), w["title"], w["round"].replace("{round}", str(view.round)) + f" · {first}–{last}")
    origin = (MARGIN + size - size * 1.5 * col0, TOP + size - size * math.sqrt(3) * row0)
    shown = [c for c in view.cells if col0 <= c.col < col0 + ZOOM_COLS and row0 <= c.row < row0 + ZOOM_ROWS]
    _cells(draw, view, w, shown, size, origin, font(18, bold=True), font(17))
    x, y = MARGIN, height - 40
    for f in view.factions:  # who is which colour, in one line under the hexes
        draw.rectangle((x, y, x + 22, y + 22), fill=faction_colour(f.colour), outline=INK)
        draw.text((x + 28, y + 11), f.name, font=font(20), fill=INK, anchor="lm")
        x += 28 + int(draw.textlength(f.name, font=font(20))) + 22
    return image


def render_planet(planet: PlanetView, labels: dict[str, str] | None = None) -> Image.Image:
    """A planet's board: its card on the left, the 3x3 building grid on the right."""
    w = words(labels)
    image = Image.new("RGB", (700, 360), PAPER)
    draw = ImageDraw.Draw(image)
    colour = PLANET_COLOURS.get(planet.type, (200, 200, 200))
    draw.rounded_rectangle((20, 20, 250, 340), radius=14, fill=colour, outline=INK, width=2)
    ink = contrast_ink(colour)
    draw.text((135, 45), planet.name, font=font(22, bold=True), fill=ink, anchor="mm")
    draw.text((135, 75), w[planet.type], font=font(15), fill=ink, anchor="mm")
    lines = [f"{w['fuel']}: 1 x{planet.fuel}", f"{w['metal']}: 1 x{planet.metal}", f"{w['stone']}: 1 x{planet.stone}",
             f"{w['productivity']}: x{planet.productivity}", f"{w['economy']}: 5.000 x{planet.economy}",
             f"{w['tanks']}: {planet.tanks}", planet.owner_name or w["free"]]
    for i, line in enumerate(lines):
        draw.text((40, 110 + i * 30), line, font=font(16), fill=ink)
    for i, building in enumerate(planet.buildings):
        r, c = divmod(i, 3)
        x0, y0 = 290 + c * 130, 30 + r * 100
        draw.rectangle((x0, y0, x0 + 120, y0 + 90), fill=(255, 255, 255) if building else (232, 228, 220),
                       outline=INK)
        draw.text((x0 + 6, y0 + 4), str(i + 1), font=font(12), fill=MUTED)
        if building:
            draw.multiline_text((x0 + 60, y0 + 48), w[building].replace(" ", "\n"), font=font(14), fill=INK,
                                anchor="mm", align="center")
    return image


@renderer("galactica", "stock")
def render_stock(view: GalacticaView, labels: dict[str, str] | None = None) -> Image.Image:
    """The reader's faction: money, raw materials, units and planets."""
    w = words(labels)
    me = next((f for f in view.factions if f.player == view.me), None)
    image = Image.new("RGB", (560, 360), PAPER)
    draw = ImageDraw.Draw(image)
    if me is None:
        draw_title(draw, (20, 20), w["stock"])
        return image
    y = draw_title(draw, (20, 16), f"{w['stock']}: {me.name}")
    draw.rectangle((20, y, 40, y + 20), fill=faction_colour(me.colour), outline=INK)
    rows = [(w["ndri"], me.ndri), (w["fuel"], me.fuel), (w["metal"], me.metal), (w["stone"], me.stone)]
    rows += [(w[u], n) for u, n in me.units.items()]
    for i, (name, n) in enumerate(rows):
        draw.text((60, y + i * 28), f"{name}: {grouped(n, w['thousands'])}", font=font(17), fill=INK)
    draw.text((320, y), w["planets"], font=font(17, bold=True), fill=INK)
    for i, name in enumerate(me.planets[:10]):
        draw.text((320, y + 28 + i * 24), name, font=font(15), fill=INK)
    return image
