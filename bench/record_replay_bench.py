"""What the record's replay costs for a real game: a 4-player SPQRisiko game played by the greedy bot
of engine/spqrisiko/ai.py to its end (or to a move limit), then observed as the record does (calls,
deadlines, dice luck). Not a test: numbers go to docs/performance.md.

    python bench/record_replay_bench.py [max_moves]
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bot.record.observe import observe
from engine.core import GameRecord, LogEntry, Player, get_game
from engine.spqrisiko.ai import choose_action


def main(limit: int) -> None:
    game = get_game("spqrisiko")
    players = [Player(id=str(100 + i), name=f"P{i}") for i in range(4)]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    settings = {"setup": "random", "target_points": 30}
    state = game.setup(game.parse_settings(settings), [p.model_copy() for p in players], 2026, start)
    log, now = [], start
    for _ in range(limit):
        if state.status != "active":
            break
        actor = next(iter(sorted(game.awaiting(state))), None)
        if actor is None:
            break
        now += timedelta(minutes=20)
        game.advance(state, now)
        if state.status != "active" or actor not in game.awaiting(state):
            continue
        action = choose_action(state, actor).model_dump(mode="json")
        game.apply(state, actor, action, now)
        log.append(LogEntry(at=now, actor=actor, action=action))
    record = GameRecord(game="spqrisiko", seed=2026, settings=settings, created_at=start, players=players, log=log)
    t = time.perf_counter()
    watch = observe(game, record, state.clock)
    seconds = time.perf_counter() - t
    assert watch is not None
    rolls = sum(luck.rolls for luck in watch.luck.values()) // 2
    print(f"SPQRisiko, {len(log)} moves ({state.status}): observed in {seconds * 1000:.0f} ms "
          f"({seconds / max(1, len(log)) * 1000:.2f} ms a move), {rolls} battle rolls")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3000)
