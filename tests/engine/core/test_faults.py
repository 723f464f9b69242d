"""What the core does with input and rules that fail: an absence's return without a UTC offset is a
RuleError, and a moderator's force of a deadline whose rule raises drops that deadline."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from engine.core import Player, RuleError
from tests.fixtures.testgame import GAME, Corsa

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


def new_game() -> Any:
    players = [Player(id="1001", name="Alice"), Player(id="1002", name="Bob")]
    return GAME.setup(GAME.parse_settings({"target": 10, "turn_hours": 2}), players, 7, T0)


def test_an_absence_without_a_utc_offset_is_refused_in_words() -> None:
    state = new_game()
    before = state.model_dump()
    with pytest.raises(RuleError) as err:
        GAME.apply(state, "1001", {"type": "core_away", "until": "2026-12-01T09:00:00"}, T0)
    assert err.value.code == "core.away_needs_offset"
    assert state.model_dump() == before
    GAME.apply(state, "1001", {"type": "core_away", "until": "2026-12-01T09:00:00+01:00"}, T0)
    assert state.away["1001"] == datetime(2026, 12, 1, 8, 0, tzinfo=UTC)


def test_forcing_a_deadline_whose_rule_raises_drops_it(monkeypatch: Any) -> None:
    state = new_game()
    due = state.next_timer()
    assert due is not None

    def broken(self: Any, state: Any, timer: Any, now: datetime) -> Any:
        state.total = 99  # half-done work that must not stay
        raise ZeroDivisionError("a bug in the game's rules")

    monkeypatch.setattr(Corsa, "on_timer", broken)
    with pytest.raises(ZeroDivisionError):
        GAME.advance(state.model_copy(deep=True), T0 + timedelta(hours=3))
    events = GAME.apply(state, "9", {"type": "mod_force"}, T0 + timedelta(hours=3), moderator=True)
    assert [ev.key for ev in events] == ["core.mod.forced_broken"]
    assert state.total == 0 and due not in state.timers
    assert GAME.advance(state, T0 + timedelta(hours=4)) == []  # nothing left to fail


def test_forcing_a_healthy_deadline_still_fires_it() -> None:
    state = new_game()
    events = GAME.apply(state, "9", {"type": "mod_force"}, T0, moderator=True)
    assert events[0].key == "core.mod.forced" and state.total == 1 and state.turn == 1


def test_first_steps_default_to_what_is_owed_or_the_panel() -> None:
    state = new_game()
    on_turn, waiting = state.players[0].id, state.players[1].id
    assert [m.key for m in GAME.first_steps(state, on_turn)] == ["core.first.panel"]  # Corsa owes no words
    assert GAME.first_steps(state, waiting) == []
