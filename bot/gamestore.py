"""Game rows in and out of the database: reading them (through this process's cache, see
bot/gamecache.py), loading and dumping their snapshots, and saving a new version with its log row and
its outbox rows in one transaction. The game service builds every command on these."""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any, Literal

from sqlalchemy import Connection, bindparam, func, insert, literal, union_all, update
from sqlalchemy import select as core_select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import defer
from sqlmodel import col, select

from bot.gamecache import GameCache
from bot.storage.db import Database
from bot.storage.driver import POSTGRES, Prepared
from bot.storage.models import LIVE, ActionRow, GameRow, OutboxRow, Seat, loaded
from engine.core import Event, Game, GameState, RuleError, get_game

log = logging.getLogger(__name__)

MAX_RETRIES = 5


def utcnow() -> datetime:
    return datetime.now(UTC)


_OUTBOX_COLUMNS = [c.name for c in OutboxRow.__table__.columns if c.name != "id"]  # type: ignore[attr-defined]
_GAME = GameRow.__table__  # type: ignore[attr-defined]
_GAME_COLUMNS = [c.name for c in _GAME.columns]
_ACTION = ActionRow.__table__  # type: ignore[attr-defined]
_OUTBOX = OutboxRow.__table__  # type: ignore[attr-defined]

# The hot statements, built once with bound parameters: SQLAlchemy then reuses their compiled form
# without rebuilding a cache key per call (a statement made afresh cost five times more to execute)
_GET = select(_GAME).where(_GAME.c.id == bindparam("game"))
_VERSION = select(_GAME.c.version).where(_GAME.c.id == bindparam("game"))
_APPLIED = select(_ACTION.c.id).where(_ACTION.c.interaction_id == bindparam("interaction")).limit(1)
_GET_MANY = select(_GAME).where(_GAME.c.id.in_(bindparam("ids", expanding=True)))
_IN_CHANNEL = select(_GAME).where(_GAME.c.channel_id == bindparam("channel")).order_by(_GAME.c.id.desc()).limit(1)
_LIVE_IN_CHANNEL = _IN_CHANNEL.where(_GAME.c.status.in_(LIVE))
_SAVE = (update(_GAME).where(_GAME.c.id == bindparam("game"), _GAME.c.version == bindparam("old"))
         .values(snapshot_json=bindparam("snapshot"), version=bindparam("new"), updated_at=bindparam("now"),
                 status=bindparam("status"), next_deadline=bindparam("deadline"),
                 turn_deadline=bindparam("turn_deadline"), schema_version=bindparam("schema")))
_LOG = insert(_ACTION).values(
    game_id=bindparam("game"), actor=bindparam("actor"), action_json=bindparam("action"),
    interaction_id=bindparam("interaction"), at=bindparam("at"), moderator=bindparam("moderator"), undone=False,
    seq=select(func.coalesce(func.max(_ACTION.c.seq), 0) + 1).where(_ACTION.c.game_id == bindparam("game"))
    .scalar_subquery())
_INSERT_OUTBOX = insert(_OUTBOX)

# the same three on SQLite, through the driver (see bot/storage/driver.py)
_DRIVER_SAVE, _DRIVER_LOG = Prepared(_SAVE), Prepared(_LOG)
_DRIVER_OUTBOX = Prepared(_INSERT_OUTBOX, column_keys=_OUTBOX_COLUMNS)

_LOG_COLUMNS = ["game_id", "seq", "actor", "action_json", "interaction_id", "at", "moderator", "undone"]
_TOLD_COLUMNS = [c for c in _OUTBOX_COLUMNS if c != "game_id"]  # an outbox row's own values
TOLD_IN_ONE_STATEMENT = 16  # outbox rows a single-statement save takes; more go the long way


