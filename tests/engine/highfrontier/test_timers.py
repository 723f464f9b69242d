"""A deadline never raises: the Bull only chooses among legal moves, and a timer that would break a
rule leaves the state as it was and calls the moderators; random play through timers proves it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import RuleError
from engine.highfrontier import GAME, board_meetings
from engine.highfrontier.companies import value
from engine.highfrontier.models import BULL
from tests.engine.highfrontier.helpers import Table, pid
from tests.engine.highfrontier.play import play

ME = "Rosso"


def bull_zone_table(seed: int) -> Table:
    """Solo: our patents company in the bull zone (row 5, column 5, value 5), all three shares ours."""
    t = Table(1, seed=seed)
    t.place("square1", 5, 5, [ME, ME, ME])
    return t


def test_the_bull_never_fights_over_a_company_in_the_bull_zone() -> None:
    """The freeze of issue 26 (1 seat, seed 11): the board meeting's deadline passes, the Bull reacts
    (5Li) with a share to spare and no hole to buy; its proxy fight would be illegal (bull companies
    are immune, 5C3), so it does nothing there - where `advance` used to raise hf.bull_immune."""
    rolled_the_value = 0
    for seed in (11, *range(40)):
        t = bull_zone_table(seed)
        t.do(ME, type="event_roll", roll=1)
        assert t.state.meeting == ["square1"]
        c = t.co("square1")
        # the die the Bull would roll for its proxy fight (5Ld): often it is the company's value
        rolled_the_value += t.state.rng.model_copy().die() == value(t.state, c)
        events = t.wait(t.state.settings.decision_hours + 1)  # no exception
        keys = [e.key for e in events]
        assert "hf.board_pass" in keys and "hf.bull_immune_idle" in keys
        assert "hf.proxy_started" not in keys and t.state.proxy is None
        assert t.co("square1").holes == [pid(ME)] * 3
        if t.state.bull_pick is not None:  # the Bull's float at the meeting's end is ours to choose (5Lj)
            t.do(ME, type="bull_choice", company=t.state.bull_pick.options[0])
        t.do(ME, type="turn_end")  # the game goes on
    assert rolled_the_value >= 1  # the old code would have raised for these seeds


def test_a_timer_that_breaks_a_rule_changes_nothing_and_calls_the_moderators(monkeypatch: pytest.MonkeyPatch) -> None:
    t = bull_zone_table(11)
    t.do(ME, type="event_roll", roll=1)

    def broken(*args: object, **kwargs: object) -> list[object]:
        t.state.companies["square1"].row = 1  # a half-applied change, undone by the guard
        raise RuleError("hf.bull_immune", company="patents1")

    monkeypatch.setattr(board_meetings, "decide", broken)
    before = GAME.dump_state(t.state)
    events = t.wait(t.state.settings.decision_hours + 1)
    assert [(e.key, e.notify) for e in events] == [("hf.timer_failed", "moderators")]
    after = GAME.dump_state(t.state)
    assert after["companies"] == before["companies"] and after["meeting"] == before["meeting"]
    monkeypatch.undo()
    t.do(ME, type="board", company="square1", choice="pass")  # the table goes on by hand
    assert t.state.meeting == []


# a pick that is a multiple of 41 lets a day and more pass: every kind of deadline runs out
PICKS = st.lists(st.one_of(st.integers(0, 10_000), st.integers(0, 240).map(lambda k: k * 41)),
                 min_size=80, max_size=80)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.sampled_from([1, 1, 2, 3]), seed=st.integers(0, 2**31), picks=PICKS)
def test_random_play_through_deadlines_never_sees_advance_raise(n: int, seed: int, picks: list[int]) -> None:
    """`play` calls `advance` before every step and lets deadlines pass: any exception fails."""
    state, _, now = play(n, seed, picks, {"last_year": 6, "loan_years": 2}, finish=False)
    GAME.advance(state, now + timedelta(days=30))  # every remaining deadline, at once
    assert state.status in ("active", "finished")
    assert BULL not in state.order
