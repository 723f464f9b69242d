"""SPQRisiko map: provinces as land shapes tinted with their owner's colour, legionary counts on
their land, sea zones as named water with ship icons per player, colossei, the last attack and a
legend in words with the victory-point track.

The shapes come from data/spqrisiko/shapes.json (made by docs/make_spqrisiko_shapes.py from the
positions in map.json); coasts, sea borders and all names are static and drawn once per process.
Takes only the view. Text on the image is province/sea names, numbers and player names; the few
words (round, target, ...) come from `labels` (keys below), which the cog fills from the
"spqrisiko.label.*" catalog entries; the defaults are English.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrView
from render.common import INK, LAND, MUTED, NEUTRAL, PAPER, WATER, contrast_ink, font, player_colour, renderer

WIDTH, HEIGHT = 1600, 1000
MAP_W = 1240  # the legend takes the right-hand side
LON0, LON1, LAT0, LAT1 = -14.0, 45.0, 24.0, 57.5
NEUTRAL_COLOURS = {"neutral-1": NEUTRAL, "neutral-2": (165, 130, 95)}
LABELS = {"round": "Round", "target": "Target", "points": "Points", "turn": "Turn", "island": "island",
          "colosseum": "colosseum", "last_attack": "last attack", "cards": "cards", "neutral": "Neutral",
          "winner": "Winner", "autopilot": "auto", "out": "out", "legionaries": "legionaries",
          "fleet": "fleet (ships)", "sea": "sea zone"}
SHAPES = Path(__file__).resolve().parent.parent / "data" / "spqrisiko" / "shapes.json"
COAST = (70, 95, 120)
BORDER = (120, 105, 80)
SEA_INK = (40, 80, 130)
SEA_TINTS = ((182, 209, 231), WATER)


DISC_R = 13
Box = tuple[float, float, float, float]


def project(lon: float, lat: float) -> tuple[int, int]:
    x = 20 + (lon - LON0) / (LON1 - LON0) * (MAP_W - 40)
    y = 20 + (LAT1 - lat) / (LAT1 - LAT0) * (HEIGHT - 40)
    return int(x), int(y)


def _overlap(a: Box, b: Box) -> float:
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    return w * h if w > 0 and h > 0 else 0.0


def _place(candidates: list[Box], taken: list[Box]) -> Box:
    """The first candidate that touches nothing already taken, else the least crowded one."""
    inside = [c for c in candidates if c[0] >= 2 and c[1] >= 2 and c[2] <= MAP_W - 2 and c[3] <= HEIGHT - 2]
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
    mask = Image.new("1", (MAP_W, HEIGHT), 0)
    draw = ImageDraw.Draw(mask)
    for poly in shapes()["provinces"].values():
        draw.polygon(poly, fill=1, outline=1)
    return mask


def _on_land(box: Box) -> bool:
    x0, y0, x1, y1 = (int(v) for v in box)
    if x0 < 0 or y0 < 0 or x1 > MAP_W or y1 > HEIGHT:
        return True
    return land_mask().crop((x0, y0, x1, y1)).getbbox() is not None


@cache
def sea_mask(sea: str) -> Image.Image:
    mask = Image.new("1", (MAP_W, HEIGHT), 0)
    draw = ImageDraw.Draw(mask)
    draw.polygon(shapes()["seas"][sea], fill=1)
    for hole in sea_holes()[sea]:
        draw.polygon(hole, fill=0)
    return mask


def _in_sea(sea: str, box: Box) -> bool:
    """The box lies inside the sea zone's water and touches no land."""
    x0, y0, x1, y1 = (int(v) for v in box)
    if x0 < 0 or y0 < 0 or x1 > MAP_W or y1 > HEIGHT or _on_land(box):
        return False
    lo, _ = sea_mask(sea).crop((x0, y0, x1, y1)).getextrema()
    return bool(lo)


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
    draw.rectangle((MAP_W, 0, WIDTH, HEIGHT), fill=PAPER)
    draw.line((MAP_W, 0, MAP_W, HEIGHT), fill=MUTED, width=1)
    return img


