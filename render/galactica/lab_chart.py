"""The designers' lab as one picture: the variants side by side. Top: mean Ndri and mean raw materials
per round (a line per variant); bottom: length in rounds, eliminations by cause, win shares by seat.

`python -m render.galactica REPORT.json OUT.png` draws a report that
`python -m engine lab galactica --json` wrote."""

from __future__ import annotations

import math
import sys
from pathlib import Path

from PIL import Image, ImageDraw

from engine.galactica.lab import LabReport
from render.common import INK, MUTED, PAPER, axis_ticks, contrast_ink, font, grouped, renderer, round_step, to_png

WIDTH, HEIGHT = 1100, 760
TYPE = 18  # the smallest words: 9 px when the picture is shown 550 px wide
LINES: tuple[tuple[int, int, int], ...] = ((0, 114, 178), (213, 94, 0), (0, 158, 115), (204, 121, 167),
                                           (86, 180, 233), (230, 159, 0))
CAUSES: dict[str, tuple[int, int, int]] = {"battle": (60, 60, 60), "conquest": (120, 120, 120),
                                           "asteroid": (190, 30, 30), "kicked": (190, 190, 190)}
WORDS: dict[str, str] = {
    "title": "Imperium Galactica: designers' lab", "subtitle": "{games} games per variant, {players} players, seed {seed}",
    "ndri": "Ndri per round (mean)", "raw": "Raw materials per round (mean)",
    "rounds": "{mean} rounds ({low}-{high}), up to {days} days",
    "eliminations": "Eliminations by cause", "wins": "Wins by seat", "early": "before the first battle: {n}",
    "cause.battle": "battle", "cause.conquest": "conquest", "cause.asteroid": "asteroids", "cause.kicked": "removed",
    "seat": "seat {n}",
    "thousands": ",",  # the reader's thousands mark
}


def words(labels: dict[str, str] | None) -> dict[str, str]:
    return {**WORDS, **{k.removeprefix("lab."): v for k, v in (labels or {}).items() if k.startswith("lab.")}}


def _lines(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], title: str,
           curves: list[list[float]], thousands: str = ",") -> None:
    """A line per variant; whole-number ticks a round step apart from 0 to at or above the highest
    mean, the rounds under the axis a round step apart (render.common.axis_ticks, round_step)."""
    x0, y0, x1, y1 = box
    draw.text((x0, y0 - 30), title, font=font(20, bold=True), fill=INK)
    draw.rectangle(box, outline=MUTED)
    ticks = axis_ticks(0, max(1, math.ceil(max((max(c) for c in curves if c), default=1.0))))
    top = ticks[-1]
    longest = max((len(c) for c in curves), default=1)
    for value in ticks:
        y = y1 - (y1 - y0) * value / top
        draw.line((x0, y, x1, y), fill=(225, 225, 225))
        draw.text((x0 - 6, y), grouped(value, thousands), font=font(TYPE), fill=MUTED, anchor="rm")
    every = round_step(longest, 8)
    for j in range(longest):  # round j + 1
        if (j + 1) % every == 0 or longest == 1:
            draw.text((x0 + (x1 - x0) * (j / max(1, longest - 1)), y1 + 6), str(j + 1), font=font(TYPE), fill=MUTED,
                      anchor="ma")
    for i, curve in enumerate(curves):
        if not curve:
            continue
        pts = [(x0 + (x1 - x0) * (j / max(1, longest - 1)), y1 - (y1 - y0) * (v / top)) for j, v in enumerate(curve)]
        draw.line(pts, fill=LINES[i % len(LINES)], width=4) if len(pts) > 1 else None


@renderer("galactica", "lab")
def render_lab(report: LabReport, labels: dict[str, str] | None = None) -> Image.Image:
    w = words(labels)
    image = Image.new("RGB", (WIDTH, HEIGHT), PAPER)
    draw = ImageDraw.Draw(image)
    draw.text((30, 16), w["title"], font=font(28, bold=True), fill=INK)
    draw.text((30, 54), w["subtitle"].format(games=report.games, players=report.players, seed=report.seed),
              font=font(18), fill=MUTED)
    for i, v in enumerate(report.variants):  # the key: a colour per variant
        x = 30 + i * 200
        draw.rectangle((x, 86, x + 30, 100), fill=LINES[i % len(LINES)])
        draw.text((x + 38, 82), v.name[:16], font=font(18, bold=True), fill=INK)
    _lines(draw, (90, 150, 530, 390), w["ndri"], [v.ndri_curve for v in report.variants], w["thousands"])
    _lines(draw, (640, 150, 1070, 390), w["raw"], [v.raw_curve for v in report.variants], w["thousands"])
    col = (WIDTH - 60) // max(1, len(report.variants))
    for i, v in enumerate(report.variants):
        x = 30 + i * col
        y = 440
        draw.text((x, y), v.name[:20], font=font(22, bold=True), fill=LINES[i % len(LINES)])
        y += 34
        draw.text((x, y), w["rounds"].format(mean=v.rounds_mean, low=v.rounds_min, high=v.rounds_max, days=v.days_mean),
                  font=font(18), fill=INK)
        y += 34
        draw.text((x, y), w["eliminations"], font=font(18, bold=True), fill=INK)
        y += 28
        total = max(1, sum(v.eliminations.values()))
        bar = col - 40
        bx = float(x)
        for cause, n in sorted(v.eliminations.items()):
            width = bar * n / total
            draw.rectangle((bx, y, bx + width, y + 26), fill=CAUSES.get(cause, MUTED), outline=INK)
            if width > 60:
                draw.text((bx + 6, y + 3), f"{w.get(f'cause.{cause}', cause)} {n}", font=font(TYPE),
                          fill=contrast_ink(CAUSES.get(cause, MUTED)))
            bx += width
        y += 34
        draw.text((x, y), w["early"].format(n=v.early_eliminations), font=font(TYPE), fill=INK)
        y += 34
        draw.text((x, y), w["wins"], font=font(18, bold=True), fill=INK)
        y += 28
        for s, share in enumerate(v.win_share_by_seat):
            draw.rectangle((x, y, x + (bar - 90) * share, y + 20), fill=LINES[i % len(LINES)])
            draw.text((x + bar - 84, y - 2), f"{w['seat'].format(n=s + 1)} {share:.0%}", font=font(TYPE), fill=INK)
            y += 26
    return image


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print("usage: python -m render.galactica REPORT.json OUT.png", file=sys.stderr)
        return 1
    report = LabReport.model_validate_json(Path(argv[0]).read_text(encoding="utf-8"))
    Path(argv[1]).write_bytes(to_png(render_lab(report)))
    return 0
