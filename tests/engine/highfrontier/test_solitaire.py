"""Il Toro di Roger (5L): a scripted player against the Bull, to the end of the game."""

from __future__ import annotations

from engine.highfrontier.models import BULL
from tests.engine.highfrontier.helpers import Table, pid

ME = "Rosso"


def test_a_solitaire_game_against_the_bull_played_to_the_end() -> None:
    t = Table(1, last_year=5)
    s = lambda: t.state  # noqa: E731 - the state object is replaced by every move
    t.give(ME, 30)
    t.do(ME, type="float", company="triangle1")  # year 1: the launch company is ours
    t.do(ME, type="event_roll", roll=5)
    # nothing in row 1 decides; at the meeting's end the Bull floats the first missing shape (5Lj)
    assert s().companies["square1"].holes[0] == BULL and s().companies["square1"].side == "white"
    t.do(ME, type="turn_end")
    t.do(ME, type="buy", company="square1")  # a share of the Bull's patents company: row 2
    assert s().companies["square1"].row == 2
    t.do(ME, type="event_roll", roll=2)  # 1-3: the Bull reinvests its highest company (5Lh)
    sq = s().companies["square1"]
    assert (sq.row, sq.col) == (1, 3)
    assert s().companies["circle1"].holes[0] == BULL  # the next shape floated by the Bull
    t.do(ME, type="year")
    t.do(ME, type="turn_end")
    t.do(ME, type="service", company="triangle1")  # 7 Aqua: our launch company rises to row 2
    t.do(ME, type="event_roll", roll=4)
    assert s().meeting == ["triangle1"]
    t.do(ME, type="board", company="triangle1", choice="pass")
    # after our decision the Bull buys the missing share (5Li): the company rises
    tri = s().companies["triangle1"]
    assert tri.holes.count(BULL) == 1 and tri.row == 3
    t.do(ME, type="turn_end")
    t.do(ME, type="event_roll", roll=6)
    t.do(ME, type="board", company="triangle1", choice="dividend", amount=1)
    assert t.aqua(ME) == 30 - 1 - 1 - 7 + 1
    # the dividend left a row and a hole: the Bull buys it and, two shares to one, presides (5B1a)
    tri = s().companies["triangle1"]
    assert tri.row == 3 and tri.holes[0] == BULL and tri.holes.count(BULL) == 2
    t.do(ME, type="turn_end")
    t.do(ME, type="event_roll", roll=1)  # the Bull reinvests its highest company: launch, row 3
    assert (s().companies["triangle1"].row, s().companies["triangle1"].col) == (2, 2)
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
