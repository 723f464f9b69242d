"""Impero's pictures: the map, the market board and the cash chart.

Every renderer takes a view (never the state) and an optional `labels` mapping of already
localized strings. Words are the cog's business: it resolves `LABEL_KEYS` (i18n keys present in
bot/locales/*/impero.po) with `bot.i18n.t` and passes the result. Without labels the built-in
Italian defaults are used (Italian is the default language). Labels may be `str.format`
templates with the named fields shown in DEFAULT_LABELS ({turn}, {turns}, {deadline}, {tz}).
Everything else drawn is language-neutral: coordinates, yields, money, company and player names,
symbols (⚡ blackout, ½ halved, ● rented: a dot in the renter's colour).

Signatures: render_map(view: MapView | ImperoView, labels=None), render_market(view: MarketView
| ImperoView, labels=None), render_chart(view: ChartView | ImperoView, labels=None), each
returning a PIL image; registered as ("impero", "board"/"map"), "market" and "chart".
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from engine.impero.view_models import ChartView, ImperoView, MapView, MarketView
from render.common import (
    INK,
    LAND,
    MUTED,
    PAPER,
    WATER,
    contrast_ink,
    draw_legend,
    draw_title,
    font,
    player_colour,
    renderer,
    text_width,
)

# Well-separated hues that are none of the players' (Okabe-Ito, render/common.py): on the market
# board and the chart a company is never mistaken for a player. Company i gets COMPANY_COLOURS[i % 20].
COMPANY_COLOURS: tuple[tuple[int, int, int], ...] = (
    (120, 60, 160), (160, 40, 40), (60, 120, 60), (255, 120, 120), (40, 60, 130),
    (150, 200, 80), (120, 80, 40), (255, 190, 220), (0, 200, 200), (180, 140, 255),
    (100, 100, 20), (255, 80, 180), (30, 30, 90), (200, 170, 120), (0, 90, 90),
    (170, 0, 90), (90, 160, 255), (140, 140, 0), (255, 150, 60), (70, 200, 140),
)
BLACKOUT = (25, 25, 25)
HIGHLIGHT = (230, 0, 126)  # a node the viewer may buy, when they ask to see them
GRID = (205, 198, 180)

LABEL_KEYS: dict[str, str] = {
    "money": "impero.label.money",
    "title": "impero.label.title",
    "deadline": "impero.label.deadline",
    "final": "impero.label.final",
    "free": "impero.label.free",
    "blackout": "impero.label.blackout",
    "halved": "impero.label.halved",
    "buyable": "impero.label.buyable",
    "rented": "impero.label.rented",
    "companies": "impero.label.companies",
    "auctions": "impero.label.auctions",
    "listings": "impero.label.listings",
    "players": "impero.label.players",
    "company": "impero.label.company",
    "ceo": "impero.label.ceo",
    "capital": "impero.label.capital",
    "shares": "impero.label.shares",
    "share_value": "impero.label.share_value",
    "reinvest": "impero.label.reinvest",
    "nodes": "impero.label.nodes",
    "income": "impero.label.income",
    "best_bid": "impero.label.best_bid",
    "bidder": "impero.label.bidder",
    "min_bid": "impero.label.min_bid",
    "closes": "impero.label.closes",
    "seller": "impero.label.seller",
    "quantity": "impero.label.quantity",
    "price": "impero.label.price",
    "player": "impero.label.player",
    "cash": "impero.label.cash",
    "escrow": "impero.label.escrow",
    "net_worth": "impero.label.net_worth",
    "op": "impero.label.op",
    "none": "impero.label.none",
    "chart": "impero.label.chart",
    "turn": "impero.label.turn",
}
DEFAULT_LABELS: dict[str, str] = {
    "money": "{units}{decimal}{cents}\u00a0$|.|,",  # the amount's pattern, thousands and decimal marks
    "title": "Impero — turno {turn}/{turns}",
    "deadline": "Fine turno: {deadline} ({tz})",
    "final": "Partita conclusa",
    "free": "libero",
    "blackout": "blackout",
    "halved": "dimezzato",
    "buyable": "acquistabile da te",
    "rented": "in affitto (● = affittuario)",
    "companies": "Società",
    "auctions": "Aste aperte",
    "listings": "Mercato secondario",
    "players": "Giocatori",
    "company": "Società",
    "ceo": "AD",
    "capital": "Capitale",
    "shares": "Azioni",
    "share_value": "Valore/az.",
    "reinvest": "Reinv.",
    "nodes": "Nodi",
    "income": "Rendita",
    "best_bid": "Offerta",
    "bidder": "Offerente",
    "min_bid": "Minimo",
    "closes": "Chiude",
    "seller": "Venditore",
    "quantity": "Q.tà",
    "price": "Prezzo",
    "player": "Giocatore",
    "cash": "Contanti",
    "escrow": "Vincolato",
    "net_worth": "Patrimonio",
    "op": "PO",
    "none": "—",
    "chart": "Capitale per turno",
    "turn": "Turno",
}

CELL = 26
LEFT = 44
TOP = 96
LEGEND_W = 300


def company_colour(index: int) -> tuple[int, int, int]:
    return COMPANY_COLOURS[index % len(COMPANY_COLOURS)]


def _labels(labels: Mapping[str, str] | None) -> dict[str, str]:
    merged = dict(DEFAULT_LABELS)
    if labels:
        merged.update(labels)
    return merged


def money(cents: int, lab: Mapping[str, str]) -> str:
    """Dollars as the picture's language writes them ("1.234,50 $", "$1,234.50"): the pattern and
    marks come with the labels (`money` = "pattern|thousands|decimal")."""
    pattern, thousands, decimal = (lab.get("money") or DEFAULT_LABELS["money"]).split("|")
    units = f"{abs(cents) // 100:,}".replace(",", thousands)
    text = pattern.format(units=units, decimal=decimal, cents=f"{abs(cents) % 100:02d}")
    return f"-{text}" if cents < 0 else text


def _fmt(template: str, **values: Any) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def _title(draw: ImageDraw.ImageDraw, lab: dict[str, str], turn: int, turns: int, deadline: str,
           tz: str) -> int:
    sub = _fmt(lab["deadline"], deadline=deadline, tz=tz) if deadline else lab["final"]
    return draw_title(draw, (16, 12), _fmt(lab["title"], turn=turn, turns=turns), sub)


# ---- map -----------------------------------------------------------------------------------
def cell_box(col: int, row: int) -> tuple[int, int, int, int]:
    """The pixel box of a grid cell (tests use it to probe colours)."""
    x = LEFT + col * CELL
    y = TOP + row * CELL
    return x, y, x + CELL - 1, y + CELL - 1


@cache
def _base_map(cols: int, rows: int, land: frozenset[tuple[int, int]]) -> Image.Image:
    """Sea, free land and the coordinate rulers: drawn once per map shape, then copied."""
    width = LEFT + cols * CELL + 16 + LEGEND_W
    height = max(TOP + rows * CELL + 30, 520)
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    d.rectangle((LEFT, TOP, LEFT + cols * CELL - 1, TOP + rows * CELL - 1), fill=WATER)
    coord = font(11, bold=True)
    for c in range(cols):
        letter = chr(ord("A") + c)
        x = LEFT + c * CELL + (CELL - text_width(d, letter, coord)) // 2
        d.text((x, TOP - 16), letter, font=coord, fill=MUTED)
        d.text((x, TOP + rows * CELL + 3), letter, font=coord, fill=MUTED)
    for r in range(rows):
        label = str(r + 1)
        y = TOP + r * CELL + (CELL - 13) // 2
        d.text((LEFT - 6 - text_width(d, label, coord), y), label, font=coord, fill=MUTED)
    for col, row in land:
        d.rectangle(cell_box(col, row), fill=LAND, outline=GRID)
    return img


def render_map(view: MapView | ImperoView, labels: Mapping[str, str] | None = None) -> Image.Image:
    v = view.map if isinstance(view, ImperoView) else view
    lab = _labels(labels)
    img = _base_map(v.cols, v.rows, frozenset((n.col, n.row) for n in v.nodes)).copy()
    d = ImageDraw.Draw(img)
    _title(d, lab, v.turn, v.turns, v.deadline_local, v.timezone)
    colour_of = {c.id: company_colour(c.colour) for c in v.companies}
    small = font(11, bold=True)
    tiny = font(9, bold=True)
    initial_font = font(8, bold=True)
    initials_of = company_marks(v.companies)
    mark_width = {m: text_width(d, m, initial_font) for m in initials_of.values()}  # once per company
    marked = set(v.highlight)
    for n in v.nodes:
        x0, y0, x1, y1 = box = cell_box(n.col, n.row)
        fill = colour_of.get(n.owner or "", LAND)
        if n.owner:
            d.rectangle(box, fill=fill, outline=INK)
        ink = contrast_ink(fill)
        if n.blackout:
            d.rectangle((x0 + 4, y0 + 4, x1 - 4, y1 - 4), fill=BLACKOUT)
            ink = (255, 220, 0)
        if n.halved:
            d.polygon([(x1, y1 - 11), (x1, y1), (x1 - 11, y1)], fill=BLACKOUT)
        text = str(n.value)
        fnt = small if n.value < 10 or not n.renters else tiny
        w = text_width(d, text, fnt)
        owned = n.owner in initials_of
        d.text((x0 + (CELL - w) // 2, y0 + (11 if owned else (CELL - 13) // 2)), text, font=fnt, fill=ink)
        if owned:  # whose cell it is, in letters, not only in colour: the initials above the yield
            mark = initials_of[n.owner or ""]
            d.text((x0 + (CELL - mark_width[mark]) // 2, y0 + 1), mark, font=initial_font, fill=ink)
        for i, renter in enumerate(n.renters[:2]):  # one dot per renter, in the renter's colour
            dx = i * 8
            d.ellipse((x1 - 8 - dx, y0 + 1, x1 - 1 - dx, y0 + 8), fill=colour_of.get(renter, (255, 255, 255)),
                      outline=(255, 255, 255))
        if n.id in marked:
            d.rectangle((x0 + 1, y0 + 1, x1 - 1, y1 - 1), outline=HIGHLIGHT, width=3)
    _map_legend(d, v, lab, LEFT + v.cols * CELL + 16)
    return img


def company_marks(companies: Any) -> dict[str, str]:
    """Each company's mark, unique on the map: its initials, else its first letter and its trailing
    number or last letter ("Soc1" -> "S1"), else its first letter and its place in the list."""
    marks: dict[str, str] = {}
    taken: set[str] = set()
    firsts = [initials(c.name) for c in companies]
    for i, c in enumerate(companies):
        digits = c.name[len(c.name.rstrip("0123456789")):]
        for mark in (firsts[i] if firsts.count(firsts[i]) == 1 else "", (c.name[:1] + (digits or c.name[-1:])).upper(),
                     f"{c.name[:1].upper()}{i + 1}"):
            if mark and mark not in taken:
                break
        marks[c.id] = mark
        taken.add(mark)
    return marks


def initials(name: str) -> str:
    """A company's mark on its cells: the first letters of its first two words ("Telco" -> "TE")."""
    words = [w for w in name.split() if w[:1].isalnum()] or [name]
    text = "".join(w[0] for w in words[:2]) if len(words) > 1 else words[0][:2]
    return text.upper()