@lru_cache(maxsize=2 * (TOLD_IN_ONE_STATEMENT + 1))
def _save_in_one_statement(logged: bool, told: int) -> Prepared:
    """PostgreSQL: the versioned update, its log row and its `told` outbox rows as ONE statement
    (data-modifying CTEs; the inserts take their game id from the update, so they write nothing when
    the version check fails). One round trip, atomic by itself, instead of BEGIN, three statements and
    COMMIT. Compiled once for asyncpg and sent past SQLAlchemy (bot/storage/driver.py); it returns
    how many games were updated (0: someone saved first)."""
    saved = _SAVE.returning(_GAME.c.id).cte("saved")
    stmt = core_select(func.count()).select_from(saved)
    if logged:
        seq = (core_select(func.coalesce(func.max(_ACTION.c.seq), 0) + 1)
               .where(_ACTION.c.game_id == bindparam("game")).scalar_subquery())
        given = [bindparam(name, type_=_ACTION.c[column].type) for name, column in
                 (("actor", "actor"), ("action", "action_json"), ("interaction", "interaction_id"), ("at", "at"),
                  ("moderator", "moderator"))]
        row = core_select(saved.c.id, seq, *given, literal(False))
        stmt = stmt.add_cte(insert(_ACTION).from_select(_LOG_COLUMNS, row).cte("logged"))
    if told:
        rows = [core_select(saved.c.id, *(bindparam(f"o{i}_{c}", type_=_OUTBOX.c[c].type)
                                          for c in _TOLD_COLUMNS)) for i in range(told)]
        told_rows = union_all(*rows) if told > 1 else rows[0]
        stmt = stmt.add_cte(insert(_OUTBOX).from_select(["game_id", *_TOLD_COLUMNS], told_rows).cte("told"))
    return Prepared(stmt, dialect=POSTGRES)


def _game_row(found: Any) -> GameRow | None:
    return None if found is None else loaded(GameRow, found._mapping)


def outbox_values(rows: list[OutboxRow]) -> list[dict[str, Any]]:
    """Each row's columns, as the outbox insert takes them (Core or driver)."""
    return [{c: getattr(r, c) for c in _OUTBOX_COLUMNS} for r in rows]


def insert_outbox(conn: Connection, rows: list[OutboxRow]) -> None:
    if rows:
        conn.execute(_INSERT_OUTBOX, outbox_values(rows))


def changed(row: GameRow, **values: Any) -> GameRow:
    """A new row object: `row` with `values` (rows that may sit in the cache are never edited)."""
    data = {c: getattr(row, c) for c in _GAME_COLUMNS}
    data.update(values)
    return loaded(GameRow, data)


@dataclass
class Logged:
    """A log row to append with a save (a plain record: the table row is written by a statement)."""

    actor: str
    action_json: str
    interaction_id: str | None
    at: datetime
    moderator: bool


class Conflict(Exception):
    """Someone else saved a newer version first."""


@dataclass
class Update:
    """What listeners hear after a commit."""

    game: GameRow
    state: GameState | None
    events: list[Event]
    # "away": a move made for a player by /away, whose public part nobody's command answers;
    # "table": a player's move from their private web page, announced in the channel likewise
    source: Literal["act", "tick", "start", "mod", "import", "undo", "away", "table"]
    actor: str | None = None


@dataclass
class ActResult:
    game: GameRow
    state: GameState
    events: list[Event] = field(default_factory=list)


Listener = Callable[[Update], Awaitable[None]]
# turns what a commit is about to say into outbox rows, written in that same transaction (pure: no I/O)
Planner = Callable[[Update], list[OutboxRow]]


