"""The database connection: SQLite (WAL, pooled connections) or PostgreSQL (asyncpg).

Reads and writes are different doors. `sessions()` is for reading: on SQLite a plain (deferred)
transaction, which in WAL mode never takes the write lock and never waits for a writer.
`transaction()` is for writing: on SQLite the process's writers queue on an asyncio lock first and
then `BEGIN IMMEDIATE`, so SQLite's polling busy handler only ever arbitrates between processes
(shards), never between the coroutines of one.

`run(work, write=...)` is the fast door for the hot paths (a move's save, the outbox sender): `work`
is a plain function of SQLAlchemy Core statements on a synchronous connection, run as one
transaction. On SQLite it runs whole in a worker thread with the standard driver: one trip between
threads for the transaction instead of three or four per statement through aiosqlite (each trip
hands the GIL back and forth, and those hand-offs were most of a move's database time); its reads
run without BEGIN and COMMIT, each statement its own snapshot, as on PostgreSQL. On
PostgreSQL it runs through `run_sync` on an engine of its own whose pool does not ping every
connection it hands out (a connection the server dropped fails at once and the function is run once
more); a read, or a write that is one statement, goes without BEGIN and COMMIT round trips.
`run_driver(work)` is SQLite's door for a move's save: the same thread, lock and connections, the
driver's own cursor (bot/storage/driver.py); the saves that arrive together share one commit.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine, create_engine, event
from sqlalchemy.exc import DBAPIError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, AsyncSession, async_sessionmaker, create_async_engine

from bot.storage.driver import Prepared

T = TypeVar("T")

BUSY_TIMEOUT_MS = 10_000
POOL_SIZE = 8  # aiosqlite runs a thread per connection: enough for concurrent reads, few threads
PG_POOL_SIZE = 16
WRITE = "araldo_write"  # execution option marking a write transaction
READ_ALONE = "araldo_read_alone"  # run()'s SQLite reads: each statement is its own snapshot, no BEGIN


def _sqlite_pragmas(engine: AsyncEngine | Engine) -> None:
    sync_engine = engine.sync_engine if isinstance(engine, AsyncEngine) else engine

    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # let SQLAlchemy, not the driver, decide when transactions begin (see _on_begin)
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(sync_engine, "begin")
    def _on_begin(conn: Any) -> None:
        # a writer takes the write lock up front (two writers never deadlock upgrading a read lock);
        # a reader starts a snapshot that never blocks and is never blocked in WAL mode; run()'s reads
        # (one statement each, as on PostgreSQL) need no BEGIN and COMMIT at all
        options = conn.get_execution_options()
        if not options.get(READ_ALONE):
            conn.exec_driver_sql("BEGIN IMMEDIATE" if options.get(WRITE) else "BEGIN")


def _as_sqlalchemy(exc: BaseException) -> BaseException:
    """A driver's error as SQLAlchemy raises it (IntegrityError, OperationalError...); others as they are."""
    if isinstance(exc, sqlite3.Error):
        return DBAPIError.instance(None, None, exc, sqlite3.Error)
    return exc


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
        self._sync: Engine | None = None  # SQLite: the same file through the standard driver, for run()
        self._threads: dict[bool, ThreadPoolExecutor] = {}
        if self.is_sqlite:
            _sqlite_pragmas(self.engine)
            sync_url = self.engine.url.set(drivername="sqlite")
            # a transaction that ends with an error rolls itself back (see run); no reset trip on return
            self._sync = create_engine(sync_url, pool_size=3, max_overflow=0, pool_reset_on_return=None,
                                       connect_args={"timeout": BUSY_TIMEOUT_MS / 1000, "check_same_thread": False})
            _sqlite_pragmas(self._sync)
            self._sync_writer = self._sync.execution_options(**{WRITE: True})
            self._sync_reader = self._sync.execution_options(**{READ_ALONE: True})
            # one writer thread (the process writes one transaction at a time anyway), two readers
            self._threads = {True: ThreadPoolExecutor(1, thread_name_prefix="araldo-db-write"),
                             False: ThreadPoolExecutor(2, thread_name_prefix="araldo-db-read")}
        self.writer_engine = self.engine.execution_options(**{WRITE: True})
        if not self.is_sqlite:
            # run()'s own pool, without a ping on every checkout (a round trip per move and per read):
            # a connection found dead raises at its first statement and run() tries once more. Every
            # connection it opens is kept: an overflow connection is closed when handed back, and with
            # 50 players at once the hot path kept opening new ones (TCP, a TLS offer, authentication,
            # its statements prepared again), a quarter of a millisecond of the event loop a move; past
            # PG_POOL_SIZE busy at once, a statement waits for a free connection (each takes ~1 ms)
            self._fast = create_async_engine(url, echo=echo, pool_size=PG_POOL_SIZE, max_overflow=0)
            self._autocommit = self._fast.execution_options(isolation_level="AUTOCOMMIT")
        # reading sessions; writes go through transaction()
        self.sessions = async_sessionmaker(self.engine, expire_on_commit=False)
        self._writes = async_sessionmaker(self.writer_engine, expire_on_commit=False)
        # PostgreSQL locks rows itself; SQLite has one writer per file, so queue here, not in SQLite
        self._write_lock: asyncio.Lock | None = asyncio.Lock() if self.is_sqlite else None
        self._group: list[tuple[Callable[[sqlite3.Cursor], Any], asyncio.Future[Any]]] = []  # run_driver's
        self._committing: set[asyncio.Task[None]] = set()

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[AsyncSession]:
        """One unit of work that writes: committed when the block ends, rolled back if it raises.
        Never open one inside another (on SQLite the second would wait for the first forever)."""
        async with self._write_lock or contextlib.nullcontext(), self._writes() as session, session.begin():
            yield session

    async def run(self, work: Callable[[Connection], T], *, write: bool, single: bool = False) -> T:
        """`work(connection)` as one transaction (committed if it returns, rolled back if it raises):
        Core statements only, nothing awaited inside. Writes queue on the process's write lock first,
        as in transaction(). `single`: `work` runs one statement, atomic by itself, so PostgreSQL
        needs no BEGIN and COMMIT around it."""
        if self._sync is None:
            for attempt in range(2):
                try:
                    if not write or single:  # each statement its own snapshot: no BEGIN and COMMIT round trips
                        async with self._autocommit.connect() as conn:
                            return await conn.run_sync(work)
                    async with self._fast.begin() as conn:
                        return await conn.run_sync(work)
                except DBAPIError as exc:
                    # a pooled connection the server dropped (a restart): nothing it sent was committed
                    # (a save that did commit fails its version check when tried again)
                    if not exc.connection_invalidated or attempt:
                        raise
            raise AssertionError("unreachable")
        sync = self._sync_writer if write else self._sync_reader

        def one_transaction() -> T:
            with sync.connect() as conn:
                try:
                    result = work(conn)
                except BaseException:
                    conn.rollback()
                    raise
                conn.commit()
                return result

        loop = asyncio.get_running_loop()
        if not write:
            return await loop.run_in_executor(self._threads[False], one_transaction)
        async with self._write_lock or contextlib.nullcontext():
            return await loop.run_in_executor(self._threads[True], one_transaction)

    async def run_driver(self, work: Callable[[sqlite3.Cursor], T]) -> T:
        """SQLite only: `work(cursor)` as one write on the standard driver's own cursor, for a move's
        save (bot/storage/driver.py says why); `work` raises to undo what it wrote. The driver's
        errors come out as SQLAlchemy's (IntegrityError, OperationalError), as from run().

        Group commit: the saves that arrive while the writer thread is busy wait together, and go in
        one transaction (one BEGIN IMMEDIATE and one COMMIT, one trip to the writer thread), each
        inside a savepoint of its own, so a save that raises undoes only itself. Each caller is
        answered only after the shared COMMIT: if it fails, every save of the group fails with it,
        and none is reported written. A save alone is one transaction as before. Same lock, thread
        and connections as run(write=True)."""
        assert self._sync is not None, "run_driver is for SQLite"
        loop = asyncio.get_running_loop()
        done: asyncio.Future[T] = loop.create_future()
        self._group.append((work, done))
        if len(self._group) == 1:  # the first of a group takes it to the writer; the others join it
            task = loop.create_task(self._commit_group())
            self._committing.add(task)
            task.add_done_callback(self._committing.discard)
        return await done

    async def _commit_group(self) -> None:
        async with self._write_lock or contextlib.nullcontext():
            group, self._group = [g for g in self._group if not g[1].done()], []  # a caller gone: not run
            if not group:
                return
            try:
                outcomes = await asyncio.get_running_loop().run_in_executor(
                    self._threads[True], self._write_group, [work for work, _done in group])
            except BaseException as exc:  # the whole group failed (or was never written): each caller hears it
                for _work, done in group:
                    if not done.done():
                        done.cancel() if isinstance(exc, asyncio.CancelledError) else done.set_exception(exc)
                if not isinstance(exc, Exception):
                    raise
                return
            for (_work, done), (ok, value) in zip(group, outcomes, strict=True):
                if not done.done():
                    done.set_result(value) if ok else done.set_exception(value)

    def _write_group(self, works: list[Callable[[sqlite3.Cursor], Any]]) -> list[tuple[bool, Any]]:
        """In the writer thread: the works in one transaction; (True, result) or (False, error) each."""
        assert self._sync is not None
        raw = self._sync.raw_connection()  # pooled; its pragmas were set when it was opened
        driver: sqlite3.Connection = raw.driver_connection  # type: ignore[assignment]
        outcomes: list[tuple[bool, Any]] = []
        try:
            cursor = driver.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            if len(works) == 1:
                outcomes.append((True, works[0](cursor)))  # raises: nothing of it stays
            else:
                for work in works:
                    cursor.execute("SAVEPOINT save")
                    try:
                        outcomes.append((True, work(cursor)))
                    except Exception as exc:
                        # only this save is undone (an error of the rollback itself fails the group)
                        cursor.execute("ROLLBACK TO save")
                        outcomes.append((False, _as_sqlalchemy(exc)))
                    cursor.execute("RELEASE save")
            cursor.execute("COMMIT")
            return outcomes
        except sqlite3.Error as exc:
            raise _as_sqlalchemy(exc) from exc
        finally:
            try:
                if driver.in_transaction:  # a work raised alone, or COMMIT did: nothing of it stays
                    driver.rollback()
            except sqlite3.Error:
                raw.invalidate()  # never hand a connection in an unknown state back to the pool
            raw.close()

    async def run_statement(self, statement: Prepared, values: dict[str, Any]) -> Any:
        """PostgreSQL only: one statement compiled for asyncpg (atomic by itself: no BEGIN and COMMIT),
        run on the pooled asyncpg connection itself; the first column of its first row. A connection
        the server dropped is replaced and the statement sent once more, as in run(); a broken
        constraint comes out as SQLAlchemy's IntegrityError."""
        from asyncpg import exceptions as pg  # PostgreSQL's driver is an extra: imported when used

        args = statement.args(values)
        # a connection the server cut off fails in any of these ways, depending on when asyncpg noticed
        dropped = (pg.InterfaceError, pg.InternalClientError, pg.PostgresConnectionError, pg.AdminShutdownError,
                   pg.CannotConnectNowError, OSError)
        for attempt in range(2):
            async with self._autocommit.connect() as conn:
                raw = await conn.get_raw_connection()
                try:
                    return await raw.driver_connection.fetchval(statement.sql, *args)  # type: ignore[union-attr]
                except pg.IntegrityConstraintViolationError as exc:
                    raise IntegrityError(statement.sql, None, exc) from exc
                except dropped:
                    # nothing it sent was committed, or the version check will say so; a server that
                    # dropped one pooled connection dropped them all (a restart): start a new pool
                    await conn.invalidate()
                    if attempt:
                        raise
            await self._fast.dispose()
        raise AssertionError("unreachable")

    async def migrate(self) -> None:
        from bot.storage.migrate import upgrade

        async with self._write_lock or contextlib.nullcontext():
            await upgrade(self.writer_engine)

    async def close(self) -> None:
        await self.engine.dispose()
        if not self.is_sqlite:
            await self._fast.dispose()
        if self._sync is not None:
            self._sync.dispose()
        for pool in self._threads.values():
            pool.shutdown(wait=False)