def _map_legend(d: ImageDraw.ImageDraw, v: MapView, lab: dict[str, str], x: int) -> None:
    y = TOP
    fnt = font(15)
    d.rectangle((x, y, x + 16, y + 16), fill=LAND, outline=INK)
    d.text((x + 24, y - 1), lab["free"], font=fnt, fill=INK)
    y += 24
    d.rectangle((x, y, x + 16, y + 16), fill=NEUTRAL_OWNED, outline=INK)
    d.rectangle((x + 4, y + 4, x + 12, y + 12), fill=BLACKOUT)
    d.text((x + 24, y - 1), f"⚡ {lab['blackout']}", font=fnt, fill=INK)
    y += 24
    d.rectangle((x, y, x + 16, y + 16), fill=NEUTRAL_OWNED, outline=INK)
    d.polygon([(x + 16, y + 6), (x + 16, y + 16), (x + 6, y + 16)], fill=BLACKOUT)
    d.text((x + 24, y - 1), f"½ {lab['halved']}", font=fnt, fill=INK)
    y += 24
    d.rectangle((x, y, x + 16, y + 16), fill=NEUTRAL_OWNED, outline=INK)
    d.ellipse((x + 8, y + 1, x + 15, y + 8), fill=(255, 255, 255), outline=INK)
    d.text((x + 24, y - 1), lab["rented"], font=fnt, fill=INK)
    if v.highlight:
        y += 24
        d.rectangle((x, y, x + 16, y + 16), fill=LAND, outline=HIGHLIGHT, width=3)
        d.text((x + 24, y - 1), lab["buyable"], font=fnt, fill=INK)
    y += 36
    d.text((x, y), lab["companies"], font=font(16, bold=True), fill=INK)
    y += 26
    marks = company_marks(v.companies)
    items = [(company_colour(c.colour), f"{marks[c.id]} · {c.name}") for c in v.companies]
    if items:
        per_column = 22
        draw_legend(d, (x, y), items[:per_column * 2], columns=2 if len(items) > per_column else 1,
                    column_width=LEGEND_W // 2)
    else:
        d.text((x, y), lab["none"], font=fnt, fill=MUTED)


NEUTRAL_OWNED = (200, 200, 200)


# ---- market board --------------------------------------------------------------------------
def _table(d: ImageDraw.ImageDraw, x: int, y: int, title: str, headers: list[str], rows: list[list[str]],
           widths: list[int], swatches: list[tuple[int, int, int] | None] | None = None,
           empty: str = "—") -> int:
    d.text((x, y), title, font=font(18, bold=True), fill=INK)
    y += 28
    head = font(13, bold=True)
    body = font(13)
    cx = x
    for h, w in zip(headers, widths, strict=True):
        d.text((cx + 4, y), h, font=head, fill=MUTED)
        cx += w
    y += 20
    d.line((x, y, x + sum(widths), y), fill=INK, width=1)
    y += 4
    if not rows:
        d.text((x + 4, y), empty, font=body, fill=MUTED)
        return y + 28
    for i, row in enumerate(rows):
        if i % 2:
            d.rectangle((x, y - 2, x + sum(widths), y + 18), fill=(240, 236, 226))
        cx = x
        for j, (cell, w) in enumerate(zip(row, widths, strict=True)):
            tx = cx + 4
            if j == 0 and swatches and swatches[i] is not None:
                colour = swatches[i]
                assert colour is not None
                d.rectangle((cx + 4, y + 1, cx + 16, y + 13), fill=colour, outline=INK)
                tx += 18
            d.text((tx, y), cell, font=body, fill=INK)
            cx += w
        y += 22
    return y + 14


def render_market(view: MarketView | ImperoView, labels: Mapping[str, str] | None = None) -> Image.Image:
    v = view.market if isinstance(view, ImperoView) else view
    lab = _labels(labels)
    widths_c = [190, 110, 100, 70, 90, 60, 60, 90]
    width = max(sum(widths_c) + 40, 860)
    height = (140 + 70 * 4 + 22 * (len(v.companies) + len(v.auctions) + len(v.listings) + len(v.players)))
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    y = _title(d, lab, v.turn, v.turns, v.deadline_local, v.timezone) + 8
    y = _table(d, 16, y, lab["companies"],
               [lab["company"], lab["ceo"], lab["capital"], lab["shares"], lab["share_value"], lab["reinvest"],
                lab["nodes"], lab["income"]],
               [[c.name, c.ceo_name, money(c.capital, lab), str(c.shares_total), money(c.share_value, lab),
                 f"{c.reinvest}%", str(len(c.nodes)) + (f"+{len(c.rented)}" if c.rented else ""),
                 money(c.last_income, lab)] for c in v.companies],
               widths_c, [company_colour(c.colour) for c in v.companies], lab["none"])
    colour_of = {c.id: company_colour(c.colour) for c in v.companies}
    y = _table(d, 16, y, lab["auctions"],
               [lab["company"], lab["best_bid"], lab["bidder"], lab["min_bid"], lab["closes"]],
               [[a.company_name, money(a.best_bid, lab) if a.best_bidder else "—", a.best_bidder_name or "—",
                 money(a.min_bid, lab), a.closes_local] for a in v.auctions],
               [190, 110, 150, 110, 180], [colour_of.get(a.company) for a in v.auctions], lab["none"])
    y = _table(d, 16, y, lab["listings"],
               ["#", lab["company"], lab["seller"], lab["quantity"], lab["price"]],
               [[x.id, x.company_name, x.seller_name, str(x.quantity), money(x.price, lab)] for x in v.listings],
               [60, 190, 150, 70, 110], None, lab["none"])
    if v.players:  # players' money is shown only when the game makes it public
        _table(d, 16, y, lab["players"],
               [lab["player"], lab["cash"], lab["escrow"], lab["net_worth"], lab["op"]],
               [[p.name, money(p.cash, lab), money(p.escrow, lab), money(p.net_worth, lab), str(p.op)]
                for p in sorted(v.players, key=lambda p: -p.cash)],
               [190, 120, 120, 130, 60], [player_colour(p.colour) for p in sorted(v.players, key=lambda p: -p.cash)],
               lab["none"])
    return img


# ---- cash chart ----------------------------------------------------------------------------
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


@renderer("impero", "board")
def _board(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_map(view, labels)


@renderer("impero", "map")
def _map(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_map(view, labels)


@renderer("impero", "market")
def _market(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_market(view, labels)


@renderer("impero", "chart")
def _chart(view: Any, labels: Mapping[str, str] | None = None) -> Image.Image:
    return render_chart(view, labels)
