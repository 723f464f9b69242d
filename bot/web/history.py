"""A game's history for the scrubber: the state after any move, replayed from the log.

Replaying a 2,000-move game from its seed takes seconds, so each game's timeline keeps checkpoints:
the state (as its snapshot text, which nothing can change) after every CHECKPOINT_EVERY moves. A step
replays at most CHECKPOINT_EVERY - 1 moves from the nearest checkpoint before it, and leaves a new
checkpoint behind on its way. Timelines live in a small LRU of games; a timeline is keyed by the ids
of the log rows it was built from, so an undo (rows marked undone) or an import keeps only the
checkpoints of the moves that stayed.

Only views leave this module's callers: the page shows `view(state_at_n, viewer)`, never the state.
Pure and synchronous: the pages call it in a worker thread.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from typing import Any

from bot.replaying import record_of
from bot.storage.models import ActionRow, GameRow
from engine.core import GameRecord, GameState, RuleError, get_game

CHECKPOINT_EVERY = 25
GAMES_KEPT = 32


class Unreplayable(Exception):
    """The log does not replay to this step (a position staged by hand, an entry the rules refuse now)."""


class Timeline:
    """One game's replay from its record, with checkpoints every CHECKPOINT_EVERY entries."""

    def __init__(self, row: GameRow, record: GameRecord, ids: tuple[int, ...]) -> None:
        self.kind = row.kind
        self.record = record
        self.ids = ids
        self.checkpoints: dict[int, str] = {}  # entries applied -> the state's text after them
        self.lock = threading.Lock()

    def keep_prefix(self, record: GameRecord, ids: tuple[int, ...]) -> None:
        """The log changed: keep the checkpoints of the entries both logs share."""
        same = 0
        for a, b in zip(self.ids, ids, strict=False):
            if a != b:
                break
            same += 1
        self.checkpoints = {n: text for n, text in self.checkpoints.items() if n <= same}
        self.record, self.ids = record, ids

    def _start(self) -> GameState:
        game = get_game(self.kind)
        record = self.record
        players = [p.model_copy() for p in record.players]
        state: GameState = game.setup(game.parse_settings(record.settings), players, record.seed, record.created_at)
        return state

    def state_at(self, n: int) -> GameState:
        """The state right after the first `n` entries (0: as the game started)."""
        game = get_game(self.kind)
        n = max(0, min(n, len(self.record.log)))
        with self.lock:
            base = max((k for k in self.checkpoints if k <= n), default=None)
            if base is None:
                state, base = self._start(), 0
                self.checkpoints[0] = game.dump_state_json(state)
            else:
                state = game.load_state(self.checkpoints[base])
            for index in range(base, n):
                entry = self.record.log[index]
                try:
                    game.advance(state, entry.at)
                    game.apply(state, entry.actor, entry.action, entry.at, moderator=entry.moderator, scratch=True)
                except RuleError as exc:
                    raise Unreplayable(f"entry {index}: {exc.code}") from exc
                if (index + 1) % CHECKPOINT_EVERY == 0 and index + 1 not in self.checkpoints:
                    self.checkpoints[index + 1] = game.dump_state_json(state)
            return state


class History:
    """The timelines of the games read lately (an LRU of GAMES_KEPT games)."""

    def __init__(self, games_kept: int = GAMES_KEPT) -> None:
        self.games_kept = games_kept
        self._timelines: OrderedDict[int, Timeline] = OrderedDict()
        self._lock = threading.Lock()

    def timeline(self, row: GameRow, current: GameState, rows: list[ActionRow]) -> Timeline:
        assert row.id is not None
        ids = tuple(int(r.id or 0) for r in rows)
        with self._lock:
            found = self._timelines.get(row.id)
            if found is not None:
                self._timelines.move_to_end(row.id)
                if found.ids != ids:
                    found.keep_prefix(record_of(row, current, rows), ids)
                return found
            made = Timeline(row, record_of(row, current, rows), ids)
            self._timelines[row.id] = made
            while len(self._timelines) > self.games_kept:
                self._timelines.popitem(last=False)
            return made

    def view_at(self, row: GameRow, current: GameState, rows: list[ActionRow], n: int,
                viewer: str | None) -> tuple[GameState, Any]:
        """The state after `n` moves and what `viewer` sees of it (the current snapshot for the last)."""
        state = current if n >= len(rows) else self.timeline(row, current, rows).state_at(n)
        return state, get_game(row.kind).view(state, viewer)

    def forget(self, game_id: int) -> None:
        with self._lock:
            self._timelines.pop(game_id, None)
