"""Shared helpers for the SPQRisiko tests."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import Player
from engine.spqrisiko import GAME
from engine.spqrisiko.models import SpqrState

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


def players(n: int) -> list[Player]:
    return [Player(id=str(1001 + i), name=f"P{i + 1}") for i in range(n)]


def new_game(n: int = 3, seed: int = 7, **settings: Any) -> SpqrState:
    return GAME.setup(GAME.parse_settings(settings), players(n), seed, T0)


def random_game(n: int = 3, seed: int = 7, **settings: Any) -> SpqrState:
    """A game past placement (random setup), at the start of the first player's turn."""
    return new_game(n, seed, setup="random", **settings)


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def cur(state: SpqrState) -> str:
    return state.order[state.current]


def give(state: SpqrState, army: str, provinces: dict[str, int]) -> None:
    for p, n in provinces.items():
        state.owner[p] = army
        state.legions[p] = n


def own_all(state: SpqrState, army: str, n: int = 1) -> None:
    """Hand every province to `army` (a blank board to build a scenario on)."""
    for p in list(state.owner):
        state.owner[p] = army
        state.legions[p] = n


def skip_reinforcements(state: SpqrState) -> None:
    assert state.turn is not None
    state.turn.reinforcements = 0
