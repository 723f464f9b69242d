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
from render.places import Places, rect, shaper

LABELS = {"year": "Year", "inflation": "INFLATION 2X", "flipped": "post-monetization", "price": "price",
          "red": "insolvency", "hedge": "Hedge funds", "shares": "shares", "cubes": "cubes",
          "default": "Default token", "speculators": "Speculators", "bank": "Isotope bank",
          "banker": "banker", "total": "isotope total", "wildcat": "Wildcat bank", "meeting": "Board meeting",
          "aqua": "Aqua", "homeless": "homeless", "turn": "Turn", "over": "Game over", "proxy": "Proxy fight",
          "pending": "reports to confirm",
          "vp": "VP", "debt": "debt", "bull": "The Bull", "gold_side": "gold side", "blue_side": "blue side",
          "legend_holes": "Token holes: the top one (★) is the president; black = the Bull",
          "legend_bull": "Dark cells: the bull zone (immune to proxy fights)",
          "legend_dots": "Dots left of a row: its dividend dots; black side = ET company",
          "legend_pearls": "0+2 = isotopes + fiduciary pearls",
          "patents1": "Patents", "patents2": "Patents II", "unicorn1": "Unicorn ET", "unicorn2": "Unicorn ET II",
          "launch1": "Launch", "launch2": "Launch II", "alchemy1": "Alchemy ET", "alchemy2": "Alchemy ET II",
          "finao1": "FINAO", "finao2": "FINAO II", "comet1": "Comet ET", "comet2": "Comet ET II",
          "loans1": "Loans", "loans2": "Loans II", "express1": "Express ET", "express2": "Express ET II"}
CELL_W, CELL_H = 112, 104
LEFT, TOP = 96, 78
BULL_FILL, CELL_FILL, RED_FILL = (55, 55, 60), (236, 230, 214), (214, 120, 110)
BULL_COLOUR = (20, 20, 20)
GOLD, BLUE = (212, 175, 55), (70, 110, 200)
DOT = (190, 140, 30)
# token centres inside a cell, by stacking order: two side by side under the value, then a row lower
SLOTS = ((30, 52), (82, 52), (30, 84), (82, 84))


def _words(labels: dict[str, str] | None) -> dict[str, str]:
    return {**LABELS, **(labels or {})}


def _colours(view: HfView) -> dict[str, tuple[int, int, int]]:
    colours = {h.name: player_colour(i) for i, h in enumerate(view.holders)}
    colours["Toro"] = BULL_COLOUR
    return colours


