"""SPQRisiko's static layer: sea zones, coasts, land and the legend's paper under the map, drawn once per process."""

from __future__ import annotations

from functools import cache

from PIL import Image, ImageDraw

from render.common import LAND, MUTED, PAPER, WATER
from render.spqrisiko.geometry import HEIGHT, MAP_H, WIDTH, shapes

COAST = (70, 95, 120)
SEA_TINTS = ((182, 209, 231), WATER)


@cache
def background() -> Image.Image:
    """The static layer: sea zones with their borders, coasts, land (drawn once per process)."""
    geo = shapes()
    img = Image.new("RGB", (WIDTH, HEIGHT), WATER)
    draw = ImageDraw.Draw(img)
    for k, poly in enumerate(geo["seas"].values()):  # sea zones in two close blues, thin borders
        draw.polygon(poly, fill=SEA_TINTS[k % 2], outline=(160, 190, 215))
    for poly in geo["provinces"].values():  # shallow water along every coast
        draw.line([*poly, poly[0]], fill=(214, 230, 242), width=14, joint="curve")
    for poly in geo["provinces"].values():
        draw.line([*poly, poly[0]], fill=COAST, width=4, joint="curve")
    for poly in geo["provinces"].values():
        draw.polygon(poly, fill=LAND)
    draw.rectangle((0, MAP_H, WIDTH, HEIGHT), fill=PAPER)
    draw.line((0, MAP_H, WIDTH, MAP_H), fill=MUTED, width=1)
    return img
