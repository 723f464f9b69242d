"""SQLite's move saves through the standard driver (bot/storage/driver.py): what they write is what
SQLAlchemy would have written, and a save that fails half way leaves nothing behind."""

from __future__ import annotations

import asyncio
import re
from datetime import timedelta

import pytest
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

import bot.gamestore as gamestore
from bot.service import GameService
from bot.storage.db import Database
from bot.storage.driver import Prepared
from bot.storage.models import ActionRow, GameRow, OutboxRow
from engine.core import RuleError
from tests.conftest import fresh_database

STORED_MOMENT = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}$")  # SQLAlchemy's SQLite DATETIME


@pytest.fixture
async def sqlite_db(tmp_path):
    db = await fresh_database(f"sqlite+aiosqlite:///{tmp_path}/araldo.db")
    yield db
    await db.close()


async def two_player_game(service: GameService) -> tuple[int, list[str]]:
    """A started test game: its id and its players in turn order."""
    await service.create(kind="corsa", guild_id="1", channel_id="2", creator_id="10", creator_name="A",
                         settings={"turn_hours": 2})
    await service.join("2", "11", "B")
    res = await service.start("2", "10")
    assert res.game.id is not None
    return res.game.id, [p.id for p in res.state.players]


async def started(db: Database, clock) -> tuple[GameService, int, list[str]]:
    seeds = iter(range(1000, 2000))
    service = GameService(db, clock=clock, seed_source=lambda: next(seeds))
    # a planner that tells of every move: the save writes outbox rows too
    service.planners.append(lambda upd: [OutboxRow(
        game_id=upd.game.id, guild_id="1", channel_id="2", what="announce", payload_json="{}",
        created_at=clock.now, next_at=clock.now, sent_at=None)] if upd.source == "act" else [])
    return (service, *await two_player_game(service))


async def test_a_move_saved_through_the_driver_reads_back_as_sqlalchemy_wrote_it(sqlite_db, clock) -> None:
    service, gid, order = await started(sqlite_db, clock)
    clock.now += timedelta(minutes=5)
    res = await service.act(gid, order[0], {"type": "add", "amount": 3}, interaction_id="i1")

    async with sqlite_db.sessions() as s:
        game = (await s.execute(select(GameRow).where(GameRow.id == gid))).scalar_one()
        logged = (await s.execute(select(ActionRow).where(ActionRow.game_id == gid))).scalars().all()
        told = (await s.execute(select(OutboxRow).where(OutboxRow.game_id == gid))).scalars().all()
        stored = (await s.execute(text("SELECT created_at, updated_at, turn_deadline FROM game WHERE id = :g"),
                                  {"g": gid})).one()
    assert game.version == res.game.version and game.snapshot_json == res.game.snapshot_json
    assert game.updated_at == clock.now and game.updated_at.tzinfo is not None
    assert game.turn_deadline == clock.now + timedelta(hours=2) == res.game.turn_deadline
    assert [(a.seq, a.actor, a.interaction_id, a.at, a.moderator, a.undone) for a in logged] == [
        (1, order[0], "i1", clock.now, False, False)]
    assert [(o.what, o.created_at, o.sent_at, o.attempts) for o in told] == [("announce", clock.now, None, 0)]
    # the driver's moments are stored in the very text SQLAlchemy gives the ones it writes itself
    assert all(STORED_MOMENT.match(v) for v in stored), stored


async def test_a_driver_save_that_fails_half_way_leaves_nothing(sqlite_db, clock, monkeypatch) -> None:
    service, gid, order = await started(sqlite_db, clock)
    before = await service.get(gid)

    class Broken(Prepared):
        def args(self, values):
            raise RuntimeError("the log row cannot be written")

    # the game row is updated first, then the log row fails: the update must be rolled back
    monkeypatch.setattr(gamestore, "_DRIVER_LOG", Broken(gamestore._LOG))
    with pytest.raises(RuntimeError):
        await service.act(gid, order[0], {"type": "add", "amount": 3}, interaction_id="i1")
    async with sqlite_db.sessions() as s:
        assert (await s.execute(select(GameRow.version).where(GameRow.id == gid))).scalar_one() == before.version
        assert (await s.execute(select(ActionRow.id))).first() is None
        assert (await s.execute(select(OutboxRow.id).where(OutboxRow.game_id == gid))).first() is None

    monkeypatch.undo()  # the connection went back to the pool clean: the next move saves
    res = await service.act(gid, order[0], {"type": "add", "amount": 3}, interaction_id="i2")
    assert res.game.version == before.version + 1
    assert [a.interaction_id for a in await service.log_rows(gid)] == ["i2"]