def _token(draw: ImageDraw.ImageDraw, c: CompanyView, cx: float, cy: float, words: dict[str, str],
           colours: dict[str, tuple[int, int, int]], cell: tuple[int, int, int], r: int = 19,
           named: bool = True) -> None:
    fill = (250, 250, 250) if c.side == "white" else (40, 40, 40)
    edge = INK if c.side == "white" else (230, 230, 230)
    if c.shape == "square":
        draw.rectangle((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    elif c.shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=2)
    elif c.shape == "triangle":
        draw.polygon([(cx, cy - r - 4), (cx - r - 3, cy + r - 1), (cx + r + 3, cy + r - 1)], fill=fill, outline=edge)
    else:
        draw.polygon(hex_corners((cx, cy), r + 2), fill=fill, outline=edge)
    # the three holes: apex (the president) on top; the Bull's are black
    hole = max(5, r // 3)
    for i, (dx, dy) in enumerate(((0, -hole - 2), (-hole - 2, hole + 1), (hole + 2, hole + 1))):
        holder = c.holes[i]
        colour = colours.get(holder, MUTED) if holder else (205, 205, 205)
        draw.ellipse((cx + dx - hole, cy + dy - hole, cx + dx + hole, cy + dy + hole), fill=colour, outline=edge)
    if named:  # alone in its cell; in a crowded one the shape says which (see the legend)
        name = words.get(c.label, c.label)
        draw.text((cx, cy + r + 10), name, font=font(15, bold=True), fill=contrast_ink(cell), anchor="mm",
                  stroke_width=2, stroke_fill=cell)


def _dots(draw: ImageDraw.ImageDraw, x: int, y: int, n: int) -> None:
    """A row's dividend dots, in two lines of three, left of the row."""
    for i in range(n):
        cx, cy = x + (i % 3) * 16, y + (i // 3) * 16
        draw.ellipse((cx - 6, cy - 6, cx + 6, cy + 6), fill=DOT, outline=INK)


def _size(view: HfView) -> tuple[int, int, int]:
    """The market picture's width and height, and where its panel starts."""
    width = LEFT + CELL_W * view.columns + 24
    panel_y = TOP + CELL_H * view.rows + CELL_H // 2 + 50
    floated = [c for c in view.companies if c.floated]
    height = panel_y + 44 * (len(view.holders) + 2) + 270 + (36 if any(h.default for h in view.holders) else 0)
    height += 46 * len(floated) + (16 if floated else 0)
    return width, height, panel_y


def _tokens(view: HfView) -> list[tuple[CompanyView, int, int, int, bool]]:
    """Each floated company's token on the market: (company, centre x, centre y, radius, named). Alone
    in its cell a token is large and named; crowded ones sit side by side, never over the value."""
    crowd: dict[tuple[int, int], int] = {}
    for c in view.companies:
        if c.floated:
            crowd[(c.row, c.col)] = crowd.get((c.row, c.col), 0) + 1
    stacks: dict[tuple[int, int], int] = {}
    out = []
    for c in reversed(view.companies):  # earliest arrival first
        if not c.floated:
            continue
        n = stacks.get((c.row, c.col), 0)
        stacks[(c.row, c.col)] = n + 1
        x, y = LEFT + CELL_W * (c.col - 1), TOP + CELL_H * (view.rows - c.row)
        if crowd[(c.row, c.col)] == 1:
            out.append((c, x + CELL_W // 2, y + 50, 19, True))
        else:
            dx, dy = SLOTS[min(n, len(SLOTS) - 1)]
            out.append((c, x + dx, y + dy - 2, 14, False))
    return out


def title_of(view: HfView, words: dict[str, str]) -> str:
    """"Year 3/24": the game over after its last year says that year, never "Year 25/24"."""
    return f"{words['year']} {min(view.year, view.last_year)}/{view.last_year}"


@renderer("highfrontier", "board")
def market(view: HfView, labels: dict[str, str] | None = None) -> Image.Image:
    """The market, sized to be read when Discord shows it about 550 px wide: big values, tokens under
    them (never over them), the dividend dots of each row, then who owns what and a legend."""
    words = _words(labels)
    colours = _colours(view)
    grid_w = CELL_W * view.columns
    width, height, panel_y = _size(view)
    red_y = TOP + CELL_H * view.rows
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    title = title_of(view, words)
    if view.flipped:
        title += f" · {words['flipped']}"
    draw.text((16, 18), title, font=font(30, bold=True), fill=INK)
    if view.inflation:
        draw.rectangle((width - 250, 16, width - 16, 58), fill=(200, 40, 40))
        draw.text((width - 133, 37), words["inflation"], font=font(20, bold=True), fill=(255, 255, 255), anchor="mm")
    bulls = {tuple(cell) for cell in view.bull_cells}
    for row in range(1, view.rows + 1):
        y = TOP + CELL_H * (view.rows - row)
        draw.text((18, y + 22), str(row), font=font(24, bold=True), fill=MUTED, anchor="mm")
        _dots(draw, 42, y + 16, view.dividends[row - 1] if row <= len(view.dividends) else 0)
        for col in range(1, view.columns + 1):
            x = LEFT + CELL_W * (col - 1)
            fill = BULL_FILL if (row, col) in bulls else CELL_FILL
            draw.rectangle((x, y, x + CELL_W - 2, y + CELL_H - 2), fill=fill, outline=(190, 180, 160))
            draw.text((x + 6, y + 2), str(view.values[row - 1][col - 1]), font=font(26, bold=True),
                      fill=contrast_ink(fill))
    draw.rectangle((LEFT, red_y, LEFT + grid_w - 2, red_y + CELL_H // 2), fill=RED_FILL)
    draw.text((LEFT + 10, red_y + CELL_H // 4), words["red"], font=font(22, bold=True), fill=(255, 255, 255), anchor="lm")
    for col, price in enumerate(view.prices, start=1):
        x = LEFT + CELL_W * (col - 1) + CELL_W // 2
        draw.text((x, red_y + CELL_H // 2 + 24), f"{words['price']} {price}", font=font(20, bold=True),
                  fill=INK, anchor="mm")
    for c, cx, cy, r, named in _tokens(view):
        cell = BULL_FILL if (c.row, c.col) in bulls else CELL_FILL
        _token(draw, c, cx, cy, words, colours, cell, r=r, named=named)
    _panel(draw, view, words, colours, panel_y, width)
    return image


@shaper("highfrontier", "board")
def market_places(view: HfView, labels: dict[str, str] | None = None) -> Places:
    """Each floated company's token on the market (its name under it too, when it has one), named with
    its value and price and its president (★)."""
    words = _words(labels)
    width, height, _panel_y = _size(view)
    out = []
    for c, cx, cy, r, named in _tokens(view):
        label = f"{words.get(c.label, c.label)} · {c.value} · {words['price']} {c.price}"
        if c.holes[0]:
            label += f" · ★{c.holes[0]}"
        out.append(rect(c.id, (cx - r - 4, cy - r - 5, cx + r + 4, cy + r + (18 if named else 2)), label))
    return Places(width, height, out)


def _panel(draw: ImageDraw.ImageDraw, view: HfView, words: dict[str, str],
           colours: dict[str, tuple[int, int, int]], y: int, width: int) -> None:
    """Whose turn, what the table waits on, every player's holdings, the default token, a legend."""
    status = words["over"] if view.finished else f"{words['turn']}: {view.current or '-'}"
    if view.deciding:
        status += f" · {words['meeting']}: {words.get(view.deciding, view.deciding)}"
    if view.proxy:
        status += f" · {words['proxy']}: {words.get(view.proxy, view.proxy)}"
    if view.pending_reports:
        status += f" · {words['pending']}: {view.pending_reports}"
    draw.text((16, y), status, font=font(24, bold=True), fill=INK)
    y += 44
    for h in view.holders:
        draw.rectangle((16, y + 4, 40, y + 28), fill=colours[h.name], outline=INK)
        money = f"{h.gold}+{h.blue}" if view.flipped else f"{h.aqua} {words['aqua']}"
        line = f"{h.name}: {money} · {h.score} {words['vp']} · {words['debt']} {h.debt_cubes}"
        line += f" · {words['hedge']} {h.hedge_shares}/{h.hedge_cubes}"
        draw.text((50, y), line, font=font(22), fill=INK)
        if h.default:  # the default token and its side: on the holder's line, or under it when that is full
            side = words["gold_side"] if view.default_gold else words["blue_side"]
            tag = f"{words['default']} ({side})"
            box = draw.textbbox((0, 0), tag, font=font(18, bold=True))
            if draw.textbbox((50, y), line, font=font(22))[2] + 24 > width - box[2] - 30:
                y += 36
            draw.rectangle((width - box[2] - 30, y, width - 12, y + 30), fill=GOLD if view.default_gold else BLUE)
            draw.text((width - 21, y + 15), tag, font=font(18, bold=True), fill=(255, 255, 255), anchor="rm")
        y += 40
    if view.solo:
        draw.rectangle((16, y + 4, 40, y + 28), fill=BULL_COLOUR, outline=INK)
        draw.text((50, y), f"{words['bull']}: {words['hedge']} {view.bull_hedges}/3", font=font(22), fill=INK)
        y += 40
    y = _holdings(draw, view, words, colours, y + 8)
    y += 8
    shapes = (("square", "patents1", "unicorn1"), ("triangle", "launch1", "alchemy1"),
              ("circle", "finao1", "comet1"), ("hexagon", "loans1", "express1"))
    for i, (shape, white, black) in enumerate(shapes):  # which shape is which company, both sides
        x = 16 + (i % 2) * (width // 2)
        icon = CompanyView(id=shape, label=white, shape=shape, side="white", floated=True, row=0, col=0, value=0,
                           price=0, bull=False, holes=[None, None, None], president=None)
        _token(draw, icon, x + 14, y + 14 + (i // 2) * 34, words, colours, PAPER, r=12, named=False)
        draw.text((x + 36, y + 14 + (i // 2) * 34), f"{words.get(white, white)} / {words.get(black, black)}",
                  font=font(19), fill=INK, anchor="lm")
    y += 76
    legend = [words["legend_holes"], words["legend_bull"], words["legend_dots"]]
    if view.flipped:
        legend.append(words["legend_pearls"])
    for text in legend:
        draw.text((16, y), text, font=font(20), fill=MUTED)
        y += 28


def _holdings(draw: ImageDraw.ImageDraw, view: HfView, words: dict[str, str],
              colours: dict[str, tuple[int, int, int]], y: int) -> int:
    """Every floated company on a line of its own, at chat size: its token, its name, its cell value
    and price, and its three holes as large swatches with the holders' names, the president first
    (the board's tokens are too small to read them when Discord shows the picture 550 px wide)."""
    floated = [c for c in view.companies if c.floated]
    for c in sorted(floated, key=lambda c: (-c.row, c.col, c.label)):
        _token(draw, c, 32, y + 20, words, colours, PAPER, r=15, named=False)
        name = words.get(c.label, c.label)
        draw.text((58, y + 20), name, font=font(24, bold=True), fill=INK, anchor="lm")
        x = 58 + int(draw.textlength(name, font=font(24, bold=True))) + 14
        where = f"{c.value} · {words['price']} {c.price}"
        draw.text((x, y + 20), where, font=font(22), fill=MUTED, anchor="lm")
        x += int(draw.textlength(where, font=font(22))) + 18
        for i, holder in enumerate(c.holes):
            colour = colours.get(holder, MUTED) if holder else (205, 205, 205)
            draw.rectangle((x, y + 8, x + 24, y + 32), fill=colour, outline=INK, width=3 if i == 0 else 1)
            label = (holder or "—") if i else f"★{holder or '—'}"
            draw.text((x + 30, y + 20), label, font=font(22, bold=i == 0), fill=INK, anchor="lm")
            x += 30 + int(draw.textlength(label, font=font(22, bold=i == 0))) + 16
        y += 46
    return y + (16 if floated else 0)


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