class GameStore:
    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow,
                 seed_source: Callable[[], int] | None = None, default_locale: str = "it",
                 default_timezone: str = "Europe/Rome") -> None:
        self.db = db
        # what a server that never ran /mod config gets (DEFAULT_LOCALE, DEFAULT_TIMEZONE)
        self.default_locale = default_locale
        self.default_timezone = default_timezone
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.listeners: list[Listener] = []
        self.planners: list[Planner] = []
        self.outbox_listeners: list[Callable[[], None]] = []  # told after a commit wrote outbox rows
        self.cache = GameCache()
        self._locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}  # game -> (lock, [holders+waiters])

    # ---- helpers -------------------------------------------------------------------------
    @asynccontextmanager
    async def _lock(self, game_id: int) -> AsyncIterator[None]:
        """The game's in-process lock; forgotten as soon as nobody holds or awaits it (10,000 games
        must not keep 10,000 locks)."""
        lock, users = self._locks.setdefault(game_id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                self._locks.pop(game_id, None)

    def locks_held(self) -> int:
        return len(self._locks)

    def _plan(self, upd: Update) -> list[OutboxRow]:
        return [row for planner in self.planners for row in planner(upd)]

    def _outbox_written(self, rows: list[OutboxRow]) -> None:
        if rows:
            for wake in list(self.outbox_listeners):
                wake()

    async def _emit(self, upd: Update) -> None:
        for listener in list(self.listeners):
            try:
                await listener(upd)
            except Exception:  # a failing DM or post must never undo a committed move
                log.exception("listener failed for game %s", upd.game.id)

    async def _committed(self, upd: Update, outbox: list[OutboxRow], state: GameState) -> ActResult:
        """After a commit that made a game row: it becomes the cache's, the sender is woken for the
        outbox rows written with it, and the listeners hear it."""
        self.cache.put(upd.game)
        self._outbox_written(outbox)
        await self._emit(upd)
        return ActResult(upd.game, state, upd.events)

    def load_state(self, row: GameRow) -> GameState:
        game = get_game(row.kind)
        if row.snapshot_json is None:
            raise RuleError("core.not_started")
        if row.schema_version == game.state_version:  # the text read and validated in one pass
            state: GameState = game.load_state(row.snapshot_json)
        else:
            state = game.load_state(game.migrate_state(json.loads(row.snapshot_json), row.schema_version))
        return state

    @staticmethod
    def _dump(game: Game[Any], state: GameState) -> str:
        return game.dump_state_json(state)

    # ---- reading -------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameRow:
        """The game as stored now (always read: what a view, a timer or a moderator works on)."""
        row = await self.db.run(lambda conn: _game_row(conn.execute(_GET, {"game": game_id}).first()), write=False)
        if row is None:
            self.cache.forget(game_id)
            raise RuleError("core.no_game")
        self.cache.put(row)
        return row

    async def read_rows(self, game_ids: list[int]) -> dict[int, GameRow]:
        """Several games as stored now, in one read (a restart's overdue games, a chunk at a time)."""
        rows: list[GameRow] = await self.db.run(
            lambda conn: [loaded(GameRow, r._mapping) for r in conn.execute(_GET_MANY, {"ids": game_ids})], write=False)
        for row in rows:
            self.cache.put(row)
        return {row.id: row for row in rows if row.id is not None}

    async def _version(self, game_id: int) -> int | None:
        version: int | None = await self.db.run(lambda conn: conn.execute(_VERSION, {"game": game_id}).scalar(),
                                                write=False)
        return version

    async def in_channel(self, channel_id: str, *, live_only: bool = False) -> GameRow:
        """The live game of a channel or thread; else (unless live_only) its latest finished one.
        One quick read by the (channel, status) index: a channel's finished games are never loaded;
        none when this process read or saved the channel's live game within FRESH_SECONDS."""
        cached = self.cache.live_in(channel_id)
        if cached is not None:
            return cached
        def find(conn: Connection) -> GameRow | None:
            found = _game_row(conn.execute(_LIVE_IN_CHANNEL, {"channel": channel_id}).first())
            if found is None and not live_only:
                found = _game_row(conn.execute(_IN_CHANNEL, {"channel": channel_id}).first())
            return found

        row = await self.db.run(find, write=False)
        if row is None:
            raise RuleError("core.no_game_here")
        self.cache.put(row)
        return row

    async def guild_games(self, guild_id: str, *, include_finished: bool = False) -> list[GameRow]:
        async with self.db.sessions() as s:
            q = select(GameRow).where(GameRow.guild_id == guild_id)
            if not include_finished:
                q = q.where(col(GameRow.status).in_(LIVE))
            return list((await s.execute(q.order_by(col(GameRow.id)))).scalars())

    async def active_games(self) -> list[GameRow]:
        async with self.db.sessions() as s:
            q = select(GameRow).where(GameRow.status == "active").order_by(col(GameRow.id))
            return list((await s.execute(q)).scalars())

    async def active_timetable(self) -> list[GameRow]:
        """Every active game with what the scheduler needs (deadlines, reminder settings), without
        the snapshots: a restart with 10,000 games must not read 10,000 snapshots first."""
        async with self.db.sessions() as s:
            q = (select(GameRow).options(defer(GameRow.snapshot_json))  # type: ignore[arg-type]
                 .where(GameRow.status == "active").order_by(col(GameRow.next_deadline), col(GameRow.id)))
            return list((await s.execute(q)).scalars())

    async def seats(self, game_id: int) -> list[Seat]:
        async with self.db.sessions() as s:
            q = select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.seat))
            return list((await s.execute(q)).scalars())

    async def state(self, game_id: int) -> tuple[GameRow, GameState]:
        row = await self.get(game_id)
        return row, self.load_state(row)

    async def games(self, game_ids: set[int]) -> dict[int, GameRow]:
        """Several games for the outbox sender: recently confirmed ones from the cache, the rest read."""
        found = {gid: row for gid in game_ids if (row := self.cache.recent(gid)) is not None}
        missing = game_ids - found.keys()
        if missing:
            async with self.db.sessions() as s:
                for row in (await s.execute(select(GameRow).where(col(GameRow.id).in_(missing)))).scalars():
                    if row.id is not None:
                        found[row.id] = row
                        self.cache.put(row)
        return found

    # ---- saving --------------------------------------------------------------------------
    async def applied(self, interaction_id: str) -> bool:  # a move with this idempotency key was logged
        found = await self.db.run(lambda conn: conn.execute(_APPLIED, {"interaction": interaction_id}).first(), write=False)
        return found is not None

    async def _save(self, row: GameRow, game: Game[Any], state: GameState, now: datetime,
                    entry: Logged | None, told: Update, noted: Logged | None = None) -> GameRow:
        """Snapshot (+ log row, + what must be told) in one transaction, only if nobody saved since
        `row` was read; the row as saved. Plain statements, not the ORM's unit of work: this runs on
        every move and timer (on PostgreSQL a single statement, see _save_in_one_statement)."""
        assert row.id is not None
        outbox = self._plan(told)
        old = row.version
        status = "finished" if state.status == "finished" else "active"
        deadline, turn_deadline = game.next_deadline(state), game.turn_deadline(state)
        snapshot = self._dump(game, state)
        game_id = row.id

        values = {"game": game_id, "old": old, "snapshot": snapshot, "new": old + 1, "now": now, "status": status,
                  "deadline": deadline, "turn_deadline": turn_deadline, "schema": game.state_version}
        if entry is not None:
            values.update(actor=entry.actor, action=entry.action_json, interaction=entry.interaction_id, at=entry.at,
                          moderator=entry.moderator)

        def write(conn: Connection) -> None:
            if conn.execute(_SAVE, values).rowcount != 1:
                raise Conflict
            if noted is not None:  # what a deadline due before the move did: its own line, first
                conn.execute(_LOG, {"game": game_id, "actor": noted.actor, "action": noted.action_json,
                                    "interaction": None, "at": noted.at, "moderator": noted.moderator})
            if entry is not None:
                conn.execute(_LOG, values)
                follow_seats(conn, game_id, entry)
            insert_outbox(conn, outbox)

        def write_driver(cursor: sqlite3.Cursor) -> None:
            if cursor.execute(_DRIVER_SAVE.sql, _DRIVER_SAVE.args(values)).rowcount != 1:
                raise Conflict
            if entry is not None:
                cursor.execute(_DRIVER_LOG.sql, _DRIVER_LOG.args(values))
            if outbox:
                cursor.executemany(_DRIVER_OUTBOX.sql, _DRIVER_OUTBOX.many(outbox_values(outbox)))

        async def save_once() -> None:
            params = dict(values)
            for i, r in enumerate(outbox):
                params.update({f"o{i}_{c}": getattr(r, c) for c in _TOLD_COLUMNS})
            if not await self.db.run_statement(_save_in_one_statement(entry is not None, len(outbox)), params):
                raise Conflict

        # a seat changing hands, or a deadline's line before the move, goes the long way
        plain = (entry is None or not replaces_seat(entry)) and noted is None
        one_statement = not self.db.is_sqlite and plain and len(outbox) <= TOLD_IN_ONE_STATEMENT
        try:
            if self.db.is_sqlite and plain:
                await self.db.run_driver(write_driver)
            elif one_statement:
                await save_once()
            else:
                await self.db.run(write, write=True)
        except Conflict:
            self.cache.forget(row.id)  # whatever this process knew is older than the stored version
            raise
        except IntegrityError:
            self.cache.forget(row.id)
            # the same interaction id (or seq) was written by a concurrent process
            if entry is not None and entry.interaction_id and await self.applied(entry.interaction_id):
                raise RuleError("core.already_applied") from None
            raise Conflict from None
        saved = changed(row, version=old + 1, status=status, next_deadline=deadline, turn_deadline=turn_deadline,
                        updated_at=now, snapshot_json=snapshot, schema_version=game.state_version)
        self.cache.put(saved)
        self._outbox_written(outbox)
        return saved


def replaces_seat(entry: Logged) -> bool:
    return entry.moderator and json.loads(entry.action_json).get("type") == "mod_replace"


def follow_seats(conn: Connection, game_id: int, entry: Logged) -> None:
    """A replaced player's seat changes hands in the same transaction (reminders, /away and /game
    list go by seats)."""
    if replaces_seat(entry):
        action = json.loads(entry.action_json)
        conn.execute(update(Seat).where(col(Seat.game_id) == game_id, col(Seat.user_id) == action["player"])
                     .values(user_id=action["new_id"], display_name=action["new_name"][:64]))
