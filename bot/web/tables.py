"""One game as the pages read it, at one version: its row, state, seats and log, read once per version
and kept, with the views and the log in words computed at most once per reader and language. A new
version reads and words only the moves made since the version before (a 2,000-move game's whole log
was 0.4 s of the event loop to read and say again after every move); an undo, which takes moves
back, reads the log afresh."""

from __future__ import annotations

import asyncio
from typing import Any

from markupsafe import Markup
from sqlalchemy import func
from sqlmodel import col, select

from bot.gamecache import Recent
from bot.service import GameService
from bot.storage.models import ActionRow, GameRow
from bot.telling import described_rows
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
        # one entry per log row, None where the row is no line for that reader (another's undo note)
        self._lines: dict[tuple[str | None, str], list[str | None]] = {}
        self.html_lines: dict[tuple[str | None, str], list[Markup | None]] = {}  # the same as HTML (bot/web/pages.py)
        self._lock = asyncio.Lock()
        self.extra: dict[Any, Any] = {}  # what else a page works out once per version (a player's moves)

    def view(self, viewer: str | None) -> Any:
        if viewer not in self._views:
            self._views[viewer] = get_game(self.row.kind).view(self.state, viewer)
        return self._views[viewer]

    def follows(self, before: Table) -> None:
        """This version's log extends `before`'s: the moves already said are said the same way."""
        self._lines = {key: list(lines) for key, lines in before._lines.items()}
        if before.names == self.names:
            self.html_lines = {key: list(lines) for key, lines in before.html_lines.items()}

    async def log_lines(self, viewer: str | None, lang: str) -> list[str | None]:
        """Every move in words as `viewer` may read it (None: everything), oldest first: entry i is log
        row i's line, or None where that row is no line for the viewer (`described_rows`), so a page's step
        and its log lines stay aligned."""
        key = (viewer, lang)
        lines = self._lines.get(key)
        if lines is None or len(lines) < len(self.rows):
            async with self._lock:
                lines = self._lines.setdefault(key, [])
                if len(lines) < len(self.rows):
                    said = await described_rows(self.svc, self.row, self.rows[len(lines):], lang, viewer=viewer,
                                                stamped=True)
                    lines.extend(line.split(" ", 1)[1] if line is not None and line.startswith("`#") else line
                                 for line in said)
        return lines


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
            before = self._tables.get(game_id, fresh_only=False)
            rows = await self._log(game_id, before)
            names = {s.user_id: s.display_name for s in await self.svc.seats(game_id)}
            made = Table(self.svc, self.history, row, state, rows, names)
            if before is not None and before.row.status == row.status and rows[:len(before.rows)] == before.rows:
                made.follows(before)
            self._tables.put(game_id, made)
        self._reading.pop(game_id, None)
        return made

    async def _log(self, game_id: int, before: Table | None) -> list[ActionRow]:
        """The game's log: the rows after `before`'s last when none of those was taken back since."""
        if before is None or not before.rows:
            return await self.svc.log_rows(game_id)
        last = before.rows[-1].seq
        async with self.svc.db.sessions() as s:
            kept = (await s.execute(select(func.count()).select_from(ActionRow).where(
                col(ActionRow.game_id) == game_id, col(ActionRow.seq) <= last,
                col(ActionRow.undone).is_(False)))).scalar()
            if kept != len(before.rows):
                return await self.svc.log_rows(game_id)
            newer = (await s.execute(select(ActionRow).where(
                col(ActionRow.game_id) == game_id, col(ActionRow.seq) > last, col(ActionRow.undone).is_(False))
                .order_by(col(ActionRow.seq)))).scalars()
            return [*before.rows, *newer]
