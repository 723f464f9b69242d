"""High Frontier's moves on the player's web page: the buttons of `/hf me` (`panel_actions`, worded by
`action_label`), in one group as there. Places: the company a move names."""

from __future__ import annotations

from bot.cogs.highfrontier.views import action_label, panel_actions
from bot.i18n import t
from bot.tablemoves import TableMove, places_in
from engine.core import GameState
from engine.highfrontier.models import HfState


def table_moves(state: GameState, player: str, language: str) -> list[TableMove]:
    assert isinstance(state, HfState)
    group = t("core.table.now", language)
    out = []
    for action in panel_actions(state, player):
        data = action.model_dump(mode="json")
        out.append(TableMove(group, action_label(state, action, language, player), data, places_in(data, ("company",))))
    return out
