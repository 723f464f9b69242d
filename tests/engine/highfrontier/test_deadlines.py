"""Every window has its deadline in a timer: board decisions, proxy answers, angels, loans falling
due. What happens when it passes, and moderators moving it."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier import GAME
from engine.highfrontier.models import Loan
from tests.engine.highfrontier.helpers import Table, pid


def test_a_board_decision_passes_at_its_deadline_and_a_moderator_can_extend_it() -> None:
    t = Table(2)
    t.place("triangle1", 3, 1, ["Bianco"])
    t.do("Rosso", type="event_roll", roll=3)
    due = t.state.deadline("board", company="triangle1")
    assert due is not None and GAME.view(t.state, None).board_deadline == due
    assert (due - t.now).total_seconds() == 24 * 3600
    assert GAME.awaiting(t.state) == {pid("Bianco")}
    GAME.apply(t.state, pid("Rosso"), {"type": "mod_extend", "minutes": 60}, t.now, moderator=True)
    assert t.state.deadline("board", company="triangle1") == due.replace(hour=due.hour + 1)
    t.wait(24)
    assert t.state.meeting == ["triangle1"]  # not yet: the moderator gave an hour more
    t.wait(2)
    assert t.state.meeting == [] and "hf.meeting_over" in [e.key for e in t.events]
    assert t.co("triangle1").row == 3  # a pass


def test_an_unanswered_proxy_fight_is_lost() -> None:
    t = Table(2)
    t.place("circle1", 2, 3, ["Bianco", "Bianco"])
    t.do("Rosso", type="proxy", company="circle1", target=pid("Bianco"), delegates=2)
    assert GAME.awaiting(t.state) == {pid("Bianco")}
    with pytest.raises(RuleError):  # one transaction a turn
        t.do("Rosso", type="buy", company="circle1")
    t.wait(25)
    assert t.co("circle1").holes.count(pid("Rosso")) == 1


def test_no_angel_by_the_deadline_gives_the_president_the_default_token() -> None:
    t = Table(3)
    t.place("circle1", 1, 3, ["Bianco", "Verde"])
    t.place("square1", 3, 2, ["Bianco"])
    t.do("Verde", type="dump", company="circle1")
    assert GAME.awaiting(t.state) == {pid("Rosso"), pid("Bianco")}  # the straw man is not asked
    t.wait(25)
    assert t.state.default_holder == pid("Bianco")
    assert t.co("square1").row == 2  # the default token drops the companies its holder presides
    assert any(e.key == "hf.default_you" and e.to == [pid("Bianco")] for e in t.events)


def test_a_loan_falls_due_and_rolls_over_with_the_default_token() -> None:
    t = Table(2, loan_years=1)
    t.place("hexagon1", 2, 5, ["Bianco"])
    t.do("Rosso", type="service", company="hexagon1", cubes=2)
    t.do("Rosso", type="year")
    t.do("Rosso", type="turn_end")
    due = t.do("Bianco", type="turn_end")
    assert any(e.key == "hf.loan_due" and e.to == [pid("Rosso")] and e.notify == "turn" for e in due)
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="turn_end")
    assert err.value.code == "hf.loan_first"
    t.wait(25)  # nobody answered: Araldo rolls it over
    h = t.state.holders[pid("Rosso")]
    assert [(x.cubes, x.due) for x in h.loans] == [(2, 2 + 4)] and t.state.default_holder == pid("Rosso")
    assert t.aqua("Rosso") == 8 - 3 - 3  # the loan, the interest, then the late fee at the same price


def test_repaying_before_the_due_year_and_the_flip_repaying_with_crashing_aqua() -> None:
    t = Table(2)
    t.state.holders[pid("Rosso")].loans = [Loan(cubes=3, due=9, taken=1)]
    t.give("Rosso", 9)
    t.do("Rosso", type="year")
    t.do("Rosso", type="repay", cubes=1)
    assert t.aqua("Rosso") == 5 and t.state.holders[pid("Rosso")].loans[0].cubes == 2
    t.do("Rosso", type="first_isotope", domes={})
    t.do("Rosso", type="flip_repay", cubes=1)  # 5 Aqua about to crash: one cube of 4 (5Ec, the player's choice)
    loan = t.state.holders[pid("Rosso")].loans[0]
    assert (loan.cubes, loan.pearls, t.aqua("Rosso")) == (1, True, 0)


def test_bad_factions_are_refused_at_creation() -> None:
    with pytest.raises(RuleError) as err:
        GAME.parse_settings({"setup": "dawn", "factions": ["red", "red"]})
    assert err.value.code == "core.bad_setting"


def test_the_bank_moving_to_a_bernal_makes_its_owner_the_banker() -> None:
    t = Table(2)
    with pytest.raises(RuleError) as early:
        t.do("Rosso", type="new_banker")
    assert early.value.code == "hf.not_flipped"
    t.do("Rosso", type="first_isotope", domes={})
    t.do("Rosso", type="turn_end")  # the bank moves on its new banker's own turn
    t.do("Bianco", type="new_banker")
    assert t.state.banker == pid("Bianco")
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="cash_ratio", blue=1)
    assert err.value.code == "hf.not_banker"
