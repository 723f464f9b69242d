"""The round limit ends the game as its last round ends: nobody is called to a turn of a round that is
never played, and nobody collects for it (the ranking's Ndri are those of the last round played)."""

from __future__ import annotations

from engine.galactica import GAME
from engine.galactica.turns import current
from tests.engine.galactica.helpers import at, started


def test_the_last_turn_of_the_last_round_ends_the_game_without_calling_anyone() -> None:
    state = started(3, max_rounds=1)
    events = []
    for minute in range(1, 40):
        if state.status != "active":
            break
        ndri = {p: state.factions[p].ndri for p in state.order}
        events = GAME.apply(state, current(state), {"type": "end_phase"}, at(minute))
    assert state.status == "finished" and state.end_reason == "round_limit"
    keys = [e.key for e in events]
    assert "core.turn_ping" not in keys and "galactica.turn" not in keys, keys  # no call to a dead round
    assert {p: state.factions[p].ndri for p in state.order} == ndri  # and nobody collected for it
