"""What the record's commands read: one player's record, a game's board, a server's results as CSV,
and the privacy choice. Each is a few indexed reads of the derived tables."""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Connection, Integer, and_, cast, delete, func, insert, select

from bot.record.store import RT, G, M, R, W
from bot.storage.db import Database
from bot.storage.record_tables import RecordPrivacy

P = RecordPrivacy.__table__  # type: ignore[attr-defined]
HOUR = 3600.0


@dataclass
class GameLine:
    kind: str
    played: int = 0
    wins: int = 0
    rated: int = 0
    display: float | None = None
    mu: float | None = None
    sigma: float | None = None


@dataclass
class PlayerRecord:
    user_id: str
    name: str
    games: list[GameLine] = field(default_factory=list)
    played: int = 0
    wins: int = 0
    calls: int = 0
    met: int = 0
    missed: int = 0
    autopilot: int = 0
    left: int = 0
    replaced: int = 0
    away_hours: float = 0.0
    luck_rolls: int = 0
    luck_expected: float = 0.0
    luck_actual: float = 0.0
    median_hours: float | None = None
    mean_hours: float | None = None
    history: dict[str, list[float]] = field(default_factory=dict)  # kind -> display after each rated game

    @property
    def reliability(self) -> float | None:
        """Calls answered before the deadline over calls answered, deadlines missed and games left
        (docs/record.md); a declared absence is no failure."""
        owed = self.met + self.missed + self.left + self.replaced
        return 100.0 * self.met / owed if owed else None


