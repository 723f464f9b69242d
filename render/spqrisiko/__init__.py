"""SPQRisiko map: provinces as land shapes tinted with their owner's colour, legionary counts on
their land, sea zones as named water with ship icons per player, colossei, the last attack and a
legend in words with the victory-point track.

The picture is read about 550 px wide in a Discord chat: the legend runs under the map, every
text is 21 px or more (9 px there), and each province is named by its label (`Province.label`: its
name, or a short form such as "Lugdun." that the commands take too), tucked to its disc.

The shapes come from data/spqrisiko/shapes.json (made by docs/make_spqrisiko_shapes.py from the
positions in map.json); coasts, sea borders and all names are static and drawn once per process.
Takes only the view. Text on the image is province/sea names, numbers and player names; the few
words (round, target, ...) come from `labels` (keys below), which the cog fills from the
"spqrisiko.label.*" catalog entries; the defaults are English.

The board is drawn here from its layers, each in its module: background, provinces, seas and
legend, with pieces (ships, colosseum, colours) and the map's geometry and layout beside them.
This package re-exports their names.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.spqrisiko.models import SpqrView
from render.common import renderer
from render.places import Places, polygon, shaper
from render.spqrisiko.background import COAST, SEA_TINTS, background
from render.spqrisiko.geometry import (
    HEIGHT,
    LAT0,
    LAT1,
    LON0,
    LON1,
    MAP_H,
    MAP_W,
    SHAPES,
    WIDTH,
    Box,
    _in_sea,
    _on_land,
    _overlap,
    _place,
    land_mask,
    project,
    sea_holes,
    sea_mask,
    shapes,
)
from render.spqrisiko.layout import (
    COUNT_PX,
    DISC_R,
    FLEET_LAYOUTS,
    NAME_PX,
    ROW_H,
    SEA_PX,
    SHIP_W,
    _layout,
    compute_fleet_slots,
    compute_label_boxes,
    fleet_box,
    fleet_slots,
    hull_box,
    label_boxes,
)
from render.spqrisiko.legend import LABELS, draw_legend_panel
from render.spqrisiko.pieces import NEUTRAL_COLOURS, _colour, _tint, draw_colosseum, draw_ship
from render.spqrisiko.provinces import BORDER, draw_provinces
from render.spqrisiko.seas import SEA_INK, draw_seas

__all__ = [
    "BORDER", "COAST", "COUNT_PX", "DISC_R", "FLEET_LAYOUTS", "HEIGHT", "LABELS", "LAT0", "LAT1", "LON0", "LON1",
    "MAP_H", "MAP_W", "NAME_PX", "NEUTRAL_COLOURS", "ROW_H", "SEA_INK", "SEA_PX", "SEA_TINTS", "SHAPES", "SHIP_W",
    "WIDTH", "Box", "_colour", "_in_sea", "_layout", "_on_land", "_overlap", "_place", "_tint", "background",
    "board_places", "compute_fleet_slots", "compute_label_boxes", "draw_colosseum", "draw_ship", "fleet_box",
    "fleet_slots", "hull_box", "label_boxes", "land_mask", "project", "render", "render_board", "sea_holes",
    "sea_mask", "shapes",
]


# Registered here, so importing render.spqrisiko registers it and a board process finds it by this
# module's name (bot/painters.py)
@renderer("spqrisiko", "board")
def render_board(view: SpqrView, labels: dict[str, str] | None = None) -> Image.Image:
    lab = {**LABELS, **(labels or {})}
    img = background().copy()
    draw = ImageDraw.Draw(img)
    draw_provinces(draw, view)
    draw_seas(draw, view)
    draw_legend_panel(draw, view, lab)
    return img


@shaper("spqrisiko", "board")
def board_places(view: SpqrView, labels: dict[str, str] | None = None) -> Places:
    """Every sea zone and province as the map draws it (the same shapes), a province over the sea
    around it; each named with who holds it: legionaries ⚔ and ships ⚓, as the legend says them."""
    geo = shapes()
    names = {p.id: p.name for p in view.players}
    names.update({a.id: f"{lab_neutral(labels)} ({a.id[-1]})" for a in view.armies if a.neutral})
    out = []
    for sv in view.seas:
        fleets = ", ".join(f"{names.get(army, army)} {n}⚓" for army, n in sorted(sv.ships.items()))
        out.append(polygon(sv.id, geo["seas"][sv.id], f"{sv.name} · {fleets}" if fleets else sv.name,
                           holes=sea_holes()[sv.id]))
    for pv in view.provinces:
        held = f" · {names.get(pv.owner, pv.owner)} {pv.legionaries}⚔" if pv.owner is not None else ""
        out.append(polygon(pv.id, geo["provinces"][pv.id], pv.name + held))
    return Places(WIDTH, HEIGHT, out)


def lab_neutral(labels: dict[str, str] | None) -> str:
    return (labels or {}).get("neutral") or LABELS["neutral"]


def render(view: Any, labels: dict[str, str] | None = None) -> Image.Image:
    """Render from a view model or its JSON dump."""
    if not isinstance(view, SpqrView):
        view = SpqrView.model_validate(view)
    return render_board(view, labels)
