"""The galaxy at chat size: drawn to be read when Discord shows it about 550 px wide.

Big axis letters instead of a label per cell, terrain in dark tones under bright faction colours, a
faction's planets ringed in its colour (its territory), each fleet a chip of its colour with a ship
sign and its size, the latest move as an arrow and the latest battle as a cross; beside the map the
round, the phase, whose turn, the deadline, every faction's treasury and a key to the marks the map
shows. The full map (names, every ship type) is render/galactica/full.py."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from PIL import Image, ImageDraw

from engine.galactica.views import CellView, GalacticaView
from render.common import INK, PAPER, flat_hex_center, flat_hex_corners, font, grouped, renderer
from render.galactica.palette import UNEXPLORED, faction_colour, luminance, terrain_colour
from render.places import Places, polygon, shaper

SIZE = 42
LEFT, TOP = 34, 44  # room for the row numbers and the column letters
MAP_W = int(LEFT + SIZE * 17 + 8)
WIDTH, HEIGHT = MAP_W + 330, int(TOP + SIZE * 13.3 + 14)
ORIGIN = (LEFT + SIZE, TOP + SIZE * 0.9)
SIGN = (200, 200, 210)  # tile signs, light on the dark terrain
WORDS: dict[str, str] = {
    "round_phase": "Round {round} · {phase}", "turn": "Turn: {player}", "deadline": "Deadline {at} {tz}",
    "phase.order": "turn order", "phase.production": "production", "phase.movement": "movement",
    "phase.building": "building", "finished": "game over", "last_move": "latest move",
    "last_battle": "latest battle", "fleet_sign": "fleet, ships", "thousands": ",", "out": "out",
    "planets_short": "pl.", "when": "%b %d, %H:%M",  # a moment as the picture's language writes it (strftime)
}


def words(labels: dict[str, str] | None) -> dict[str, str]:
    prefixed = {k.removeprefix("map."): v for k, v in (labels or {}).items() if k.startswith("map.")}
    return {**WORDS, **prefixed}


def centre(cell: CellView) -> tuple[float, float]:
    return flat_hex_center(cell.col, cell.row, SIZE, ORIGIN)


def outline(cell: CellView) -> list[tuple[float, float]]:
    """The hex as drawn (and as the web page's overlay outlines it)."""
    return flat_hex_corners(centre(cell), SIZE - 1)


def ship_sign(draw: ImageDraw.ImageDraw, x: float, y: float, ink: tuple[int, int, int]) -> None:
    """A solid wedge pointing right, a ship under way: drawn, so it reads in any language."""
    draw.polygon([(x - 7, y - 7), (x + 8, y), (x - 7, y + 7)], fill=ink)


def _tile_sign(draw: ImageDraw.ImageDraw, cell: CellView, x: float, y: float) -> None:
    if cell.kind == "asteroids":
        for dx, dy in ((-9, -5), (4, -9), (0, 5), (10, 2), (-5, 9)):
            draw.ellipse((x + dx - 3, y + dy - 3, x + dx + 3, y + dy + 3), fill=SIGN)
    elif cell.kind == "market":
        draw.text((x, y), "$", font=font(28, bold=True), fill=SIGN, anchor="mm")
    elif cell.kind == "casino":
        draw.rounded_rectangle((x - 11, y - 11, x + 11, y + 11), radius=3, outline=SIGN, width=3)
        for dx, dy in ((-5, -5), (0, 0), (5, 5)):
            draw.ellipse((x + dx - 2, y + dy - 2, x + dx + 2, y + dy + 2), fill=SIGN)


def _cell(draw: ImageDraw.ImageDraw, cell: CellView, colour_of: dict[str, tuple[int, int, int]]) -> None:
    cx, cy = centre(cell)
    fill = terrain_colour(cell.kind, cell.planet_type)
    draw.polygon(outline(cell), fill=fill, outline=(12, 12, 20), width=2)
    if cell.owner:  # territory: the owner's ring inside the hex
        draw.polygon(flat_hex_corners((cx, cy), SIZE - 6), outline=colour_of.get(cell.owner, SIGN), width=6)
    up = cy - (12 if cell.fleets else 0)
    if cell.kind == "planet":
        disc = colour_of.get(cell.owner or "", tuple(min(255, c + 70) for c in fill))
        draw.ellipse((cx - 13, up - 13, cx + 13, up + 13), fill=disc, outline=INK, width=2)
    elif cell.kind is not None:
        _tile_sign(draw, cell, cx, up)


def _fleets(draw: ImageDraw.ImageDraw, cell: CellView, colour_of: dict[str, tuple[int, int, int]]) -> None:
    """Drawn over every hex, so the chips of a crowded Casino are never hidden by the next tile."""
    cx, cy = centre(cell)
    fleets = cell.fleets[:3]
    widths = [chip_width(sum(f.ships.values()), len(fleets)) for f in fleets]
    fx = cx - (sum(widths) + 3 * (len(fleets) - 1)) / 2
    for fleet, w in zip(fleets, widths, strict=True):
        chip(draw, fx, cy + 16, w, sum(fleet.ships.values()), colour_of.get(fleet.owner, SIGN), small=len(fleets) > 1)
        fx += w + 3


def chip_width(n: int, crowd: int) -> float:
    return (16 if crowd > 1 else 22) + (11 if crowd > 1 else 13) * len(str(n))


def chip(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, n: int, colour: tuple[int, int, int],
         small: bool = False) -> None:
    """A fleet: a chip of its owner's colour, a ship sign and how many ships."""
    draw.rounded_rectangle((x, y - 13, x + w, y + 13), radius=6, fill=colour, outline=INK, width=2)
    if not small:
        ship_sign(draw, x + 11, y, INK)
    draw.text((x + w - 4, y + 1), str(n), font=font(19 if small else 22, bold=True), fill=INK, anchor="rm")


def marks_shown(view: GalacticaView) -> list[str]:
    """The marks the map draws for this view ("last_move": an arrow along a move of two cells or more,
    "last_battle": a cross), in the legend's order: the legend lists these and nothing else."""
    cells = {c.cell for c in view.cells}
    shown = ["last_move"] if sum(c in cells for c in view.last_move) >= 2 else []
    return shown + (["last_battle"] if view.last_battle in cells else [])


def _marks(draw: ImageDraw.ImageDraw, view: GalacticaView, by_cell: dict[str, CellView]) -> None:
    path = [centre(by_cell[c]) for c in view.last_move if c in by_cell]
    if "last_move" in marks_shown(view):
        draw.line(path, fill=(255, 255, 255), width=4, joint="curve")
        (x0, y0), (x1, y1) = path[-2], path[-1]
        dx, dy = x1 - x0, y1 - y0
        norm = max(1.0, (dx * dx + dy * dy) ** 0.5)
        ux, uy = dx / norm, dy / norm
        tip = (x1 - ux * 20, y1 - uy * 20)
        draw.polygon([tip, (tip[0] - ux * 16 - uy * 9, tip[1] - uy * 16 + ux * 9),
                      (tip[0] - ux * 16 + uy * 9, tip[1] - uy * 16 - ux * 9)], fill=(255, 255, 255))
    if view.last_battle is not None and "last_battle" in marks_shown(view):
        battle_mark(draw, *centre(by_cell[view.last_battle]))


def battle_mark(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """Two crossed white strokes edged in black at the top of the hex: "a battle was here"."""
    y -= SIZE * 0.62
    for width, colour in ((9, INK), (5, (255, 255, 255))):
        draw.line((x - 10, y - 10, x + 10, y + 10), fill=colour, width=width)
        draw.line((x - 10, y + 10, x + 10, y - 10), fill=colour, width=width)


def _axes(draw: ImageDraw.ImageDraw, view: GalacticaView) -> None:
    cols = sorted({c.col for c in view.cells})
    for col in cols:
        x, _ = flat_hex_center(col, 0, SIZE, ORIGIN)
        draw.text((x, TOP - 22), chr(ord("A") + col), font=font(24, bold=True), fill=INK, anchor="mm")
    for row in sorted({c.row for c in view.cells}):
        _, y = flat_hex_center(0, row, SIZE, ORIGIN)
        draw.text((LEFT - 18, y), str(row + 1), font=font(24, bold=True), fill=INK, anchor="mm")


def _side(draw: ImageDraw.ImageDraw, view: GalacticaView, w: dict[str, str]) -> None:
    x, y = MAP_W + 12, 14
    draw.text((x, y), "Imperium Galactica", font=font(26, bold=True), fill=INK)
    y += 40
    phase = w.get(f"phase.{view.phase}", view.phase) if view.status == "active" else w["finished"]
    draw.text((x, y), w["round_phase"].format(round=view.round, phase=phase), font=font(24), fill=INK)
    y += 34
    if view.current_name and view.status == "active":
        draw.text((x, y), w["turn"].format(player=view.current_name[:16]), font=font(24, bold=True), fill=INK)
        y += 34
    if view.deadline is not None and view.status == "active":
        local = view.deadline.astimezone(ZoneInfo(view.timezone))  # the game's clock, as its players read it
        draw.text((x, y), w["deadline"].format(at=local.strftime(w["when"]), tz=local.tzname() or view.timezone),
                  font=font(22), fill=INK)
        y += 34
    y += 6
    order = [f for f in view.factions]
    order.sort(key=lambda f: (view.order.index(f.name) if f.name in view.order else 99))
    for f in order:
        colour = faction_colour(f.colour)
        if f.player == view.current and view.status == "active":
            draw.rectangle((x - 8, y - 4, WIDTH - 6, y + 62), fill=(235, 230, 215))
        draw.rounded_rectangle((x, y + 2, x + 26, y + 28), radius=5, fill=colour, outline=INK, width=2)
        name = f.name[:14] + (f" ({w['out']})" if f.out else "")
        draw.text((x + 36, y), name, font=font(24, bold=True), fill=INK)
        ships = sum(v for k, v in f.units.items() if k != "tank")
        line = f"{grouped(f.ndri, w['thousands'])} Ndri · {len(f.planets)} {w['planets_short']} · "
        draw.text((x + 36, y + 32), line, font=font(21), fill=INK)
        lw = draw.textlength(line, font=font(21))
        ship_sign(draw, x + 46 + lw, y + 44, INK)
        draw.text((x + 58 + lw, y + 32), str(ships), font=font(21), fill=INK)
        y += 72
    y += 4
    ink = (255, 255, 255)
    for mark in marks_shown(view):  # a key only for a mark the map shows (none before the first move)
        draw.rectangle((x - 4, y, x + 40, y + 26), fill=(22, 26, 48))
        if mark == "last_move":
            draw.line((x + 2, y + 13, x + 32, y + 13), fill=ink, width=4)
            draw.polygon([(x + 38, y + 13), (x + 28, y + 6), (x + 28, y + 20)], fill=ink)
        else:
            battle_mark(draw, x + 18, y + 13 + SIZE * 0.62)
        draw.text((x + 50, y), w[mark], font=font(21), fill=INK)
        y += 34


@renderer("galactica", "board")
def render_galaxy(view: GalacticaView, labels: dict[str, str] | None = None) -> Image.Image:
    w = words(labels)
    colour_of = {f.player: faction_colour(f.colour) for f in view.factions}
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    _axes(draw, view)
    by_cell = {c.cell: c for c in view.cells}
    for cell in view.cells:
        _cell(draw, cell, colour_of)
    for cell in view.cells:
        _fleets(draw, cell, colour_of)
    _marks(draw, view, by_cell)
    _side(draw, view, w)
    return image


@shaper("galactica", "board")
def galaxy_places(view: GalacticaView, labels: dict[str, str] | None = None) -> Places:
    """Every hex drawn, named by its cell, its planet, its owner and the fleets in it (ships ▶)."""
    out = []
    for cell in view.cells:
        words = [cell.cell, *(w for w in (cell.planet, cell.owner_name) if w)]
        words += [f"{f.owner_name} ▶{sum(f.ships.values())}" for f in cell.fleets]
        out.append(polygon(cell.cell, outline(cell), " · ".join(words)))
    return Places(WIDTH, HEIGHT, out)


__all__ = ["UNEXPLORED", "galaxy_places", "luminance", "render_galaxy"]
