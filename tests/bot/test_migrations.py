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


async def test_absences_move_onto_seats(tmp_path) -> None:
    """Upgrading a database saved before 0003 keeps every declared absence."""
    from sqlalchemy import text

    from bot.storage.db import Database
    from bot.storage.migrate import upgrade

    db = Database(f"sqlite+aiosqlite:///{tmp_path}/old.db")
    await upgrade(db.engine, "0002")
    async with db.engine.begin() as conn:
        await conn.execute(text(
            "INSERT INTO game (id, kind, guild_id, channel_id, is_thread, status, settings_json, seed, schema_version,"
            " version, created_by, created_at, updated_at) VALUES (1, 'corsa', '1', '2', 0, 'active', '{}', 0, 1, 1,"
            " '10', '2026-11-21 08:00:00', '2026-11-21 08:00:00')"))
        await conn.execute(text("INSERT INTO seat (game_id, user_id, seat, display_name, joined_at)"
                                " VALUES (1, '10', 0, 'A', '2026-11-21 08:00:00'), (1, '11', 1, 'B', '2026-11-21 08:00:00')"))
        await conn.execute(text("INSERT INTO user_away (user_id, until) VALUES ('10', '2026-12-01 00:00:00')"))
    await upgrade(db.engine)
    async with db.engine.connect() as conn:
        rows = dict((await conn.execute(text("SELECT user_id, away_until FROM seat"))).all())
    assert str(rows["10"]).startswith("2026-12-01") and rows["11"] is None
    await db.close()
