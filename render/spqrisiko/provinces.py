"""SPQRisiko's provinces on the map: land tinted by owner, borders, the last attack, legionaries and names."""

from __future__ import annotations

from PIL import ImageDraw

from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrView
from render.common import INK, contrast_ink, font
from render.spqrisiko.geometry import project, shapes
from render.spqrisiko.layout import DISC_R, label_boxes
from render.spqrisiko.pieces import _colour, _tint, draw_colosseum

BORDER = (120, 105, 80)


def draw_provinces(draw: ImageDraw.ImageDraw, view: SpqrView) -> None:
    """Every province over the static layer: its owner's wash, the borders, a land attack's arrow,
    the legionaries' disc, a colosseum and the province's name."""
    b = board()
    geo = shapes()["provinces"]
    for pv in view.provinces:
        if pv.owner is not None:
            draw.polygon(geo[pv.id], fill=_tint(_colour(view, pv.owner)))
    for poly in geo.values():  # inner borders over the fills
        draw.line([*poly, poly[0]], fill=BORDER, width=1)
    la = view.last_attack  # a red arrow over the land, under the counts
    if la is not None and la.kind != "naval":
        x0, y0 = project(b.provinces[la.origin].x, b.provinces[la.origin].y)
        x1, y1 = project(b.provinces[la.target].x, b.provinces[la.target].y)
        draw.line((x0, y0, x1, y1), fill=(200, 30, 30), width=5)
        draw.ellipse((x1 - 20, y1 - 20, x1 + 20, y1 + 20), outline=(200, 30, 30), width=4)
    for pv in view.provinces:
        p = b.provinces[pv.id]
        x, y = project(p.x, p.y)
        if pv.colosseum:
            draw_colosseum(draw, x + 19, y - 11)
        if pv.owner is not None:
            colour = _colour(view, pv.owner)
            r = DISC_R
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=1)
            text = str(pv.legionaries)
            f = font(14, bold=True)
            w = draw.textlength(text, font=f)
            draw.text((x - w / 2, y - 9), text, font=f, fill=contrast_ink(colour))
        lx0, ly0, lx1, ly1 = label_boxes()[pv.id]
        draw.rounded_rectangle((lx0, ly0, lx1, ly1), radius=3, fill=(255, 253, 246))
        draw.text((lx0 + 2, ly0), pv.name, font=font(12), fill=INK)
