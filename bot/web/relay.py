"""Live pages across processes: the "new version" signal through PostgreSQL LISTEN/NOTIFY.

With several shard processes over one PostgreSQL, a move is committed by the process of its guild, but
a page may be served by any of them. Each process's web server holds one asyncpg connection of its
own that LISTENs on `araldo_version`; after every commit the process NOTIFYs `<game>:<version>` on it
(from a queue, so a move never waits for the notice), and every process, itself included, hears it
and tells its open streams (bot/web/live.py drops a version already told). The process that did not
make the move forgets its cached row of the game first, so the page fetched next reads the new one.

A connection lost is opened again (after 0.5 s, then up to 5 s); while it is down the process's own
moves still reach its own pages in-process. SQLite deployments are one process: no relay.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

CHANNEL = "araldo_version"
QUEUE_SIZE = 10_000  # notices waiting to be sent; beyond that the oldest is dropped (a newer one follows)


def asyncpg_dsn(sqlalchemy_url: Any) -> str:
    """`postgresql+asyncpg://...` as asyncpg itself takes it."""
    return str(sqlalchemy_url.set(drivername="postgresql").render_as_string(hide_password=False))


class Relay:
    def __init__(self, dsn: str, heard: Callable[[int, int], None]) -> None:
        self.dsn = dsn
        self.heard = heard  # (game id, version): called for every notice, this process's own included
        self._outbox: asyncio.Queue[tuple[int, int]] = asyncio.Queue(QUEUE_SIZE)
        self._conn: Any = None
        self._tasks: list[asyncio.Task[None]] = []
        self.listening = asyncio.Event()

    async def start(self, timeout: float = 5.0) -> None:
        self._tasks = [asyncio.create_task(self._listen(), name="araldo-web-relay"),
                       asyncio.create_task(self._send(), name="araldo-web-relay-send")]
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.listening.wait(), timeout)

    def tell(self, game_id: int, version: int) -> None:
        """After a commit: every process's pages will hear of it."""
        if self._outbox.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self._outbox.get_nowait()
        self._outbox.put_nowait((game_id, version))

    def _notice(self, _conn: Any, _pid: int, _channel: str, payload: str) -> None:
        game, _, version = payload.partition(":")
        try:
            self.heard(int(game), int(version))
        except ValueError:
            log.warning("odd notice on %s: %r", CHANNEL, payload[:80])

    async def _listen(self) -> None:
        import asyncpg  # PostgreSQL's driver is an extra: imported when a PostgreSQL deployment runs

        pause = 0.5
        while True:
            closed = asyncio.Event()
            try:
                conn = await asyncpg.connect(self.dsn)
                conn.add_termination_listener(lambda _c, done=closed: done.set())
                await conn.add_listener(CHANNEL, self._notice)
            except (OSError, asyncpg.PostgresError) as exc:
                log.warning("web relay: cannot listen on PostgreSQL (%s); again in %.1f s", exc, pause)
                await asyncio.sleep(pause)
                pause = min(5.0, pause * 2)
                continue
            self._conn, pause = conn, 0.5
            self.listening.set()
            try:
                await closed.wait()
            finally:
                self.listening.clear()
                self._conn = None
                with contextlib.suppress(Exception):
                    await conn.close()
            log.warning("web relay: PostgreSQL connection lost, listening again")

    async def _send(self) -> None:
        while True:
            game_id, version = await self._outbox.get()
            conn = self._conn
            if conn is None:
                continue  # not listening now: this process's own pages heard it in-process already
            try:
                await conn.execute("SELECT pg_notify($1, $2)", CHANNEL, f"{game_id}:{version}")
            except Exception as exc:  # a connection dying under the notice: the listener reconnects
                log.warning("web relay: notice for game %s not sent: %s", game_id, exc)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        for task in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        if self._conn is not None:
            with contextlib.suppress(Exception):
                await self._conn.close()
            self._conn = None
