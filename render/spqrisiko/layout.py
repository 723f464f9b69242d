"""Where SPQRisiko's fleets and names go on the map: stored in shapes.json, searched when missing."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.spqrisiko.board import board
from render.common import font
from render.spqrisiko.geometry import (
    HEIGHT,
    MAP_W,
    SHAPES,
    Box,
    _in_sea,
    _on_land,
    _overlap,
    _place,
    project,
    sea_mask,
)

DISC_R = 13
SHIP_W, ROW_H = 36, 30
FLEET_LAYOUTS = ((3, 2), (2, 2), (3, 1), (2, 1), (1, 2), (1, 1))  # ships per row, rows


def fleet_box(x: float, y: float, cols: int, rows: int) -> Box:
    return (x - SHIP_W * cols / 2, y - 20, x + SHIP_W * cols / 2, y - 20 + ROW_H * rows + 2)


@cache
def _layout() -> dict[str, Any]:
    return dict(json.loads(SHAPES.read_text()).get("layout", {}))


@cache
def fleet_slots(sea: str) -> tuple[tuple[float, float], ...]:
    """Where a sea's ships go (precomputed into shapes.json by docs/make_spqrisiko_shapes.py)."""
    stored = _layout().get("fleets", {}).get(sea)
    return tuple((float(x), float(y)) for x, y in stored) if stored else compute_fleet_slots(sea)


@cache
def compute_fleet_slots(sea: str) -> tuple[tuple[float, float], ...]:
    """Where a sea's ships go, one slot per fleet: the roomiest layout that fits on the sea's own
    open water nearest its map.json position (a diagonal pair in a slanting strait)."""
    s = board().seas[sea]
    x, y = project(s.x, s.y)
    spots = sorted(((x + dx, y + dy) for dx in range(-240, 241, 4) for dy in range(-240, 241, 4)),
                   key=lambda p: (p[0] - x) ** 2 + (p[1] - y) ** 2)
    layouts: list[list[tuple[float, float]]] = [
        [((c - (cols - 1) / 2) * SHIP_W, r * ROW_H) for r in range(rows) for c in range(cols)]
        for cols, rows in FLEET_LAYOUTS[:-2]]
    layouts += [[(0, 0), (dx, dy)] for dx, dy in ((26, 24), (-26, 24), (20, 18), (-20, 18), (0, 22))]
    layouts.append([(0, 0)])
    for offsets in layouts:
        for px, py in spots:
            slots = tuple((px + dx, py + dy) for dx, dy in offsets)
            if all(_in_sea(sea, fleet_box(sx, sy, 1, 1)) for sx, sy in slots):
                return slots
    return ((float(x), float(y)),)


@cache
def label_boxes() -> dict[str, Box]:
    """Where each name goes (precomputed into shapes.json: the search takes seconds)."""
    stored = _layout().get("labels")
    if stored:
        return {k: (float(a), float(b), float(c), float(d)) for k, (a, b, c, d) in stored.items()}
    return compute_label_boxes()


@cache
def compute_label_boxes() -> dict[str, Box]:
    """Where each province and sea name goes: next to its disc (or the ships), on nothing else.

    Positions are static, so this runs once per process. Provinces try below, above, right, left;
    sea names try above their ship badges, then below, then further out.
    """
    b = board()
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    pf, sf = font(12), font(13, bold=True)
    taken: list[Box] = []
    for p in b.provinces.values():
        x, y = project(p.x, p.y)
        taken.append((x - DISC_R - 3, y - DISC_R - 3, x + DISC_R + 3, y + DISC_R + 3))
    for s in b.seas.values():  # room for the ship icons
        taken.extend(fleet_box(sx, sy, 1, 1) for sx, sy in fleet_slots(s.id))
    out: dict[str, Box] = {}
    for p in b.provinces.values():
        x, y = project(p.x, p.y)
        w, h = draw.textlength(p.name, font=pf) + 4, 15
        r = DISC_R + 2
        out[p.id] = _place([
            (x - w / 2, y + r, x + w / 2, y + r + h),  # below
            (x - w / 2, y - r - h, x + w / 2, y - r),  # above
            (x + r, y - h / 2, x + r + w, y + h / 2),  # right
            (x - r - w, y - h / 2, x - r, y + h / 2),  # left
            (x - w + 8, y + r, x + 8, y + r + h),  # below, leaning left
            (x - 8, y + r, x + w - 8, y + r + h),  # below, leaning right
            (x - w + 8, y - r - h, x + 8, y - r),
            (x - 8, y - r - h, x + w - 8, y - r),
        ], taken)
    for s in b.seas.values():
        x, y = (int(v) for v in fleet_slots(s.id)[0])
        bx0, by0, bx1, by1 = sea_mask(s.id).getbbox() or (x - 1, y - 1, x + 1, y + 1)
        centres = [c for c in sorted(((cx, cy) for cx in range(bx0, bx1, 6) for cy in range(by0, by1, 6)),
                                     key=lambda c: (c[0] - x) ** 2 + (2 * (c[1] - y)) ** 2)
                   if sea_mask(s.id).getpixel(c)]
        near = sorted(((x + dx, y + dy) for dx in range(-150, 151, 6) for dy in range(-100, 101, 6)),
                      key=lambda c: (c[0] - x) ** 2 + (2 * (c[1] - y)) ** 2)
        one = draw.textlength(s.name, font=sf) + 2, 16.0
        two = max(draw.textlength(part, font=sf) for part in s.name.split(" ", 1)) + 2, 32.0  # on two lines

        def boxes(points: list[tuple[int, int]], size: tuple[float, float]) -> list[Box]:
            w, h = size
            return [c for cx, cy in points for c in [(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)]
                    if c[0] >= 2 and c[2] <= MAP_W - 2 and c[1] >= 2 and c[3] <= HEIGHT - 2
                    and not any(_overlap(c, t) for t in taken)]
        # on its own open water, in one line or two; else on the open water beside it; else
        # centred on its water across a coast (drawn with a water-coloured halo)
        tiers = [(boxes(centres, one), True), (boxes(centres, two), True), (boxes(near, one), True),
                 (boxes(centres, one), False), (boxes(near, one), False)]
        wet = next((c for pool, dry in tiers for c in pool if not dry or not _on_land(c)), None)
        candidates: list[Box] = [(x - one[0] / 2, y + 16.0, x + one[0] / 2, y + 32.0)]
        out[s.id] = _place([wet] if wet else candidates, taken)
    return out
