"""Keeps the record current: a game that ended (or was undone or imported) is recorded in a
background task after its commit, one at a time, never on the path of the move that ended it."""

from __future__ import annotations

import asyncio
import logging

from bot.gamestore import Update
from bot.record import rebuild
from bot.storage.db import Database

log = logging.getLogger("araldo.record")


class Recorder:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._lock = asyncio.Lock()  # one record write at a time: ratings move game after game
        self._tasks: set[asyncio.Task[None]] = set()

    async def heard(self, upd: Update) -> None:
        """A service listener: cheap, it only starts the task."""
        finished = upd.state is not None and upd.state.status == "finished"
        if (finished or upd.source in ("undo", "import")) and upd.game.id is not None:
            self._spawn(self._record(upd.game.id))

    def _spawn(self, work: object) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _record(self, game_id: int) -> None:
        async with self._lock:
            try:
                await rebuild.record_one(self.db, game_id)
            except Exception:  # the game itself is saved; a rebuild catches up with its record
                log.exception("could not record game %s", game_id)

    def rebuild_if_stale(self) -> None:
        """At startup: rebuild tables of an older derivation, else record the games they miss."""
        self._spawn(self._rebuild_if_stale())

    async def _rebuild_if_stale(self) -> None:
        async with self._lock:
            try:
                if await rebuild.built_version(self.db) != rebuild.DERIVATION:
                    count = await rebuild.rebuild(self.db)
                    log.info("players' record rebuilt from %s finished games", count)
                elif count := await rebuild.catch_up(self.db):
                    log.info("players' record caught up with %s finished games", count)
            except Exception:
                log.exception("the players' record could not be rebuilt")

    async def settled(self) -> None:
        """Wait for the records being written (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
