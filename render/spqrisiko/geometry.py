"""Where things are on the SPQRisiko map: the projection, the shapes of data/spqrisiko/shapes.json,
the land and sea masks made from them, and the placing of boxes that must not overlap."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from PIL import Image, ImageDraw

MAP_W, MAP_H = 1240, 1000  # the map; the legend runs under it, as wide (the picture is read ~550 px wide)
LEGEND_H = 380
WIDTH, HEIGHT = MAP_W, MAP_H + LEGEND_H
LON0, LON1, LAT0, LAT1 = -14.0, 45.0, 24.0, 57.5
SHAPES = Path(__file__).resolve().parents[2] / "data" / "spqrisiko" / "shapes.json"

Box = tuple[float, float, float, float]


def project(lon: float, lat: float) -> tuple[int, int]:
    x = 20 + (lon - LON0) / (LON1 - LON0) * (MAP_W - 40)
    y = 20 + (LAT1 - lat) / (LAT1 - LAT0) * (MAP_H - 40)
    return int(x), int(y)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _place(candidates: list[Box], taken: list[Box]) -> Box:
    """The first candidate that touches nothing already taken, else the least crowded one."""
    inside = [c for c in candidates if c[0] >= 2 and c[1] >= 2 and c[2] <= MAP_W - 2 and c[3] <= MAP_H - 2]
    pool = inside or candidates
    best = min(pool, key=lambda c: (sum(_overlap(c, t) for t in taken), pool.index(c)))
    taken.append(best)
    return best


@cache
def shapes() -> dict[str, dict[str, list[tuple[float, float]]]]:
    """Polygons (map pixels) per province and per sea zone."""
    data = json.loads(SHAPES.read_text())
    return {kind: {k: [(float(x), float(y)) for x, y in pts] for k, pts in data[kind].items()}
            for kind in ("provinces", "seas")}


@cache
def sea_holes() -> dict[str, list[list[tuple[float, float]]]]:
    """The land (islands, capes) inside each sea's outline, which is not that sea's water."""
    data = json.loads(SHAPES.read_text())
    return {k: [[(float(x), float(y)) for x, y in h] for h in hs] for k, hs in data["sea_holes"].items()}


@cache
def land_mask() -> Image.Image:
    mask = Image.new("1", (MAP_W, MAP_H), 0)
    draw = ImageDraw.Draw(mask)
    for poly in shapes()["provinces"].values():
        draw.polygon(poly, fill=1, outline=1)
    return mask


def _on_land(box: Box) -> bool:
    x0, y0, x1, y1 = (int(v) for v in box)
    if x0 < 0 or y0 < 0 or x1 > MAP_W or y1 > MAP_H:
        return True
    return land_mask().crop((x0, y0, x1, y1)).getbbox() is not None


@cache
def sea_mask(sea: str) -> Image.Image:
    mask = Image.new("1", (MAP_W, MAP_H), 0)
    draw = ImageDraw.Draw(mask)
    draw.polygon(shapes()["seas"][sea], fill=1)
    for hole in sea_holes()[sea]:
        draw.polygon(hole, fill=0)
    return mask


def _in_sea(sea: str, box: Box) -> bool:
    """The box lies inside the sea zone's water and touches no land."""
    x0, y0, x1, y1 = (int(v) for v in box)
    if x0 < 0 or y0 < 0 or x1 > MAP_W or y1 > MAP_H or _on_land(box):
        return False
    lo, _ = sea_mask(sea).crop((x0, y0, x1, y1)).getextrema()
    return bool(lo)
