"""The players' record under size: `/stats` of a player with 1,000 finished games (and 50 running)
and `/leaderboard` over 10,000 rated players, read from the derived tables (p50 and p99 of the reads
and the picture), and a full rebuild of 10,000 finished games from their logs; SQLite, and PostgreSQL
when TEST_DATABASE_URL points at it.

    python bench/record_bench.py [games_to_rebuild] [games_to_replay] [--corsa] [--no-reads]

The rebuilt games are real-length games of the five games played by their engines
(bench/record_games.py), written straight into the tables as the service would have left them
(`--corsa`: the tests' short Corsa games instead). Two rebuilds: of 10,000 games (the first number)
with the trails the recorder left at their ends, as after a migration; and of 1,000 (the second)
that never had a trail, every log replayed from its seed in worker processes. Not a test: numbers go
to docs/performance.md.
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tests.fixtures.testgame  # noqa: F401  (registers Corsa)
from bench.fresh_db import bench_urls, fresh
from bot.cogs.stats import board_of, card_of
from bot.record import queries
from bot.record.rebuild import rebuild
from bot.record.store import RT, M, R, W
from bot.storage.db import Database
from bot.storage.models import ActionRow, GameRow, Seat
from engine.core import Player, get_game
from render.record import board_chart, stats_card

T0 = datetime(2026, 1, 1, tzinfo=UTC)
KINDS = ("spqrisiko", "impero", "galactica", "highfrontier", "nomic")
RUNNING = 50  # the player's running games: their calls and waits count on the card


def p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


async def fill_derived(db: Database, players: int, own_games: int) -> None:
    rnd = random.Random(7)
    ratings = [{"user_id": str(10_000 + i), "kind": "spqrisiko", "name": f"P{i}", "mu": rnd.gauss(25, 4),
                "sigma": rnd.uniform(1, 8), "display": 0.0, "games": rnd.randint(1, 40), "wins": 0, "last_at": T0}
               for i in range(players)]
    for r in ratings:
        r["display"] = r["mu"] - 3 * r["sigma"]
    members = [{"guild_id": "1", "kind": "spqrisiko", "user_id": r["user_id"]} for r in ratings]
    results = []
    for g in range(own_games + RUNNING):
        kind = KINDS[g % len(KINDS)]
        results.append({"game_id": g + 1, "user_id": "10000", "guild_id": "1", "kind": kind, "name": "P0",
                        "finished_at": T0 + timedelta(hours=g), "place": rnd.randint(1, 4), "won": rnd.random() < .3,
                        "rated": True, "mu": rnd.gauss(25, 3), "sigma": 3.0, "moves": 40, "calls": 30, "met": 28,
                        "missed": 2, "autopilot": 0, "away_seconds": 0, "left": False, "replaced": False,
                        "luck_rolls": 0,
                        "luck_expected": 0.0, "luck_actual": 0.0, "running": g >= own_games})

    for r in results:
        if r["running"]:  # conduct so far: no place, not won, not rated
            r.update(place=None, won=False, rated=False, mu=None, sigma=None)
    waits = [{"game_id": r["game_id"], "user_id": "10000", "n": n, "guild_id": "1", "kind": r["kind"],
              "seconds": rnd.randint(60, 90_000)} for r in results for n in range(30)]

    def write(conn: Any) -> None:
        conn.execute(W.insert(), waits)
        conn.execute(RT.insert(), ratings)
        conn.execute(M.insert(), members)
        conn.execute(R.insert(), results)
    await db.run(write, write=True)
    await analyze(db)


async def analyze(db: Database) -> None:
    """Fresh statistics, as PostgreSQL's autovacuum keeps them on a live database."""
    if not db.is_sqlite:
        from sqlalchemy import text

        async with db.engine.connect() as conn:
            await conn.execution_options(isolation_level="AUTOCOMMIT")
            await conn.execute(text("ANALYZE"))


async def reads(db: Database, rounds: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"stats read": [], "stats card": [], "board read": [], "board chart": []}
    for _ in range(rounds):
        t = time.perf_counter()
        rec = await queries.player_record(db, "10000")
        out["stats read"].append(time.perf_counter() - t)
        assert rec is not None and rec.played >= 1000
        stats_card(card_of(rec, "it", "-"))
        out["stats card"].append(time.perf_counter() - t)
        t = time.perf_counter()
        lines = await queries.board(db, "spqrisiko", guild="1", least=3, top=10)
        out["board read"].append(time.perf_counter() - t)
        assert len(lines) == 10
        board_chart(board_of(lines, "spqrisiko", "it", "-", 3))
        out["board chart"].append(time.perf_counter() - t)
    return out


