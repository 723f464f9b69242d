"""The export format `araldo-game/1` and replay: the log is the truth, the snapshot a cache."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core.errors import RuleError
from engine.core.game import Game
from engine.core.model import GameState, Player

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
           entries: int | None = None) -> GameState:
    """Rebuild the state from seed + settings + players + log.

    Before each entry the game is advanced to its `at`. With `until`, entries after it are
    skipped and the game is advanced to it at the end; `entries` keeps only the first N.
    """
    settings = game.parse_settings(record.settings)
    players = [p.model_copy() for p in record.players]
    state: GameState = game.setup(settings, players, record.seed, record.created_at)
    log = record.log if entries is None else record.log[:entries]
    for index, entry in enumerate(log):
        if until is not None and entry.at > until:
            break
        game.advance(state, entry.at)
        try:
            game.apply(state, entry.actor, entry.action, entry.at, moderator=entry.moderator)
        except RuleError as exc:
            raise ReplayError(index, exc) from exc
    if until is not None:
        game.advance(state, until)
    return state
