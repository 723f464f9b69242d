"""The channel's call to whoever must act now and did not before: a move or a deadline that hands
the turn on, opens a vote or starts a round calls each such player with a mention, what they owe and
the deadline, unless the game's own events already named them. One standard for every game."""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from engine.core import Event, GameState, get_game
from engine.core.moderation import CALL_KEYS  # with a deadline, and without one


def call(game: Any, state: GameState, player: str, at: datetime | None = None) -> Event:
    """One player's call: who, what they owe (else to open their panel), by when."""
    owed = [m.model_dump() for m in game.owed(state, player)] or [{"key": "core.first.panel"}]
    deadline = game.turn_deadline(state)
    return Event(key=CALL_KEYS[0] if deadline is not None else CALL_KEYS[1],
                 params={"who": player, "owed": owed, "deadline": deadline}, at=at)


def awaited(game: Any, state: GameState) -> set[str]:
    """Who owes a move now (nobody in a game that is over or paused)."""
    if state.status != "active" or state.paused_at is not None:
        return set()
    return set(game.awaiting(state))


def calls(game: Any, state: GameState, before: set[str], events: list[Event], at: datetime) -> list[Event]:
    """Calls for the players awaited now and not `before`, that no public event of `events` names."""
    named = {v for ev in events if ev.to is None for v in ev.params.values() if isinstance(v, str)}
    return [call(game, state, pid, at) for pid in sorted(awaited(game, state) - before - named)]


def calls_awaited(kind: str, state: GameState, public: list[dict[str, Any]]) -> bool:
    """Do these public events call a player the game now awaits (a game's own call, naming them by id:
    its text mentions them, as `bot.ui.call_button` reads a command's answer)? Their post then carries
    the "My panel" button."""
    if state.status != "active":
        return False
    said = json.dumps(public, ensure_ascii=False)
    return any(f'"{pid}"' in said or f"<@{pid}>" in said for pid in get_game(kind).awaiting(state))
