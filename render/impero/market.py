"""Impero's market board: the tables of companies, open auctions, share listings and players' money."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.impero.view_models import ImperoView, MarketView
from render.common import INK, MUTED, PAPER, font, player_colour
from render.impero.companies import company_colour
from render.impero.labels import _labels, _title, money

# Read about 550 px wide in a chat: the columns are as wide as their words, so 17 px type on a
# picture about 900 px wide shows at 10 px or more
TYPE = 17
ROW = 26
PAD = 14  # between columns


def _widths(headers: list[str], rows: list[list[str]], swatch: bool) -> list[int]:
    """Each column as wide as its widest word (a company's colour before its name in the first)."""
    head, body = font(TYPE, bold=True), font(TYPE)
    out = []
    for j, header in enumerate(headers):
        cells = [body.getlength(row[j]) for row in rows]
        extra = TYPE + 6 if j == 0 and swatch else 0
        out.append(int(max([head.getlength(header), *cells]) + extra + PAD))
    return out


def _table(d: ImageDraw.ImageDraw, x: int, y: int, title: str, headers: list[str], rows: list[list[str]],
           widths: list[int], swatches: list[tuple[int, int, int] | None] | None = None,
           empty: str = "—") -> int:
    d.text((x, y), title, font=font(TYPE + 4, bold=True), fill=INK)
    y += TYPE + 14
    head = font(TYPE, bold=True)
    body = font(TYPE)
    cx = x
    for h, w in zip(headers, widths, strict=True):
        d.text((cx + 4, y), h, font=head, fill=MUTED)
        cx += w
    y += ROW - 2
    d.line((x, y, x + sum(widths), y), fill=INK, width=1)
    y += 4
    if not rows:
        d.text((x + 4, y), empty, font=body, fill=MUTED)
        return y + ROW + 8
    for i, row in enumerate(rows):
        if i % 2:
            d.rectangle((x, y - 2, x + sum(widths), y + ROW - 4), fill=(240, 236, 226))
        cx = x
        for j, (cell, w) in enumerate(zip(row, widths, strict=True)):
            tx = cx + 4
            if j == 0 and swatches and swatches[i] is not None:
                colour = swatches[i]
                assert colour is not None
                d.rectangle((cx + 4, y + 2, cx + 4 + TYPE - 2, y + TYPE), fill=colour, outline=INK)
                tx += TYPE + 6
            d.text((tx, y), cell, font=body, fill=INK)
            cx += w
        y += ROW
    return y + 14


def render_market(view: MarketView | ImperoView, labels: Mapping[str, str] | None = None) -> Image.Image:
    v = view.market if isinstance(view, ImperoView) else view
    lab = _labels(labels)
    players = sorted(v.players, key=lambda p: -p.cash)
    Colours = list[tuple[int, int, int] | None] | None
    tables: list[tuple[str, list[str], list[list[str]], Colours]] = [
        (lab["companies"], [lab["company"], lab["ceo"], lab["capital"], lab["shares"], lab["share_value"],
                            lab["reinvest"], lab["nodes"], lab["income"]],
         [[c.name, c.ceo_name, money(c.capital, lab), str(c.shares_total), money(c.share_value, lab),
           f"{c.reinvest}%", str(len(c.nodes)) + (f"+{len(c.rented)}" if c.rented else ""),
           money(c.last_income, lab)] for c in v.companies],
         [company_colour(c.colour) for c in v.companies]),
        (lab["auctions"], [lab["company"], lab["best_bid"], lab["bidder"], lab["min_bid"], lab["closes"]],
         [[a.company_name, money(a.best_bid, lab) if a.best_bidder else "—", a.best_bidder_name or "—",
           money(a.min_bid, lab), a.closes_local] for a in v.auctions],
         [{c.id: company_colour(c.colour) for c in v.companies}.get(a.company) for a in v.auctions]),
        (lab["listings"], ["#", lab["company"], lab["seller"], lab["quantity"], lab["price"]],
         [[x.id, x.company_name, x.seller_name, str(x.quantity), money(x.price, lab)] for x in v.listings], None),
    ]
    if v.players:  # players' money is shown only when the game makes it public
        tables.append((lab["players"], [lab["player"], lab["cash"], lab["escrow"], lab["net_worth"], lab["op"]],
                       [[p.name, money(p.cash, lab), money(p.escrow, lab), money(p.net_worth, lab), str(p.op)]
                        for p in players], [player_colour(p.colour) for p in players]))
    widths = [_widths(headers, rows, swatches is not None) for _, headers, rows, swatches in tables]
    width = max([sum(w) + 32 for w in widths] + [640])
    height = 100 + sum(TYPE + 14 + ROW + 2 + ROW * max(1, len(rows)) + 14 for _, _, rows, _ in tables) + 16
    img = Image.new("RGB", (width, height), PAPER)
    d = ImageDraw.Draw(img)
    y = _title(d, lab, v.turn, v.turns, v.deadline_local, v.timezone) + 8
    for (title, headers, rows, swatches), w in zip(tables, widths, strict=True):
        y = _table(d, 16, y, title, headers, rows, w, swatches, lab["none"])
    return img
