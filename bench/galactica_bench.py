"""Imperium Galactica timings: a full 4-player game by the autopilot, replay, the longest turn end a
timer fires, a move through the whole service on SQLite (p50/p99), the pictures, the exchange and battle odds.

    python bench/galactica_bench.py [service_moves]

Not a test: numbers go to docs/performance.md.
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import GameRecord, LogEntry, Player, replay
from engine.galactica import GAME
from engine.galactica.autopilot import choose_action
from engine.galactica.battle_odds import space_odds
from engine.galactica.odds import clear_caches, exchange_odds
from render.common import to_png
from render.galactica import render_galaxy, render_planet, render_stock

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
CONFIG = {"max_rounds": 60}


def full_game() -> None:
    people = [Player(id=str(1001 + i), name=f"Giocatore {i + 1}") for i in range(4)]
    state = GAME.setup(GAME.parse_settings(CONFIG), [p.model_copy() for p in people], 11, T0)
    now, log = T0, []
    turn_ends: list[float] = []
    start = time.perf_counter()
    while state.status == "active" and len(log) < 20_000:
        now += timedelta(minutes=1)
        GAME.advance(state, now)
        actor = next(iter(sorted(GAME.awaiting(state))), None)
        action = choose_action(state, actor) if actor else None
        if action is None:
            continue
        GAME.apply(state, actor, action, now)
        log.append(LogEntry(at=now, actor=actor, action=action.model_dump(mode="json")))
        if state.round >= 8 and len(turn_ends) < 40 and state.status == "active":
            # what the scheduler does when a turn runs out: fire the timer on a copy of this position
            probe = state.model_copy(deep=True)
            due = probe.deadline("turn")
            if due is not None:
                t = time.perf_counter()
                GAME.advance(probe, due)
                turn_ends.append(time.perf_counter() - t)
    game_s = time.perf_counter() - start
    print(f"full 4-player game: {len(log)} actions, {state.round} rounds, {game_s * 1000:.0f} ms incl. probes, "
          f"winner {state.winners} ({state.end_reason})")
    start = time.perf_counter()
    record = GameRecord(game="galactica", seed=11, settings=CONFIG, created_at=T0, players=people, log=log)
    rebuilt = replay(GAME, record, until=now)
    GAME.advance(state, now)
    print(f"replay: {(time.perf_counter() - start) * 1000:.0f} ms, equal={rebuilt.model_dump() == state.model_dump()}")
    if turn_ends:
        print(f"turn end fired by its timer (round 8 on): max {max(turn_ends) * 1000:.2f} ms, "
              f"mean {statistics.mean(turn_ends) * 1000:.2f} ms over {len(turn_ends)}")
    view = GAME.view(state, state.order[0])
    for name, draw in (("galaxy", lambda: render_galaxy(view)), ("stock", lambda: render_stock(view)),
                       ("planet board", lambda: render_planet(view.planets[0]))):
        runs = 10
        t = time.perf_counter()
        for _ in range(runs):
            img = draw()
        render_ms = (time.perf_counter() - t) / runs * 1000
        t = time.perf_counter()
        data = to_png(img)
        print(f"{name}: render {render_ms:.1f} ms, PNG {(time.perf_counter() - t) * 1000:.1f} ms, "
              f"{len(data) // 1024} KiB")
    clear_caches()
    t = time.perf_counter()
    exchange_odds(["fighter", "fighter", "fighter"], ["colony", "torpedo", "cannon"])
    print(f"odds 3 fighters (6 dice) v 3 (cold): {(time.perf_counter() - t) * 1000:.0f} ms")
    t = time.perf_counter()
    exchange_odds(["fighter", "fighter", "fighter"], ["colony", "torpedo", "cannon"])
    print(f"odds, warm: {(time.perf_counter() - t) * 1000:.1f} ms")
    for fleet in ({"fighter": 6, "torpedo": 3, "colony": 1}, {"fighter": 20, "torpedo": 15, "colony": 5}):
        t = time.perf_counter()
        space_odds(fleet, {**fleet, "cannon": 4})
        print(f"battle odds {sum(fleet.values())} ships v the same + 4 cannons: {(time.perf_counter() - t) * 1000:.0f} ms")


async def service_moves(moves: int) -> None:
    from bench.fresh_db import fresh, sqlite_url, started_game
    from bot.service import GameService

    with sqlite_url() as url:
        db = await fresh(url)
        service = GameService(db, clock=lambda: datetime.now(UTC), seed_source=lambda: 2026)
        gid = await started_game(service, "galactica", 4, CONFIG)
        times: list[float] = []
        for _ in range(moves):
            _, state = await service.state(gid)
            if state.status != "active":
                break
            actor = next(iter(sorted(GAME.awaiting(state))), None)
            action = choose_action(state, actor) if actor else None  # type: ignore[arg-type]
            if action is None:
                break
            t = time.perf_counter()
            await service.act(gid, actor, action)  # type: ignore[arg-type]
            times.append(time.perf_counter() - t)
        await db.close()
    times.sort()
    print(f"service on SQLite, {len(times)} moves: p50 {times[len(times) // 2] * 1000:.1f} ms, "
          f"p99 {times[int(len(times) * 0.99) - 1] * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")


if __name__ == "__main__":
    full_game()
    asyncio.run(service_moves(int(sys.argv[1]) if len(sys.argv) > 1 else 400))
