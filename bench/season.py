"""Long runs of the season harness (tests/season/): N seasons of every registered game, each with its own
seed, played from `/game create` to the end through the real bot and the Discord emulator, every step
held to the stored game. Prints each disagreement once with the seeds that met it, and how long the
seasons took; exits 1 when any season disagreed.

    python bench/season.py [--seasons 20] [--games impero,nomic] [--first-seed 1] [--json out.json]

Not a test: CI plays one season of each game (tests/season/test_season.py); this finds what a seed of
its own meets. Every disagreement counts: the CI season holds every check too.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import re
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.registry import BUILTIN_GAMES
from tests.season.harness import play_season

GAMES = tuple(module.rsplit(".", 1)[1] for module in BUILTIN_GAMES)
VOLATILE = re.compile(r"<@!?\d+>|<t:\d+(?::\w)?>|\bv\d+\b|`#\d+`|\d{17,20}")


def shape(problem: str) -> str:
    """A disagreement without what changes from one season to the next (ids, times, versions)."""
    return VOLATILE.sub("…", problem)[:220]


async def run(games: list[str], seasons: int, first_seed: int) -> dict[str, object]:
    found: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    seconds: dict[str, list[float]] = defaultdict(list)
    for kind in games:
        for seed in range(first_seed, first_seed + seasons):
            with tempfile.TemporaryDirectory() as tmp:
                began = time.monotonic()
                try:
                    problems = await play_season(kind, seed, Path(tmp))
                except Exception as exc:  # the bot never got ready: a season not played is a disagreement
                    problems = {"season": [f"the season could not start: {type(exc).__name__}: {str(exc)[:200]}"]}
                seconds[kind].append(time.monotonic() - began)
            for check, lines in problems.items():
                for line in {shape(p) for p in lines}:
                    found[(kind, check, line)].append(seed)
            told = sum(len(v) for v in problems.values())
            print(f"{kind} seed {seed}: {seconds[kind][-1]:.1f} s, {told} disagreement(s)", flush=True)
            for check, lines in problems.items():  # as found, so a long run can be read while it goes
                for line in lines:
                    print(f"  [{kind} {seed} {check}] {line[:400]}", flush=True)
    return {"found": found, "seconds": seconds}


def report(result: dict[str, object]) -> int:
    found: dict[tuple[str, str, str], list[int]] = result["found"]  # type: ignore[assignment]
    seconds: dict[str, list[float]] = result["seconds"]  # type: ignore[assignment]
    print("\nseconds per season (min / median / max):")
    for kind, values in seconds.items():
        ordered = sorted(values)
        print(f"  {kind:13} {ordered[0]:6.1f} {ordered[len(ordered) // 2]:6.1f} {ordered[-1]:6.1f}")
    print(f"\ndisagreements: {len(found)}")
    for (kind, check, line), seeds in sorted(found.items()):
        print(f"  [{kind} {check}] seeds {seeds[:8]}{'…' if len(seeds) > 8 else ''}: {line}")
    return 1 if found else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seasons", type=int, default=20)
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--json", type=Path, default=None)
    args = parser.parse_args(argv)
    result = asyncio.run(run([g for g in args.games.split(",") if g], args.seasons, args.first_seed))
    if args.json is not None:
        found: dict[tuple[str, str, str], list[int]] = result["found"]  # type: ignore[assignment]
        args.json.write_text(json.dumps({"seconds": result["seconds"],
                                         "found": [{"game": k[0], "check": k[1], "problem": k[2], "seeds": v}
                                                   for k, v in found.items()]}, indent=1, ensure_ascii=False),
                             encoding="utf-8")
    return report(result)


if __name__ == "__main__":
    sys.exit(main())
