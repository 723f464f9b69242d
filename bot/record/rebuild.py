"""The record's reads of the games it is derived from, one game's record, and the full rebuild from
scratch (`python -m bot record rebuild`; also at startup when the derivation's version changed)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, delete, insert, select

from bot.record import store
from bot.record.pool import derive_all, derive_one
from bot.record.reading import RECORDED, TRAIL, Read, read_chunk, read_one, read_whole
from bot.record.trail import DERIVATION, Point, trail_of
from bot.storage.db import Database
from bot.storage.models import GameRow
from bot.storage.record_tables import RecordMeta

log = logging.getLogger("araldo.record")

__all__ = ["DERIVATION", "RECORDED", "built_version", "catch_up", "rebuild", "record_one"]

CHUNK = 250  # games read, derived and written at a time
GAME = GameRow.__table__  # type: ignore[attr-defined]
META = RecordMeta.__table__  # type: ignore[attr-defined]
KEEP_EVERY = 8  # a running game's trail is written after this many new entries (and at its end)


# what a game's first finished record also writes, in its transaction: the outbox row of its ending's
# summary (bot/ending.py), so a summary is planned once per ending and reads a record already there
Ended = Callable[[Connection, int], None]


async def record_one(db: Database, game_id: int, memory: dict[int, Point] | None = None, *,
                     anew: bool = False, ended: Ended | None = None) -> bool:
    """Record one game as it stands now: its facts when started (finished or running), else out of the
    record. It goes on from the game's trail (in `memory`, else kept) over the entries logged since;
    `anew`: from the seed (an undo or an import rewrote the log); `ended`: called in the write's
    transaction when the game's record becomes finished (it was running or absent)."""
    memory = {} if memory is None else memory
    held = None if anew else memory.pop(game_id, None)
    read = await db.run(lambda c: read_one(c, game_id, held, anew), write=False)
    if read is None:
        def drop(conn: Connection) -> str | None:
            conn.execute(delete(TRAIL).where(TRAIL.c.game_id == game_id))
            return store.forget(conn, game_id)
        kind = await db.run(drop, write=True)
        if kind:
            await rerate_apart(db, kind)
        return False
    derived = await asyncio.to_thread(derive_one, read)
    if derived is None:  # the trail did not go on: the whole log, from the seed
        whole = await db.run(lambda c: read_whole(c, read), write=False)
        derived = await asyncio.to_thread(derive_one, whole)
    if derived is None:
        return False
    facts, point, kept = derived.facts, derived.point, read.kept
    # a running game's trail is kept every few entries (the recorder's memory holds the latest), a
    # finished game's at its end: going on from an older one makes the same steps, only more of them
    keep = point is not None and (kept is None or point.entries - kept.entries >= KEEP_EVERY
                                  or (not facts.game.running and (kept.seq, kept.entries) != (point.seq, point.entries)))
    trail = trail_of(game_id, point) if keep and point is not None else None
    seen = await db.run(lambda c: store.before(c, facts), write=False)
    changed = await asyncio.to_thread(store.moved, seen, facts)  # the ratings, off the event loop

    def write(conn: Connection) -> str | None:
        if ended is not None and not facts.game.running and not conn.execute(select(store.G.c.game_id).where(
                store.G.c.game_id == game_id, store.G.c.running.is_(False))).first():
            ended(conn, game_id)
        again = store.save_game(conn, facts, changed)
        if trail is not None or point is None:
            conn.execute(delete(TRAIL).where(TRAIL.c.game_id == game_id))
        if trail is not None:
            conn.execute(insert(TRAIL), [store.row_of(trail)])
        return again
    again = await db.run(write, write=True)
    if again:
        await rerate_apart(db, again)
    if point is not None and facts.game.running:
        memory[game_id] = point
    return True


async def rerate_apart(db: Database, kind: str) -> None:
    """A kind's ratings computed again: read, computed in a worker thread, written (the recorder's lock
    keeps other records of this process from writing in between)."""
    rows = await db.run(lambda c: store.rated_results(c, kind), write=False)
    done = await asyncio.to_thread(store.rerated, kind, rows)
    await db.run(lambda c: store.write_rerated(c, kind, done), write=True)


async def rebuild(db: Database, *, progress: Callable[[int, int], None] | None = None, replay: bool = False,
                  workers: int | None = None) -> int:
    """Every derived table from the games and their logs (going on from each game's trail, or from its
    seed when `replay` or the trail no longer matches); the players' privacy choices stay."""
    ids: list[int] = await db.run(lambda c: [r.id for r in c.execute(
        select(GAME.c.id).where(GAME.c.status.in_(RECORDED)).order_by(GAME.c.updated_at, GAME.c.id))], write=False)

    def clear(conn: Connection) -> None:
        for table in (store.M, store.RT, store.W, store.R, store.G, *([TRAIL] if replay else [])):
            conn.execute(delete(table))
        conn.execute(delete(TRAIL).where(TRAIL.c.game_id.not_in(select(GAME.c.id))))
    await db.run(clear, write=True)
    done = 0

    async def reads() -> Any:
        for start in range(0, len(ids), CHUNK):
            part = ids[start:start + CHUNK]
            yield await db.run(lambda c, part=part: read_chunk(c, part), write=False)  # type: ignore[misc]

    async def again(read: Read) -> Any:
        whole = await db.run(lambda c: read_whole(c, read), write=False)
        return await asyncio.to_thread(derive_one, whole)

    async for derived in derive_all(reads(), again, len(ids), workers):
        await db.run(lambda c, derived=derived: store.insert_derived(c, derived), write=True)  # type: ignore[misc]
        done += len(derived)
        if progress:
            progress(done, len(ids))

    kinds: list[str] = await db.run(lambda c: sorted(r.kind for r in c.execute(
        select(store.G.c.kind).where(store.G.c.rated.is_(True)).distinct())), write=False)
    for kind in kinds:
        await rerate_apart(db, kind)

    def built(conn: Connection) -> None:
        conn.execute(delete(META).where(META.c.key == "derivation"))
        conn.execute(insert(META), [{"key": "derivation", "value": DERIVATION}])
    await db.run(built, write=True)
    return done


async def catch_up(db: Database, ended: Ended | None = None) -> int:
    """Record the finished games the record misses (the bot stopped between a game's end and its
    record, or another process ended it and failed to record it), oldest first; their endings are
    told now (`ended`). Running games catch up at their next move or deadline."""
    recorded = select(store.G.c.game_id).where(store.G.c.running.is_(False))
    ids: list[int] = await db.run(lambda c: [r.id for r in c.execute(
        select(GAME.c.id).where(GAME.c.status == "finished", GAME.c.id.not_in(recorded))
        .order_by(GAME.c.updated_at, GAME.c.id))], write=False)
    for game_id in ids:
        await record_one(db, game_id, ended=ended)
    return len(ids)


async def built_version(db: Database) -> str | None:
    def read(conn: Connection) -> Any:
        return conn.execute(select(META.c.value).where(META.c.key == "derivation")).scalar()
    value = await db.run(read, write=False)
    return str(value) if value is not None else None
