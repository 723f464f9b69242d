"""The timer shapes the five games need, on the core's one timer queue, with a fake clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import CoreSettings, Event, Game, GameMeta, GameState, Player, Rng, Timer

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
FORTNIGHT = timedelta(days=14)


class ClockState(GameState):
    fired: list[str] = []


class Clocks(Game[ClockState]):
    """Giornata-like periods that restart from an event, and decision windows."""

    meta = GameMeta(kind="clocks", name="Clocks", min_players=1, max_players=9, rules_path="-", rulebook="-")
    state_model = ClockState
    settings_model = CoreSettings
    action_model = Any

    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> ClockState:
        state = ClockState(game="clocks", seed=seed, rng=Rng(seed=seed), players=players, created_at=now, clock=now)
        state.add_timer("giornata", now + FORTNIGHT)
        return state

    def restart_giornata(self, state: ClockState, now: datetime) -> None:
        state.cancel_timers("giornata")
        state.add_timer("giornata", now + FORTNIGHT)

    def on_timer(self, state: ClockState, timer: Timer, now: datetime) -> list[Event]:
        state.fired.append(f"{timer.kind}@{now.isoformat()}")
        if timer.kind == "giornata":
            state.add_timer("giornata", now + FORTNIGHT)  # the next period starts when this one ends
        return []


def test_giornata_restarts_from_an_event() -> None:
    game = Clocks()
    state = game.setup(CoreSettings(), [Player(id="1", name="A")], 1, T0)
    game.advance(state, T0 + timedelta(days=10))
    game.restart_giornata(state, T0 + timedelta(days=10))  # e.g. a proposal passed
    game.advance(state, T0 + timedelta(days=20))
    assert state.fired == []
    game.advance(state, T0 + timedelta(days=24))
    assert state.fired == [f"giornata@{(T0 + timedelta(days=24)).isoformat()}"]
    assert game.next_deadline(state) == T0 + timedelta(days=38)


def test_decision_windows_close_in_time_order_even_when_added_out_of_order() -> None:
    game = Clocks()
    state = game.setup(CoreSettings(), [Player(id="1", name="A")], 1, T0)
    state.cancel_timers("giornata")
    state.add_timer("board_meeting", T0 + timedelta(hours=48), company="B")
    state.add_timer("board_meeting", T0 + timedelta(hours=24), company="A")
    state.add_timer("board_meeting", T0 + timedelta(hours=24), company="C")  # same moment: creation order
    game.advance(state, T0 + timedelta(days=3))
    assert [f.split("@")[1] for f in state.fired] == [
        (T0 + timedelta(hours=24)).isoformat(), (T0 + timedelta(hours=24)).isoformat(),
        (T0 + timedelta(hours=48)).isoformat()]
