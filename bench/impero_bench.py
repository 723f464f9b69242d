"""Impero benchmark: turn-end processing and map rendering, 300-node map, 30 companies, 10 players.

Run with `python bench/impero_bench.py`; prints timings (not a test).
"""

from __future__ import annotations

import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Player
from engine.impero import GAME
from engine.impero import turn_end as turn_rules
from engine.impero.board import build_map, get_map, register_map
from render.common import to_png
from render.impero import render_chart, render_map, render_market


def bench_map() -> str:
    """Italy plus a strip of extra land: exactly 300 nodes."""
    italy = get_map("italia")
    rows = [["." for _ in range(italy.cols)] for _ in range(italy.rows)]
    for c, r in italy.coords.values():
        rows[r][c] = "#"
    extra = 300 - len(italy.nodes)
    for r in range(italy.rows):
        for c in range(italy.cols - 3, italy.cols):
            if extra and rows[r][c] == ".":
                rows[r][c] = "#"
                extra -= 1
    board = register_map(build_map("bench300", ["".join(r) for r in rows]))
    assert len(board.nodes) == 300
    return board.name


def timed(label: str, fn, repeat: int) -> float:  # type: ignore[no-untyped-def]
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    ms = (time.perf_counter() - start) * 1000 / repeat
    print(f"{label:<40} {ms:9.2f} ms  (mean of {repeat})")
    return ms


def main() -> None:
    name = bench_map()
    t0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
    players = [Player(id=str(1000 + i), name=f"Player {i}") for i in range(10)]
    state = GAME.setup(GAME.parse_settings({"map": name, "start_cash": 1_000_000, "player_op": 100}),
                       players, 1, t0)
    now = t0 + timedelta(minutes=5)
    for i in range(30):
        GAME.apply(state, players[i % 10].id, {"type": "create_company", "name": f"Co {i}", "capital": 20_000}, now)
    for c in state.companies:  # grow each company a few nodes, sell shares around
        c.op = 100
        for node in GAME.free_adjacent(state, c)[:6]:
            if node not in state.owner:
                state.owner[node] = c.id
                c.nodes.append(node)
        for j, p in enumerate(players[:5]):
            if p.id != c.ceo:
                c.shares[c.ceo] -= 1
                c.shares[p.id] = c.shares.get(p.id, 0) + 1
            _ = j
    owned = len(state.owner)
    print(f"map {name}: {len(state.yields)} nodes, {len(state.companies)} companies, {owned} owned, 10 players")

    def turn_end() -> None:
        work = state.model_copy(deep=True)
        turn_rules.turn_end(work, GAME.turn_ends(work))

    copy_ms = timed("state deep copy (per action overhead)", lambda: state.model_copy(deep=True), 50)
    end_ms = timed("turn end incl. copy", turn_end, 50)
    print(f"{'turn end alone (approx.)':<40} {end_ms - copy_ms:9.2f} ms")
    turn_rules.turn_end(state, GAME.turn_ends(state))
    view = GAME.view(state, None)
    timed("view (all sections)", lambda: GAME.view(state, None), 50)
    timed("render map (first: static layer)", lambda: render_map(view), 1)
    timed("render map (cached static layer)", lambda: render_map(view), 20)
    timed("render map + PNG encode", lambda: to_png(render_map(view)), 10)
    timed("render market + PNG", lambda: to_png(render_market(view)), 10)
    timed("render cash chart + PNG", lambda: to_png(render_chart(view)), 10)
    print(f"map PNG size: {len(to_png(render_map(view))) // 1024} KiB")


if __name__ == "__main__":
    main()
