"""Shared helpers for the DecameroNomic tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import Player
from engine.nomic import GAME, chronicle
from engine.nomic.models import NomicState

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
DAY = timedelta(days=1)
NAMES = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Franco"]


def players(n: int) -> list[Player]:
    return [Player(id=str(1001 + i), name=NAMES[i]) for i in range(n)]


def new_game(n: int = 4, seed: int = 7, **settings: Any) -> NomicState:
    """Anna (1001) is King and Scribe unless settings say otherwise."""
    return GAME.setup(GAME.parse_settings(settings), players(n), seed, T0)


A, B, C, D, E = "1001", "1002", "1003", "1004", "1005"


def act(state: NomicState, actor: str, action: dict[str, Any], at: datetime | None = None) -> list[Any]:
    return GAME.apply(state, actor, action, at or state.clock)


def rollover(state: NomicState, filler: str | None = None) -> list[Any]:
    """Advance to the end of the current Giornata. `filler` first sends a harmless proposal, so
    that player is a candidate for the crown (without any proposal the game would end, rule 7)."""
    if filler is not None:
        GAME.apply(state, filler, {"type": "propose", "proposals": [
            {"kind": "enact", "title": f"Filler {state.proposal_seq + 1}", "text": "Nothing."}]}, state.clock)
    end = state.deadline("giornata")
    assert end is not None
    return GAME.advance(state, end)


def enact(title: str, text: str = "Text.", protector: str | None = None) -> dict[str, Any]:
    spec: dict[str, Any] = {"kind": "enact", "title": title, "text": text}
    if protector:
        spec["protector"] = protector
    return spec


def propose(state: NomicState, actor: str, *specs: dict[str, Any], at: datetime | None = None) -> list[int]:
    before = state.proposal_seq
    act(state, actor, {"type": "propose", "proposals": list(specs)}, at)
    return list(range(before + 1, state.proposal_seq + 1))


def letter_of(state: NomicState, pid: int) -> int:
    return proposal(state, pid).letter


def vote(state: NomicState, actor: str, pid: int, choice: str, at: datetime | None = None, **extra: Any) -> None:
    """Vote on a one-proposal letter."""
    act(state, actor, {"type": "vote", "letter": letter_of(state, pid),
                       "items": [{"proposal": pid, "choice": choice, **extra}]}, at)


def proposal(state: NomicState, pid: int) -> Any:
    """A live proposal, or a closed one from the chronicle."""
    found = chronicle.proposal(state, pid)
    assert found is not None, f"no proposal {pid}"
    return found
