"""SPQRisiko's legend panel: its words (LABELS), the players, the victory-point track and the symbols."""

from __future__ import annotations

from PIL import ImageDraw

from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrView
from render.common import INK, LAND, MUTED, NEUTRAL, font, player_colour
from render.spqrisiko.background import COAST
from render.spqrisiko.geometry import MAP_W, WIDTH
from render.spqrisiko.pieces import NEUTRAL_COLOURS, draw_colosseum, draw_ship
from render.spqrisiko.seas import SEA_INK

LABELS = {"round": "Round", "target": "Target", "points": "Points", "turn": "Turn", "island": "island",
          "colosseum": "colosseum", "last_attack": "last attack", "cards": "cards", "neutral": "Neutral",
          "winner": "Winner", "autopilot": "auto", "out": "out", "legionaries": "legionaries",
          "fleet": "fleet (ships)", "sea": "sea zone", "counts": "▣ provinces · ⚔ legionaries · ⚓ ships"}


def draw_legend_panel(draw: ImageDraw.ImageDraw, view: SpqrView, lab: dict[str, str]) -> None:
    """The right-hand panel: players, neutrals, the victory-point track, what each symbol means, the
    last attack with its dice and the winners."""
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
    y += 24
    draw.text((x0, y), lab["counts"], font=font(13), fill=INK)  # the players' lines above: what ▣ ⚔ ⚓ count
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
