"""SPQRisiko's provinces on the map: land tinted by owner, borders, the last attack, legionaries and names."""

from __future__ import annotations

from PIL import ImageDraw

from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrView
from render.common import INK, contrast_ink, font
from render.spqrisiko.geometry import project, shapes
from render.spqrisiko.layout import COUNT_PX, DISC_R, NAME_PX, label_boxes
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
    for pv in view.provinces:  # the names first: each tucked under its own disc, one tag
        p = b.provinces[pv.id]
        x, y = project(p.x, p.y)
        lx0, ly0, lx1, ly1 = label_boxes()[pv.id]
        tab = (min(lx0, max(lx1, x - 8)) if lx0 > x else lx0, min(ly0, max(ly1, y - 8)) if ly0 > y else ly0,
               max(lx1, min(lx0, x + 8)) if lx1 < x else lx1, max(ly1, min(ly0, y + 8)) if ly1 < y else ly1)
        if pv.owner is None:
            draw.rounded_rectangle((lx0, ly0, lx1, ly1), radius=5, fill=(255, 253, 246), outline=BORDER)
        else:  # edged in the owner's colour: a name between two discs still says whose it is
            draw.rounded_rectangle(tab, radius=5, fill=(255, 253, 246), outline=_colour(view, pv.owner), width=3)
        draw.text(((lx0 + lx1) / 2, (ly0 + ly1) / 2), p.label, font=font(NAME_PX, condensed=True), fill=INK, anchor="mm")
    for pv in view.provinces:
        p = b.provinces[pv.id]
        x, y = project(p.x, p.y)
        if pv.owner is not None:
            colour = _colour(view, pv.owner)
            r = DISC_R
            draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=2)
            draw.text((x, y), str(pv.legionaries), font=font(COUNT_PX, bold=True), fill=contrast_ink(colour), anchor="mm")
        if pv.colosseum:
            draw_colosseum(draw, x - DISC_R + 4, y - DISC_R)
