"""The database connection: SQLite (WAL, pooled connections) or PostgreSQL (asyncpg).

Reads and writes are different doors. `sessions()` is for reading: on SQLite a plain (deferred)
transaction, which in WAL mode never takes the write lock and never waits for a writer.
`transaction()` is for writing: on SQLite the process's writers queue on an asyncio lock first and
then `BEGIN IMMEDIATE`, so SQLite's polling busy handler only ever arbitrates between processes
(shards), never between the coroutines of one.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

BUSY_TIMEOUT_MS = 10_000
POOL_SIZE = 8  # aiosqlite runs a thread per connection: enough for concurrent reads, few threads
PG_POOL_SIZE = 16
WRITE = "araldo_write"  # execution option marking a write transaction


def _sqlite_pragmas(engine: AsyncEngine) -> None:
    @event.listens_for(engine.sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # let SQLAlchemy, not the driver, decide when transactions begin (see _on_begin)
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine.sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        # a writer takes the write lock up front (two writers never deadlock upgrading a read lock);
        # a reader starts a snapshot that never blocks and is never blocked in WAL mode
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get(WRITE) else "BEGIN")


class Database:
    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000}
            if ":memory:" in url or url.endswith("://"):
                raise ValueError("use a file for SQLite: every connection must see the same database")
            kwargs["pool_size"] = POOL_SIZE
            kwargs["max_overflow"] = POOL_SIZE
            path = url.split(":///", 1)[1] if ":///" in url else ""
            if path:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        else:
            kwargs["pool_pre_ping"] = True
            kwargs["pool_size"] = PG_POOL_SIZE  # a burst of ticks and sends must not churn through new connections
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if self.is_sqlite:
            _sqlite_pragmas(self.engine)
        self.writer_engine = self.engine.execution_options(**{WRITE: True})
        # reading sessions; writes go through transaction()
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._writes = async_sessionmaker(self.writer_engine, expire_on_commit=False)
        # PostgreSQL locks rows itself; SQLite has one writer per file, so queue here, not in SQLite
        self._write_lock: asyncio.Lock | None = asyncio.Lock() if self.is_sqlite else None

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One unit of work that writes: committed when the block ends, rolled back if it raises.
        Never open one inside another (on SQLite the second would wait for the first forever)."""
        async with self._write_lock or contextlib.nullcontext(), self._writes() as session, session.begin():
            yield session

    async def migrate(self) -> None:
        from bot.storage.migrate import upgrade

        async with self._write_lock or contextlib.nullcontext():
            await upgrade(self.writer_engine)

    async def close(self) -> None:
        await self.engine.dispose()
