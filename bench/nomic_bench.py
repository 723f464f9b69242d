"""DecameroNomic timings: a full-size game (12 players, random legal play over 10 Giornate) in the
engine, the longest Giornata rollover, the chart render, and moves through the whole service on
SQLite (and PostgreSQL when TEST_DATABASE_URL points at it): from a new game, and on the full-size
game itself (its record imported, then played on into Giornate 11 and after).

    python bench/nomic_bench.py [service_moves]

Not a test: numbers go to docs/performance.md.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.fresh_db import bench_urls, fresh, started_game
from bot.main import tune_gc
from bot.service import GameService
from engine.core import GameRecord, LogEntry, Player, Rng, replay
from engine.nomic import GAME, chronicle
from engine.nomic.models import NomicState
from render.common import render_png

T0 = datetime(2026, 11, 2, 9, 0, tzinfo=UTC)
PLAYERS = 12
GIORNATE = 10


def pick_action(state: NomicState, actor: str, rng: Rng) -> object | None:
    options = GAME.legal_actions(state, actor)
    options = [o for o in options if not (o.type == "scribe_adjust" and o.amount < 0)]  # type: ignore[attr-defined]
    if not options:
        return None
    props = [o for o in options if o.type in ("propose", "vote")]  # type: ignore[attr-defined]
    pool = props if props and rng.below(3) else options
    return pool[rng.below(len(pool))]


def engine_game() -> tuple[NomicState, GameRecord]:
    people = [Player(id=str(1001 + i), name=f"Giocatore {i + 1:02d}") for i in range(PLAYERS)]
    state = GAME.setup(GAME.parse_settings({}), [p.model_copy() for p in people], 42, T0)
    rng = Rng(seed=7)
    now, log, rollovers = T0, [], []
    start = time.perf_counter()
    while state.status == "active" and state.giornata <= GIORNATE:
        now += timedelta(hours=2)
        end = state.deadline("giornata")
        if end is not None and end <= now:
            tick = time.perf_counter()
            GAME.advance(state, now)
            rollovers.append(time.perf_counter() - tick)
        else:
            GAME.advance(state, now)
        ids = [p.id for p in state.players if not p.left]
        actor = ids[rng.below(len(ids))]
        action = pick_action(state, actor, rng)
        if action is None:
            continue
        GAME.apply(state, actor, action, now)  # type: ignore[arg-type]
        log.append(LogEntry(at=now, actor=actor, action=action.model_dump(mode="json")))  # type: ignore[attr-defined]
    total = time.perf_counter() - start
    stored = json.dumps(GAME.dump_state(state), separators=(",", ":"), ensure_ascii=False)
    filed = sum(len(text) for text in state.chronicle + state.repealed)
    print(f"{PLAYERS} players, {state.giornata - 1} Giornate: {len(log)} actions, "
          f"{len(chronicle.all_proposals(state))} proposals, {len(state.rules)} rules; snapshot "
          f"{len(stored) // 1024} KiB, of which {filed // 1024} KiB closed Giornate and repealed laws as text; "
          f"{total * 1000:.0f} ms ({total / max(1, len(log)) * 1000:.2f} ms per action incl. advance)")
    print(f"longest rollover {max(rollovers) * 1000:.1f} ms, mean {statistics.mean(rollovers) * 1000:.1f} ms")
    start = time.perf_counter()
    record = GameRecord(game="nomic", seed=42, settings={}, created_at=T0, players=people, log=log)
    rebuilt = replay(GAME, record, until=now)
    print(f"replay: {(time.perf_counter() - start) * 1000:.0f} ms, equal={rebuilt.model_dump() == state.model_dump()}")
    # what the service does with the snapshot on every move, without the database: parse and load it,
    # the core's checkpoint before applying, dump and serialize it again
    costs = []
    for _ in range(200):
        tick = time.perf_counter()
        loaded = GAME.load_state(json.loads(stored))
        loaded.model_dump_json()
        json.dumps(GAME.dump_state(loaded), separators=(",", ":"), ensure_ascii=False)
        costs.append(time.perf_counter() - tick)
    costs.sort()
    print(f"snapshot handling per move: median {statistics.median(costs) * 1000:.2f} ms, "
          f"p99 {costs[197] * 1000:.2f} ms")
    costs = []  # the same through the snapshot's text in one pass (Game.load_state(text), dump_state_json)
    for _ in range(200):
        tick = time.perf_counter()
        loaded = GAME.load_state(stored)
        loaded.model_dump_json()
        GAME.dump_state_json(loaded)
        costs.append(time.perf_counter() - tick)
    costs.sort()
    print(f"  the same through the text in one pass: median {statistics.median(costs) * 1000:.2f} ms, "
          f"p99 {costs[197] * 1000:.2f} ms")
    view = GAME.view(state, None)
    runs = 10
    start = time.perf_counter()
    for _ in range(runs):
        data = render_png("nomic", view)
    assert data is not None
    print(f"chart render + PNG: {(time.perf_counter() - start) / runs * 1000:.1f} ms, {len(data) // 1024} KiB")
    record.advanced_to = now
    return state, record


async def service_moves(url: str, moves: int, full: GameRecord | None = None
                        ) -> tuple[float, float, float, float, int]:
    """`moves` random legal moves through GameService.act, a few hours apart: in a new game, or in the
    game of `full` (imported, so the service starts from its 10 Giornate)."""
    db = await fresh(url)
    clock = [T0 if full is None or full.advanced_to is None else full.advanced_to]
    service = GameService(db, clock=lambda: clock[0], seed_source=lambda: 2026)
    if full is None:
        gid: int | None = await started_game(service, "nomic", PLAYERS, name="P{:02d}")
    else:
        gid = (await service.import_record(full, guild_id="1", channel_id="2", moderator="100")).game.id
    assert gid is not None
    step = timedelta(hours=3 if full is None else 2)
    rng = Rng(seed=3)
    times: list[float] = []
    cpu: list[float] = []  # this process's CPU (all threads): what the move costs without the machine's queue
    for _ in range(moves):
        clock[0] += step  # rollovers on the way: the state grows as in a long game
        await service.tick(gid)  # as the scheduler does at each deadline
        _, state = await service.state(gid)
        assert isinstance(state, NomicState)
        if state.status != "active":
            break
        ids = [p.id for p in state.players if not p.left]
        actor = ids[rng.below(len(ids))]
        action = pick_action(state, actor, rng)
        if action is None:
            continue
        start, start_cpu = time.perf_counter(), time.process_time()
        await service.act(gid, actor, action.model_dump(mode="json"))  # type: ignore[attr-defined]
        times.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
    await db.close()
    times.sort()
    cpu.sort()
    return (statistics.mean(times) * 1000, times[int(len(times) * 0.95) - 1] * 1000,
            times[int(len(times) * 0.99) - 1] * 1000, cpu[int(len(cpu) * 0.99) - 1] * 1000, len(times))


def main() -> None:
    _, record = engine_game()
    tune_gc()  # as `python -m bot` does at startup
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    with bench_urls() as urls:
        for name, url in urls:
            for label, full in (("new game", None), ("after 10 Giornate", record)):  # a fresh database each
                mean, p95, p99, cpu99, n = asyncio.run(service_moves(url, moves, full))
                print(f"{name:10s} {label:17s} {n} moves through the service: mean {mean:.1f} ms, "
                      f"p95 {p95:.1f} ms, p99 {p99:.1f} ms; CPU p99 {cpu99:.1f} ms")


if __name__ == "__main__":
    main()
