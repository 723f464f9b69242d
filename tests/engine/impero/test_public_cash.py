"""Ruling: other players' cash, escrow and OP are private unless the game sets `public_cash`; the
ranking is revealed when the game ends."""

from __future__ import annotations

from engine.impero import GAME
from engine.impero.views import chart_view, market_view
from tests.engine.impero.helpers import new_game


def test_players_money_is_private_unless_public_cash_or_the_game_is_over() -> None:
    state = new_game(n=3)
    assert state.settings.public_cash is False
    assert market_view(state).players == [] and chart_view(state).series == [] and chart_view(state).history == {}
    me = GAME.view(state, state.players[0].id).me
    assert me is not None and me.cash == state.cash[state.players[0].id]  # one's own cash stays visible
    state.status = "finished"
    assert len(market_view(state).players) == 3 and chart_view(state).history
    state.status = "active"
    state.settings.public_cash = True
    assert len(market_view(state).players) == 3