def _tint(colour: tuple[int, int, int]) -> tuple[int, int, int]:
    """An owner's colour washed onto the land, so numbers and names stay readable."""
    return tuple(int(c * 0.62 + land * 0.38) for c, land in zip(colour, LAND, strict=True))  # type: ignore[return-value]


def draw_ship(draw: ImageDraw.ImageDraw, x: float, y: float, colour: tuple[int, int, int], count: int,
              outline: tuple[int, int, int] = INK) -> None:
    """A galley: hull with the count in it, mast and sail; (x, y) is the hull's centre."""
    draw.line((x, y - 5, x, y - 17), fill=INK, width=2)
    draw.polygon([(x + 1, y - 17), (x + 11, y - 8), (x + 1, y - 7)], fill=(250, 247, 240), outline=INK)
    draw.polygon([(x - 16, y - 6), (x + 16, y - 6), (x + 11, y + 8), (x - 11, y + 8)], fill=colour,
                 outline=outline, width=2 if outline != INK else 1)
    text = str(count)
    f = font(12, bold=True)
    w = draw.textlength(text, font=f)
    draw.text((x - w / 2, y - 7), text, font=f, fill=contrast_ink(colour))


def draw_colosseum(draw: ImageDraw.ImageDraw, x: float, y: float) -> None:
    """An amphitheatre seen from above: stone ring, sand arena."""
    draw.ellipse((x - 9, y - 7, x + 9, y + 7), fill=(205, 185, 150), outline=INK, width=1)
    draw.ellipse((x - 4, y - 3, x + 4, y + 3), fill=(240, 220, 170), outline=(120, 100, 70))
    for dx in (-6, 6):
        draw.line((x + dx, y - 5, x + dx, y + 5), fill=(120, 100, 70))


def _colour(view: SpqrView, army: str | None) -> tuple[int, int, int]:
    if army is None:
        return LAND
    if army in NEUTRAL_COLOURS:
        return NEUTRAL_COLOURS[army]
    for a in view.armies:
        if a.id == army:
            return player_colour(a.colour)
    return NEUTRAL


