"""Il Toro di Roger (5L): a scripted player against the Bull, to the end of the game."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier.models import BULL
from tests.engine.highfrontier.helpers import Table, pid

ME = "Rosso"


def test_a_solitaire_game_against_the_bull_played_to_the_end() -> None:
    t = Table(1, last_year=5)
    s = lambda: t.state  # noqa: E731 - the state object is replaced by every move
    t.give(ME, 30)
    t.do(ME, type="float", company="triangle1")  # year 1: the launch company is ours
    t.do(ME, type="event_roll", roll=5)
    # row 1 decides nothing, yet the Bull reacts to the skipped decision (5Li): it buys the missing share
    tri = s().companies["triangle1"]
    assert tri.holes.count(BULL) == 1 and tri.row == 2
    # then it floats a white company "of your choice" not on the market (5Lj): the table asks us
    assert s().bull_pick is not None and s().bull_pick.options == ["square1", "circle1", "hexagon1"]
    with pytest.raises(RuleError):
        t.do(ME, type="turn_end")  # the choice comes first
    t.do(ME, type="bull_choice", company="square1")
    assert s().companies["square1"].holes[0] == BULL and s().companies["square1"].side == "white"
    assert "hf.meeting_over" in t.event_keys()
    t.do(ME, type="turn_end")
    t.do(ME, type="buy", company="square1")  # a share of the Bull's patents company: row 2
    assert s().companies["square1"].row == 2
    t.do(ME, type="event_roll", roll=2)  # 1-3: the Bull reinvests its highest company (5Lh)
    sq = s().companies["square1"]
    assert (sq.row, sq.col) == (1, 3)
    assert s().meeting == ["triangle1"]  # then our launch company's decision
    t.do(ME, type="board", company="triangle1", choice="pass")
    # after our decision the Bull buys the missing share (5Li): the company rises; two to one, it presides
    tri = s().companies["triangle1"]
    assert tri.holes.count(BULL) == 2 and tri.holes[0] == BULL and tri.row == 3
    assert s().bull_pick is not None and s().bull_pick.options == ["circle1", "hexagon1"]
    t.do(ME, type="bull_choice", company="circle1")
    assert s().companies["circle1"].holes[0] == BULL
    t.do(ME, type="year")
    t.do(ME, type="turn_end")
    t.do(ME, type="service", company="triangle1")  # 7 Aqua: the launch company rises to row 4
    t.do(ME, type="event_roll", roll=4)  # 4-6: the Bull's highest company (launch) rises a row
    assert s().companies["triangle1"].row == 5
    # one shape left to float: no choice to ask
    assert s().companies["hexagon1"].holes[0] == BULL and s().bull_pick is None
    assert t.aqua(ME) == 30 - 1 - 1 - 7
    t.do(ME, type="base_vp", points=75)
    while s().status == "active":
        t.do(ME, type="turn_end")
        t.do(ME, type="year")
    assert s().end_reason == "years" and s().winners == [pid(ME)]
    assert [e.key for e in t.events][-1] == "core.ended"


def test_the_bulls_first_hedge_fund_brings_inflation() -> None:
    t = Table(1)
    t.give(ME, 8)
    t.state.companies["circle1"].floated = True
    t.place("circle1", 7, 2, [None])
    t.state.companies["circle1"].holes = [BULL, None, None]
    t.state.holders[pid(ME)].loans = []
    t.do(ME, type="event_roll", roll=5)  # 4-6: its highest company rises, capped at the top
    assert t.state.bull_hedges == 1 and t.state.inflation
    assert "hf.inflation" in t.event_keys()


def test_after_the_flip_the_bull_fragments_a_black_company_out_of_its_own() -> None:
    t = Table(1)
    t.place("triangle1", 1, 1, [ME])
    t.state.companies["circle1"].floated = True
    t.place("circle1", 3, 2, [None])
    t.state.companies["circle1"].holes = [BULL, BULL, None]
    t.do(ME, type="first_isotope", domes={})
    t.do(ME, type="event_roll", roll=4)  # the Bull's FINAO rises; then it fragments at the meeting's end
    twin = t.co("circle2")
    assert twin.floated and twin.side == "black" and twin.holes[0] == BULL and twin.row == 1
    assert t.co("circle1").holes.count(BULL) == 1


def test_the_bull_is_the_free_angel_and_all_its_hedge_funds_cost_your_company_points() -> None:
    t = Table(1)
    t.place("triangle1", 2, 1, [ME])
    t.place("square1", 3, 2, [ME, ME])
    t.do(ME, type="dump", company="triangle1")  # its last share: insolvent, and we are the straw man
    assert t.co("triangle1").holes == [BULL, None, None]  # 5Lg: the Bull saves it for free
    assert t.state.default_holder is None
    from engine.highfrontier.scoring import score

    assert score(t.state, pid(ME)).presidencies == 2  # the patents company's value in row 3
    t.state.bull_hedges = 3
    s = score(t.state, pid(ME))
    assert (s.shares, s.presidencies) == (0, 0)
