"""The players' record ranks a finished High Frontier game by Module 5's victory points."""

from __future__ import annotations

from engine.highfrontier import GAME
from engine.highfrontier.scoring import score
from tests.engine.highfrontier.helpers import Table


def test_final_standing_follows_victory_points() -> None:
    state = Table(3).state
    a, b, c = (p.id for p in state.players)
    state.holders[b].base_vp, state.holders[c].base_vp = 50, 20
    GAME.finish(state, [a], "test")
    assert score(state, b).total > score(state, c).total
    assert GAME.ranking(state) == [[a], [b], [c]]
