"""Shared fixtures: a database per test (SQLite file, or PostgreSQL when TEST_DATABASE_URL is set),
a fake clock, and a game service over them."""

from __future__ import annotations

import importlib.util
import os
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import settings as hypothesis_settings

import tests.fixtures.testgame  # noqa: F401  (registers the test-only game "corsa")

# CI replays the same examples on every run (a red run names a real defect, never a draw of luck);
# developers keep hypothesis's random exploration
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

pytest_plugins: list[str] = []
if importlib.util.find_spec("tests.emulator.fixtures") is not None:  # the Discord emulator's fixtures
    pytest_plugins.append("tests.emulator.fixtures")


def _worker_database(url: str, worker: str) -> str:
    """The PostgreSQL database of one pytest-xdist worker (`test_gw0`, ...), made if missing: every test
    empties its database's schema first, so two workers must never share one."""
    import asyncio

    import asyncpg
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_{worker}"

    async def create() -> None:
        conn = await asyncpg.connect(host=base.host, port=base.port or 5432, user=base.username,
                                     password=base.password, database=base.database)
        try:
            if not await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name):
                await conn.execute(f'CREATE DATABASE "{name}"')
        finally:
            await conn.close()

    asyncio.run(create())
    return base.set(database=name).render_as_string(hide_password=False)


def pytest_configure(config: pytest.Config) -> None:
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    url = os.environ.get("TEST_DATABASE_URL", "")
    if worker and url.startswith("postgresql"):
        os.environ["TEST_DATABASE_URL"] = _worker_database(url, worker)
    if not worker and "ARALDO_FIDELITY_VALID" not in os.environ:  # the run's workers inherit it
        import shutil
        import tempfile

        folder = tempfile.mkdtemp(prefix="araldo-fidelity-")
        os.environ["ARALDO_FIDELITY_VALID"] = os.path.join(folder, "valid")
        config.add_cleanup(lambda: shutil.rmtree(folder, ignore_errors=True))


class FakeClock:
    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **kwargs: float) -> datetime:
        self.now += timedelta(**kwargs)
        return self.now

    def set(self, moment: datetime) -> datetime:
        self.now = moment
        return moment


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 11, 21, 8, 0, tzinfo=UTC))


def database_urls(tmp_path) -> list[str]:
    return [f"sqlite+aiosqlite:///{tmp_path}/araldo.db"]


_SQLITE_TEMPLATE: list[str] = []  # this process's SQLite file migrated to head, copied for each test
_PG_TABLES: dict[str, int] = {}  # PostgreSQL URL -> how many tables its schema had when migrated to head
PUBLIC_TABLES = "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename != 'alembic_version'"


def migrated_sqlite(path) -> str:
    """Put a SQLite database at head at `path` (a file) and return its URL: a copy of one migrated once
    per process, since running every migration for each test cost a fifth of a second a test."""
    import shutil

    if not _SQLITE_TEMPLATE:
        import asyncio
        import tempfile
        from concurrent.futures import ThreadPoolExecutor

        from bot.storage.db import Database

        template = f"{tempfile.mkdtemp(prefix='araldo-template-')}/araldo.db"

        async def build() -> None:
            db = Database(f"sqlite+aiosqlite:///{template}")
            await db.migrate()
            await db.close()

        with ThreadPoolExecutor(1) as pool:  # a loop of its own: callers may be inside a test's loop
            pool.submit(asyncio.run, build()).result()
        _SQLITE_TEMPLATE.append(template)
    os.makedirs(os.path.dirname(str(path)) or ".", exist_ok=True)
    shutil.copyfile(_SQLITE_TEMPLATE[0], str(path))
    return f"sqlite+aiosqlite:///{path}"


async def fresh_database(url: str):
    """A database at head with no rows. SQLite: a copy of the process's migrated template. PostgreSQL
    (one database per worker): its tables emptied when its schema is the one migrated to head, else
    dropped and migrated again (a test may have left another schema behind)."""
    from sqlalchemy import text

    from bot.storage.db import Database
    from bot.storage.migrate import head_revision

    if url.startswith("sqlite"):
        path = url.split(":///", 1)[1]
        if not os.path.exists(path):
            migrated_sqlite(path)
        db = Database(url)
        await db.migrate()  # at head already: a version check
        return db
    db = Database(url)
    async with db.engine.begin() as conn:
        tables = [r[0] for r in await conn.execute(text(PUBLIC_TABLES))]
        version = None
        if _PG_TABLES.get(url) == len(tables):
            version = (await conn.execute(text("SELECT version_num FROM alembic_version"))).scalar()
        if version is not None and version == head_revision():
            await conn.execute(text("TRUNCATE " + ", ".join(f'"{t}"' for t in tables) + " RESTART IDENTITY CASCADE"))
            return db
        await conn.execute(text("DROP SCHEMA public CASCADE"))
        await conn.execute(text("CREATE SCHEMA public"))
    await db.migrate()
    async with db.engine.connect() as conn:
        _PG_TABLES[url] = len((await conn.execute(text(PUBLIC_TABLES))).all())
    return db


@pytest.fixture(params=["sqlite", "postgres"])
async def db(request, tmp_path) -> AsyncIterator[object]:
    if request.param == "sqlite":
        url = f"sqlite+aiosqlite:///{tmp_path}/araldo.db"
    else:
        url = os.environ.get("TEST_DATABASE_URL", "")
        if not url.startswith("postgresql"):
            pytest.skip("TEST_DATABASE_URL does not point at PostgreSQL")
    database = await fresh_database(url)
    yield database
    await database.close()


@pytest.fixture
async def service(db, clock):
    from bot.service import GameService

    if not db.is_sqlite:  # PostgreSQL runs draw seeds as production does: 63-bit, from the service
        return GameService(db, clock=clock)
    seeds = iter(range(1000, 100000))
    return GameService(db, clock=clock, seed_source=lambda: next(seeds))
