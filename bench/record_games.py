"""Real-length finished games of the five games, for the record's rebuild benchmark: each played by its
engine from the seed (SPQRisiko's greedy bot, Galactica's autopilot, the others by a seeded pick among
`legal_actions`), hours apart, sometimes a day and more (the deadlines then fire and the games' timeout
rules play), to its end; a game still running at its move limit is ended by a moderator. Rows as the
service writes them (game, seats, log). A handful per game is played, then copied under new ids to
the count asked (the same log costs the same to derive), and kept in a cache file between runs.

    python bench/record_games.py [per_kind]      # prints what it played
"""

from __future__ import annotations

import gzip
import json
import pickle
import random
import sys
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core import Player, RuleError, get_game

T0 = datetime(2025, 1, 1, tzinfo=UTC)
CACHE = Path("/tmp/araldo_record_games.pickle.gz")
# (players, settings, move limit, most minutes between two moves)
KINDS: dict[str, tuple[int, dict[str, Any], int, int]] = {
    "spqrisiko": (4, {"setup": "random"}, 1500, 300),
    "galactica": (4, {"max_rounds": 20}, 1500, 300),
    "impero": (4, {}, 800, 15),  # a market: players trade many times in a half-day turn
    "highfrontier": (4, {"last_year": 30}, 400, 300),
    "nomic": (6, {}, 800, 120),
}


def _chooser(kind: str) -> Callable[[Any, str, random.Random], Any]:
    game = get_game(kind)
    if kind == "spqrisiko":
        from engine.spqrisiko.ai import choose_action as spqr

        return lambda state, actor, rnd: spqr(state, actor)
    if kind == "galactica":
        from engine.galactica.autopilot import choose_action as auto

        return lambda state, actor, rnd: auto(state, actor)

    def pick(state: Any, actor: str, rnd: random.Random) -> Any:
        options = [o for o in game.legal_actions(state, actor) if o.type not in ("end_game", "year")]
        return rnd.choice(options) if options else None
    return pick


def play(kind: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]:
    """One game played to its end: its game row, seats and log rows (game id 0: set by the caller)."""
    game = get_game(kind)
    count, settings, limit, most = KINDS[kind]
    rnd = random.Random(seed)
    ids = [str(30_000 + rnd.randrange(2_000)) for _ in range(count)]
    ids = list(dict.fromkeys(ids)) + [str(40_000 + i) for i in range(count - len(set(ids)))]
    start = T0 + timedelta(hours=seed)
    state = game.setup(game.parse_settings(settings), [Player(id=i, name="P" + i) for i in ids], seed, start)
    choose = _chooser(kind)
    now, log = start, []
    stuck = 0
    while state.status == "active" and len(log) < limit and stuck < 200:
        gap = timedelta(hours=rnd.choice([26, 50])) if rnd.random() < .04 else timedelta(minutes=rnd.randint(2, most))
        now += gap
        game.advance(state, now)
        # a free game (Impero's market, DecameroNomic's Giornata) awaits nobody in particular: anyone acts
        owed = sorted(game.awaiting(state)) or [p.id for p in state.players if not p.left]
        if state.status != "active" or not owed:
            stuck += 1
            continue
        actor = rnd.choice(owed)
        action = choose(state, actor, rnd)
        if action is None:
            stuck += 1
            continue
        data = action.model_dump(mode="json")
        try:
            game.apply(state, actor, data, now, scratch=False)
        except RuleError:
            stuck += 1
            continue
        stuck = 0
        log.append({"seq": len(log) + 1, "actor": actor, "action_json": json.dumps(data), "at": now,
                    "moderator": False, "undone": False, "interaction_id": None})
    if state.status == "active":
        now += timedelta(minutes=5)
        data = {"type": "mod_end", "reason": "bench"}
        game.apply(state, "999", data, now, moderator=True)
        log.append({"seq": len(log) + 1, "actor": "999", "action_json": json.dumps(data), "at": now,
                    "moderator": True, "undone": False, "interaction_id": None})
    row = {"kind": kind, "guild_id": "1", "is_thread": False, "status": "finished",
           "settings_json": json.dumps(settings), "seed": seed, "snapshot_json": game.dump_state_json(state),
           "schema_version": 1, "version": len(log) + 1, "created_by": ids[0], "created_at": start,
           "started_at": start, "updated_at": state.clock, "next_deadline": None, "turn_deadline": None,
           "reminded_for": None}
    seats = [{"user_id": i, "seat": n, "display_name": "P" + i, "joined_at": start, "away_until": None}
             for n, i in enumerate(ids)]
    return row, seats, log


def samples(per_kind: int) -> list[tuple[dict[str, Any], list[dict[str, Any]], list[dict[str, Any]]]]:
    """`per_kind` games of each kind, played once and cached."""
    if CACHE.exists():
        with gzip.open(CACHE, "rb") as f:
            cached: dict[str, Any] = pickle.load(f)
        if cached.get("per_kind") == per_kind and cached.get("kinds") == KINDS:
            return list(cached["games"])
    games = [play(kind, seed) for kind in KINDS for seed in range(1, per_kind + 1)]
    with gzip.open(CACHE, "wb") as f:
        pickle.dump({"per_kind": per_kind, "kinds": KINDS, "games": games}, f)
    return games


def real_games(count: int, per_kind: int = 3) -> tuple[list[dict[str, Any]], list[dict[str, Any]],
                                                        list[dict[str, Any]]]:
    """`count` finished games: the samples copied under ids 1..count, each in a channel of its own."""
    base = samples(per_kind)
    games, seats, log = [], [], []
    for gid in range(1, count + 1):
        row, seat_rows, log_rows = base[(gid - 1) % len(base)]
        shift = timedelta(minutes=gid)  # games end one after another, as over the years
        games.append({**row, "id": gid, "channel_id": str(gid), "updated_at": row["updated_at"] + shift})
        seats += [{**s, "game_id": gid} for s in seat_rows]
        log += [{**r, "game_id": gid} for r in log_rows]
    return games, seats, log


def main(per_kind: int) -> None:
    for kind in KINDS:
        t = time.perf_counter()
        row, _, log = play(kind, 1)
        state = json.loads(row["snapshot_json"])
        print(f"{kind:12} {len(log):5} moves, ended {state.get('end_reason')!r} in "
              f"{time.perf_counter() - t:.1f} s")
    t = time.perf_counter()
    samples(per_kind)
    print(f"{per_kind} per game cached in {CACHE} ({time.perf_counter() - t:.0f} s)")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