def test_a_prepared_statement_refuses_a_missing_value() -> None:
    with pytest.raises(KeyError, match="old"):
        gamestore._DRIVER_SAVE.args({"game": 1, "new": 2, "snapshot": "{}", "now": None, "status": "active",
                                     "deadline": None, "turn_deadline": None, "schema": 1})


async def test_a_reused_interaction_id_on_a_legal_move_changes_nothing(service: GameService) -> None:
    # legal for the second player, but its interaction id is already in the log: the unique index
    # refuses the log row, and the game's update in the same transaction (or statement) goes with it
    gid, order = await two_player_game(service)
    moved = await service.act(gid, order[0], {"type": "add", "amount": 1}, interaction_id="dup")
    with pytest.raises(RuleError) as err:
        await service.act(gid, order[1], {"type": "add", "amount": 2}, interaction_id="dup")
    assert err.value.code == "core.already_applied"
    game, state = await service.state(gid)
    assert game.version == moved.game.version and state.total == 1
    assert [a.interaction_id for a in await service.log_rows(gid)] == ["dup"]


async def test_a_save_outlives_postgresql_dropping_its_connections(db, clock) -> None:
    if db.is_sqlite:
        pytest.skip("PostgreSQL's pooled connections")
    service = GameService(db, clock=clock)
    gid, order = await two_player_game(service)
    await service.act(gid, order[0], {"type": "add", "amount": 1})
    # the hot path's pool now holds several connections, each of which the server will drop
    read = lambda conn: conn.execute(text("SELECT pg_sleep(0.05)")).scalar()  # noqa: E731
    await asyncio.gather(*(db.run(read, write=False) for _ in range(4)))
    # as a server restart would: every other session of this database is cut off
    async with db.engine.connect() as conn:
        killed = (await conn.execute(text(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"))).scalar()
    assert killed
    moved = await service.act(gid, order[1], {"type": "add", "amount": 2})
    game, state = await service.state(gid)
    assert game.version == moved.game.version and state.total == 3


def _scratch(db: Database) -> None:
    """A table of the test's own, and one whose deferred foreign key fails the COMMIT of any
    transaction that wrote a row of -1 into it."""
    assert db._sync is not None
    with db._sync.begin() as conn:
        conn.exec_driver_sql("CREATE TABLE scratch (n INTEGER)")
        conn.exec_driver_sql("CREATE TABLE poison (game_id INTEGER REFERENCES game(id) DEFERRABLE INITIALLY DEFERRED)")


def _wrote(n: int):
    def work(cursor):
        cursor.execute("INSERT INTO scratch VALUES (?)", (n,))
        if n < 0:
            cursor.execute("INSERT INTO poison VALUES (-1)")  # fails only at the COMMIT
        if n == 13:
            raise RuntimeError("this save fails half way")
        return n
    return work


def _groups(db: Database, monkeypatch) -> list[int]:
    sizes: list[int] = []
    write_group = db._write_group

    def counted(works):
        sizes.append(len(works))
        return write_group(works)
    monkeypatch.setattr(db, "_write_group", counted)
    return sizes


async def test_saves_arriving_together_commit_together_and_one_that_fails_undoes_only_itself(
        sqlite_db, monkeypatch) -> None:
    _scratch(sqlite_db)
    sizes = _groups(sqlite_db, monkeypatch)
    outcomes = await asyncio.gather(*(sqlite_db.run_driver(_wrote(n)) for n in (1, 13, 2, 3)), return_exceptions=True)
    assert outcomes[0::2] == [1, 2] and outcomes[3] == 3
    assert isinstance(outcomes[1], RuntimeError)
    assert sizes == [4]  # one transaction for the four
    async with sqlite_db.sessions() as s:
        assert sorted((await s.execute(text("SELECT n FROM scratch"))).scalars()) == [1, 2, 3]


async def test_a_group_whose_commit_fails_reports_none_of_its_saves_written(sqlite_db, monkeypatch) -> None:
    _scratch(sqlite_db)
    sizes = _groups(sqlite_db, monkeypatch)
    outcomes = await asyncio.gather(*(sqlite_db.run_driver(_wrote(n)) for n in (1, -1, 2)), return_exceptions=True)
    assert sizes == [3]
    assert all(isinstance(o, IntegrityError) for o in outcomes), outcomes  # each caller hears the COMMIT fail
    async with sqlite_db.sessions() as s:
        assert (await s.execute(text("SELECT n FROM scratch"))).first() is None
    assert await sqlite_db.run_driver(_wrote(4)) == 4  # the connection went back to the pool clean
    async with sqlite_db.sessions() as s:
        assert list((await s.execute(text("SELECT n FROM scratch"))).scalars()) == [4]
