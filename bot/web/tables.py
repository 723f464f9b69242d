"""One game as the pages read it, at one version: its row, state, seats and log, read once per version
and kept (a 2,000-move game's log is read from the database once, not at every page), with the
views and the log in words computed at most once per reader and language."""

from __future__ import annotations

import asyncio
from typing import Any

from bot.cogs.history import described_moves
from bot.gamecache import Recent
from bot.service import GameService
from bot.storage.models import ActionRow, GameRow
from bot.web.history import History
from engine.core import GameState, RuleError, get_game

TABLES_KEPT = 64


class Table:
    def __init__(self, svc: GameService, history: History, row: GameRow, state: GameState,
                 rows: list[ActionRow], names: dict[str, str]) -> None:
        assert row.id is not None
        self.svc, self.history = svc, history
        self.game_id = row.id
        self.row, self.state, self.rows, self.names = row, state, rows, names
        self._views: dict[str | None, Any] = {}
        self._lines: dict[tuple[str | None, str], list[str]] = {}
        self._lock = asyncio.Lock()

    def view(self, viewer: str | None) -> Any:
        if viewer not in self._views:
            self._views[viewer] = get_game(self.row.kind).view(self.state, viewer)
        return self._views[viewer]

    async def log_lines(self, viewer: str | None, lang: str) -> list[str]:
        """Every move in words as `viewer` may read it (None: everything), oldest first."""
        key = (viewer, lang)
        if key not in self._lines:
            async with self._lock:
                if key not in self._lines:
                    said = await described_moves(self.svc, self.row, self.rows, lang, viewer=viewer, stamped=True)
                    self._lines[key] = [line.split(" ", 1)[1] if line.startswith("`#") else line for line in said]
        return self._lines[key]


class Tables:
    """The latest Table of the games read lately."""

    def __init__(self, svc: GameService, history: History) -> None:
        self.svc, self.history = svc, history
        self._tables: Recent[int, Table] = Recent(limit=TABLES_KEPT, fresh=3600.0)
        self._reading: dict[int, asyncio.Lock] = {}

    async def current_row(self, game_id: int) -> GameRow:
        """The game as stored: this process's own latest row if it saved or read it in the last
        seconds (every move of its guilds goes through it), else a read."""
        row = self.svc.cache.recent(game_id)
        return row if row is not None else await self.svc.get(game_id)

    async def table(self, game_id: int) -> Table:
        row = await self.current_row(game_id)
        found = self._tables.get(game_id)
        if found is not None and found.row.version == row.version and found.row.snapshot_json == row.snapshot_json:
            return found
        lock = self._reading.setdefault(game_id, asyncio.Lock())
        async with lock:
            found = self._tables.get(game_id)
            if found is not None and found.row.version == row.version:
                return found
            if row.status == "lobby" or row.snapshot_json is None:
                raise RuleError("core.not_started")
            state = self.svc.load_state(row)
            rows = await self.svc.log_rows(game_id)
            names = {s.user_id: s.display_name for s in await self.svc.seats(game_id)}
            made = Table(self.svc, self.history, row, state, rows, names)
            self._tables.put(game_id, made)
        self._reading.pop(game_id, None)
        return made
