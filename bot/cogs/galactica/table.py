"""Imperium Galactica's moves on the player's web page: the panel's own list (`panel_actions`, worded by
`describe`), and the trade offers made to them with the panel's Accept / Refuse words. Places: the
planet, the fleet's cell and the cells of its path."""

from __future__ import annotations

from bot.cogs.galactica.views import KIND, _goods, describe, panel_actions
from bot.i18n import t
from bot.tablemoves import TableMove, places_in
from engine.core import GameState, get_game
from engine.galactica.models import GalacticaState

PLACES = ("planet", "fleet", "path", "at")


def table_moves(state: GameState, player: str, language: str) -> list[TableMove]:
    assert isinstance(state, GalacticaState)
    out: list[TableMove] = []
    for offer in state.offers:
        if offer.to != player:
            continue
        group = t("galactica.ui.offer_line", language, offer=offer.id, frm=state.name_of(offer.frm),
                  give=_goods(offer.give.model_dump(), language), want=_goods(offer.want.model_dump(), language))
        for action in get_game(KIND).legal_actions(state, player):
            data = action.model_dump(mode="json")
            if data["type"] == "trade_answer" and data["offer"] == offer.id:
                words = "accept" if data["accept"] else "refuse"
                out.append(TableMove(group, t(f"galactica.ui.{words}", language, offer=offer.id), data,
                                     places_in(data, PLACES)))
    group = t("galactica.ui.choose", language)
    for action in panel_actions(state, player):
        data = action.model_dump(mode="json")
        out.append(TableMove(group, describe(action, state, language), data, places_in(data, PLACES)))
    return out
