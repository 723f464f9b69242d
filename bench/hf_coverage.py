"""High Frontier's seeded search for plays that reach every action type: each seed plays a 2-player, a
3-player dawn and a solo table, until every type was seen. Prints which play first reached which type,
so tests/engine/highfrontier/test_play.py's COVERING_PLAYS can be chosen again after the engine changes.

    python bench/hf_coverage.py [--seeds 10]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.engine.highfrontier.play import play
from tests.engine.highfrontier.test_play import RANDOM_TYPES


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seeds", type=int, default=10)
    args = parser.parse_args()
    seen: set[str] = set()
    for seed in range(args.seeds):
        rnd = random.Random(seed)
        for n, setup in ((2, "standard"), (3, "dawn"), (1, "standard")):
            picks = [rnd.randrange(10_000) for _ in range(250)]
            config = {"last_year": 12, "loan_years": 1, "setup": setup,
                      "reports": "trusted" if setup == "standard" else "witnessed"}
            began, found = time.perf_counter(), set()
            play(n, seed, picks, config, seen=found)
            new = sorted((found & RANDOM_TYPES) - seen)
            seen |= found
            print(f"seed {seed} players {n} {setup}: {time.perf_counter() - began:.1f} s, new: {', '.join(new) or '-'}")
        if seen >= RANDOM_TYPES:
            break
    print("never reached:", ", ".join(sorted(RANDOM_TYPES - seen)) or "-")


if __name__ == "__main__":
    main()
