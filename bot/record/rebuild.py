"""The record's reads of the games it is derived from, and the full rebuild from scratch
(`python -m bot record rebuild`; also at startup when the derivation's version changed)."""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Callable
from typing import Any

from sqlalchemy import Connection, delete, insert, select
from sqlalchemy.orm import configure_mappers

from bot.record import store
from bot.record.facts import GameFacts, game_facts
from bot.storage.db import Database
from bot.storage.models import ActionRow, GameRow, Seat, loaded
from bot.storage.record_tables import RecordMeta

log = logging.getLogger("araldo.record")

# bump when what the tables hold changes: the next start rebuilds them from the games
DERIVATION = "2"  # 2: running games too
CHUNK = 250  # games read, derived and written at a time
GAME, SEAT, LOG = GameRow.__table__, Seat.__table__, ActionRow.__table__  # type: ignore[attr-defined]
META = RecordMeta.__table__  # type: ignore[attr-defined]
RECORDED = ("active", "finished")  # a running game's calls count before it ends; a lobby has none


def read_games(conn: Connection, ids: list[int]) -> list[tuple[GameRow, dict[str, str], list[ActionRow]]]:
    """Started games (finished or running) with their seats' names and their log (undone entries left out)."""
    configure_mappers()  # rows are built without a session (`loaded`): in a fresh process the ORM is not set up
    games = [loaded(GameRow, dict(r._mapping)) for r in conn.execute(
        select(GAME).where(GAME.c.id.in_(ids), GAME.c.status.in_(RECORDED), GAME.c.started_at.is_not(None)))]
    names: dict[int, dict[str, str]] = defaultdict(dict)
    for s in conn.execute(select(SEAT.c.game_id, SEAT.c.user_id, SEAT.c.display_name).where(SEAT.c.game_id.in_(ids))):
        names[s.game_id][s.user_id] = s.display_name
    logs: dict[int, list[ActionRow]] = defaultdict(list)
    for r in conn.execute(select(LOG).where(LOG.c.game_id.in_(ids), LOG.c.undone.is_(False))
                          .order_by(LOG.c.game_id, LOG.c.seq)):
        logs[r.game_id].append(loaded(ActionRow, dict(r._mapping)))
    return [(g, names[g.id], logs[g.id]) for g in games if g.snapshot_json]  # type: ignore[index]


def derive(read: list[tuple[GameRow, dict[str, str], list[ActionRow]]]) -> list[GameFacts]:
    out = []
    for row, names, rows in read:
        try:
            out.append(game_facts(row, names, rows))
        except Exception:  # a game this version cannot read (a kind no longer installed): left out, said
            log.warning("game %s left out of the players' record", row.id, exc_info=True)
    return out


async def record_one(db: Database, game_id: int) -> bool:
    """Record one game as it stands now: its facts when started (finished or running), else out of the record."""
    read = await db.run(lambda c: read_games(c, [game_id]), write=False)
    if not read:
        def drop(conn: Connection) -> None:
            kind = store.forget(conn, game_id)
            if kind:
                store.rerate(conn, kind)
        await db.run(drop, write=True)
        return False
    derived = await asyncio.to_thread(derive, read)
    if not derived:
        return False
    await db.run(lambda c: store.save_game(c, derived[0]), write=True)
    return True


async def rebuild(db: Database, *, progress: Callable[[int, int], None] | None = None) -> int:
    """Every derived table from the games and their logs; the players' privacy choices stay."""
    ids: list[int] = await db.run(lambda c: [r.id for r in c.execute(
        select(GAME.c.id).where(GAME.c.status.in_(RECORDED)).order_by(GAME.c.updated_at, GAME.c.id))], write=False)

    def clear(conn: Connection) -> None:
        for table in (store.M, store.RT, store.W, store.R, store.G):
            conn.execute(delete(table))
    await db.run(clear, write=True)
    done = 0
    for start in range(0, len(ids), CHUNK):
        part = ids[start:start + CHUNK]
        read = await db.run(lambda c, part=part: read_games(c, part), write=False)  # type: ignore[misc]
        facts = await asyncio.to_thread(derive, read)
        await db.run(lambda c, facts=facts: store.insert_facts(c, facts), write=True)  # type: ignore[misc]
        done += len(facts)
        if progress:
            progress(done, len(ids))

    def rate_all(conn: Connection) -> None:
        kinds = [r.kind for r in conn.execute(select(store.G.c.kind).where(store.G.c.rated.is_(True)).distinct())]
        for kind in sorted(kinds):
            store.rerate(conn, kind)
        conn.execute(delete(META).where(META.c.key == "derivation"))
        conn.execute(insert(META), [{"key": "derivation", "value": DERIVATION}])
    await db.run(rate_all, write=True)
    return done


async def catch_up(db: Database) -> int:
    """Record the finished games the record misses (the bot stopped between a game's end and its
    record, or another process ended it and failed to record it), oldest first. Running games catch
    up at their next move or deadline."""
    recorded = select(store.G.c.game_id).where(store.G.c.running.is_(False))
    ids: list[int] = await db.run(lambda c: [r.id for r in c.execute(
        select(GAME.c.id).where(GAME.c.status == "finished", GAME.c.id.not_in(recorded))
        .order_by(GAME.c.updated_at, GAME.c.id))], write=False)
    for game_id in ids:
        await record_one(db, game_id)
    return len(ids)


async def built_version(db: Database) -> str | None:
    def read(conn: Connection) -> Any:
        return conn.execute(select(META.c.value).where(META.c.key == "derivation")).scalar()
    value = await db.run(read, write=False)
    return str(value) if value is not None else None
