"""The players' record as pictures: a player's card (ratings, reliability, pace, luck, rating history)
and a game's leaderboard chart. Renderers see only these views, their words already translated."""

from __future__ import annotations

from PIL import Image, ImageDraw
from pydantic import BaseModel

from render.common import INK, MUTED, PAPER, draw_title, font, player_colour, text_width, to_png

WIDTH = 900  # read at about 550 px in a Discord chat: words stay at 20 px and up
PAD = 32
GRID = (225, 219, 205)


class Tile(BaseModel):
    label: str
    value: str
    note: str = ""


class Series(BaseModel):
    label: str
    colour: int  # the game's row in the card's table, so line and row share a colour
    points: list[float]  # the display value after each rated game


class StatsCard(BaseModel):
    title: str
    subtitle: str
    header: list[str]  # the ratings table: game, rating, rated games, wins / played
    rows: list[list[str]]
    tiles: list[Tile]
    chart_title: str
    history: list[Series]
    empty_chart: str
    rating_note: str = ""  # what the rating number is, under the table


class BoardEntry(BaseModel):
    name: str
    value: float
    value_text: str  # the value as the reader's language writes it
    note: str


class BoardChart(BaseModel):
    title: str
    subtitle: str
    entries: list[BoardEntry]
    empty: str


def _table(draw: ImageDraw.ImageDraw, y: int, header: list[str], rows: list[list[str]]) -> int:
    head, body = font(18, bold=True), font(20)
    cols = [PAD, PAD + 330, PAD + 470, PAD + 660]
    for x, text in zip(cols, header, strict=False):
        draw.text((x, y), text, font=head, fill=MUTED)
    y += 30
    for i, row in enumerate(rows):
        draw.line((PAD, y - 4, WIDTH - PAD, y - 4), fill=GRID, width=1)
        swatch = player_colour(i)
        draw.rectangle((PAD, y + 5, PAD + 14, y + 19), fill=swatch, outline=INK)
        for j, (x, text) in enumerate(zip(cols, row, strict=False)):
            draw.text((x + (22 if j == 0 else 0), y), text, font=font(20, bold=j == 1) if j == 1 else body, fill=INK)
        y += 34
    return y + 6


def _note(draw: ImageDraw.ImageDraw, y: int, text: str) -> int:
    """A muted line (or two, wrapped at words) under the table."""
    if not text:
        return y
    small = font(16)
    lines, line = [], ""
    for word in text.split():
        wider = f"{line} {word}".strip()
        if line and text_width(draw, wider, small) > WIDTH - 2 * PAD:
            lines.append(line)
            line = word
        else:
            line = wider
    lines.append(line)
    for text_line in lines:
        draw.text((PAD, y), text_line, font=small, fill=MUTED)
        y += 22
    return y + 6


def _tiles(draw: ImageDraw.ImageDraw, y: int, tiles: list[Tile]) -> int:
    per_row = 3
    w = (WIDTH - 2 * PAD - (per_row - 1) * 16) // per_row
    h = 112
    for i, tile in enumerate(tiles):
        row, col = divmod(i, per_row)
        x0, y0 = PAD + col * (w + 16), y + row * (h + 16)
        draw.rounded_rectangle((x0, y0, x0 + w, y0 + h), radius=10, fill=(255, 253, 248), outline=GRID, width=2)
        draw.text((x0 + 14, y0 + 10), tile.label, font=font(17), fill=MUTED)
        draw.text((x0 + 14, y0 + 36), tile.value, font=font(32, bold=True), fill=INK)
        if tile.note:
            draw.text((x0 + 14, y0 + 80), tile.note, font=font(15), fill=MUTED)
    rows = (len(tiles) + per_row - 1) // per_row
    return y + rows * (h + 16)


