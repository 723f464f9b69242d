"""The database connection: SQLite (WAL, immediate write transactions) or PostgreSQL (asyncpg)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine
from sqlalchemy.pool import NullPool

BUSY_TIMEOUT_MS = 10_000


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
        # take the write lock up front: two writers never deadlock upgrading a read lock
        conn.exec_driver_sql("BEGIN IMMEDIATE")


class Database:
    def __init__(self, url: str, *, echo: bool = False) -> None:
        self.url = url
        self.is_sqlite = url.startswith("sqlite")
        kwargs: dict[str, Any] = {"echo": echo}
        if self.is_sqlite:
            kwargs["connect_args"] = {"timeout": BUSY_TIMEOUT_MS / 1000}
            if ":memory:" in url or url.endswith("://"):
                raise ValueError("use a file for SQLite: every connection must see the same database")
            kwargs["poolclass"] = NullPool
            path = url.split(":///", 1)[1] if ":///" in url else ""
            if path:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: AsyncEngine = create_async_engine(url, **kwargs)
        if self.is_sqlite:
            _sqlite_pragmas(self.engine)
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One unit of work: committed when the block ends, rolled back if it raises."""
        async with self.sessions() as session, session.begin():
            yield session

    async def migrate(self) -> None:
        from bot.storage.migrate import upgrade

        await upgrade(self.engine)

    async def close(self) -> None:
        await self.engine.dispose()
