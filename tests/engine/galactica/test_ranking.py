"""Galactica's final standing for the players' record: the winner, then those still standing by
planets and Ndri (the round limit's own measure), then the eliminated, the last to fall first."""

from __future__ import annotations

from engine.galactica import GAME
from tests.engine.galactica.helpers import started


def test_standing_after_a_round_limit_and_two_eliminations() -> None:
    state = started(4)
    a, b, c, d = state.order
    state.factions[c].out, state.factions[c].out_round = True, 3
    state.factions[d].out, state.factions[d].out_round = True, 5
    state.factions[b].ndri = state.factions[a].ndri - 1000  # equal planets: Ndri decide
    GAME.finish(state, [a], "round_limit")
    assert GAME.ranking(state) == [[a], [b], [d], [c]]


def test_equal_survivors_tie() -> None:
    state = started(3)
    a, b, c = state.order
    state.factions[b].ndri = state.factions[c].ndri
    GAME.finish(state, [a], "round_limit")
    assert GAME.ranking(state) == [[a], sorted([b, c], key=state.order.index)]
