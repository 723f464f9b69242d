"""High Frontier Module 5 pictures: the stock market and the isotope bank's seven vaults.

They take only the view. Company names and the few words come from `labels` (keys below), filled by
the notifier from the "highfrontier.label.*" catalog entries; the defaults are English.
"""

from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.highfrontier.views import CompanyView, HfView
from render.common import INK, MUTED, PAPER, contrast_ink, font, hex_corners, player_colour, renderer

LABELS = {"year": "Year", "inflation": "INFLATION 2X", "flipped": "post-monetization", "price": "price",
          "red": "insolvency", "hedge": "Hedge funds", "shares": "shares", "cubes": "cubes",
          "default": "Default token", "speculators": "Speculators", "bank": "Isotope bank",
          "banker": "banker", "total": "isotope total", "wildcat": "Wildcat bank", "meeting": "Board meeting",
          "aqua": "Aqua", "homeless": "homeless",
          "patents1": "Patents", "patents2": "Patents II", "unicorn1": "Unicorn ET", "unicorn2": "Unicorn ET II",
          "launch1": "Launch", "launch2": "Launch II", "alchemy1": "Alchemy ET", "alchemy2": "Alchemy ET II",
          "finao1": "FINAO", "finao2": "FINAO II", "comet1": "Comet ET", "comet2": "Comet ET II",
          "loans1": "Loans", "loans2": "Loans II", "express1": "Express ET", "express2": "Express ET II"}
CELL_W, CELL_H = 118, 92
LEFT, TOP = 70, 90
BULL_FILL, CELL_FILL, RED_FILL = (55, 55, 60), (236, 230, 214), (214, 120, 110)
BULL_COLOUR = (20, 20, 20)
GOLD, BLUE = (212, 175, 55), (70, 110, 200)


def _words(labels: dict[str, str] | None) -> dict[str, str]:
    return {**LABELS, **(labels or {})}


def _colours(view: HfView) -> dict[str, tuple[int, int, int]]:
    colours = {h.name: player_colour(i) for i, h in enumerate(view.holders)}
    colours["Toro"] = BULL_COLOUR
    return colours


def _token(draw: ImageDraw.ImageDraw, c: CompanyView, cx: float, cy: float, words: dict[str, str],
           colours: dict[str, tuple[int, int, int]], cell: tuple[int, int, int]) -> None:
    r = 20
    fill = (250, 250, 250) if c.side == "white" else (40, 40, 40)
    edge = INK if c.side == "white" else (230, 230, 230)
    if c.shape == "square":
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    elif c.shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    elif c.shape == "triangle":
        draw.polygon([(cx, cy - r - 4), (cx - r - 2, cy + r - 2), (cx + r + 2, cy + r - 2)], fill=fill, outline=edge)
    else:
        draw.polygon(hex_corners((cx, cy), r + 2), fill=fill, outline=edge)
    # the three holes: apex on top
    for i, (dx, dy) in enumerate(((0, -9), (-8, 7), (8, 7))):
        holder = c.holes[i]
        colour = colours.get(holder, MUTED) if holder else (200, 200, 200)
        draw.ellipse((cx + dx - 5, cy + dy - 5, cx + dx + 5, cy + dy + 5), fill=colour, outline=edge)
    name = words.get(c.label, c.label)
    draw.text((cx, cy + r + 9), name, font=font(11, bold=True), fill=contrast_ink(cell), anchor="mm")


