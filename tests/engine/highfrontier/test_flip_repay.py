"""5Ec: at the flip players *may* repay debt cubes (4 Aqua each, doubled by inflation) with the Aqua
about to crash; the cubes left become one-pearl debts."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier.models import Loan
from tests.engine.highfrontier.helpers import Table, pid


def indebted(aqua: int) -> Table:
    t = Table(2)
    t.give("Rosso", aqua)
    t.state.holders[pid("Rosso")].loans = [Loan(cubes=2, due=9, taken=1), Loan(cubes=1, due=5, taken=1)]
    return t


def test_5ec_the_player_chooses_how_many_cubes_to_repay() -> None:
    t = indebted(10)  # 10 Aqua: two cubes at most
    events = t.do("Rosso", type="first_isotope", domes={})
    ask = next(e for e in events if e.key == "hf.flip_repay_ask")
    assert ask.to == [pid("Rosso")] and ask.params["most"] == 2 and ask.params["price"] == 4
    assert t.aqua("Rosso") == 0 and t.state.flipped  # the Aqua crashed; what it may repay is set aside
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="turn_end")  # the table waits for the answer
    assert err.value.code == "hf.wait"
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="flip_repay", cubes=3)
    assert err.value.code == "hf.flip_repay_most"
    t.do("Rosso", type="flip_repay", cubes=1)  # the earliest loan first
    loans = t.state.holders[pid("Rosso")].loans
    assert [(loan.cubes, loan.due, loan.pearls) for loan in loans] == [(2, 9, True)]
    assert t.state.flip_repay == {}


def test_5ec_repaying_nothing_is_allowed_and_silence_repays_all_it_can() -> None:
    t = indebted(10)
    t.do("Rosso", type="first_isotope", domes={})
    t.do("Rosso", type="flip_repay", cubes=0)  # "may": keeping every cube as a pearl debt
    assert sum(loan.cubes for loan in t.state.holders[pid("Rosso")].loans) == 3
    t = indebted(10)
    t.do("Rosso", type="first_isotope", domes={})
    t.wait(t.state.settings.decision_hours + 1)  # unanswered: Araldo repays what it can, in the player's interest
    assert [loan.cubes for loan in t.state.holders[pid("Rosso")].loans] == [1]


def test_5ec_nobody_is_asked_who_cannot_afford_a_cube() -> None:
    t = indebted(3)
    events = t.do("Rosso", type="first_isotope", domes={})
    assert "hf.flip_repay_ask" not in [e.key for e in events] and t.state.flip_repay == {}
    assert all(loan.pearls for loan in t.state.holders[pid("Rosso")].loans)
