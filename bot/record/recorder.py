"""Keeps the record current: a game that moved, ended, was undone or imported, or whose deadline fired
is recorded in a background task after its commit, one at a time, never on the path of the move. Each
record goes on from where the last one of that game got to (kept in memory for the games lately
recorded, else the game's kept trail), observing only the entries logged since: a move costs the
replay of that move, not of the game's whole log."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection

from bot.gamestore import Update
from bot.record import rebuild
from bot.record.rebuild import Ended
from bot.record.trail import Point
from bot.storage.db import Database

log = logging.getLogger("araldo.record")

MEMORY = 256  # running games whose observer the recorder holds (the most lately recorded)
# a running game's record waits this long after a move, so the moves of a busy table go in one record
# (each record is reads, a replay in a thread and a write, competing with the moves for the interpreter:
# about 4 ms of CPU however few moves it covers; at one a second a busy table's records took a third of
# the process's CPU); an ended, undone or imported game is recorded at once
RUNNING_EVERY = 5.0


class Recorder:
    def __init__(self, db: Database, ended: Ended | None = None, kick: Callable[[], None] | None = None) -> None:
        self.db = db
        self._ended = ended  # plans a game's ending summary beside its first finished record
        self._kick = kick  # wakes the outbox's sender once such a record is committed
        self._told = False
        self._lock = asyncio.Lock()  # one record write at a time: ratings move game after game
        self._tasks: set[asyncio.Task[None]] = set()
        self._queued: set[int] = set()  # games whose record is waiting for its turn: one wait is enough
        self._anew: set[int] = set()  # games whose log was rewritten (undo, import): recorded from the seed
        self._flush = asyncio.Event()  # set: the records waiting for RUNNING_EVERY go now (settled())
        self._startup: asyncio.Future[Any] | None = None  # the overdue games' catch-up, while it runs
        self.points: OrderedDict[int, Point] = OrderedDict()  # where each held game's record got to

    async def heard(self, upd: Update) -> None:
        """A service listener: cheap, it only starts the task. A running game is recorded too (its
        calls met and deadlines missed count before it ends); updates that come while its record
        waits for the lock are one record, taken of the game as it stands then."""
        started = upd.state is not None and upd.state.status in rebuild.RECORDED
        gid = upd.game.id
        if gid is not None and upd.source in ("undo", "import"):
            self._anew.add(gid)
        if (started or upd.source in ("undo", "import")) and gid is not None and gid not in self._queued:
            self._queued.add(gid)
            running = upd.state is not None and upd.state.status == "active" and upd.source not in ("undo", "import")
            self._spawn(self._record(gid, RUNNING_EVERY if running else 0.0))

    def _spawn(self, work: object) -> None:
        task: asyncio.Task[None] = asyncio.create_task(work)  # type: ignore[arg-type]
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _record(self, game_id: int, wait: float = 0.0) -> None:
        if wait and not self._flush.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._flush.wait(), wait)
        if self._startup is not None and not self._startup.done() and not self._flush.is_set():
            # a restart's thousands of overdue games are woken first, their records after
            flush = asyncio.ensure_future(self._flush.wait())
            await asyncio.wait({self._startup, flush}, return_when=asyncio.FIRST_COMPLETED)
            flush.cancel()
        async with self._lock:
            self._queued.discard(game_id)  # from here, a later update needs a record of its own
            anew = game_id in self._anew
            self._anew.discard(game_id)
            try:
                await rebuild.record_one(self.db, game_id, self.points, anew=anew, ended=self.ended)
                self.sent()
            except Exception:  # the game itself is saved; a rebuild catches up with its record
                self.points.pop(game_id, None)
                log.exception("could not record game %s", game_id)
            if game_id in self.points:
                self.points.move_to_end(game_id)
            while len(self.points) > MEMORY:
                self.points.popitem(last=False)

    def rebuild_if_stale(self, after: asyncio.Future[Any] | None = None) -> None:
        """At startup: rebuild tables of an older derivation, else record the games they miss; once
        `after` is done (the overdue games' catch-up: a rebuild replays games in worker processes
        and writes thousands of rows, which the deadlines must not wait behind). The records of the
        games the catch-up ticks wait for it too."""
        self._startup = after
        self._spawn(self._rebuild_if_stale(after))

    async def _rebuild_if_stale(self, after: asyncio.Future[Any] | None = None) -> None:
        if after is not None:
            await asyncio.wait({after})  # its outcome is the scheduler's to log
            if after.cancelled():  # the bot is closing
                return
        async with self._lock:
            try:
                if await rebuild.built_version(self.db) != rebuild.DERIVATION:
                    count = await rebuild.rebuild(self.db)
                    log.info("players' record rebuilt from %s games, finished and running", count)
                elif count := await rebuild.catch_up(self.db, self.ended):
                    self.sent()
                    log.info("players' record caught up with %s finished games", count)
            except Exception:
                log.exception("the players' record could not be rebuilt")

    def ended(self, conn: Connection, game_id: int) -> None:
        if self._ended is not None:
            self._ended(conn, game_id)
            self._told = True

    def sent(self) -> None:
        """After a commit that planned endings: the sender delivers them now, not at its next poll."""
        if self._told and self._kick is not None:
            self._kick()
        self._told = False

    async def stop(self) -> None:
        """At shutdown, before the database closes: the records still waiting or being written are
        dropped (a rolled-back write changes nothing; the next start's catch-up, or the game's next
        move, records them), never left to fail on a closed database."""
        for task in list(self._tasks):
            task.cancel()
        await asyncio.gather(*list(self._tasks), return_exceptions=True)
        self._queued.clear()  # nothing waits any more: a later update starts its own record

    async def settled(self) -> None:
        """Wait for the records being written, those waiting for RUNNING_EVERY at once (tests, shutdown)."""
        self._flush.set()
        try:
            while self._tasks:
                await asyncio.gather(*list(self._tasks), return_exceptions=True)
        finally:
            self._flush.clear()
