"""DecameroNomic's picture: each player's treasure and economic power at the start of every Giornata.

Labels (catalog keys `nomic.label.<name>`): title, treasure, power, giornata, crown."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.nomic.views import NomicView
from render.common import INK, MUTED, PAPER, draw_legend, draw_title, font, player_colour, renderer, text_width

LABELS = {"title": "DecameroNomic", "treasure": "Treasure (N)", "power": "Economic power",
          "giornata": "Giornata {giornata}", "crown": "Crown Treasury {crown} N, bank {bank} N"}
WIDTH, CHART_H = 960, 240
LEFT, RIGHT = 80, 40


def _chart(draw: ImageDraw.ImageDraw, top: int, title: str, series: dict[str, list[int]], giornate: Sequence[int],
           colours: dict[str, tuple[int, int, int]]) -> None:
    draw.text((LEFT, top), title, font=font(16, bold=True), fill=INK)
    y0, y1 = top + 28, top + CHART_H
    x0, x1 = LEFT, WIDTH - RIGHT
    values = [v for vs in series.values() for v in vs] or [0]
    low, high = min(0, *values), max(1, *values)
    draw.rectangle((x0, y0, x1, y1), outline=MUTED)
    if low < 0:  # the line below which quarantine starts
        yz = y1 - (0 - low) * (y1 - y0) // (high - low)
        draw.line((x0, yz, x1, yz), fill=MUTED)
    for value in (low, high):
        label = str(value)
        y = y1 - (value - low) * (y1 - y0) // (high - low)
        draw.text((x0 - 8 - text_width(draw, label, font(12)), y - 7), label, font=font(12), fill=MUTED)
    n = len(giornate)

    def x_at(i: int) -> int:
        return x0 + (x1 - x0) * i // max(1, n - 1) if n > 1 else (x0 + x1) // 2

    for i, g in enumerate(giornate):
        draw.text((x_at(i) - 4, y1 + 4), str(g), font=font(12), fill=MUTED)
    for pid, vs in series.items():
        points = [(x_at(i), y1 - (v - low) * (y1 - y0) // (high - low)) for i, v in enumerate(vs)]
        if len(points) > 1:
            draw.line(points, fill=colours[pid], width=3)
        for x, y in points:
            draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colours[pid])


@renderer("nomic", "board")
def render(view: NomicView, labels: dict[str, str] | None = None) -> Image.Image:
    words = {**LABELS, **(labels or {})}
    ids = list(dict.fromkeys(pid for snap in view.history for pid in snap.treasure))
    colours = {pid: player_colour(i) for i, pid in enumerate(ids)}
    giornate = [snap.giornata for snap in view.history]
    treasure = {pid: [snap.treasure.get(pid, 0) for snap in view.history] for pid in ids}
    power = {pid: [snap.power.get(pid, 0) for snap in view.history] for pid in ids}
    legend_rows = (len(ids) + 2) // 3
    height = 100 + 2 * (CHART_H + 40) + legend_rows * 24 + 30
    image = Image.new("P", (WIDTH, height), PAPER)  # a few flat colours: palette PNGs encode several times faster
    draw = ImageDraw.Draw(image)
    y = draw_title(draw, (LEFT, 16), words["title"], words["giornata"].format(giornata=view.giornata))
    _chart(draw, y, words["treasure"], treasure, giornate, colours)
    y += CHART_H + 40
    _chart(draw, y, words["power"], power, giornate, colours)
    y += CHART_H + 40
    y = draw_legend(draw, (LEFT, y), [(colours[pid], view.names.get(pid, pid)) for pid in ids], columns=3,
                    column_width=280)
    draw.text((LEFT, y + 6), words["crown"].format(crown=view.crown, bank=view.bank), font=font(14), fill=MUTED)
    return image
