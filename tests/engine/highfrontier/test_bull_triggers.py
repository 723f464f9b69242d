"""The solo Bull says what made it move (5Lg-5Lk): each reaction opens with a sentence naming its trigger."""

from __future__ import annotations

import pytest

from engine.highfrontier.models import BULL
from tests.engine.highfrontier.helpers import Table, pid

ME = "Rosso"


def told(t: Table) -> list[tuple[str, dict[str, object]]]:
    return [(e.key, e.params) for e in t.events if e.key.startswith("hf.bull_on.")]


def before(t: Table, first: str, then: str) -> bool:
    keys = t.event_keys()
    return first in keys and then in keys and keys.index(first) < keys.index(then)


def test_a_skipped_decision_in_row_1_is_named_before_the_bulls_buy() -> None:
    t = Table(1)
    t.give(ME, 30)
    t.do(ME, type="float", company="triangle1")
    t.do(ME, type="event_roll", roll=5)
    assert ("hf.bull_on.skipped", {"company": "launch1"}) in told(t)
    assert before(t, "hf.bull_on.skipped", "hf.bull_buys")
    # then the closing move (5Lj) is announced, before the table asks which company it floats
    assert before(t, "hf.bull_on.closing", "hf.bull_pick_open")


@pytest.mark.parametrize("choice", ["pass", "reinvest", "dividend"])
def test_each_board_decision_of_yours_is_named_by_the_bulls_reaction(choice: str) -> None:
    t = Table(1)
    t.place("triangle1", 3, 1, [ME])
    t.do(ME, type="event_roll", roll=2)
    assert t.state.meeting == ["triangle1"]
    t.do(ME, type="board", company="triangle1", choice=choice, amount=1)
    assert (f"hf.bull_on.{choice}", {"company": "launch1"}) in told(t)
    assert before(t, f"hf.bull_on.{choice}", "hf.bull_buys")


def test_a_decision_left_to_the_deadline_is_named_as_such() -> None:
    t = Table(1)
    t.place("triangle1", 3, 1, [ME])
    t.do(ME, type="event_roll", roll=2)
    t.wait(t.state.settings.decision_hours + 1)
    assert ("hf.bull_on.timeout", {"company": "launch1"}) in told(t)
    assert before(t, "hf.bull_on.timeout", "hf.bull_buys")


def test_with_no_hole_to_buy_the_bulls_proxy_roll_follows_the_sentence() -> None:
    t = Table(1)
    t.place("triangle1", 3, 1, [ME, ME, ME])  # no hole to buy: the Bull rolls for a proxy fight (5Li)
    t.do(ME, type="event_roll", roll=2)
    t.do(ME, type="board", company="triangle1", choice="pass")
    keys = t.event_keys()
    assert "hf.bull_on.pass" in keys
    i = keys.index("hf.bull_on.pass")
    assert keys[i + 1] in ("hf.bull_proxy_fails", "hf.bull_proxy_roll", "hf.bull_immune_idle")


@pytest.mark.parametrize(("roll", "move"), [(2, "hf.reinvested"), (5, "hf.moved_up")])
def test_the_bulls_own_board_decision_names_the_event_roll(roll: int, move: str) -> None:
    t = Table(1)
    t.state.companies["circle1"].floated = True
    t.place("circle1", 3, 2, [None])
    t.state.companies["circle1"].holes = [BULL, None, None]
    t.do(ME, type="event_roll", roll=roll)
    assert ("hf.bull_on.meeting", {"company": "finao1", "roll": roll}) in told(t)
    assert before(t, "hf.bull_on.meeting", move)


def test_a_tie_in_the_bulls_highest_row_is_named_before_you_are_asked() -> None:
    t = Table(1)
    for cid, col in (("circle1", 2), ("square1", 3)):
        t.state.companies[cid].floated = True
        t.place(cid, 3, col, [None])
        t.state.companies[cid].holes = [BULL, None, None]
    t.do(ME, type="event_roll", roll=2)
    assert ("hf.bull_on.meeting_tie", {"roll": 2}) in told(t)
    assert before(t, "hf.bull_on.meeting_tie", "hf.bull_pick_open")
    t.do(ME, type="bull_choice", company="square1")
    (key, params), *_ = told(t)
    assert key == "hf.bull_on.pick" and params == {"company": "patents1", "why": "decide"}


def test_an_unanswered_choice_names_the_deadline_and_the_first_option() -> None:
    t = Table(1)
    t.give(ME, 30)
    t.do(ME, type="float", company="triangle1")
    t.do(ME, type="event_roll", roll=5)
    assert t.state.bull_pick is not None
    t.wait(t.state.settings.decision_hours + 1)
    assert ("hf.bull_on.pick_timeout", {"company": "patents1", "why": "float"}) in told(t)
    assert t.co("square1").holes[0] == BULL


def test_after_the_flip_the_closing_move_is_named_as_the_fragmenting_one() -> None:
    t = Table(1)
    t.place("triangle1", 1, 1, [ME])
    t.state.companies["circle1"].floated = True
    t.place("circle1", 3, 2, [None])
    t.state.companies["circle1"].holes = [BULL, BULL, None]
    t.do(ME, type="first_isotope", domes={})
    t.do(ME, type="event_roll", roll=4)
    assert before(t, "hf.bull_on.closing_flipped", "hf.fragmented")


def test_the_bull_as_free_angel_says_why() -> None:
    t = Table(1)
    t.place("triangle1", 2, 1, [ME])
    t.place("square1", 3, 2, [ME, ME])
    t.do(ME, type="dump", company="triangle1")
    assert ("hf.bull_on.angel", {"company": "launch1"}) in told(t)
    assert before(t, "hf.bull_on.angel", "hf.angel_saved")


def test_the_bulls_hedge_fund_names_the_capped_company() -> None:
    t = Table(1)
    t.give(ME, 8)
    t.state.companies["circle1"].floated = True
    t.place("circle1", 7, 2, [None])
    t.state.companies["circle1"].holes = [BULL, None, None]
    t.do(ME, type="event_roll", roll=5)
    hedge = next(e for e in t.events if e.key == "hf.bull_hedge")
    assert hedge.params == {"count": 1, "company": "finao1"}


def test_the_bull_defending_a_proxy_fight_names_the_company() -> None:
    t = Table(1)
    t.give(ME, 50)
    t.place("square1", 3, 2, [ME])
    t.co("square1").holes = [BULL, pid(ME), None]
    t.do(ME, type="proxy", company="square1", target=BULL, delegates=10)
    defends = next(e for e in t.events if e.key == "hf.bull_defends")
    assert defends.params["company"] == "patents1"
    assert before(t, "hf.proxy_started", "hf.bull_defends")
