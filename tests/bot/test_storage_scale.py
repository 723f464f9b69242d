"""Storage at production scale: values that pass 32 bits, ticks that change nothing, SQLite reads
that never wait for a writer."""

from __future__ import annotations

import pytest

from bot.service import GameService


async def test_a_game_starts_with_a_63_bit_seed_from_the_real_source(db, clock) -> None:
    service = GameService(db, clock=clock)  # the seed source the bot runs with
    drawn: list[int] = []
    real = service.seed_source

    def source() -> int:
        # the real source, kept to a value past 2^62 so every run stores a full 63-bit seed
        while True:
            seed = real()
            if seed >> 62:
                drawn.append(seed)
                return seed

    service.seed_source = source
    await service.create(kind="corsa", guild_id="1", channel_id="2", creator_id="10", creator_name="A")
    await service.join("2", "11", "B")
    res = await service.start("2", "10")
    assert res.game.status == "active"
    stored = await service.get(res.game.id)
    assert stored.seed == drawn[0] and stored.seed.bit_length() == 63
    record = await service.record(res.game.id)
    assert record.seed == drawn[0]


@pytest.mark.parametrize("ids", [2**31 + 5])
async def test_action_ids_past_32_bits_are_stored(db, clock, ids: int) -> None:
    from sqlalchemy import text

    service = GameService(db, clock=clock)
    await service.create(kind="corsa", guild_id="1", channel_id="2", creator_id="10", creator_name="A")
    await service.join("2", "11", "B")
    res = await service.start("2", "10")
    async with db.transaction() as s:
        await s.execute(text("INSERT INTO action_log (id, game_id, seq, actor, action_json, at, moderator, undone)"
                             " VALUES (:id, :g, 99, '10', '{}', :at, false, true)"),
                        {"id": ids, "g": res.game.id, "at": clock.now.replace(tzinfo=None)})
    rows = await service.log_rows(res.game.id, include_undone=True)
    assert [r.id for r in rows] == [ids]


async def test_a_tick_with_nothing_due_changes_nothing(service: GameService, clock) -> None:
    heard: list[str] = []

    async def listener(upd) -> None:
        heard.append(upd.source)

    await service.create(kind="corsa", guild_id="1", channel_id="2", creator_id="10", creator_name="A",
                         settings={"turn_hours": 2})
    await service.join("2", "11", "B")
    res = await service.start("2", "10")
    service.listeners.append(listener)
    before = await service.get(res.game.id)
    clock.advance(minutes=30)  # the turn ends at +2 h: nothing is due
    result = await service.tick(res.game.id)
    after = await service.get(res.game.id)
    assert result is not None and result.events == []
    assert (after.version, after.updated_at, after.snapshot_json) == (before.version, before.updated_at,
                                                                     before.snapshot_json)
    assert heard == []
    clock.advance(hours=2)  # now the turn ends: one new version, listeners told
    fired = await service.tick(res.game.id)
    assert fired is not None and fired.events
    assert (await service.get(res.game.id)).version == before.version + 1 and heard == ["tick"]


async def test_sqlite_reads_proceed_while_a_write_transaction_is_open(db, service: GameService) -> None:
    """A reader neither waits for nor sees an uncommitted write (with BEGIN IMMEDIATE on every
    session it would queue behind the writer until SQLite gave up with "database is locked")."""
    import asyncio

    from sqlalchemy import update

    from bot.storage.models import GameRow

    if not db.is_sqlite:
        pytest.skip("SQLite's single writer")
    row = await service.create(kind="corsa", guild_id="1", channel_id="2", creator_id="10", creator_name="A")
    async with db.transaction() as s:
        await s.execute(update(GameRow).where(GameRow.id == row.id).values(channel_id="3"))
        # the guard only stops a hang from blocking the suite; any wait at all would end in an error
        seen = await asyncio.wait_for(service.get(row.id), timeout=60)
        here = await asyncio.wait_for(service.in_channel("2"), timeout=60)
        assert seen.channel_id == "2" and here.id == row.id
    assert (await service.get(row.id)).channel_id == "3"


async def test_a_burst_of_moves_keeps_the_connections_it_opened(db) -> None:
    """PostgreSQL: connections opened for one burst serve the next (a new one is a TCP connection,
    a TLS offer, an authentication and every statement prepared again)."""
    import asyncio

    from sqlalchemy import event, text

    from bot.storage.db import PG_POOL_SIZE

    if db.is_sqlite:
        pytest.skip("SQLite's run() uses its own three connections in worker threads")
    opened: list[object] = []
    event.listen(db._fast.sync_engine, "connect", lambda conn, record: opened.append(conn))

    async def statement() -> None:
        await db.run(lambda conn: conn.execute(text("SELECT pg_sleep(0.02)")), write=False)

    await asyncio.gather(*(statement() for _ in range(3 * PG_POOL_SIZE)))
    first = len(opened)
    await asyncio.gather(*(statement() for _ in range(3 * PG_POOL_SIZE)))
    assert 0 < first <= PG_POOL_SIZE and len(opened) == first
