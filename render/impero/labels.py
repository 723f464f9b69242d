"""The words on Impero's pictures: their i18n keys, the Italian defaults, money and the title line."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from PIL import ImageDraw

from render.common import draw_title

LABEL_KEYS: dict[str, str] = {
    "money": "impero.label.money",
    "title": "impero.label.title",
    "deadline": "impero.label.deadline",
    "when": "impero.label.when",
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
    "when": "%d/%m/%Y %H:%M",  # a moment as the picture's language writes it (strftime)
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


def whole_money(dollars: int, lab: Mapping[str, str]) -> str:
    """Whole dollars as the picture's language writes them, without cents ("1.200 $", "$1,200"): an
    axis's round ticks."""
    pattern, thousands, _ = (lab.get("money") or DEFAULT_LABELS["money"]).split("|")
    text = pattern.format(units=f"{abs(dollars):,}".replace(",", thousands), decimal="", cents="")
    return f"-{text}" if dollars < 0 else text


def _fmt(template: str, **values: Any) -> str:
    try:
        return template.format(**values)
    except (KeyError, IndexError, ValueError):
        return template


def deadline_text(deadline: str, lab: Mapping[str, str]) -> str:
    """The turn's end ("2026-11-24 09:00", the game's local time) as the picture's language writes it:
    "24/11/2026 09:00", "Nov 24 2026, 09:00"."""
    try:
        moment = datetime.strptime(deadline, "%Y-%m-%d %H:%M")
    except ValueError:
        return deadline
    return moment.strftime(lab.get("when") or DEFAULT_LABELS["when"])


def _title(draw: ImageDraw.ImageDraw, lab: dict[str, str], turn: int, turns: int, deadline: str,
           tz: str) -> int:
    sub = _fmt(lab["deadline"], deadline=deadline_text(deadline, lab), tz=tz) if deadline else lab["final"]
    return draw_title(draw, (16, 12), _fmt(lab["title"], turn=turn, turns=turns), sub, size=32, sub_size=20)
