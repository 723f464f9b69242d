"""The Interstellar Casino: the rulebook's escalation example, the shared roll, forced play."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.galactica import GAME, casino
from engine.galactica.fleets import fleet_at
from tests.engine.galactica.helpers import at, check, cur, place, started


def _at_casino(n: int = 2):
    state = started(n, seed=5)
    place(state, "E4", "casino-1")
    for p in state.order:
        fleet = fleet_at(state, p, state.corners[p])
        assert fleet is not None
        fleet.cell = "E4"
    return state


def test_escalation_example() -> None:
    """1,000 on the table; a tie, 1,000 more (2,000); a tie, 2,000 more (4,000); a 7 pays 8,000."""
    state = _at_casino()
    me = cur(state)
    start = state.factions[me].ndri
    casino.bet(state, me, "E4", 1_000)
    casino.settle_roll(state, "E4", [me], [2, 2])  # 4: a tie
    assert state.casino["E4"][me].status == "tied" and state.casino["E4"][me].pot == 1_000
    with pytest.raises(RuleError) as err:
        casino.bet(state, me, "E4", 999)
    assert err.value.code == "galactica.bet_too_low" and err.value.params["minimum"] == 1_000
    casino.bet(state, me, "E4", 1_000)
    assert state.casino["E4"][me].pot == 2_000
    casino.settle_roll(state, "E4", [me], [3, 3])  # 6: a tie
    with pytest.raises(RuleError):
        casino.bet(state, me, "E4", 1_999)
    casino.bet(state, me, "E4", 2_000)
    assert state.casino["E4"][me].pot == 4_000
    events = casino.settle_roll(state, "E4", [me], [3, 4])  # 7: the whole pot doubles
    assert any(e.key == "galactica.casino_won" and e.params["amount"] == 8_000 for e in events)
    assert state.factions[me].ndri == start - 4_000 + 8_000
    assert state.casino_bank == -4_000 and "E4" not in state.casino


def test_one_roll_for_everyone_on_the_tile() -> None:
    state = _at_casino(3)
    a, b, c = state.order
    for p in (a, b, c):
        casino.bet(state, p, "E4", 1_000 if p != c else 3_000)
    casino.settle_roll(state, "E4", [a, b, c], [1, 1])  # 2: everyone loses their own stake
    assert state.casino_bank == 5_000 and "E4" not in state.casino
    for p in (a, b):
        casino.bet(state, p, "E4", 2_000)
    casino.settle_roll(state, "E4", [a, b], [5, 6])  # 11: everyone wins double their own stake
    assert state.casino_bank == 5_000 - 4_000


def test_forced_play_and_the_round_end_roll() -> None:
    state = _at_casino(2)
    me = cur(state)
    GAME.apply(state, me, {"type": "end_phase"}, at(1))
    GAME.apply(state, me, {"type": "end_phase"}, at(2))
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "end_phase"}, at(3))
    assert err.value.code == "galactica.must_play_casino"
    GAME.apply(state, me, {"type": "casino_bet", "fleet": "E4", "amount": 1_000}, at(4))
    GAME.apply(state, me, {"type": "end_phase"}, at(5))
    other = cur(state)
    assert other != me
    for n in range(2):
        GAME.apply(state, other, {"type": "end_phase"}, at(6 + n))
    GAME.apply(state, other, {"type": "casino_bet", "fleet": "E4", "amount": 2_000}, at(8))
    before = state.rng.draws
    events = GAME.apply(state, other, {"type": "end_phase"}, at(9))  # the round ends: one roll
    rolls = [e for e in events if e.key == "galactica.casino_roll"]
    assert len(rolls) == 1 and sorted(rolls[0].params["players"]) == ["P1", "P2"]
    assert state.rng.draws > before
    check(state)
