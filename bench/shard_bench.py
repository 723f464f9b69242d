"""Past one process: two bot processes (shards) over one PostgreSQL against one process alone, the
same games and the same moves, at the service (no Discord stand-in sharing the two cores).

    TEST_DATABASE_URL=postgresql+asyncpg://.../db python bench/shard_bench.py [--games 16] [--moves 150]
    python bench/shard_bench.py --url sqlite        # one process's service rate on SQLite

Each process is what a shard process runs on a move's path: the game service with the scheduler's,
the record's and the web relay's listeners (LISTEN/NOTIFY across processes) and the outbox planner
(rows written with each move; nothing sends them here). The games are the test game "corsa", half in
a guild of shard 0 and half in one of shard 1; every player of a game makes its moves one after the
other (each waits for the last), every game at once. "one" runs every game in one process, "two" runs
each shard's games in its own process (SHARD_COUNT=2), as `python -m bot` does with SHARD_IDS. Every
tenth move is sent a second time with the same interaction id, as Discord retries, and must be refused.

Checks after each run: each game's total is its moves' sum (nothing lost, nothing applied twice), one
log row a move, and every retry refused. Prints the moves a second of each run and their ratio.
Not a test: figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import tests.fixtures.testgame  # noqa: F401  (registers the test game "corsa")
from bench.fresh_db import fresh
from bot.main import new_event_loop
from bot.service import GameService
from bot.storage.db import Database
from engine.core import RuleError

SHARDS = 2
GUILDS = [str(10 << 22), str(11 << 22)]  # (id >> 22) % 2: shard 0, shard 1
RETRY_EVERY = 10


def shard_of(guild: str) -> int:
    return (int(guild) >> 22) % SHARDS


async def setup(url: str, games: int) -> list[dict[str, Any]]:
    db = await fresh(url)
    svc = GameService(db)
    out = []
    for i in range(games):
        guild = GUILDS[i % SHARDS]
        channel, a, b = f"c{i}", f"{1000 + 2 * i}", f"{1001 + 2 * i}"
        await svc.create(kind="corsa", guild_id=guild, channel_id=channel, creator_id=a, creator_name=f"p{a}",
                         settings={"target": 1000, "turn_hours": 24, "reminder_minutes": 0})
        await svc.join(channel, b, f"p{b}")
        res = await svc.start(channel, a)
        out.append({"id": res.game.id, "guild": guild, "order": [p.id for p in res.state.players]})
    await db.close()
    return out


class _NoMessenger:
    """The outbox rows are written with each move; no sender runs in this benchmark."""


async def worker(url: str, games: list[dict[str, Any]], moves: int, shard: int | None, go: str) -> dict[str, Any]:
    """One process: its games' moves, all games at once, each game's moves one after the other."""
    from bot.notifier import Notifier
    from bot.record.recorder import Recorder
    from bot.scheduler import DeadlineScheduler
    from bot.web.app import WebServer

    db = Database(url)
    svc = GameService(db)
    owns = (lambda guild: shard_of(guild) == shard) if shard is not None else (lambda _guild: True)
    Notifier(svc, _NoMessenger(), owns=owns)  # type: ignore[arg-type]  # its planner: the outbox rows
    scheduler = DeadlineScheduler(svc, owns=owns)
    scheduler.start()
    recorder = Recorder(db)
    svc.listeners.append(recorder.heard)
    web = WebServer(svc)
    await web.start_relay()
    mine = [g for g in games if shard is None or shard_of(g["guild"]) == shard]
    for g in mine:  # warm: each game's row in the cache, each pooled connection used once
        await svc.get(g["id"])
    Path(f"{go}.ready{shard}").write_text("ready")
    while not Path(go).exists():
        await asyncio.sleep(0.01)
    refused = accepted_twice = 0
    times: list[float] = []

    async def play(g: dict[str, Any]) -> None:
        nonlocal refused, accepted_twice
        for m in range(moves):
            actor, iid = g["order"][m % 2], f"{g['id']}-{m}"
            t0 = time.perf_counter()
            await svc.act(g["id"], actor, {"type": "add", "amount": 1}, interaction_id=iid)
            times.append(time.perf_counter() - t0)
            if m % RETRY_EVERY == RETRY_EVERY - 1:  # Discord sends the same interaction again
                try:
                    await svc.act(g["id"], actor, {"type": "add", "amount": 1}, interaction_id=iid)
                    accepted_twice += 1
                except RuleError:
                    refused += 1

    start, cpu = time.time(), time.process_time()
    await asyncio.gather(*(play(g) for g in mine))
    end, cpu = time.time(), time.process_time() - cpu
    await recorder.settled()
    await web.stop()
    scheduler.shutdown()
    await db.close()
    times.sort()
    return {"shard": shard, "games": len(mine), "moves": len(times), "start": start, "end": end,
            "cpu_s": cpu, "retries_refused": refused, "retries_accepted": accepted_twice,
            "p50_ms": 1000 * times[len(times) // 2], "p99_ms": 1000 * times[int(0.99 * (len(times) - 1))]}


async def run(url: str, games: list[dict[str, Any]], moves: int, processes: int) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp())
    go, spec = str(tmp / "go"), tmp / "games.json"
    spec.write_text(json.dumps(games))
    shards: list[int | None] = [None] if processes == 1 else list(range(SHARDS))
    children = [await asyncio.create_subprocess_exec(
        sys.executable, __file__, "--worker", str(s if s is not None else -1), "--spec", str(spec), "--go", go,
        "--moves", str(moves), "--url", url, stdout=asyncio.subprocess.PIPE) for s in shards]
    while not all(Path(f"{go}.ready{s}").exists() for s in shards):
        await asyncio.sleep(0.02)
    Path(go).write_text("go")
    results = [json.loads((await c.communicate())[0].decode().strip().splitlines()[-1]) for c in children]
    wall = max(r["end"] for r in results) - min(r["start"] for r in results)
    done = sum(r["moves"] for r in results)
    return {"processes": processes, "moves": done, "wall_s": wall, "moves_per_s": done / wall,
            "cpu_ms_per_move": 1000 * sum(r["cpu_s"] for r in results) / done,
            "p50_ms": max(r["p50_ms"] for r in results), "p99_ms": max(r["p99_ms"] for r in results),
            "retries_refused": sum(r["retries_refused"] for r in results),
            "retries_accepted": sum(r["retries_accepted"] for r in results)}


async def check(url: str, games: list[dict[str, Any]], moves: int) -> dict[str, int]:
    """Every move applied once: each game's total, and one log row a move."""
    from sqlalchemy import func, select

    from bot.storage.models import ActionRow

    db = Database(url)
    svc = GameService(db)
    wrong = 0
    for g in games:
        _row, state = await svc.state(g["id"])
        wrong += state.total != moves  # type: ignore[attr-defined]
    async with db.sessions() as s:
        logged = (await s.execute(select(func.count()).select_from(ActionRow)
                                  .where(ActionRow.interaction_id.is_not(None)))).scalar() or 0  # type: ignore[union-attr]
    await db.close()
    return {"games_wrong": wrong, "log_rows": logged, "expected_log_rows": moves * len(games)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", default=os.environ.get("TEST_DATABASE_URL", ""))
    parser.add_argument("--games", type=int, default=16)
    parser.add_argument("--moves", type=int, default=150, help="moves per game")
    parser.add_argument("--rounds", type=int, default=2, help="one / two alternated this many times")
    parser.add_argument("--worker", type=int)
    parser.add_argument("--spec")
    parser.add_argument("--go")
    args = parser.parse_args()
    if args.url == "sqlite":  # one process's service rate on SQLite (one database file: no second process)
        args.url = f"sqlite+aiosqlite:///{tempfile.mkdtemp()}/shard.db"
    elif not args.url.startswith(("postgresql", "sqlite")):
        sys.exit("needs PostgreSQL (--url or TEST_DATABASE_URL), or --url sqlite for one process alone")
    if args.worker is not None:
        games = json.loads(Path(args.spec).read_text())
        shard = None if args.worker < 0 else args.worker
        with asyncio.Runner(loop_factory=new_event_loop) as runner:
            print(json.dumps(runner.run(worker(args.url, games, args.moves, shard, args.go))), flush=True)
        return
    out = []
    for _ in range(args.rounds):
        for processes in (1, 2) if not args.url.startswith("sqlite") else (1,):
            with asyncio.Runner(loop_factory=new_event_loop) as runner:
                load = Path("/proc/loadavg").read_text().split()[:3]
                games = runner.run(setup(args.url, args.games))
                r = runner.run(run(args.url, games, args.moves, processes))
                r.update(runner.run(check(args.url, games, args.moves)))
                r["load_before"] = load
                r["load_after"] = Path("/proc/loadavg").read_text().split()[:3]
            print(json.dumps(r), flush=True)
            out.append(r)
    ones = [r["moves_per_s"] for r in out if r["processes"] == 1]
    twos = [r["moves_per_s"] for r in out if r["processes"] == 2]
    ratio = sum(twos) / len(twos) / (sum(ones) / len(ones)) if twos else None
    print(json.dumps({"one_process_moves_per_s": ones, "two_processes_moves_per_s": twos, "ratio_of_means": ratio}))


if __name__ == "__main__":
    main()
