"""A running game's record goes on from the last one: after its first record, a move observes that move
alone, never the whole log again; an undo records the game from its seed; after a restart the record
goes on from the trail kept in the database."""

from __future__ import annotations

import pytest
from sqlalchemy import select

from bot.record import queries, rebuild, trail
from bot.record.recorder import Recorder
from bot.storage.record_tables import RecordResult, RecordTrail
from tests.bot.record.play import corsa


@pytest.fixture
def replays(monkeypatch) -> list[int]:
    """Counts the record's replays from the seed, and the entries each one observed (every move
    recorded at once, as the first ones of a game then go on from its first record)."""
    monkeypatch.setattr("bot.record.recorder.RUNNING_EVERY", 0.0)
    seen: list[int] = []
    real = trail.observe

    def counted(game, record, until):
        seen.append(len(record.log))
        return real(game, record, until)
    monkeypatch.setattr(trail, "observe", counted)
    return seen


async def test_moves_after_the_first_record_replay_nothing_again(service, clock, replays) -> None:
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    await corsa(service, clock, ["61", "62"], steps=["add", "add", "late", "add"], target=30)
    await rec.settled()
    # the game's first record replayed it from the seed (the moves made by then); every later one went
    # on from there, the game's end included
    assert len(replays) == 1 and replays[0] < 8
    one = await queries.player_record(service.db, "61")
    assert one is not None and one.played == 1 and one.calls > 3


async def test_a_restart_goes_on_from_the_kept_trail(service, clock, replays, monkeypatch) -> None:
    monkeypatch.setattr("bot.record.recorder.MEMORY", 0)  # nothing held in memory: as after a restart
    monkeypatch.setattr("bot.record.rebuild.KEEP_EVERY", 1)
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    gid = await corsa(service, clock, ["63", "64"], steps=["add", "add", "add"], target=30, finish=False)
    await rec.settled()
    assert len(replays) == 1
    async with service.db.sessions() as s:
        kept = (await s.execute(select(RecordTrail).where(RecordTrail.game_id == gid))).scalar_one()
    assert kept.entries == 3 and kept.state is not None and kept.derivation == trail.DERIVATION


async def test_an_undo_records_the_game_again_from_its_seed(service, clock, replays) -> None:
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    gid = await corsa(service, clock, ["65", "66"], steps=["add", "add"], target=30, finish=False)
    await rec.settled()
    await service.undo(gid, 1, "999")
    await rec.settled()
    assert len(replays) == 2 and replays[-1] == 2  # the first move and the undo's reseed, from the seed
    async with service.db.sessions() as s:
        rows = (await s.execute(select(RecordResult).where(RecordResult.game_id == gid))).scalars().all()
    assert {r.user_id: r.moves for r in rows} == {"65": 1, "66": 0}


async def test_a_rebuild_in_worker_processes_gives_the_same_tables(service, clock, monkeypatch) -> None:
    from bot.record import pool
    from bot.record.rebuild import rebuild
    from tests.bot.record.test_rebuild_property import _tables

    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    await corsa(service, clock, ["67", "68"], steps=["add", "late"], channel="601")
    await corsa(service, clock, ["68", "69", "67"], steps=["add"], channel="602", finish=False)
    await rec.settled()
    kept = await _tables(service.db)
    monkeypatch.setattr(pool, "POOL_FROM", 1)  # two games are enough to start the processes
    assert await rebuild(service.db, replay=True, workers=2) == 2
    assert await _tables(service.db) == kept


async def test_the_ratings_are_moved_after_the_ending_move_answered_off_the_event_loop(service, clock,
                                                                                     monkeypatch) -> None:
    import asyncio
    import threading

    from bot.record import rebuild, store
    from bot.storage.record_tables import RecordRating

    release, threads = threading.Event(), set()
    real_moved = store.moved

    def moved(seen, facts):  # the ratings computed: held until the game's last move has answered
        threads.add(threading.get_ident())
        if not facts.game.running:
            assert release.wait(10)
        return real_moved(seen, facts)
    monkeypatch.setattr(rebuild.store, "moved", moved)
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    gid = await corsa(service, clock, ["81", "82"], target=6)  # the last move returned
    _, state = await service.state(gid)
    assert state.status == "finished"
    async with service.db.sessions() as s:
        assert (await s.execute(select(RecordRating))).first() is None  # not rated yet
    release.set()
    await rec.settled()
    async with service.db.sessions() as s:
        assert {r.user_id for r in (await s.execute(select(RecordRating))).scalars()} == {"81", "82"}
    assert threads and threading.get_ident() not in threads  # computed in a worker thread
    await asyncio.sleep(0)

