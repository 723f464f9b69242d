"""The record's writes: one game's facts, the ratings they move, and the rating of a whole game kind
again from its results (the rebuild, or a game that ended before others already rated). Plain
functions of a Core connection, run by `Database.run`; the ratings themselves are computed by pure
functions between a read and a write (`before` / `moved` / `save_game`, `rated_results` / `rerated` /
`write_rerated`), in a worker thread: with PostgreSQL `Database.run` runs on the event loop's thread."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from itertools import groupby
from typing import Any

from sqlalchemy import Connection, and_, bindparam, delete, insert, or_, select, update

from bot.record.facts import GameFacts
from bot.record.ratings import Skill, rate
from bot.storage.record_tables import (
    RecordGame,
    RecordMember,
    RecordRating,
    RecordResult,
    RecordTrail,
    RecordWait,
)

G = RecordGame.__table__  # type: ignore[attr-defined]
R = RecordResult.__table__  # type: ignore[attr-defined]
RT = RecordRating.__table__  # type: ignore[attr-defined]
M = RecordMember.__table__  # type: ignore[attr-defined]
W = RecordWait.__table__  # type: ignore[attr-defined]
T = RecordTrail.__table__  # type: ignore[attr-defined]


def row_of(model: Any) -> dict[str, Any]:
    return {c.name: getattr(model, c.name) for c in model.__table__.columns}


_row = row_of


def forget(conn: Connection, game_id: int) -> str | None:
    """Take a game out of the record; the kind whose ratings must be computed again, if it was rated."""
    was = conn.execute(select(G.c.kind, G.c.rated).where(G.c.game_id == game_id)).first()
    conn.execute(delete(R).where(R.c.game_id == game_id))
    conn.execute(delete(W).where(W.c.game_id == game_id))
    conn.execute(delete(G).where(G.c.game_id == game_id))
    return was.kind if was is not None and was.rated else None


def insert_facts(conn: Connection, facts: Iterable[GameFacts]) -> None:
    games: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    waits: list[dict[str, Any]] = []
    for f in facts:
        games.append(_row(f.game))
        results.extend(_row(r) for r in f.results)
        waits.extend(_row(w) for w in f.waits)
    if games:
        conn.execute(insert(G), games)
    if results:
        conn.execute(insert(R), results)
    if waits:
        conn.execute(insert(W), waits)


def insert_derived(conn: Connection, made: list[Any]) -> None:
    """A rebuild's chunk: the games' rows, and the trails that moved (`bot.record.pool.Made`)."""
    games = [m.game for m in made]
    results = [r for m in made for r in m.results]
    waits = [w for m in made for w in m.waits]
    for table, rows in ((G, games), (R, results), (W, waits)):
        if rows:
            conn.execute(insert(table), rows)
    gone = [m.game["game_id"] for m in made if m.trail is not None or m.drop]
    if gone:
        conn.execute(delete(T).where(T.c.game_id.in_(gone)))
    trails = [m.trail for m in made if m.trail is not None]
    if trails:
        conn.execute(insert(T), trails)


@dataclass
class Before:
    """What a game's record finds before it is written: whether the game was rated (its kind's ratings
    are then computed again), whether a rated game of its kind ended after it, its players' ratings."""

    stale: str | None
    later: bool
    skills: dict[str, Skill]


def before(conn: Connection, facts: GameFacts) -> Before:
    g = facts.game
    was = conn.execute(select(G.c.kind, G.c.rated).where(G.c.game_id == g.game_id)).first()
    stale = was.kind if was is not None and was.rated else None
    if not g.rated:
        return Before(stale, False, {})
    later = conn.execute(select(G.c.game_id).where(
        G.c.kind == g.kind, G.c.rated.is_(True), G.c.game_id != g.game_id,
        or_(G.c.finished_at > g.finished_at, and_(G.c.finished_at == g.finished_at, G.c.game_id > g.game_id)))
        .limit(1)).first()
    players = [p for group in facts.ranking for p in group]
    held = conn.execute(select(RT).where(RT.c.kind == g.kind, RT.c.user_id.in_(players))).all()
    return Before(stale, later is not None, {r.user_id: Skill(r.mu, r.sigma, r.games, r.wins) for r in held})


def moved(seen: Before, facts: GameFacts) -> dict[str, Skill] | None:
    """The ratings the game moves on from its players' current ones (pure: run off the event loop);
    None when it moves none that way (unrated, or its kind must be rated again in order)."""
    if not facts.game.rated or seen.later or seen.stale:
        return None
    return rate(dict(seen.skills), facts.ranking, {r.user_id for r in facts.results if r.won})


