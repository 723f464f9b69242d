"""SPQRisiko's legend under the map: its words (LABELS), the players, the victory-point track and the symbols."""

from __future__ import annotations

from PIL import ImageDraw

from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrView
from render.common import INK, LAND, MUTED, NEUTRAL, font, player_colour
from render.spqrisiko.background import COAST
from render.spqrisiko.geometry import MAP_H, WIDTH
from render.spqrisiko.pieces import NEUTRAL_COLOURS, draw_colosseum, draw_ship
from render.spqrisiko.seas import SEA_INK

LABELS = {"round": "Round", "target": "Target", "points": "Points", "turn": "Turn", "island": "island",
          "colosseum": "colosseum", "last_attack": "last attack", "cards": "cards", "neutral": "Neutral",
          "winner": "Winner", "autopilot": "auto", "out": "out", "legionaries": "legionaries",
          "fleet": "fleet (ships)", "sea": "sea zone", "counts": "▣ provinces · ⚔ legionaries · ⚓ ships"}


TEXT_PX = 21  # the legend's smallest words: 9 px when the picture is read 550 px wide
COLUMN_W, ROW_H = 400, 58


def draw_legend_panel(draw: ImageDraw.ImageDraw, view: SpqrView, lab: dict[str, str]) -> None:
    """The panel under the map: the title, round and victory-point track on top; the players and
    neutrals in two columns beside what each symbol means; then what the counts mean, the last attack
    with its dice and the winners."""
    x0, y = 20, MAP_H + 14
    draw.text((x0, y), "SPQRisiko", font=font(32, bold=True), fill=INK)
    draw.text((x0 + 215, y + 8), f"{lab['round']} {view.round} · {lab['target']} {view.target_points}",
              font=font(22), fill=MUTED)
    _points_track(draw, view, lab, 640, y)
    y += 68
    names = {p.id: p.name for p in view.players}
    entries: list[tuple[tuple[int, int, int], str, str]] = []
    for p in view.players:
        marker = "▶ " if p.id == view.current else ""
        flags = f" ({lab['out']})" if p.eliminated else (f" ({lab['autopilot']})" if p.autopilot else "")
        entries.append((player_colour(p.colour), f"{marker}{p.name}{flags}",
                        f"{lab['points']} {p.points} · {p.provinces}▣ {p.legionaries}⚔ {p.ships}⚓ · "
                        f"{p.cards} {lab['cards']}"))
    entries += [(NEUTRAL_COLOURS.get(a.id, NEUTRAL), f"{lab['neutral']} ({a.id[-1]})", "")
                for a in view.armies if a.neutral]
    rows = max(1, (len(entries) + 1) // 2)
    for i, (colour, name, line) in enumerate(entries):
        ex, ey = x0 + (i // rows) * COLUMN_W, y + (i % rows) * ROW_H
        draw.rectangle((ex, ey + 2, ex + 26, ey + 28), fill=colour, outline=INK)
        draw.text((ex + 36, ey), name, font=font(22, bold=True), fill=INK)
        if line:
            draw.text((ex + 36, ey + 27), line, font=font(TEXT_PX), fill=MUTED)
    _symbols(draw, lab, x0 + 2 * COLUMN_W + 10, y)
    y += 4 * ROW_H + 6
    draw.text((x0, y), lab["counts"], font=font(TEXT_PX), fill=INK)  # what the players' ▣ ⚔ ⚓ count
    la = view.last_attack
    if la is not None:
        b = board()
        text = f"{names.get(la.attacker, la.attacker)}: {b.name(la.origin)} → {b.name(la.target)}"
        if la.rolls:
            att, dfn = la.rolls[-1]
            text += f"  {'-'.join(map(str, att))} vs {'-'.join(map(str, dfn))}"
        draw.text((WIDTH - 20, y), text, font=font(TEXT_PX), fill=(200, 30, 30), anchor="ra")
    if view.winners:
        draw.text((x0, y + 30), f"{lab['winner']}: " + ", ".join(names.get(w, w) for w in view.winners),
                  font=font(24, bold=True), fill=(200, 30, 30))


def _points_track(draw: ImageDraw.ImageDraw, view: SpqrView, lab: dict[str, str], x0: int, y: int) -> None:
    """The victory points: a bar to the target, a tick every five points, each player's marker."""
    draw.text((x0, y + 6), lab["points"], font=font(22, bold=True), fill=INK)
    x0 += 110
    track_w = WIDTH - 40 - x0
    target = max(1, view.target_points)
    y += 8
    draw.rectangle((x0, y, x0 + track_w, y + 18), fill=(230, 225, 210), outline=INK)
    for i in range(0, target + 1, 5):
        tx = x0 + track_w * i // target
        draw.line((tx, y, tx, y + 18), fill=MUTED)
        draw.text((tx, y + 20), str(i), font=font(TEXT_PX), fill=MUTED, anchor="ma")
    for k, p in enumerate(view.players):
        tx = x0 + track_w * min(p.points, target) // target
        tx += 12 * k - 6 * (len(view.players) - 1)  # side by side when points are equal
        draw.ellipse((tx - 9, y, tx + 9, y + 18), fill=player_colour(p.colour), outline=INK)


def _symbols(draw: ImageDraw.ImageDraw, lab: dict[str, str], x0: int, y: int) -> None:
    """What each mark on the map means, in words."""
    draw.polygon([(x0, y), (x0 + 36, y + 2), (x0 + 34, y + 34), (x0 + 2, y + 32)], fill=LAND, outline=COAST)
    draw.ellipse((x0 + 3, y + 2, x0 + 33, y + 32), fill=(255, 253, 246), outline=INK, width=2)
    draw.text((x0 + 18, y + 17), "3", font=font(22, bold=True), fill=INK, anchor="mm")
    draw.text((x0 + 48, y + 4), lab["legionaries"], font=font(TEXT_PX), fill=INK)
    y += 44
    draw_ship(draw, x0 + 18, y + 16, (255, 253, 246), 2)
    draw.text((x0 + 48, y + 2), lab["fleet"], font=font(TEXT_PX), fill=INK)
    y += 42
    draw_colosseum(draw, x0 + 18, y + 12)
    draw.text((x0 + 48, y), lab["colosseum"], font=font(TEXT_PX), fill=INK)
    y += 36
    sample = font(TEXT_PX, bold=True, condensed=True)  # a sea's name as the map writes it
    draw.text((x0, y), "Tyrrhenum", font=sample, fill=SEA_INK)
    draw.text((x0 + draw.textlength("Tyrrhenum", font=sample) + 8, y), f"= {lab['sea']}", font=font(TEXT_PX), fill=INK)
    y += 36
    draw.line((x0, y + 11, x0 + 36, y + 11), fill=(200, 30, 30), width=7)
    draw.text((x0 + 48, y), lab["last_attack"], font=font(TEXT_PX), fill=INK)
