"""The record rebuilt from scratch equals the record kept game after game, over random histories:
random tables of players on two servers, deadlines missed, players removed, games ended by a moderator,
games left running (recorded at each move and deadline, rebuilt from their log as they stand)."""

from __future__ import annotations

import asyncio
import tempfile
from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from bot.record import rebuild as rebuild_module
from bot.record import recorder as recorder_module
from bot.record.rebuild import rebuild
from bot.record.recorder import Recorder
from bot.service import GameService
from bot.storage.record_tables import RecordGame, RecordMember, RecordRating, RecordResult, RecordWait
from tests.bot.record.play import corsa
from tests.conftest import FakeClock, fresh_database

POOL = ["71", "72", "73", "74", "75"]
games = st.lists(st.tuples(
    st.lists(st.sampled_from(POOL), min_size=2, max_size=4, unique=True),
    st.lists(st.sampled_from(["add", "late", "kick", "end"]), max_size=4),
    st.sampled_from(["500", "501"]),
    st.booleans(),  # False: the game is left running after its steps
), min_size=1, max_size=5)


async def _tables(db) -> list[list[tuple]]:
    out = []
    async with db.sessions() as s:
        for table in (RecordGame, RecordResult, RecordWait, RecordRating, RecordMember):
            rows = (await s.execute(select(table))).scalars()
            out.append(sorted(tuple(sorted(r.model_dump().items())) for r in rows))
    return out


async def _history(path: str, history, memory: int = 256) -> tuple[list, list, list]:
    db = await fresh_database(f"sqlite+aiosqlite:///{path}/araldo.db")
    clock = FakeClock(datetime(2026, 11, 21, 8, 0, tzinfo=UTC))
    seeds = iter(range(1000, 100000))
    service = GameService(db, clock=clock, seed_source=lambda: next(seeds))
    recorder = Recorder(db)
    service.listeners.append(recorder.heard)
    recorder_module.MEMORY = memory
    for n, (players, steps, guild, finish) in enumerate(history):
        # "kick": a moderator removes the last player seated (once: a second kick is left out)
        kicks = [i for i, s in enumerate(steps) if s == "kick"]
        steps = [f"kick:{players[-1]}" if i == kicks[0] else s for i, s in enumerate(steps) if s != "kick" or i == kicks[0]] \
            if kicks else steps
        await corsa(service, clock, players, channel=f"8{n}", steps=steps, guild=guild, finish=finish)
    await recorder.settled()
    kept = await _tables(db)
    await rebuild(db)
    rebuilt = await _tables(db)
    await rebuild(db, replay=True)  # every game from its seed, no trail
    replayed = await _tables(db)
    await db.close()
    return kept, rebuilt, replayed


@pytest.fixture
def keep_every(request, monkeypatch):
    monkeypatch.setattr(rebuild_module, "KEEP_EVERY", request.param)
    monkeypatch.setattr(recorder_module, "MEMORY", recorder_module.MEMORY)
    return request.param


# each record goes on from the last (memory 256), or from the trail kept every entry or every other
# entry (memory 0: as after a restart, or on another shard)
@pytest.mark.parametrize(("keep_every", "memory"), [(8, 256), (1, 0), (2, 0)], indirect=["keep_every"])
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.function_scoped_fixture])
@given(history=games)
def test_rebuild_equals_incremental(history, keep_every, memory) -> None:
    with tempfile.TemporaryDirectory() as path:
        kept, rebuilt, replayed = asyncio.run(_history(path, history, memory))
    assert kept == rebuilt == replayed
    # every game is in the record, running or not; a running one is there as running, unrated
    assert len(kept[0]) == len(history)
    running = [dict(g) for g in kept[0] if dict(g)["running"]]
    assert all(not g["rated"] for g in running)
    if any(not finish and set(steps) <= {"late"} for _, steps, _, finish in history):
        assert running, "a game only missing deadlines still runs, and is in the record as running"
