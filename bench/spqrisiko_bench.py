"""SPQRisiko timings: a full 5-player game played by the greedy bot, the map render, the odds table.

Plain script: `python bench/spqrisiko_bench.py`.
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import GameRecord, LogEntry, Player, replay
from engine.spqrisiko import GAME
from engine.spqrisiko.ai import choose_action
from engine.spqrisiko.odds import odds, roll_outcomes
from render.common import to_png
from render.spqrisiko import background, render_board

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


def main() -> None:
    people = [Player(id=str(1001 + i), name=f"Giocatore {i + 1}") for i in range(5)]
    config = {"setup": "random"}
    start = time.perf_counter()
    state = GAME.setup(GAME.parse_settings(config), [p.model_copy() for p in people], 42, T0)
    now, log = T0, []
    while state.status == "active" and len(log) < 20_000:
        now += timedelta(minutes=1)
        GAME.advance(state, now)  # as the game service does before every action
        actor = state.order[state.current]
        action = choose_action(state, actor)
        GAME.apply(state, actor, action, now)
        log.append(LogEntry(at=now, actor=actor, action=action.model_dump(mode="json")))
    game_s = time.perf_counter() - start
    print(f"full 5-player game: {len(log)} actions, {state.round} rounds, {game_s * 1000:.0f} ms "
          f"({game_s / len(log) * 1e6:.0f} us/action), winner {state.winners}")
    start = time.perf_counter()
    record = GameRecord(game="spqrisiko", seed=42, settings=config, created_at=T0, players=people, log=log)
    rebuilt = replay(GAME, record)
    print(f"replay of that log: {(time.perf_counter() - start) * 1000:.0f} ms, equal={rebuilt == state}")
    view = GAME.view(state, None)
    start = time.perf_counter()
    background()
    print(f"map background (once per process): {(time.perf_counter() - start) * 1000:.1f} ms")
    runs = 20
    start = time.perf_counter()
    for _ in range(runs):
        img = render_board(view)
    render_ms = (time.perf_counter() - start) / runs * 1000
    start = time.perf_counter()
    data = to_png(img)
    print(f"map render: {render_ms:.1f} ms; PNG encode {(time.perf_counter() - start) * 1000:.1f} ms, "
          f"{len(data) // 1024} KiB")
    roll_outcomes.cache_clear()
    start = time.perf_counter()
    odds(60, 60)
    print(f"odds 60 v 60 (cold): {(time.perf_counter() - start) * 1000:.1f} ms")
    start = time.perf_counter()
    odds(60, 60)
    print(f"odds 60 v 60 (warm): {(time.perf_counter() - start) * 1000:.1f} ms")


if __name__ == "__main__":
    main()
