"""Impero's moves on the player's web page, as `/impero me` offers them: Accept / Refuse for each offer
made to them, then the panel's groups (network, market, companies, money) worded by the panel's
`label`; a move with amounts asks them as the panel's form does (its fields, its sample values, its
units: dollars as every command takes them). Places: the node and the company a move names (a
listing's company for a purchase), by the ids the board's places have (render/impero/grid.py): an
action names a company by its name, as a player types it, so the name is turned into its id here."""

from __future__ import annotations

from functools import partial

from bot.cogs.impero.panel import CHOSEN, GROUPS, grouped, label, read, written
from bot.cogs.impero.views import MAX_OFFERS_SHOWN
from bot.i18n import t
from bot.tablemoves import Input, Reading, TableMove, places_in
from engine.core import GameState
from engine.impero.models import ImperoState

READERS: dict[str, Reading] = {unit: partial(read, unit=unit) for unit in ("money", "percent", "count", "text")}


def places(state: ImperoState, data: dict[str, object]) -> tuple[str, ...]:
    listing = next((x for x in state.listings if x.id == data.get("listing")), None)
    named = next((c.id for c in state.companies if c.name == data.get("company")), None)
    return places_in({**data, "company": named, "sold": listing.company if listing is not None else None},
                     ("node", "company", "sold"))


def table_moves(state: GameState, player: str, language: str) -> list[TableMove]:
    assert isinstance(state, ImperoState)
    out: list[TableMove] = []
    now = t("core.table.now", language)
    for o in [o for o in state.offers if o.receiver == player][:MAX_OFFERS_SHOWN]:
        params = {"offer": o.id, "amount": o.amount, "sender": state.name_of(o.sender)}
        for what in ("accept", "refuse"):
            out.append(TableMove(now, t(f"impero.ui.{what}", language, **params), {"type": f"{what}_offer", "offer": o.id}))
    for group in GROUPS:
        title = t(f"impero.panel.{group}", language)
        for action in grouped(state, player, group):
            data = action.model_dump(mode="json")
            inputs = tuple(Input(name, t(f"impero.panel.field.{name}", language), f"impero_{unit}",
                                 written(data[name], unit, language)) for name, unit in CHOSEN.get(data["type"], ()))
            out.append(TableMove(title, label(state, action, language), data, places(state, data), inputs,
                                 {f"impero_{unit}": reading for unit, reading in READERS.items()}))
    return out
