"""High Frontier Module 5 timings: a move through the whole service on SQLite (and PostgreSQL when
TEST_DATABASE_URL points at it), the market and bank pictures, and the longest timer a full-size
game fires (a board decision passing at its deadline, a loan rolled over, an angel window closing).

    python bench/highfrontier_bench.py [moves]

Six players; the moves are drawn from `legal_actions` outside the timed part. Not a test: the
numbers go to docs/performance.md.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.fresh_db import bench_urls, fresh, started_game
from bot.service import GameService
from engine.core import Player
from engine.highfrontier import GAME
from render.common import render_png

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


async def through_service(url: str, moves: int) -> list[float]:
    db = await fresh(url)
    service = GameService(db, clock=lambda: datetime.now(UTC), seed_source=lambda: 2026)
    gid = await started_game(service, "highfrontier", 6, {"last_year": 200})
    rnd = random.Random(7)
    times: list[float] = []
    for _ in range(moves):
        _, state = await service.state(gid)
        if state.status != "active":
            break
        owed = sorted(GAME.awaiting(state))
        actor = owed[0] if owed else state.order[state.current]
        options = [o for o in GAME.legal_actions(state, actor) if o.type != "end_game"]
        if not options:
            break
        action = rnd.choice(options)
        start = time.perf_counter()
        await service.act(gid, actor, action.model_dump(mode="json"))
        times.append(time.perf_counter() - start)
    await db.close()
    return sorted(times)


def full_state() -> object:
    """A six-player market in the middle of a game: every company out, loans running, a meeting open."""
    people = [Player(id=str(1001 + i), name=f"Giocatore {i + 1}") for i in range(6)]
    state = GAME.setup(GAME.parse_settings({"setup": "dawn", "last_year": 40}), people, 5, T0)
    rnd = random.Random(3)
    now = T0
    for _ in range(250):
        now += timedelta(minutes=5)
        GAME.advance(state, now)
        owed = sorted(GAME.awaiting(state))
        actor = owed[0] if owed else state.order[state.current]
        options = [o for o in GAME.legal_actions(state, actor) if o.type not in ("end_game", "year")]
        if options:
            GAME.apply(state, actor, rnd.choice(options), now)
    return state


def timers(state: object) -> float:
    """The longest single timer (board pass at its deadline, loan rollover, angel, deflation) of a run."""
    worst = 0.0
    rnd = random.Random(11)
    now = state.clock  # type: ignore[attr-defined]
    for _ in range(60):
        actor = state.order[state.current]  # type: ignore[attr-defined]
        if not GAME.busy(state):  # type: ignore[arg-type]
            GAME.apply(state, actor, {"type": "event_roll", "roll": rnd.randint(1, 6)}, now)
        nxt = GAME.next_deadline(state)  # type: ignore[arg-type]
        if nxt is None or state.status != "active":  # type: ignore[attr-defined]
            break
        now = nxt
        start = time.perf_counter()
        GAME.advance(state, now)  # type: ignore[arg-type]
        worst = max(worst, time.perf_counter() - start)
    return worst * 1000


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    with bench_urls() as urls:
        for name, url in urls:
            times = asyncio.run(through_service(url, moves))
            p99 = times[max(0, int(len(times) * 0.99) - 1)] * 1000
            print(f"{name:10s} {len(times)} moves: mean {statistics.mean(times) * 1000:.1f} ms, p99 {p99:.1f} ms")
    state = full_state()
    view = GAME.view(state, None)  # type: ignore[arg-type]
    for picture in ("board", "bank"):
        render_png("highfrontier", view, picture)  # fonts load once per process
        runs = 10
        start = time.perf_counter()
        for _ in range(runs):
            data = render_png("highfrontier", view, picture)
        assert data is not None
        print(f"{picture} picture + PNG: {(time.perf_counter() - start) / runs * 1000:.1f} ms, {len(data) // 1024} KiB")
    print(f"longest timer fired (advance): {timers(state):.1f} ms")


if __name__ == "__main__":
    main()
