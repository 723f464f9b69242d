"""Impero's cash chart: each player's capital turn by turn, one line per player."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.impero.view_models import ChartView, ImperoView
from render.common import MUTED, PAPER, axis_ticks, draw_legend, draw_title, font, player_colour, round_step
from render.impero.labels import _labels, money, whole_money

TYPE = 18


def render_chart(view: ChartView | ImperoView, labels: Mapping[str, str] | None = None) -> Image.Image:
    """Read about 550 px wide in a chat: 18 px type (10 px there), the money axis in round whole
    dollars (`axis_ticks`), the turns under it a round step apart."""
    v = view.chart if isinstance(view, ImperoView) else view
    lab = _labels(labels)
    width, height = 900, 560
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    draw_title(d, (16, 12), lab["chart"])
    fnt = font(TYPE)
    items = []
    for p in v.series:
        hist = v.history.get(p.id, [])
        items.append((player_colour(p.colour), f"{p.name} {money(hist[-1] if hist else p.cash, lab)}"))
    legend_w = max([int(fnt.getlength(text)) for _, text in items] + [100]) + TYPE + 16
    x0, y0, x1, y1 = 24, 70, width - 24 - legend_w - 16, height - 64
    cents = [value for h in v.history.values() for value in h] or [0]
    ticks = axis_ticks(min(0, min(cents) // 100), max(1, -(-max(cents) // 100)))  # whole dollars, from 0
    low, top = ticks[0] * 100, ticks[-1] * 100
    labels_w = max(int(fnt.getlength(whole_money(t, lab))) for t in ticks)
    x0 += labels_w + 8
    d.rectangle((x0, y0, x1, y1), outline=MUTED)

    def y_of(value: int) -> int:
        return y1 - (y1 - y0) * (value - low) // max(1, top - low)

    for t in ticks:
        y = y_of(t * 100)
        d.line((x0, y, x1, y), fill=(225, 220, 205))
        d.text((x0 - 8, y), whole_money(t, lab), font=fnt, fill=MUTED, anchor="rm")
    span = max(v.turns, 1)
    every = round_step(span + 1, 10)
    for t in range(0, span + 1, every):
        d.text((x0 + (x1 - x0) * t // span, y1 + 6), str(t), font=fnt, fill=MUTED, anchor="ma")
    d.text(((x0 + x1) // 2, y1 + 32), lab["turn"], font=fnt, fill=MUTED, anchor="ma")
    for p in v.series:
        hist = v.history.get(p.id, [])
        colour = player_colour(p.colour)
        points = [(x0 + (x1 - x0) * t // span, y_of(value)) for t, value in enumerate(hist)]
        if len(points) > 1:
            d.line(points, fill=colour, width=4)
        for px, py in points:
            d.ellipse((px - 4, py - 4, px + 4, py + 4), fill=colour)
    draw_legend(d, (x1 + 16, y0), items, swatch=TYPE, size=TYPE)
    return img
