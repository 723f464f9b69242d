"""DecameroNomic's picture: each player's treasure and economic power at the start of every Giornata,
drawn to be read where Discord shows it (about 550 px wide): large type, every player's current value
written at the end of his line, and at Giornata 1 (a single point each) bars instead of dots.

Labels (catalog keys `nomic.label.<name>`): title, treasure, power, giornata, crown, thousands. The
lines' axis spans the values drawn (not from 0), so treasures around 2,000 that differ by tens can be
told apart; its ticks are whole numbers a round step apart (`render.common.axis_ticks`: 0, 500,
1,000... never 1,096), the Giornate under it a round step apart too."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from engine.nomic.views import NomicView
from render.common import (
    INK,
    MUTED,
    PAPER,
    axis_ticks,
    draw_title,
    font,
    grouped,
    player_colour,
    renderer,
    round_step,
    text_width,
)
from render.places import Place, Places, rect, shaper

LABELS = {"title": "DecameroNomic", "treasure": "Treasure (N)", "power": "Economic power",
          "giornata": "Giornata {giornata}", "crown": "Crown Treasury {crown} N, bank {bank} N",
          "thousands": ","}  # the reader's thousands mark
WIDTH = 720  # shown at ~550 px: 20 px type reads as ~15 px
LEFT, RIGHT = 24, 24
ROW = 30  # a bar, or a value label, per player
TYPE = 20
Colour = tuple[int, int, int]


def _bars(draw: ImageDraw.ImageDraw, top: int, series: dict[str, list[int]], names: dict[str, str],
          colours: dict[str, Colour], mark: str = ",", places: list[Place] | None = None) -> int:
    """One Giornata so far: a bar per player, largest first, name and value written on it."""
    order = sorted(series, key=lambda pid: (-series[pid][-1], names.get(pid, pid)))
    high = max([1, *(series[pid][-1] for pid in order)])
    name_w = max([text_width(draw, names.get(pid, pid), font(TYPE)) for pid in order] or [0]) + 12
    x0, x1 = LEFT + name_w, WIDTH - RIGHT - 90
    for i, pid in enumerate(order):
        y = top + i * ROW
        value = series[pid][-1]
        draw.text((LEFT, y + 2), names.get(pid, pid), font=font(TYPE), fill=INK)
        end = x0 + max(2, (x1 - x0) * max(value, 0) // high)
        draw.rectangle((x0, y + 4, end, y + ROW - 6), fill=colours[pid])
        draw.text((end + 8, y + 2), grouped(value, mark), font=font(TYPE, bold=True), fill=INK)
        if places is not None:
            places.append(rect(pid, (LEFT, y, WIDTH - RIGHT, y + ROW - 2), f"{names.get(pid, pid)} {grouped(value, mark)}"))
    return top + len(order) * ROW


def _apart(series: dict[str, list[int]], pid: str, i: int) -> int:
    """Pixels to shift a point so players with the same value at Giornata `i` lie side by side."""
    same = [p for p, vs in series.items() if vs[i] == series[pid][i]]
    return (2 * same.index(pid) - (len(same) - 1)) * 5 // 2


def span(values: list[int]) -> tuple[int, int]:
    """The axis of a line chart: from the round tick at or below the values drawn to the one at or
    above them (never forced to 0, never below it for values that cannot be negative)."""
    ticks = axis_ticks(min(values), max(values))
    return ticks[0], ticks[-1]


def _lines(draw: ImageDraw.ImageDraw, top: int, series: dict[str, list[int]], giornate: Sequence[int],
           names: dict[str, str], colours: dict[str, Colour], mark: str = ",",
           places: list[Place] | None = None) -> int:
    """Several Giornate: a line per player (equal values side by side, so no line hides another), and
    each player's name and current value at the line's end."""
    labels = {pid: f"{names.get(pid, pid)} {grouped(vs[-1], mark)}" for pid, vs in series.items()}
    label_w = max([text_width(draw, text, font(TYPE - 2)) for text in labels.values()] or [0]) + 14
    height = max(220, len(series) * (TYPE + 2) + 20)
    y0, y1 = top + 8, top + height
    x0, x1 = LEFT + 60, WIDTH - RIGHT - label_w
    values = [v for vs in series.values() for v in vs] or [0]
    ticks = axis_ticks(min(values), max(values))  # whole numbers at a round step, covering every value
    low, high = ticks[0], ticks[-1]

    def y_of(value: int) -> int:
        return y1 - (value - low) * (y1 - y0) // (high - low)

    draw.rectangle((x0, y0, x1, y1), outline=MUTED)
    for value in ticks:
        draw.line((x0, y_of(value), x1, y_of(value)), fill=MUTED if value == 0 else (225, 225, 225))
        label = grouped(value, mark)
        draw.text((x0 - 8, y_of(value)), label, font=font(16), fill=MUTED, anchor="rm")
    n = len(giornate)

    def x_at(i: int) -> int:
        return x0 + (x1 - x0) * i // max(1, n - 1)

    every = round_step(n, 10)  # at most ten Giornata numbers under the axis, a round step apart
    for i, g in enumerate(giornate):
        if g % every == 0:
            draw.text((x_at(i), y1 + 4), str(g), font=font(16), fill=MUTED, anchor="ma")
    for pid, vs in series.items():
        points = [(x_at(i), y_of(v) + _apart(series, pid, i)) for i, v in enumerate(vs)]
        draw.line(points, fill=colours[pid], width=4, joint="curve")
    # the labels at the right end, pushed apart so none covers another
    placed: list[int] = []
    for pid in sorted(series, key=lambda p: y_of(series[p][-1])):
        y = max(y_of(series[pid][-1]) - 11, (placed[-1] + TYPE + 2) if placed else y0 - 11)
        placed.append(y)
        draw.rectangle((x1 + 6, y + 5, x1 + 14, y + 13), fill=colours[pid])
        draw.text((x1 + 18, y), labels[pid], font=font(TYPE - 2), fill=INK)
        if places is not None:
            places.append(rect(pid, (x1 + 4, y, min(WIDTH - 2, x1 + 18 + label_w), y + TYPE + 2), labels[pid]))
    return max(y1 + 26, (placed[-1] + TYPE + 4) if placed else y1)


def _chart(draw: ImageDraw.ImageDraw, top: int, title: str, series: dict[str, list[int]], giornate: Sequence[int],
           names: dict[str, str], colours: dict[str, Colour], mark: str = ",",
           places: list[Place] | None = None) -> int:
    draw.text((LEFT, top), title, font=font(22, bold=True), fill=INK)
    top += 34
    if len(giornate) <= 1:
        return _bars(draw, top, series, names, colours, mark, places)
    return _lines(draw, top, series, giornate, names, colours, mark, places)


def _height(players: int, giornate: int) -> int:
    chart = players * ROW if giornate <= 1 else max(220, players * (TYPE + 2) + 20) + 30
    return 90 + 2 * (34 + chart + 30) + 40


@renderer("nomic", "board")
def render(view: NomicView, labels: dict[str, str] | None = None) -> Image.Image:
    return _drawn(view, labels, None)


@shaper("nomic", "board")
def chart_places(view: NomicView, labels: dict[str, str] | None = None) -> Places:
    """The board's only places are the players: each one's bar or line label in both charts, noted
    while the chart is drawn (where a label goes depends on every value). The rules and proposals a
    move names are not on the board: the page's rules and proposals panels are their places."""
    out: list[Place] = []
    image = _drawn(view, labels, out)
    return Places(image.width, image.height, out)


