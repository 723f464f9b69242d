"""SPQRisiko map: provinces as owner-coloured discs with legionary counts, land links, sea zones with
ships per player, colossei, islands, the last attack and a legend with the victory-point track.

Takes only the view. Text on the image is province/sea names, numbers and player names; the few
words (round, target, ...) come from `labels` (keys below), which the cog fills from the
"spqrisiko.label.*" catalog entries; the defaults are English.
"""

from __future__ import annotations

from functools import cache
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
          "winner": "Winner", "autopilot": "auto", "out": "out"}


DISC_R = 19
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
def label_boxes() -> dict[str, Box]:
    """Where each province and sea name goes: next to its disc (or the ships), on nothing else.

    Positions are static, so this runs once per process. Provinces try below, above, right, left;
    sea names try above their ship badges, then below, then further out.
    """
    b = board()
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    pf, sf = font(12), font(13)
    taken: list[Box] = []
    for p in b.provinces.values():
        x, y = project(p.x, p.y)
        taken.append((x - DISC_R - 3, y - DISC_R - 3, x + DISC_R + 3, y + DISC_R + 3))
    for s in b.seas.values():  # room for the ship badges
        x, y = project(s.x, s.y)
        taken.append((x - 52, y - 8, x + 52, y + 12))
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
        x, y = project(s.x, s.y)
        w, h = draw.textlength(s.name, font=sf), 16
        out[s.id] = _place([
            *((x - w / 2 + dx, y + dy, x + w / 2 + dx, y + dy + h)
              for dy in (-28, 14, -46, 32, -64, 50) for dx in (0, -w / 3, w / 3)),
            (x + 56, y - h / 2, x + 56 + w, y + h / 2),
            (x - 56 - w, y - h / 2, x - 56, y + h / 2),
        ], taken)
    return out


@cache
def background() -> Image.Image:
    """The static layer: water, land links, sea-zone names (drawn once per process)."""
    b = board()
    img = Image.new("RGB", (WIDTH, HEIGHT), WATER)
    draw = ImageDraw.Draw(img)
    draw.rectangle((MAP_W, 0, WIDTH, HEIGHT), fill=PAPER)
    # a soft land halo around every province so the coasts read as land
    for p in b.provinces.values():
        x, y = project(p.x, p.y)
        r = 34 if not p.island else 26
        draw.ellipse((x - r, y - r, x + r, y + r), fill=LAND)
    for p in b.provinces.values():
        x, y = project(p.x, p.y)
        for n in p.land:
            if n > p.id:
                q = b.provinces[n]
                draw.line((x, y, *project(q.x, q.y)), fill=(170, 155, 120), width=5)
        for s in p.seas:  # dotted coast links show where landings can cross
            sx, sy = project(b.seas[s].x, b.seas[s].y)
            for i in range(1, 12, 2):
                t0, t1 = i / 12, (i + 0.6) / 12
                draw.line((x + (sx - x) * t0, y + (sy - y) * t0, x + (sx - x) * t1, y + (sy - y) * t1),
                          fill=(120, 160, 200), width=1)
    boxes = label_boxes()
    for sea in b.seas.values():
        x0, y0, _, _ = boxes[sea.id]
        draw.text((x0, y0 + 1), sea.name, font=font(13), fill=(40, 80, 130))
    return img


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
    # last attack: a red arrow under the discs
    la = view.last_attack
    if la is not None and la.kind != "naval":
        p0, p1 = b.provinces[la.origin], b.provinces[la.target]
        x0, y0 = project(p0.x, p0.y)
        x1, y1 = project(p1.x, p1.y)
        draw.line((x0, y0, x1, y1), fill=(200, 30, 30), width=7)
        draw.ellipse((x1 - 27, y1 - 27, x1 + 27, y1 + 27), outline=(200, 30, 30), width=5)
    for pv in view.provinces:
        p = b.provinces[pv.id]
        x, y = project(p.x, p.y)
        colour = _colour(view, pv.owner)
        r = DISC_R
        draw.ellipse((x - r, y - r, x + r, y + r), fill=colour, outline=INK, width=3 if pv.island else 1)
        if pv.island:  # a second ring marks islands
            draw.ellipse((x - r - 4, y - r - 4, x + r + 4, y + r + 4), outline=(40, 80, 130), width=2)
        if pv.owner is not None:
            text = str(pv.legionaries)
            f = font(16, bold=True)
            w = draw.textlength(text, font=f)
            draw.text((x - w / 2, y - 10), text, font=f, fill=contrast_ink(colour))
        if pv.colosseum:
            draw.rectangle((x + 12, y - 24, x + 26, y - 10), fill=(255, 255, 255), outline=INK, width=2)
            draw.text((x + 15, y - 25), "C", font=font(11, bold=True), fill=INK)
        lx0, ly0, lx1, ly1 = label_boxes()[pv.id]
        draw.rectangle((lx0, ly0, lx1, ly1), fill=(255, 255, 255))
        draw.text((lx0 + 2, ly0), pv.name, font=font(12), fill=INK)
    # ships: one badge per player in each sea zone
    for sv in view.seas:
        s = b.seas[sv.id]
        x, y = project(s.x, s.y)
        fleets = sorted(sv.ships.items())
        start = x - len(fleets) * 17
        for i, (army, n) in enumerate(fleets):
            bx = start + i * 34
            colour = _colour(view, army)
            draw.polygon([(bx, y - 6), (bx + 30, y - 6), (bx + 24, y + 10), (bx + 6, y + 10)], fill=colour,
                         outline=INK if army != sv.controller else (200, 30, 30))
            text = str(n)
            w = draw.textlength(text, font=font(13, bold=True))
            draw.text((bx + 15 - w / 2, y - 6), text, font=font(13, bold=True), fill=contrast_ink(colour))
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
    # symbols
    draw.ellipse((x0, y, x0 + 22, y + 22), outline=INK, width=3)
    draw.ellipse((x0 - 4, y - 4, x0 + 26, y + 26), outline=(40, 80, 130), width=2)
    draw.text((x0 + 34, y + 2), lab["island"], font=font(14), fill=INK)
    y += 34
    draw.rectangle((x0 + 4, y, x0 + 18, y + 14), fill=(255, 255, 255), outline=INK, width=2)
    draw.text((x0 + 34, y - 2), lab["colosseum"], font=font(14), fill=INK)
    y += 28
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