def records_counted(monkeypatch) -> list[int]:
    """The games the recorder records, in order (each record_one call)."""
    recorded: list[int] = []
    real = rebuild.record_one

    async def counted(db, game_id, memory=None, *, anew=False, ended=None):
        recorded.append(game_id)
        return await real(db, game_id, memory, anew=anew, ended=ended)
    monkeypatch.setattr(rebuild, "record_one", counted)
    return recorded


async def test_the_moves_of_a_busy_table_go_in_one_record(service, clock, monkeypatch) -> None:
    """A running game's record waits RUNNING_EVERY after a move: the moves made meanwhile are one
    record, taken of the game as it stands then; settled() sends the waiting records at once."""
    monkeypatch.setattr("bot.record.recorder.RUNNING_EVERY", 60.0)
    recorded = records_counted(monkeypatch)
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    gid = await corsa(service, clock, ["67", "68"], steps=["add", "add", "add", "add"], target=30, finish=False)
    assert recorded == []  # still waiting: nothing of the record on the moves' way
    await rec.settled()
    assert recorded == [gid]
    one = await queries.player_record(service.db, "67")
    assert one is not None and one.calls >= 2


async def test_the_startup_rebuild_waits_for_the_overdue_games(service, monkeypatch) -> None:
    """At startup the record's rebuild (or catch-up) starts once the scheduler has woken the overdue
    games: their deadlines never queue behind thousands of replays and writes."""
    import asyncio

    asked: list[str] = []

    async def built(db):
        asked.append("built")
        return rebuild.DERIVATION

    async def caught_up(db, ended=None):
        asked.append("catch_up")
        return 0
    monkeypatch.setattr(rebuild, "built_version", built)
    monkeypatch.setattr(rebuild, "catch_up", caught_up)
    resumed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    rec = Recorder(service.db)
    rec.rebuild_if_stale(resumed)
    for _ in range(5):
        await asyncio.sleep(0)
    assert asked == []
    resumed.set_result(None)
    await rec.settled()
    assert asked == ["built", "catch_up"]


async def test_records_of_a_restart_wait_for_its_catch_up(service, clock, monkeypatch) -> None:
    import asyncio

    monkeypatch.setattr("bot.record.recorder.RUNNING_EVERY", 0.0)
    monkeypatch.setattr(rebuild, "built_version", lambda db: asyncio.sleep(0, rebuild.DERIVATION))
    monkeypatch.setattr(rebuild, "catch_up", lambda db: asyncio.sleep(0, 0))
    recorded = records_counted(monkeypatch)
    resumed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    rec = Recorder(service.db)
    rec.rebuild_if_stale(resumed)
    service.listeners.append(rec.heard)
    gid = await corsa(service, clock, ["69", "70"], steps=["add", "add"], target=30, finish=False)
    for _ in range(20):
        await asyncio.sleep(0)
    assert recorded == []  # the catch-up is still running
    resumed.set_result(None)
    await rec.settled()
    assert recorded == [gid]


async def test_a_record_still_waiting_at_shutdown_is_dropped_not_failed(service, clock, monkeypatch, caplog) -> None:
    """stop() (the bot's close, before the database closes) cancels the records waiting or running: none
    is left to fail on a closed database, and the game's next record goes on as before."""
    monkeypatch.setattr("bot.record.recorder.RUNNING_EVERY", 60.0)
    recorded = records_counted(monkeypatch)
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    gid = await corsa(service, clock, ["67", "68"], steps=["add", "add"], target=30, finish=False)
    assert rec._tasks and recorded == []
    await rec.stop()
    assert not rec._tasks and recorded == []
    assert not [r for r in caplog.records if r.name == "araldo.record" and r.levelname == "ERROR"]
    _, state = await service.state(gid)
    await service.act(gid, state.players[state.turn].id, {"type": "add", "amount": 1})
    await rec.settled()
    assert recorded == [gid]
