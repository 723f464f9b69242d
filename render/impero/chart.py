"""Impero's cash chart: each player's capital turn by turn, one line per player."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.impero.view_models import ChartView, ImperoView
from render.common import MUTED, PAPER, draw_legend, draw_title, font, player_colour, text_width
from render.impero.labels import _labels, money


def render_chart(view: ChartView | ImperoView, labels: Mapping[str, str] | None = None) -> Image.Image:
    v = view.chart if isinstance(view, ImperoView) else view
    lab = _labels(labels)
    width, height = 900, 560
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    draw_title(d, (16, 12), lab["chart"])
    x0, y0, x1, y1 = 90, 70, width - 220, height - 60
    top = max([max(h) for h in v.history.values() if h] + [100])
    top = ((top + 999) // 1000) * 1000  # round the axis up to a whole 10$
    d.rectangle((x0, y0, x1, y1), outline=MUTED)
    fnt = font(12)
    for i in range(5):
        value = top * i // 4
        y = y1 - (y1 - y0) * i // 4
        d.line((x0, y, x1, y), fill=(225, 220, 205))
        label = money(value, lab)
        d.text((x0 - 8 - text_width(d, label, fnt), y - 7), label, font=fnt, fill=MUTED)
    span = max(v.turns, 1)
    for t in range(span + 1):
        x = x0 + (x1 - x0) * t // span
        d.text((x - 4, y1 + 6), str(t), font=fnt, fill=MUTED)
    d.text(((x0 + x1) // 2 - 20, y1 + 26), lab["turn"], font=fnt, fill=MUTED)
    items = []
    for p in v.series:
        hist = v.history.get(p.id, [])
        colour = player_colour(p.colour)
        points = [(x0 + (x1 - x0) * t // span, y1 - (y1 - y0) * value // top) for t, value in enumerate(hist)]
        if len(points) > 1:
            d.line(points, fill=colour, width=3)
        for px, py in points:
            d.ellipse((px - 3, py - 3, px + 3, py + 3), fill=colour)
        items.append((colour, f"{p.name} {money(hist[-1] if hist else p.cash, lab)}"))
    draw_legend(d, (x1 + 20, y0), items)
    return img
