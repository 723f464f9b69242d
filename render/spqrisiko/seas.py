"""SPQRisiko's sea zones on the map: their names and each player's fleet as a galley with its count."""

from __future__ import annotations

from PIL import ImageDraw

from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrView
from render.common import INK, WATER, font
from render.spqrisiko.layout import SEA_PX, fleet_slots, label_boxes
from render.spqrisiko.pieces import _colour, draw_ship

SEA_INK = (40, 80, 130)


def draw_seas(draw: ImageDraw.ImageDraw, view: SpqrView) -> None:
    """The sea names, then the fleets: one ship per player in each sea zone, its count on the hull
    (outlined in red for the player who controls the sea)."""
    for sea in board().seas.values():  # over the land too when a narrow sea's name crosses a coast
        sx0, sy0, sx1, sy1 = label_boxes()[sea.id]
        draw.text(((sx0 + sx1) / 2, (sy0 + sy1) / 2), sea.label, font=font(SEA_PX, bold=True, condensed=True), fill=SEA_INK,
                  stroke_width=3, stroke_fill=WATER, anchor="mm")
    for sv in view.seas:
        slots = fleet_slots(sv.id)
        for i, (army, n) in enumerate(sorted(sv.ships.items())):
            sx, sy = slots[i % len(slots)]
            draw_ship(draw, sx + 22 * (i // len(slots)), sy + 24 * (i // len(slots)), _colour(view, army), n,
                      INK if army != sv.controller else (200, 30, 30))