def corsa_games(count: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
    """Finished Corsa games played by the engine: game rows, seats and log rows as the service writes them."""
    game = get_game("corsa")
    rnd = random.Random(11)
    games, seats, log = [], [], []
    for gid in range(1, count + 1):
        ids = rnd.sample([str(20_000 + i) for i in range(400)], 3)
        start = T0 + timedelta(minutes=gid)
        state = game.setup(game.parse_settings({"target": 21, "turn_hours": 2}),
                           [Player(id=i, name="P" + i) for i in ids], gid, start)
        now, seq = start, 0
        while state.status == "active":
            now += timedelta(minutes=rnd.randint(5, 150))  # past two hours: the deadline fired first
            game.advance(state, now)
            if state.status != "active":
                break
            actor = state.players[state.turn].id  # type: ignore[attr-defined]
            action = {"type": "add", "amount": rnd.randint(1, 3)}
            game.apply(state, actor, action, now, scratch=True)
            seq += 1
            log.append({"game_id": gid, "seq": seq, "actor": actor, "action_json": json.dumps(action),
                        "interaction_id": None, "at": now, "moderator": False, "undone": False})
        games.append({"id": gid, "kind": "corsa", "guild_id": "1", "channel_id": str(gid), "is_thread": False,
                      "status": "finished", "settings_json": json.dumps({"target": 21, "turn_hours": 2}), "seed": gid,
                      "snapshot_json": game.dump_state_json(state), "schema_version": 1, "version": seq + 1,
                      "created_by": ids[0], "created_at": start, "started_at": start, "updated_at": now,
                      "next_deadline": None, "turn_deadline": None, "reminded_for": None})
        seats += [{"game_id": gid, "user_id": i, "seat": n, "display_name": "P" + i, "joined_at": start,
                   "away_until": None} for n, i in enumerate(ids)]
    return games, seats, log


def kept_trails(games: list[dict[str, Any]], seats: list[dict[str, Any]], log: list[dict[str, Any]]
                ) -> list[dict[str, Any]]:
    """The trails the recorder leaves at each game's end: each distinct game derived once, its trail
    copied to the games that copy it (same seed, settings and log)."""
    from bot.record.pool import row_of
    from bot.record.reading import LogRow
    from bot.record.trail import derive_game, trail_of

    entries: dict[int, list[LogRow]] = {}
    for r in log:
        entries.setdefault(r["game_id"], []).append(LogRow(r["seq"], r["actor"], r["action_json"], r["at"],
                                                           r["moderator"]))
    done: dict[tuple[str, int, str], dict[str, Any]] = {}
    out = []
    for g in games:
        key = (g["kind"], g["seed"], g["snapshot_json"])
        if key not in done:
            row = GameRow(**{k: v for k, v in g.items()})
            derived = derive_game(row, {}, entries.get(g["id"], []), None)
            assert derived is not None and derived.point is not None
            done[key] = row_of(trail_of(g["id"], derived.point))
        out.append({**done[key], "game_id": g["id"]})
    return out


async def write_games(db: Database, count: int, corsa: bool, trails: bool) -> int:
    from bench.record_games import real_games
    from bot.record.store import T

    games, seats, log = corsa_games(count) if corsa else real_games(count)
    tables = [GameRow.__table__, Seat.__table__, ActionRow.__table__]  # type: ignore[attr-defined]
    rows = [games, seats, log]
    if trails:
        tables.append(T)
        rows.append(kept_trails(games, seats, log))

    def write(conn: Any) -> None:
        for table, part in zip(tables, rows, strict=True):
            for i in range(0, len(part), 5000):
                conn.execute(table.insert(), part[i:i + 5000])
    await db.run(write, write=True)
    await analyze(db)
    return len(log)


async def rebuild_bench(url: str, count: int, seeded: int, corsa: bool) -> None:
    """A rebuild of `count` games going on from the trails the recorder kept, then one of `seeded`
    games from their seeds (no trail)."""
    name = "SQLite" if url.startswith("sqlite") else "PostgreSQL"
    for games, trails in ((count, True), (seeded, False)):
        if not games:
            continue
        db = await fresh(url)
        moves = await write_games(db, games, corsa, trails)
        t = time.perf_counter()
        done = await rebuild(db)
        seconds = time.perf_counter() - t
        how = "going on from the kept trails" if trails else "from their seeds"
        print(f"{name:10} rebuild of {done} finished games ({moves} log entries) {how}: {seconds:.1f} s "
              f"(load {Path('/proc/loadavg').read_text().split()[0]})")
        await db.close()


async def main(count: int, seeded: int, corsa: bool, reads_too: bool) -> None:
    with bench_urls() as urls:
        for name, url in urls:
            if reads_too:
                db = await fresh(url)
                await fill_derived(db, 10_000, 1_000)
                times = await reads(db, 200)
                for what, values in times.items():
                    print(f"{name:10} {what:12} p50 {p(values, .5):6.1f} ms  p99 {p(values, .99):6.1f} ms")
                await db.close()
            await rebuild_bench(url, count, seeded, corsa)


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:] if a.isdigit()] + [10_000, 1_000][len([a for a in sys.argv[1:]
                                                                                  if a.isdigit()]):]
    asyncio.run(main(numbers[0], numbers[1], "--corsa" in sys.argv, "--no-reads" not in sys.argv))
