"""What the players' record costs a running game at each move: a 5-player SPQRisiko game played through
the service by the greedy bot of engine/spqrisiko/ai.py, recorded by the recorder after every move (as
the bot does, in its background task). Each record's time, going on from the last record, against the
time of a record of the same game from its seed (the whole log replayed: what every move cost before),
at the same moves. SQLite, and PostgreSQL when TEST_DATABASE_URL points at it.

    python bench/record_move_bench.py [moves]

Not a test: numbers go to docs/performance.md.
"""

from __future__ import annotations

import asyncio
import sys
import time
from datetime import UTC, datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.fresh_db import bench_urls, fresh, started_game
from bot.record import rebuild
from bot.record.recorder import Recorder
from bot.service import GameService
from engine.core import get_game
from engine.spqrisiko.ai import choose_action


def p(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


async def run(url: str, moves: int) -> tuple[list[float], list[tuple[int, float]], int]:
    db = await fresh(url)
    service = GameService(db, clock=lambda: datetime.now(UTC), seed_source=lambda: 2026)
    gid = await started_game(service, "spqrisiko", 5, {"setup": "random", "target_points": 60})
    recorder = Recorder(db)
    game = get_game("spqrisiko")
    going_on, whole = [], []
    played = 0
    for n in range(moves):
        _, state = await service.state(gid)
        if state.status != "active":
            break
        actor = sorted(game.awaiting(state))[0]
        await service.act(gid, actor, choose_action(state, actor).model_dump(mode="json"))
        played += 1
        t = time.perf_counter()
        await rebuild.record_one(db, gid, recorder.points)  # what the recorder's task does after a move
        going_on.append(time.perf_counter() - t)
        if n % 50 == 49:  # the same game from its seed, once in a while (it grows with the log)
            t = time.perf_counter()
            await rebuild.record_one(db, gid, {}, anew=True)
            whole.append((n + 1, time.perf_counter() - t))
    await db.close()
    return going_on, whole, played


async def main(moves: int) -> None:
    with bench_urls() as urls:
        for name, url in urls:
            going_on, whole, played = await run(url, moves)
            print(f"{name:10} {played} moves; a record going on from the last: p50 {p(going_on, .5):.1f} ms, "
                  f"p99 {p(going_on, .99):.1f} ms")
            print(f"{name:10} the same game from its seed: " +
                  ", ".join(f"after {n} moves {s * 1000:.0f} ms" for n, s in whole))


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 400))
