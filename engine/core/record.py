"""The export format `araldo-game/1` and replay: the log is the truth, the snapshot a cache."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core.errors import RuleError
from engine.core.game import Game
from engine.core.model import Event, GameState, Player

FORMAT = "araldo-game/1"


class LogEntry(BaseModel):
    at: datetime
    actor: str
    action: dict[str, Any]
    moderator: bool = False


class GameRecord(BaseModel):
    format: Literal["araldo-game/1"] = "araldo-game/1"
    game: str
    seed: int
    settings: dict[str, Any] = Field(default_factory=dict)
    created_at: datetime
    players: list[Player]
    log: list[LogEntry] = Field(default_factory=list)
    # the moment the exporting snapshot had been advanced to (timers fire without log entries)
    advanced_to: datetime | None = None


class ReplayError(Exception):
    def __init__(self, index: int, error: RuleError) -> None:
        super().__init__(f"entry {index}: {error.code}")
        self.index = index
        self.error = error


def replay(game: Game[Any], record: GameRecord, *, until: datetime | None = None,
           entries: int | None = None,
           on_events: Callable[[int | None, list[Event]], None] | None = None) -> GameState:
    """Rebuild the state from seed + settings + players + log.

    Before each entry the game is advanced to its `at`. With `until`, entries after it are
    skipped and the game is advanced to it at the end; `entries` keeps only the first N.
    `on_events(index, events)` hears what each entry did (its index) and what the timers that
    fired before it did (index None): the audit trail of `python -m engine replay --events`.
    """
    def heard(index: int | None, events: list[Event]) -> None:
        if on_events is not None and events:
            on_events(index, events)

    settings = game.parse_settings(record.settings)
    players = [p.model_copy() for p in record.players]
    state: GameState = game.setup(settings, players, record.seed, record.created_at)
    log = record.log if entries is None else record.log[:entries]
    for index, entry in enumerate(log):
        if until is not None and entry.at > until:
            break
        heard(None, game.advance(state, entry.at))
        try:
            heard(index, game.apply(state, entry.actor, entry.action, entry.at, moderator=entry.moderator))
        except RuleError as exc:
            raise ReplayError(index, exc) from exc
    if until is not None:
        heard(None, game.advance(state, until))
    return state
