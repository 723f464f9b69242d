"""Impero's market board: the tables of companies, open auctions, share listings and players' money."""

from __future__ import annotations

from collections.abc import Mapping

from PIL import Image, ImageDraw

from engine.impero.view_models import ImperoView, MarketView
from render.common import INK, MUTED, PAPER, font, player_colour
from render.impero.companies import company_colour
from render.impero.labels import _labels, _title, money


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
