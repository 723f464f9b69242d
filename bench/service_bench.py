"""How long one move takes through the whole service (lock, load, advance, apply, one transaction with
the version check, listeners), on SQLite and, when TEST_DATABASE_URL points at it, PostgreSQL.

    python bench/service_bench.py [moves]

A 5-player SPQRisiko game played by the greedy bot of engine/spqrisiko/ai.py; prints the mean and
the 95th percentile per move. Not a test: numbers go to docs/performance.md.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.fresh_db import bench_urls, fresh, started_game
from bot.service import GameService
from engine.core import get_game
from engine.spqrisiko.ai import choose_action


async def run(url: str, moves: int) -> tuple[float, float, int]:
    db = await fresh(url)
    service = GameService(db, clock=lambda: datetime.now(UTC), seed_source=lambda: 2026)
    gid = await started_game(service, "spqrisiko", 5, {"setup": "random", "target_points": 60})
    game = get_game("spqrisiko")
    times: list[float] = []
    for _ in range(moves):
        _, state = await service.state(gid)
        if state.status != "active":
            break
        actor = next(iter(game.awaiting(state)), None)
        if actor is None:
            break
        action = choose_action(state, actor)
        start = time.perf_counter()
        await service.act(gid, actor, action)
        times.append(time.perf_counter() - start)
    await db.close()
    times.sort()
    return statistics.mean(times) * 1000, times[int(len(times) * 0.95) - 1] * 1000, len(times)


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    with bench_urls() as urls:
        for name, url in urls:
            mean, p95, n = asyncio.run(run(url, moves))
            print(f"{name:10s} {n} moves: mean {mean:.1f} ms, p95 {p95:.1f} ms per move")


if __name__ == "__main__":
    main()
