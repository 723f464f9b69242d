"""The benchmarks' empty database: on PostgreSQL the schema dropped and created again, on SQLite the
file removed, then the migrations run; the databases a benchmark runs on (a SQLite file in a
temporary folder, and PostgreSQL when TEST_DATABASE_URL points at it); a game started in it."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import text

from bot.service import GameService
from bot.storage.db import Database


async def fresh(url: str) -> Database:
    """A migrated database with nothing in it at `url` (whatever an earlier run left there is gone)."""
    if url.startswith("sqlite") and ":///" in url:
        path = url.split(":///", 1)[1]
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(path + suffix).unlink(missing_ok=True)
    db = Database(url)
    if not db.is_sqlite:
        async with db.engine.begin() as conn:
            await conn.execute(text("DROP SCHEMA public CASCADE"))
            await conn.execute(text("CREATE SCHEMA public"))
    await db.migrate()
    return db


async def started_game(service: GameService, kind: str, players: int, settings: dict[str, Any] | None = None,
                       name: str = "P{}", channel: str = "2", first: int = 100) -> int:
    """A game of `kind` in `channel` of guild "1", joined by `players` users (`first`, `first` + 1, ...;
    named after `name`) and started by the first: its id."""
    await service.create(kind=kind, guild_id="1", channel_id=channel, creator_id=str(first),
                         creator_name=name.format(0), settings=settings)
    for i in range(1, players):
        await service.join(channel, str(first + i), name.format(i))
    res = await service.start(channel, str(first))
    assert res.game.id is not None
    return res.game.id


@contextmanager
def sqlite_url(name: str = "bench.db") -> Iterator[str]:
    """The URL of a SQLite file in a temporary folder, removed on leaving."""
    with tempfile.TemporaryDirectory() as tmp:
        yield f"sqlite+aiosqlite:///{tmp}/{name}"


@contextmanager
def bench_urls() -> Iterator[list[tuple[str, str]]]:
    """(name, URL) of each database to measure: SQLite, and PostgreSQL when TEST_DATABASE_URL is set."""
    with sqlite_url() as url:
        urls = [("SQLite", url)]
        pg = os.environ.get("TEST_DATABASE_URL", "")
        if pg.startswith("postgresql"):
            urls.append(("PostgreSQL", pg))
        yield urls