@renderer("highfrontier", "board")
def market(view: HfView, labels: dict[str, str] | None = None) -> Image.Image:
    words = _words(labels)
    colours = _colours(view)
    width = LEFT + CELL_W * view.columns + 330
    height = TOP + CELL_H * (view.rows + 1) + 80
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    title = f"High Frontier — {words['year']} {view.year}/{view.last_year}"
    if view.flipped:
        title += f" — {words['flipped']}"
    draw.text((LEFT, 24), title, font=font(26, bold=True), fill=INK)
    if view.inflation:
        draw.rectangle((width - 320, 18, width - 120, 56), fill=(200, 40, 40))
        draw.text((width - 220, 37), words["inflation"], font=font(16, bold=True), fill=(255, 255, 255), anchor="mm")
    bulls = {tuple(cell) for cell in view.bull_cells}
    for row in range(1, view.rows + 1):
        y = TOP + CELL_H * (view.rows - row)
        draw.text((LEFT - 30, y + CELL_H // 2), str(row), font=font(16, bold=True), fill=MUTED, anchor="mm")
        for col in range(1, view.columns + 1):
            x = LEFT + CELL_W * (col - 1)
            fill = BULL_FILL if (row, col) in bulls else CELL_FILL
            draw.rectangle((x, y, x + CELL_W - 2, y + CELL_H - 2), fill=fill, outline=(190, 180, 160))
            draw.text((x + CELL_W - 8, y + 6), str(view.values[row - 1][col - 1]), font=font(13, bold=True),
                      fill=contrast_ink(fill), anchor="ra")
    red_y = TOP + CELL_H * view.rows
    draw.rectangle((LEFT, red_y, LEFT + CELL_W * view.columns - 2, red_y + CELL_H // 2), fill=RED_FILL)
    draw.text((LEFT + 8, red_y + 8), words["red"], font=font(14, bold=True), fill=(255, 255, 255))
    for col, price in enumerate(view.prices, start=1):
        x = LEFT + CELL_W * (col - 1) + CELL_W // 2
        draw.text((x, red_y + CELL_H // 2 + 22), f"{words['price']} {price}", font=font(15, bold=True),
                  fill=INK, anchor="mm")
    stacks: dict[tuple[int, int], int] = {}
    for c in reversed(view.companies):  # earliest arrival first: the latest is drawn on top
        if not c.floated:
            continue
        n = stacks.get((c.row, c.col), 0)
        stacks[(c.row, c.col)] = n + 1
        cx = LEFT + CELL_W * (c.col - 1) + 34 + 48 * (n % 2)
        cy = TOP + CELL_H * (view.rows - c.row) + CELL_H // 2 - 8 - 8 * (n // 2)
        _token(draw, c, cx, cy, words, colours, BULL_FILL if (c.row, c.col) in bulls else CELL_FILL)
    # the side panel: players, hedge funds, default token
    x0, y = LEFT + CELL_W * view.columns + 30, TOP
    for h in view.holders:
        draw.rectangle((x0, y + 3, x0 + 16, y + 19), fill=colours[h.name])
        money = f"{h.gold}+{h.blue}" if view.flipped else f"{h.aqua} {words['aqua']}"
        draw.text((x0 + 24, y), f"{h.name}: {money}, {h.score} VP", font=font(15), fill=INK)
        y += 28
    y += 14
    hedge = view.hedge_funds
    draw.text((x0, y), f"{words['hedge']}: {hedge['shares']} {words['shares']}, {hedge['cubes']} {words['cubes']}",
              font=font(15), fill=INK)
    y += 28
    if view.default_holder:
        draw.text((x0, y), f"{words['default']}: {view.default_holder}", font=font(15, bold=True), fill=INK)
        y += 28
    if view.deciding:
        draw.text((x0, y), f"{words['meeting']}: {words.get(view.deciding, view.deciding)}", font=font(15), fill=INK)
    return image


@renderer("highfrontier", "bank")
def bank(view: HfView, labels: dict[str, str] | None = None) -> Image.Image:
    words = _words(labels)
    colours = _colours(view)
    image = Image.new("RGB", (900, 760), PAPER)
    draw = ImageDraw.Draw(image)
    title = words["bank"]
    if view.banker:
        title += f" — {words['banker']}: {view.banker}"
    if "main" in view.homeless:  # 5F1b: its Factory is gone, it still transacts
        title += f" — {words['homeless']}"
    draw.text((30, 20), title, font=font(24, bold=True), fill=INK)
    draw.text((30, 56), f"{words['total']}: {view.isotope_total}", font=font(16), fill=MUTED)
    centre, size = (450.0, 420.0), 105.0
    vaults: list[tuple[str, int, int, tuple[int, int, int]]] = [
        (words["speculators"], view.speculators_gold, view.speculators_blue, (120, 120, 120))]
    vaults += [(h.name, h.gold, h.blue, colours[h.name]) for h in view.holders]
    gap = math.sqrt(3) * size  # pointy-top neighbours sit at 0, 60, ... 300 degrees
    spots = [centre] + [(centre[0] + gap * math.cos(math.radians(60 * i - 120)),
                         centre[1] + gap * math.sin(math.radians(60 * i - 120))) for i in range(6)]
    for (name, gold, blue, colour), spot in zip(vaults, spots, strict=False):
        draw.polygon(hex_corners(spot, size - 6), fill=colour, outline=INK)
        ink = contrast_ink(colour)
        draw.text((spot[0], spot[1] - 40), name, font=font(16, bold=True), fill=ink, anchor="mm")
        _pearls(draw, spot, gold, blue)
        draw.text((spot[0], spot[1] + 48), f"{gold} + {blue}", font=font(15), fill=ink, anchor="mm")
    if view.wildcat_banker:  # the second bank (5F6) as a line of vaults: gold + fiduciary each
        line = [f"{words['speculators']} {view.wildcat_speculators[0]} + {view.wildcat_speculators[1]}"]
        line += [f"{name} {g} + {b}" for name, (g, b) in view.wildcat_vaults.items() if g or b]
        homeless = f" — {words['homeless']}" if "wildcat" in view.homeless else ""
        draw.text((30, 690), f"{words['wildcat']} — {words['banker']}: {view.wildcat_banker} — "
                  f"{words['total']}: {view.wildcat_total}{homeless}", font=font(16, bold=True), fill=INK)
        draw.text((30, 716), " · ".join(line)[:110], font=font(14), fill=MUTED)
    return image


def _pearls(draw: ImageDraw.ImageDraw, spot: Any, gold: int, blue: int) -> None:
    shown = [GOLD] * min(gold, 8) + [BLUE] * min(blue, 8)
    for i, colour in enumerate(shown[:12]):
        x = spot[0] - 55 + (i % 6) * 22
        y = spot[1] - 14 + (i // 6) * 22
        draw.ellipse((x - 8, y - 8, x + 8, y + 8), fill=colour, outline=INK)