def _chart(draw: ImageDraw.ImageDraw, y: int, title: str, series: list[Series], empty: str) -> int:
    draw.text((PAD, y), title, font=font(20, bold=True), fill=INK)
    y += 34
    x0, x1, y0, y1 = PAD + 56, WIDTH - PAD, y, y + 240
    draw.rectangle((x0, y0, x1, y1), fill=(255, 253, 248), outline=GRID)
    values = [v for s in series for v in s.points]
    if not values:
        draw.text((x0 + 20, y0 + 100), empty, font=font(18), fill=MUTED)
        return y1 + 20
    lo, hi = min([*values, 0.0]), max([*values, 0.0])
    if hi - lo < 1:
        hi, lo = hi + 0.5, lo - 0.5
    most = max(len(s.points) for s in series)

    def at(i: int, v: float) -> tuple[float, float]:
        fx = i / max(1, most - 1)
        return x0 + 12 + fx * (x1 - x0 - 24), y1 - 12 - (v - lo) / (hi - lo) * (y1 - y0 - 24)

    small = font(15)
    for v in (lo, (lo + hi) / 2, hi):
        _, py = at(0, v)
        draw.line((x0, py, x1, py), fill=GRID)
        label = f"{v:.1f}"
        draw.text((x0 - 8 - text_width(draw, label, small), py - 9), label, font=small, fill=MUTED)
    for s in series:
        colour = player_colour(s.colour)
        pts = [at(i, v) for i, v in enumerate(s.points)]
        if len(pts) > 1:
            draw.line(pts, fill=colour, width=4, joint="curve")
        for px, py in pts[-60:]:
            draw.ellipse((px - 4, py - 4, px + 4, py + 4), fill=colour, outline=INK)
    x = x0
    for s in series:
        draw.rectangle((x, y1 + 12, x + 14, y1 + 26), fill=player_colour(s.colour), outline=INK)
        draw.text((x + 20, y1 + 9), s.label, font=font(17), fill=INK)
        x += 40 + text_width(draw, s.label, font(17))
    return y1 + 40


def stats_card(card: StatsCard) -> bytes:
    height = 170 + 34 * max(1, len(card.rows)) + 128 * ((len(card.tiles) + 2) // 3) + 340 + 72
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = draw_title(draw, (PAD, PAD - 8), card.title, card.subtitle) + 12
    y = _table(draw, y, card.header, card.rows)
    y = _note(draw, y, card.rating_note)
    y = _tiles(draw, y + 8, card.tiles)
    y = _chart(draw, y + 8, card.chart_title, card.history, card.empty_chart)
    return to_png(image.crop((0, 0, WIDTH, min(height, y + PAD // 2))))


def board_chart(chart: BoardChart) -> bytes:
    bar_h, gap = 34, 12
    height = 120 + max(1, len(chart.entries)) * (bar_h + gap) + PAD
    image = Image.new("RGB", (WIDTH, height), PAPER)
    draw = ImageDraw.Draw(image)
    y = draw_title(draw, (PAD, PAD - 8), chart.title, chart.subtitle) + 16
    if not chart.entries:
        draw.text((PAD, y), chart.empty, font=font(20), fill=MUTED)
        return to_png(image.crop((0, 0, WIDTH, y + 60)))
    name_w, value_w = 250, 190
    x0, x1 = PAD + name_w, WIDTH - PAD - value_w
    lo = min(0.0, min(e.value for e in chart.entries))
    hi = max(1.0, max(e.value for e in chart.entries))
    zero = x0 + (0 - lo) / (hi - lo) * (x1 - x0)
    big, small = font(20), font(15)
    for i, e in enumerate(chart.entries):
        top = y + i * (bar_h + gap)
        rank = f"{i + 1}."
        draw.text((PAD, top + 5), rank, font=font(20, bold=True), fill=INK)
        name = e.name if len(e.name) <= 18 else e.name[:17] + "…"
        draw.text((PAD + 40, top + 5), name, font=big, fill=INK)
        end = x0 + (e.value - lo) / (hi - lo) * (x1 - x0)
        draw.rectangle((min(zero, end), top, max(zero, end), top + bar_h), fill=player_colour(0 if i else 1),
                       outline=INK)
        draw.text((max(zero, end) + 8, top + 1), e.value_text, font=font(18, bold=True), fill=INK)
        draw.text((max(zero, end) + 8, top + 20), e.note, font=small, fill=MUTED)
    draw.line((zero, y - 4, zero, y + len(chart.entries) * (bar_h + gap)), fill=MUTED, width=2)
    return to_png(image)