def save_game(conn: Connection, facts: GameFacts, changed: dict[str, Skill] | None) -> str | None:
    """Record one game (again): its rows, and the ratings it moved (`moved`). The kind whose ratings
    must be computed again in order (`rerate`) comes back: the game's when it ended before another
    rated game of its kind or was rated before, else None."""
    g = facts.game
    stale = forget(conn, g.game_id)
    insert_facts(conn, [facts])
    if changed is None:
        return g.kind if g.rated else stale
    players = [p for group in facts.ranking for p in group]
    names = {r.user_id: r.name for r in facts.results}
    _set_results(conn, g.game_id, changed)
    conn.execute(delete(RT).where(RT.c.kind == g.kind, RT.c.user_id.in_(players)))
    conn.execute(insert(RT), [_rating(u, g.kind, names[u], s, g.finished_at) for u, s in changed.items()])
    won = {r.user_id for r in facts.results if r.won}
    here = M.c.guild_id == g.guild_id, M.c.kind == g.kind
    known = {r.user_id for r in conn.execute(select(M.c.user_id).where(*here, M.c.user_id.in_(players)))}
    fresh = [{"guild_id": g.guild_id, "kind": g.kind, "user_id": u, "games": 1, "wins": int(u in won)}
             for u in players if u not in known]
    if fresh:
        conn.execute(insert(M), fresh)
    again = [{"u": u, "w": int(u in won)} for u in players if u in known]
    if again:
        conn.execute(update(M).where(*here, M.c.user_id == bindparam("u"))
                     .values(games=M.c.games + 1, wins=M.c.wins + bindparam("w")), again)
    return None


def rated_results(conn: Connection, kind: str) -> list[Any]:
    return list(conn.execute(select(R.c.game_id, R.c.user_id, R.c.guild_id, R.c.name, R.c.place, R.c.won,
                                    R.c.finished_at)
                             .where(R.c.kind == kind, R.c.rated.is_(True))
                             .order_by(R.c.finished_at, R.c.game_id, R.c.place, R.c.user_id)).all())


@dataclass
class Rerated:
    moved: list[dict[str, Any]]  # each rated result's rating after its game
    ratings: list[dict[str, Any]]
    members: list[dict[str, Any]]


def rerated(kind: str, rows: list[Any]) -> Rerated:
    """Every rating of a kind from its rated results, game after game in the order they ended (pure:
    run off the event loop)."""
    skills: dict[str, Skill] = {}
    names: dict[str, str] = {}
    last: dict[str, Any] = {}
    members: dict[tuple[str, str], list[int]] = {}  # (server, player) -> [rated games, wins] there
    moved: list[dict[str, Any]] = []
    for game_id, group in groupby(rows, key=lambda r: r.game_id):
        results = list(group)
        standing = [[r.user_id for r in same] for _, same in groupby(results, key=lambda r: r.place)]
        changed = rate(skills, standing, {r.user_id for r in results if r.won})
        for r in results:
            names[r.user_id], last[r.user_id] = r.name, r.finished_at
            here = members.setdefault((r.guild_id, r.user_id), [0, 0])
            here[0] += 1
            here[1] += int(r.won)
            s = changed[r.user_id]
            moved.append({"g": game_id, "u": r.user_id, "m": s.mu, "s": s.sigma})
    return Rerated(moved, [_rating(u, kind, names[u], s, last[u]) for u, s in skills.items()],
                   [{"guild_id": gid, "kind": kind, "user_id": u, "games": n, "wins": w}
                    for (gid, u), (n, w) in sorted(members.items())])


def write_rerated(conn: Connection, kind: str, done: Rerated) -> None:
    if done.moved:
        conn.execute(update(R).where(R.c.game_id == bindparam("g"), R.c.user_id == bindparam("u"))
                     .values(mu=bindparam("m"), sigma=bindparam("s")), done.moved)
    conn.execute(delete(RT).where(RT.c.kind == kind))
    conn.execute(delete(M).where(M.c.kind == kind))
    if done.ratings:
        conn.execute(insert(RT), done.ratings)
        conn.execute(insert(M), done.members)


def rerate(conn: Connection, kind: str) -> None:
    """Every rating of a kind again, in one transaction (the bot's own path splits it: `rerate_apart`)."""
    write_rerated(conn, kind, rerated(kind, rated_results(conn, kind)))


def _set_results(conn: Connection, game_id: int, changed: dict[str, Skill]) -> None:
    conn.execute(update(R).where(R.c.game_id == game_id, R.c.user_id == bindparam("u"))
                 .values(mu=bindparam("m"), sigma=bindparam("s")),
                 [{"u": u, "m": s.mu, "s": s.sigma} for u, s in changed.items()])


def _rating(user: str, kind: str, name: str, s: Skill, at: Any) -> dict[str, Any]:
    return {"user_id": user, "kind": kind, "name": name, "mu": s.mu, "sigma": s.sigma, "display": s.display,
            "games": s.games, "wins": s.wins, "last_at": at}
