"""The Giornata as a period (rule 3): two weeks from the King's appointment, read from its timer."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.nomic.models import NomicState
from engine.nomic.ruleset import param

GIORNATA = "giornata"
REMINDERS_HOURS = (48, 6)  # DMs before the rollover to those who have not voted


def length(state: NomicState) -> timedelta:
    return timedelta(days=param(state, "giornata_days"))


def end(state: NomicState) -> datetime | None:
    return state.deadline(GIORNATA)


def second_half(state: NomicState, now: datetime) -> bool:
    """Rule 1700's "second half": less than half a Giornata left before the rollover (so pausing or
    extending the Giornata moves the half with it)."""
    deadline = end(state)
    return deadline is not None and deadline - now <= length(state) / 2


def schedule(state: NomicState, start: datetime) -> None:
    state.giornata_start = start.isoformat()
    state.cancel_timers(GIORNATA)
    state.cancel_timers("vote_reminder")
    at = start + length(state)
    state.add_timer(GIORNATA, at, giornata=state.giornata)
    for hours in REMINDERS_HOURS:
        if at - timedelta(hours=hours) > start:
            state.add_timer("vote_reminder", at - timedelta(hours=hours), hours=hours)
