"""Where SPQRisiko's fleets and names go on the map: stored in shapes.json, searched when missing."""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.spqrisiko.board import board
from render.common import font
from render.spqrisiko.geometry import (
    MAP_H,
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

# Sizes for a picture read about 550 px wide (0.44 of its width): the smallest text, 21 px, shows
# at 9 px there (tests/render/test_spqrisiko.py)
NAME_PX, SEA_PX, COUNT_PX = 21, 21, 22
DISC_R = 17
GAP = 9  # more room between a name and any disc but its own
SHIP_W, ROW_H = 42, 36
FLEET_LAYOUTS = ((3, 2), (2, 2), (3, 1), (2, 1), (1, 2), (1, 1))  # ships per row, rows


def fleet_box(x: float, y: float, cols: int, rows: int) -> Box:
    return (x - SHIP_W * cols / 2, y - 23, x + SHIP_W * cols / 2, y - 23 + ROW_H * rows)


def hull_box(x: float, y: float) -> Box:
    """A ship's hull, with its count (render.spqrisiko.pieces.draw_ship): its mast and sail stand above."""
    return (x - 20, y - 10, x + 20, y + 11)


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
    pairs = ((30, 30), (-30, 30), (24, 36), (-24, 36), (0, 36), (42, 0), (22, 24), (-22, 24), (26, 20), (-26, 20))
    layouts += [[(0, 0), pair] for pair in pairs]
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

    Positions are static, so this runs once per process. Provinces try right of their disc, left,
    a little lower or higher, then below and above, touching it (the crowded corners first);
    sea names try above their ship badges, then below, then further out.
    """
    b = board()
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    pf, sf = font(NAME_PX, condensed=True), font(SEA_PX, bold=True, condensed=True)
    taken: list[Box] = []
    for p in b.provinces.values():
        x, y = project(p.x, p.y)
        taken.append((x - DISC_R - 3, y - DISC_R - 3, x + DISC_R + 3, y + DISC_R + 3))
    for s in b.seas.values():  # room for the ship icons
        taken.extend(fleet_box(sx, sy, 1, 1) for sx, sy in fleet_slots(s.id))
    out: dict[str, Box] = {}
    for s in sorted(b.seas.values(), key=lambda s: sea_mask(s.id).convert("L").histogram()[-1]):  # narrow seas first
        x, y = (int(v) for v in fleet_slots(s.id)[0])
        bx0, by0, bx1, by1 = sea_mask(s.id).getbbox() or (x - 1, y - 1, x + 1, y + 1)
        centres = [c for c in sorted(((cx, cy) for cx in range(bx0, bx1, 6) for cy in range(by0, by1, 6)),
                                     key=lambda c: (c[0] - x) ** 2 + (2 * (c[1] - y)) ** 2)
                   if sea_mask(s.id).getpixel(c)]
        near = sorted(((x + dx, y + dy) for dx in range(-150, 151, 6) for dy in range(-100, 101, 6)),
                      key=lambda c: (c[0] - x) ** 2 + (2 * (c[1] - y)) ** 2)
        one = draw.textlength(s.label, font=sf) + 4, SEA_PX + 6.0

        def boxes(points: list[tuple[int, int]], size: tuple[float, float]) -> list[Box]:
            w, h = size
            return [c for cx, cy in points for c in [(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)]
                    if c[0] >= 2 and c[2] <= MAP_W - 2 and c[1] >= 2 and c[3] <= MAP_H - 2
                    and not any(_overlap(c, t) for t in taken)]
        # on its own open water; else on the open water beside it; else
        # centred on its water across a coast (drawn with a water-coloured halo)
        tiers = [(boxes(centres, one), True), (boxes(near, one), True),
                 (boxes(centres, one), False), (boxes(near, one), False)]
        wet = next((c for pool, dry in tiers for c in pool if not dry or not _on_land(c)), None)
        candidates: list[Box] = [(x - one[0] / 2, y + 22.0, x + one[0] / 2, y + 22.0 + one[1])]
        out[s.id] = _place([wet] if wet else candidates, taken)
    discs = dict(zip(b.provinces, taken, strict=False))

    def crowd(pid: str) -> int:  # the crowded corners choose first
        x, y = project(b.provinces[pid].x, b.provinces[pid].y)
        return -sum(abs(x - ox) + abs(y - oy) < 160 for q in b.provinces.values() for ox, oy in [project(q.x, q.y)])

    def spots(pid: str) -> list[Box]:
        p = b.provinces[pid]
        x, y = project(p.x, p.y)
        w, h = draw.textlength(p.label, font=pf) + 8, NAME_PX + 5
        r = DISC_R + 1  # the name touches its disc: one tag, "(3) Raetia"
        d = r * 0.7  # by a corner
        return [
            (x + r, y - h / 2, x + r + w, y + h / 2),  # right
            (x - r - w, y - h / 2, x - r, y + h / 2),  # left
            *((x + r - 4, y - h / 2 + dy, x + r - 4 + w, y + h / 2 + dy) for dy in (12, -12)),  # lower, higher
            *((x - r - w + 4, y - h / 2 + dy, x - r + 4, y + h / 2 + dy) for dy in (12, -12)),
            (x - w / 2, y + r, x + w / 2, y + r + h),  # below
            (x - w / 2, y - r - h, x + w / 2, y - r),  # above
            *((x + dx, y + r - 4, x + w + dx, y + r - 4 + h) for dx in (-10, 10 - w)),  # below, leaning
            *((x + dx, y - r + 4 - h, x + w + dx, y - r + 4) for dx in (-10, 10 - w)),  # above, leaning
            *((x + r - 8, y - h / 2 + dy, x + r - 8 + w, y + h / 2 + dy) for dy in (22, -22)),
            *((x - r - w + 8, y - h / 2 + dy, x - r + 8, y + h / 2 + dy) for dy in (22, -22)),
            (x + d, y + d, x + d + w, y + d + h), (x - d - w, y + d, x - d, y + d + h),  # corners
            (x + d, y - d - h, x + d + w, y - d), (x - d - w, y - d - h, x - d, y - d),
        ]

    # discs kept further from a name than its own (a name by two discs reads as either's), fleets, sea names
    wide = {pid: (x0 - GAP, y0 - GAP, x1 + GAP, y1 + GAP) for pid, (x0, y0, x1, y1) in discs.items()}
    fixed = [*wide.values(), *taken[len(discs):]]
    discs = wide
    spots_of = {pid: spots(pid) for pid in b.provinces}
    # each name in turn (the crowded corners first) takes its first free spot, else the least crowded;
    # then every name that still touches something looks again with all the others in place
    laid = list(fixed)
    for pid in sorted(b.provinces, key=crowd):
        out[pid] = _place(spots_of[pid], [t for t in laid if t is not discs[pid]])
        laid.append(out[pid])
    for _ in range(3):
        for pid in sorted(b.provinces, key=crowd):
            others = [t for t in laid if t is not discs[pid] and t is not out[pid]]
            if any(_overlap(out[pid], t) for t in others):
                laid.remove(out[pid])
                out[pid] = _place(spots_of[pid], others)
                laid.append(out[pid])
    out = {k: out[k] for k in [*b.provinces, *b.seas]}
    return out