def _drawn(view: NomicView, labels: dict[str, str] | None, places: list[Place] | None) -> Image.Image:
    words = {**LABELS, **(labels or {})}
    ids = list(dict.fromkeys(pid for snap in view.history for pid in snap.treasure))
    colours = {pid: player_colour(i) for i, pid in enumerate(ids)}
    giornate = [snap.giornata for snap in view.history]
    treasure = {pid: [snap.treasure.get(pid, 0) for snap in view.history] for pid in ids}
    power = {pid: [snap.power.get(pid, 0) for snap in view.history] for pid in ids}
    image = Image.new("P", (WIDTH, _height(len(ids), len(giornate))), PAPER)  # palette PNGs encode faster
    draw = ImageDraw.Draw(image)
    y = draw_title(draw, (LEFT, 16), words["title"], words["giornata"].format(giornata=view.giornata))
    mark = words["thousands"]
    y = _chart(draw, y + 4, words["treasure"], treasure, giornate, view.names, colours, mark, places) + 24
    y = _chart(draw, y, words["power"], power, giornate, view.names, colours, mark, places) + 16
    draw.text((LEFT, y), words["crown"].format(crown=grouped(view.crown, mark), bank=grouped(view.bank, mark)),
              font=font(18), fill=MUTED)
    return image
