"""The Alembic migrations build exactly the tables the models describe."""

from __future__ import annotations

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlmodel import SQLModel

import bot.storage.models  # noqa: F401


async def test_migrated_schema_matches_the_models(db) -> None:
    def diff(sync_conn):
        ctx = MigrationContext.configure(sync_conn, opts={"compare_type": True})
        return compare_metadata(ctx, SQLModel.metadata)

    async with db.engine.connect() as conn:
        changes = await conn.run_sync(diff)
    assert changes == []


async def test_sqlite_runs_in_wal_mode(db) -> None:
    if not db.is_sqlite:
        return
    from sqlalchemy import text

    async with db.engine.connect() as conn:
        mode = (await conn.execute(text("PRAGMA journal_mode"))).scalar()
        sync = (await conn.execute(text("PRAGMA synchronous"))).scalar()
    assert mode == "wal" and sync == 1  # NORMAL
