"""What undone moves had already shown, and to whom (`/mod undo`'s preview and the private notes it leaves).

An undo takes moves back and draws their randomness anew (engine/core/moderation.py `reseed`), but it
cannot make anyone forget: a card a player drew, the dice everyone watched. So the undo replays the
moves it takes back, notes which of them drew something (the generator moved, or a deck's unseen pile
shrank), and the game says what those moves showed (`Game.revealed`): the preview names it per player,
and a `mod_revealed` log entry keeps it in the private log of those who saw it.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from engine.core.errors import RuleError
from engine.core.model import Event, Msg
from engine.core.moderation import hidden_futures

NOTE_SIZE = 50  # sentences in one note (a long undo writes several)
CALLS = frozenset({"turn", "reminder", "moderators"})  # whose turn it is, a reminder: nothing drawn


class UndoneMove(BaseModel):
    """One log entry an undo takes back, played again on the state before it."""

    actor: str
    action: dict[str, Any]
    events: list[Event] = Field(default_factory=list)
    drew: bool = False  # it took something from the generator or from a deck's unseen pile


class Revelation(BaseModel):
    """Something an undone move showed: to these players (None: everyone at the table)."""

    players: list[str] | None = None
    what: Msg


def replay_undone(game: Any, state: Any, entries: list[tuple[datetime, str, dict[str, Any], bool]]) -> list[UndoneMove]:
    """Play `entries` (at, actor, action, moderator) again on a copy of `state`, the game as it was before
    them, and say what each did. The copy is thrown away: the undo keeps `state`."""
    work = state.model_copy(deep=True)
    out = []
    for at, actor, action, moderator in entries:
        game.advance(work, at)
        before = _futures(game, work)
        try:
            events = game.apply(work, actor, action, at, moderator=moderator, scratch=True)
        except RuleError:  # an entry the replay refuses showed nothing
            events = []
        out.append(UndoneMove(actor=actor, action=action, events=events, drew=_futures(game, work) != before))
    return out


def _futures(game: Any, state: Any) -> tuple[Any, ...]:
    piles = [*hidden_futures(state), *game.hidden_piles(state)]
    return (state.rng.seed, state.rng.draws, tuple(len(pile) for pile in piles))


def default_revealed(moves: list[UndoneMove]) -> list[Revelation]:
    """What the moves that drew something said: their private news to the players told (a card drawn),
    or, when they told nobody in private, their public news to everyone (the dice of an attack). A
    private copy of public news (the defender told of the attack everyone saw) adds nothing, and a call
    to play (whose turn it is now) shows nothing drawn."""
    out: list[Revelation] = []
    for move in moves:
        if not move.drew:
            continue
        told = [e for e in move.events if e.notify not in CALLS]
        public = [e for e in told if e.to is None]
        private = [e for e in told if e.to and all(e.params != p.params for p in public)]
        if private:
            out.extend(Revelation(players=sorted(set(e.to or [])), what=Msg(key=e.key, params=e.params))
                       for e in private)
        else:
            out.extend(Revelation(players=None, what=Msg(key=e.key, params=e.params)) for e in public)
    return out


def notes(revealed: list[Revelation]) -> list[dict[str, Any]]:
    """The `mod_revealed` log entries that keep what was shown: one per player who saw something in
    private (only they read it in their log), one for what everyone saw."""
    seen: dict[str | None, list[dict[str, Any]]] = {}
    for r in revealed:
        msg = r.what.model_dump(mode="json")
        for who in r.players if r.players is not None else [None]:
            if msg not in seen.setdefault(who, []):
                seen[who].append(msg)
    return [{"type": "mod_revealed", "to": who, "seen": msgs[i:i + NOTE_SIZE]}
            for who, msgs in sorted(seen.items(), key=lambda kv: (kv[0] is not None, kv[0] or ""))
            for i in range(0, len(msgs), NOTE_SIZE)]
