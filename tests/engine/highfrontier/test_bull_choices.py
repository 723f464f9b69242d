"""The solo player's choices for the Bull, where the rulebook says "a vostra scelta" / "scegliete voi"
(5Lh, 5Lj), and the Bull's reaction after every decision, row 1 included (5Li)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier.models import BULL
from tests.engine.highfrontier.helpers import Table, pid

ME = "Rosso"


def bull_company(t: Table, cid: str, row: int, col: int) -> None:
    t.place(cid, row, col, [None])
    t.state.companies[cid].holes = [BULL, None, None]


def test_5lh_a_tie_for_the_bulls_highest_company_is_yours_to_break() -> None:
    """5Lh: "reinvests its highest company (you choose if there is more than one)"."""
    t = Table(1)
    bull_company(t, "square1", 3, 2)
    bull_company(t, "circle1", 3, 3)
    t.place("triangle1", 1, 1, [ME])
    t.do(ME, type="event_roll", roll=2)
    pick = t.state.bull_pick
    assert pick is not None and pick.why == "decide" and sorted(pick.options) == ["circle1", "square1"]
    before = (t.co("circle1").row, t.co("circle1").col)
    with pytest.raises(RuleError) as err:
        t.do(ME, type="bull_choice", company="triangle1")
    assert err.value.code == "hf.bad_bull_choice"
    t.do(ME, type="bull_choice", company="square1")
    assert (t.co("square1").row, t.co("square1").col) == (2, 3)  # reinvested: down a row, right a column
    assert (t.co("circle1").row, t.co("circle1").col) == before  # the other one untouched


def test_5lj_the_bull_floats_the_company_you_choose_and_waits_at_most_the_deadline() -> None:
    t = Table(1)
    t.place("triangle1", 1, 1, [ME])
    t.do(ME, type="event_roll", roll=5)
    assert t.state.bull_pick is not None and t.state.bull_pick.why == "float"
    assert GAME_awaiting(t) == {pid(ME)}
    t.do(ME, type="bull_choice", company="hexagon1")  # loans, not the first missing shape
    assert t.co("hexagon1").holes[0] == BULL and not t.co("square1").floated
    # unanswered, the choice falls on the first option at the deadline
    t.do(ME, type="turn_end")
    t.do(ME, type="event_roll", roll=5)
    t.do(ME, type="board", company="triangle1", choice="pass")  # row 2 now: ours to decide, then the Bull's
    options = list(t.state.bull_pick.options) if t.state.bull_pick else []
    assert options
    t.wait(t.state.settings.decision_hours + 1)
    assert t.state.bull_pick is None and t.co(options[0]).holes[0] == BULL


def test_5lj_the_bulls_lowest_company_on_a_tie_is_yours_to_choose() -> None:
    """5Lj: nothing to float: its lowest company rises ("you choose if there is more than one")."""
    t = Table(1)
    for cid, row, col in (("square1", 2, 2), ("circle1", 2, 4), ("hexagon1", 5, 4)):
        bull_company(t, cid, row, col)
    t.place("triangle1", 1, 1, [ME])
    t.state.holders[BULL].share_tokens = 3  # no share left: no float (5Lj), the lowest rises
    t.do(ME, type="event_roll", roll=5)
    while t.state.bull_pick is not None and t.state.bull_pick.why == "decide":
        t.do(ME, type="bull_choice", company=t.state.bull_pick.options[0])
    pick = t.state.bull_pick
    assert pick is not None and pick.why == "raise" and sorted(pick.options) == ["circle1", "square1"]
    t.do(ME, type="bull_choice", company="circle1")
    assert (t.co("circle1").row, t.co("square1").row) == (3, 2)


def test_5li_the_bull_reacts_after_your_row_1_company_too() -> None:
    """5Li: after each decision "taken or skipped": a row-1 company skips, and the Bull buys its hole."""
    t = Table(1)
    t.place("triangle1", 1, 1, [ME])
    t.do(ME, type="event_roll", roll=5)
    assert t.co("triangle1").holes.count(BULL) == 1 and "hf.bull_buys" in t.event_keys()


def GAME_awaiting(t: Table) -> set[str]:
    from engine.highfrontier import GAME

    return GAME.awaiting(t.state)


@pytest.mark.parametrize("kind", ["lobby", "research"])
def test_5lb_5lc_a_lobby_or_a_research_auction_costs_one_aqua_against_the_bull(kind: str) -> None:
    """5Lb: "Pay 1 Aqua" to lobby; 5Lc: "Pay 1 Aqua" to start and win a research auction."""
    t = Table(1)
    t.give(ME, 10)
    with pytest.raises(RuleError) as err:
        t.do(ME, type="ledger", kind=kind, amount=3, income=False)
    assert err.value.code == "hf.solo_cost" and t.aqua(ME) == 10
    t.do(ME, type="ledger", kind=kind, amount=1, income=False)
    assert t.aqua(ME) == 9
    # the litigation lobby is charged by Araldo itself: 1 Aqua, free after the flip (5Lb)
    t.do(ME, type="litigate", law="individualism")
    assert t.aqua(ME) == 8
    t.do(ME, type="turn_end")
    t.do(ME, type="first_isotope", domes={})
    t.do(ME, type="litigate", law="individualism")
    assert t.state.holders[pid(ME)].aqua == 0  # crashed; and nothing charged
