"""The steps of a turn go one way: reinforcements, ships, naval battles, land battles, the last move."""

from __future__ import annotations

from engine.core import RuleError
from engine.spqrisiko.models import PHASE_ORDER, Turn


def enter_phase(turn: Turn, phase: str) -> None:
    """Move the turn on to `phase`; earlier steps cannot come back."""
    if PHASE_ORDER.index(phase) < PHASE_ORDER.index(turn.phase):
        raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
    if phase != "reinforce" and turn.reinforcements > 0:
        raise RuleError("spqrisiko.reinforcements_left", count=turn.reinforcements)
    turn.phase = phase  # type: ignore[assignment]