@renderer("spqrisiko", "board")
def render_board(view: SpqrView, labels: dict[str, str] | None = None) -> Image.Image:
    lab = {**LABELS, **(labels or {})}
    b = board()
    img = background().copy()
    draw = ImageDraw.Draw(img)
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
    for sea in b.seas.values():  # over the land too when a narrow sea's name crosses a coast
        sx0, sy0, _, sy1 = label_boxes()[sea.id]
        text = sea.name.replace(" ", "\n", 1) if sy1 - sy0 > 20 else sea.name
        draw.multiline_text((sx0 + 1, sy0 + 1), text, font=font(13, bold=True), fill=SEA_INK, stroke_width=2,
                            stroke_fill=WATER, spacing=2)
    # fleets: one ship per player in each sea zone, its count on the hull
    for sv in view.seas:
        slots = fleet_slots(sv.id)
        for i, (army, n) in enumerate(sorted(sv.ships.items())):
            sx, sy = slots[i % len(slots)]
            draw_ship(draw, sx + 6 * (i // len(slots)), sy + 8 * (i // len(slots)), _colour(view, army), n,
                      INK if army != sv.controller else (200, 30, 30))
    _legend(draw, view, lab)
    return img


def _legend(draw: ImageDraw.ImageDraw, view: SpqrView, lab: dict[str, str]) -> None:
    x0 = MAP_W + 20
    y = 20
    draw.text((x0, y), "SPQRisiko", font=font(28, bold=True), fill=INK)
    y += 40
    draw.text((x0, y), f"{lab['round']} {view.round} · {lab['target']} {view.target_points}", font=font(16),
              fill=MUTED)
    y += 34
    names = {p.id: p.name for p in view.players}
    for p in view.players:
        colour = player_colour(p.colour)
        draw.rectangle((x0, y, x0 + 22, y + 22), fill=colour, outline=INK)
        marker = "▶ " if p.id == view.current else ""
        flags = f" ({lab['out']})" if p.eliminated else (f" ({lab['autopilot']})" if p.autopilot else "")
        draw.text((x0 + 30, y - 1), f"{marker}{p.name}{flags}", font=font(16, bold=True), fill=INK)
        draw.text((x0 + 30, y + 20), f"{lab['points']} {p.points} · {p.provinces}▣ {p.legionaries}⚔ "
                  f"{p.ships}⚓ · {p.cards} {lab['cards']}", font=font(13), fill=MUTED)
        y += 50
    for a in view.armies:
        if a.neutral:
            draw.rectangle((x0, y, x0 + 22, y + 22), fill=NEUTRAL_COLOURS.get(a.id, NEUTRAL), outline=INK)
            draw.text((x0 + 30, y + 1), f"{lab['neutral']} ({a.id[-1]})", font=font(15), fill=INK)
            y += 30
    # victory-point track
    y += 16
    track_w = WIDTH - x0 - 30
    target = max(1, view.target_points)
    draw.text((x0, y), lab["points"], font=font(16, bold=True), fill=INK)
    y += 28
    draw.rectangle((x0, y, x0 + track_w, y + 14), fill=(230, 225, 210), outline=INK)
    for i in range(0, target + 1, 5):
        tx = x0 + track_w * i // target
        draw.line((tx, y, tx, y + 14), fill=MUTED)
        draw.text((tx - 6, y + 16), str(i), font=font(11), fill=MUTED)
    for k, p in enumerate(view.players):
        tx = x0 + track_w * min(p.points, target) // target
        tx += 9 * k - 4 * (len(view.players) - 1)  # side by side when points are equal
        ty = y + 7
        draw.ellipse((tx - 6, ty - 6, tx + 6, ty + 6), fill=player_colour(p.colour), outline=INK)
    y += 50
    # symbols, each with its meaning in words
    draw.polygon([(x0 - 2, y), (x0 + 24, y + 2), (x0 + 22, y + 22), (x0, y + 20)], fill=LAND, outline=COAST)
    draw.ellipse((x0 + 3, y + 3, x0 + 19, y + 19), fill=(255, 253, 246), outline=INK)
    draw.text((x0 + 7, y + 3), "3", font=font(12, bold=True), fill=INK)
    draw.text((x0 + 34, y + 2), lab["legionaries"], font=font(14), fill=INK)
    y += 32
    draw_ship(draw, x0 + 11, y + 14, (255, 253, 246), 2)
    draw.text((x0 + 34, y + 2), lab["fleet"], font=font(14), fill=INK)
    y += 30
    draw_colosseum(draw, x0 + 11, y + 9)
    draw.text((x0 + 34, y), lab["colosseum"], font=font(14), fill=INK)
    y += 28
    draw.text((x0, y), "Mare", font=font(13, bold=True), fill=SEA_INK)
    draw.text((x0 + 42, y), f"= {lab['sea']}", font=font(14), fill=INK)
    y += 26
    draw.line((x0, y + 7, x0 + 22, y + 7), fill=(200, 30, 30), width=6)
    draw.text((x0 + 34, y - 2), lab["last_attack"], font=font(14), fill=INK)
    y += 28
    la = view.last_attack
    if la is not None:
        who = names.get(la.attacker, la.attacker)
        b = board()
        text = f"{who}: {b.name(la.origin)} → {b.name(la.target)}"
        draw.text((x0, y), text, font=font(13), fill=INK)
        y += 18
        if la.rolls:
            att, dfn = la.rolls[-1]
            draw.text((x0, y), f"{'-'.join(map(str, att))}  vs  {'-'.join(map(str, dfn))}", font=font(13, mono=True),
                      fill=INK)
            y += 18
    if view.winners:
        y += 10
        draw.text((x0, y), f"{lab['winner']}: " + ", ".join(names.get(w, w) for w in view.winners),
                  font=font(18, bold=True), fill=(200, 30, 30))


def render(view: Any, labels: dict[str, str] | None = None) -> Image.Image:
    """Render from a view model or its JSON dump."""
    if not isinstance(view, SpqrView):
        view = SpqrView.model_validate(view)
    return render_board(view, labels)
