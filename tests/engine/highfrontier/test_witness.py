"""Witnessed reports: a base-game event told by one player moves nothing until another player or a
moderator confirms it; an objection holds it for a moderator; `objection` lets a window run out;
`trusted` believes every report at once."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.core import RuleError
from engine.highfrontier import GAME
from engine.highfrontier.witness import WITNESSED
from tests.engine.highfrontier.helpers import Table, pid

MOD = "9000"  # a moderator who does not play


def witnessed(n: int = 3, **settings: object) -> Table:
    return Table(n, reports="witnessed", **settings)


def test_a_report_changes_nothing_until_another_player_confirms_it() -> None:
    t = witnessed()
    before = t.state.holders[pid("Rosso")].model_copy()
    events = t.do("Rosso", type="ledger", kind="fundraising", amount=12)
    assert t.state.holders[pid("Rosso")] == before  # nothing moved yet
    filed = next(e for e in events if e.key == "hf.report_filed")
    assert filed.params["player"] == "Rosso" and filed.params["action"]["amount"] == 12
    asked = next(e for e in events if e.key == "hf.report_to_witness")
    assert sorted(asked.to or []) == [pid("Bianco"), pid("Verde")] and asked.notify == "action"
    rid = t.state.pending[0].id
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="witness", report=rid)
    assert err.value.code == "hf.own_report"  # nobody witnesses their own report
    events = t.do("Bianco", type="witness", report=rid)
    assert [e.key for e in events][:2] == ["hf.report_confirmed", "hf.ledger"]
    assert t.aqua("Rosso") == 12 and t.state.pending == []


def test_an_objection_holds_the_report_for_a_moderator() -> None:
    t = witnessed()
    t.do("Rosso", type="base_vp", points=500)
    rid = t.state.pending[0].id
    events = t.do("Verde", type="witness", report=rid, confirm=False)
    held = next(e for e in events if e.key == "hf.report_held")
    assert held.notify == "moderators" and t.state.pending[0].held
    with pytest.raises(RuleError) as err:
        t.do("Bianco", type="witness", report=rid)  # no player may push it through now
    assert err.value.code == "hf.report_on_hold"
    events = GAME.apply(t.state, MOD, {"type": "witness", "report": rid, "confirm": False}, t.now, moderator=True)
    assert [e.key for e in events] == ["hf.report_rejected"]
    assert t.state.holders[pid("Rosso")].base_vp == 0 and t.state.pending == []


def test_a_moderator_confirms_a_held_report_and_a_moderators_own_report_counts_at_once() -> None:
    t = witnessed()
    t.do("Rosso", type="ledger", kind="fundraising", amount=5)
    rid = t.state.pending[0].id
    t.do("Bianco", type="witness", report=rid, confirm=False)
    GAME.apply(t.state, MOD, {"type": "witness", "report": rid}, t.now, moderator=True)
    assert t.aqua("Rosso") == 5
    # a seated moderator's report: no witness needed
    GAME.apply(t.state, pid("Verde"), {"type": "ledger", "kind": "fundraising", "amount": 3}, t.now, moderator=True)
    assert t.aqua("Verde") == 3 and t.state.pending == []


def test_the_reporter_may_withdraw_and_a_refused_report_is_refused_at_once() -> None:
    t = witnessed()
    with pytest.raises(RuleError) as err:  # the rules are checked when it is told, not when confirmed
        t.do("Rosso", type="isotopes", delta=3)
    assert err.value.code == "hf.not_flipped" and t.state.pending == []
    t.do("Rosso", type="parade")
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="parade")  # told twice: refused even while the first one waits
    assert err.value.code == "hf.parade_done"
    rid = t.state.pending[0].id
    assert [e.key for e in t.do("Rosso", type="witness", report=rid, confirm=False)] == ["hf.report_withdrawn"]
    t.do("Rosso", type="parade")  # withdrawn, the turn's parade may be told again
    assert len(t.state.pending) == 1


def test_the_objection_window_lets_an_unopposed_report_take_effect() -> None:
    t = Table(2, reports="objection", objection_hours=6)
    t.do("Rosso", type="ledger", kind="fundraising", amount=7)
    assert t.aqua("Rosso") == 0
    assert t.state.deadline("report", report=t.state.pending[0].id) == t.now + timedelta(hours=6)
    events = t.wait(7)
    assert [e.key for e in events][:2] == ["hf.report_unopposed", "hf.ledger"] and t.aqua("Rosso") == 7
    t.do("Rosso", type="ledger", kind="fundraising", amount=100)
    t.do("Bianco", type="witness", report=t.state.pending[0].id, confirm=False)  # objected: no timer any more
    t.wait(24)
    assert t.aqua("Rosso") == 7 and t.state.pending[0].held


def test_trusted_behaves_as_before_and_a_solo_game_has_nobody_to_ask() -> None:
    for t in (Table(2, reports="trusted"), Table(1, reports="witnessed")):
        t.do("Rosso", type="ledger", kind="fundraising", amount=9)
        assert t.aqua("Rosso") == 9 and t.state.pending == []


def test_a_confirmed_event_roll_opens_the_board_meeting_then() -> None:
    t = witnessed()
    t.place("square1", 3, 2, ["Rosso"])
    t.do("Rosso", type="event_roll", roll=3, effect="budget_cuts")
    assert t.co("square1").row == 3 and t.state.meeting == []
    t.do("Verde", type="witness", report=t.state.pending[0].id)
    assert t.co("square1").row == 2 and t.state.meeting == ["square1"]


def test_every_base_game_report_is_witnessed_but_the_turns_flow() -> None:
    assert "turn_end" not in WITNESSED and "year" not in WITNESSED
    assert {"ledger", "base_vp", "isotopes", "first_isotope", "parade", "bernal", "event_roll", "risk_one",
            "exodus", "new_banker"} <= set(WITNESSED)