def _median_mean(conn: Connection, where: Any) -> tuple[float | None, float | None, int]:
    """Median and mean wait in hours, walking an index on the seconds to the middle one or two."""
    count, mean = conn.execute(select(func.count(), func.avg(W.c.seconds)).where(where)).one()
    if not count:
        return None, None, 0
    middle = conn.execute(select(W.c.seconds).where(where).order_by(W.c.seconds)
                          .offset((count - 1) // 2).limit(2 - count % 2)).scalars().all()
    return sum(middle) / len(middle) / HOUR, float(mean) / HOUR, int(count)


def _player(conn: Connection, user: str, kind: str | None) -> PlayerRecord | None:
    """Sums per game in SQL, the rating history as a narrow read, the pace along the waits' index: a
    player with a thousand games is a few small results, not a thousand wide rows."""
    mine = R.c.user_id == user if not kind else and_(R.c.user_id == user, R.c.kind == kind)

    def total(column: Any) -> Any:
        return func.coalesce(func.sum(cast(column, Integer)), 0)
    # a running game's calls count at once (docs/record.md); it is a game played once it ends
    sums = conn.execute(select(R.c.kind, total(R.c.running.is_(False)), total(R.c.won), total(R.c.calls), total(R.c.met),
                               total(R.c.missed), total(R.c.autopilot), total(R.c.away_seconds), total(R.c.left),
                               total(R.c.replaced), total(R.c.luck_rolls), func.coalesce(func.sum(R.c.luck_expected), 0),
                               func.coalesce(func.sum(R.c.luck_actual), 0)).where(mine).group_by(R.c.kind)).all()
    if not sums:
        return None
    name = conn.execute(select(R.c.name).where(mine).order_by(R.c.finished_at.desc(), R.c.game_id.desc())
                        .limit(1)).scalar() or user
    rec = PlayerRecord(user_id=user, name=name)
    lines: dict[str, GameLine] = {}
    for (kind_, played, won, calls, met, missed, autopilot, away, left, replaced, rolls, expected, actual) in sums:
        lines[kind_] = GameLine(kind_, played=played, wins=won)
        rec.calls += calls
        rec.met += met
        rec.missed += missed
        rec.autopilot += autopilot
        rec.left += left
        rec.replaced += replaced
        rec.away_hours += away / HOUR
        rec.luck_rolls += rolls
        rec.luck_expected += expected
        rec.luck_actual += actual
    history = conn.execute(select(R.c.kind, R.c.mu, R.c.sigma).where(mine, R.c.rated.is_(True), R.c.mu.is_not(None))
                           .order_by(R.c.kind, R.c.finished_at, R.c.game_id)).all()
    for kind_, mu, sigma in history:
        rec.history.setdefault(kind_, []).append(mu - 3 * sigma)
        lines[kind_].rated += 1
    waited = W.c.user_id == user if not kind else and_(W.c.user_id == user, W.c.kind == kind)
    rec.median_hours, rec.mean_hours, _ = _median_mean(conn, waited)
    q = select(RT.c.kind, RT.c.mu, RT.c.sigma, RT.c.display).where(RT.c.user_id == user)
    for r in conn.execute(q.where(RT.c.kind == kind) if kind else q):
        if r.kind in lines:
            lines[r.kind].mu, lines[r.kind].sigma, lines[r.kind].display = r.mu, r.sigma, r.display
    rec.games = sorted(lines.values(), key=lambda g: (-g.played, g.kind))
    rec.played = sum(g.played for g in rec.games)
    rec.wins = sum(g.wins for g in rec.games)
    return rec


async def player_record(db: Database, user: str, kind: str | None = None) -> PlayerRecord | None:
    return await db.run(lambda c: _player(c, user, kind), write=False)


@dataclass
class BoardLine:
    user_id: str
    name: str
    display: float
    games: int
    wins: int


def _board(conn: Connection, kind: str, guild: str | None, least: int, top: int) -> list[BoardLine]:
    """Everywhere: every player by their rating, with their rated games. A server's board: the players
    with at least `least` rated games on that server, by the same rating (one per player and game, from
    every server), with the games and wins they had there (docs/record.md, "Commands")."""
    hidden = select(P.c.user_id).where(P.c.hidden.is_(True))
    if guild is None:
        q = (select(RT.c.user_id, RT.c.name, RT.c.display, RT.c.games, RT.c.wins)
             .where(RT.c.kind == kind, RT.c.games >= least, RT.c.user_id.not_in(hidden)))
    else:
        q = (select(RT.c.user_id, RT.c.name, RT.c.display, M.c.games, M.c.wins)
             .join(M, (M.c.user_id == RT.c.user_id) & (M.c.kind == RT.c.kind))
             .where(RT.c.kind == kind, M.c.guild_id == guild, M.c.games >= least, RT.c.user_id.not_in(hidden)))
    rows = conn.execute(q.order_by(RT.c.display.desc(), RT.c.user_id).limit(top)).all()
    return [BoardLine(r.user_id, r.name, r.display, r.games, r.wins) for r in rows]


async def board(db: Database, kind: str, *, guild: str | None, least: int = 3, top: int = 10) -> list[BoardLine]:
    return await db.run(lambda c: _board(c, kind, guild, least, top), write=False)


@dataclass
class Pace:
    median_hours: float | None
    mean_hours: float | None
    moves: int


def _pace(conn: Connection, guild: str, kind: str | None) -> Pace:
    where = W.c.guild_id == guild if not kind else and_(W.c.guild_id == guild, W.c.kind == kind)
    return Pace(*_median_mean(conn, where))


async def server_pace(db: Database, guild: str, kind: str | None = None) -> Pace:
    """How fast a server's players answer their calls (in one game, or in all)."""
    return await db.run(lambda c: _pace(c, guild, kind), write=False)


EXPORT_COLUMNS = ("game_id", "game", "started_at", "finished_at", "end_reason", "rated", "player_id", "name",
                  "place", "won", "rating_after", "moves", "calls", "met", "missed", "autopilot", "away_hours",
                  "left", "replaced")


def _export(conn: Connection, guild: str) -> str:
    rows = conn.execute(select(G.c.game_id, G.c.kind, G.c.started_at, G.c.finished_at, G.c.end_reason, G.c.rated,
                               R.c.user_id, R.c.name, R.c.place, R.c.won, R.c.mu, R.c.sigma, R.c.moves, R.c.calls,
                               R.c.met, R.c.missed, R.c.autopilot, R.c.away_seconds, R.c.left, R.c.replaced)
                        .join(R, R.c.game_id == G.c.game_id).where(G.c.guild_id == guild, G.c.running.is_(False))
                        .order_by(G.c.finished_at, G.c.game_id, R.c.place, R.c.user_id)).all()
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(EXPORT_COLUMNS)
    for r in rows:
        rating = "" if r.mu is None else f"{r.mu - 3 * r.sigma:.2f}"
        writer.writerow([r.game_id, r.kind, r.started_at.isoformat(), r.finished_at.isoformat(), r.end_reason,
                         int(r.rated), r.user_id, r.name, "" if r.place is None else r.place, int(r.won), rating,
                         r.moves, r.calls, r.met, r.missed, r.autopilot, f"{r.away_seconds / HOUR:.1f}",
                         int(r.left), int(r.replaced)])
    return out.getvalue()


async def export_csv(db: Database, guild: str) -> str:
    return await db.run(lambda c: _export(c, guild), write=False)


async def is_hidden(db: Database, user: str) -> bool:
    def read(conn: Connection) -> bool:
        return bool(conn.execute(select(P.c.hidden).where(P.c.user_id == user)).scalar())
    return await db.run(read, write=False)


async def set_hidden(db: Database, user: str, hidden: bool) -> None:
    def write(conn: Connection) -> None:
        conn.execute(delete(P).where(P.c.user_id == user))
        if hidden:
            conn.execute(insert(P), [{"user_id": user, "hidden": True}])
    await db.run(write, write=True)
