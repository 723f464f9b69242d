"""The record's reads of what it is derived from: a game's row, its seats' names, and its log: the
entries after the game's trail when the trail still matches the log, else the whole log (undone entries
left out). Plain functions of a Core connection, run by `Database.run` off the event loop.

A trail matches the log while its last entry is still in it and not undone: an undo takes back the last
entries, so one taken back before the trail's end takes the trail's own last entry with it. (An import
rewrites a game's log: the recorder records such a game anew, from its seed.)"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, NamedTuple

from sqlalchemy import Connection, and_, select
from sqlalchemy.orm import configure_mappers

from bot.record.trail import DERIVATION, Point
from bot.storage.models import ActionRow, GameRow, Seat, loaded
from bot.storage.record_tables import RecordTrail

GAME, SEAT, LOG = GameRow.__table__, Seat.__table__, ActionRow.__table__  # type: ignore[attr-defined]
TRAIL = RecordTrail.__table__  # type: ignore[attr-defined]
RECORDED = ("active", "finished")  # a running game's calls count before it ends; a lobby has none


class LogRow(NamedTuple):
    """What the record reads of a log entry (light: a rebuild sends hundreds of thousands to its workers)."""

    seq: int
    actor: str
    action_json: str
    at: datetime
    moderator: bool


@dataclass
class Read:
    row: GameRow
    names: dict[str, str]
    rows: list[Any]  # LogRow (an ActionRow's fields) after `start`, or all of them when `start` is None
    start: Point | RecordTrail | None
    kept: RecordTrail | None  # the game's kept trail, when it matches the log


def _games(conn: Connection, ids: list[int]) -> tuple[list[GameRow], dict[int, dict[str, str]]]:
    configure_mappers()  # rows are built without a session (`loaded`): in a fresh process the ORM is not set up
    games = [loaded(GameRow, dict(r._mapping)) for r in conn.execute(
        select(GAME).where(GAME.c.id.in_(ids), GAME.c.status.in_(RECORDED), GAME.c.started_at.is_not(None)))]
    names: dict[int, dict[str, str]] = defaultdict(dict)
    for s in conn.execute(select(SEAT.c.game_id, SEAT.c.user_id, SEAT.c.display_name).where(SEAT.c.game_id.in_(ids))):
        names[s.game_id][s.user_id] = s.display_name
    return [g for g in games if g.snapshot_json], names


COLUMNS = (LOG.c.game_id, LOG.c.seq, LOG.c.actor, LOG.c.action_json, LOG.c.at, LOG.c.moderator)


def _log(conn: Connection, where: Any) -> dict[int, list[Any]]:
    logs: dict[int, list[Any]] = defaultdict(list)
    for r in conn.execute(select(*COLUMNS).where(where, LOG.c.undone.is_(False)).order_by(LOG.c.game_id, LOG.c.seq)):
        logs[r.game_id].append(LogRow(r.seq, r.actor, r.action_json, r.at, r.moderator))
    return logs


def _matching(conn: Connection, ids: list[int]) -> dict[int, RecordTrail]:
    """The kept trails of these games that match their log (the log's (game, seq) index finds each end)."""
    end = and_(LOG.c.game_id == TRAIL.c.game_id, LOG.c.seq == TRAIL.c.seq, LOG.c.undone.is_(False))
    found = conn.execute(select(TRAIL).outerjoin(LOG, end)
                         .where(TRAIL.c.game_id.in_(ids), TRAIL.c.derivation == DERIVATION,
                                LOG.c.id.is_not(None) | (TRAIL.c.seq == 0)))
    return {r.game_id: loaded(RecordTrail, dict(r._mapping)) for r in found}


def read_chunk(conn: Connection, ids: list[int]) -> list[Read]:
    """Games for a rebuild: each with its entries after its matching trail, or its whole log."""
    games, names = _games(conn, ids)
    trails = _matching(conn, [g.id for g in games])  # type: ignore[misc]
    whole = [g.id for g in games if g.id not in trails]
    logs = _log(conn, LOG.c.game_id.in_(whole)) if whole else {}
    if trails:
        after = select(*COLUMNS).join(TRAIL, and_(TRAIL.c.game_id == LOG.c.game_id, LOG.c.seq > TRAIL.c.seq)) \
            .where(TRAIL.c.game_id.in_(list(trails)), LOG.c.undone.is_(False)).order_by(LOG.c.game_id, LOG.c.seq)
        for r in conn.execute(after):
            logs.setdefault(r.game_id, []).append(LogRow(r.seq, r.actor, r.action_json, r.at, r.moderator))
    return [Read(g, names[g.id], logs.get(g.id, []), trails.get(g.id), trails.get(g.id))  # type: ignore[index,arg-type]
            for g in games]


def read_one(conn: Connection, game_id: int, held: Point | None, anew: bool) -> Read | None:
    """One game to record, going on from `held` (the recorder's own trail) or its kept trail when
    either still matches the log (`anew`: neither); None when the game is not to be recorded."""
    games, names = _games(conn, [game_id])
    if not games:
        return None
    kept = None if anew else _matching(conn, [game_id]).get(game_id)
    start: Point | RecordTrail | None = kept
    if held is not None and not anew:
        alive = held.seq == 0 or conn.execute(select(LOG.c.seq).where(
            LOG.c.game_id == game_id, LOG.c.seq == held.seq, LOG.c.undone.is_(False))).first() is not None
        start = held if alive else start
    where = LOG.c.game_id == game_id
    if start is not None:
        where = and_(where, LOG.c.seq > start.seq)
    return Read(games[0], names[game_id], _log(conn, where).get(game_id, []), start, kept)


def read_whole(conn: Connection, read: Read) -> Read:
    """The same game with its whole log, to derive from its seed."""
    return replace(read, rows=_log(conn, LOG.c.game_id == read.row.id).get(read.row.id, []), start=None)  # type: ignore[arg-type]
