"""Exact odds: against brute force enumeration, against a seeded simulation, and fast for 60 v 60."""

from __future__ import annotations

import math
import time
from functools import cache
from itertools import product

from engine.core import Rng
from engine.spqrisiko.odds import compare, odds


@cache
def brute(a: int, d: int, stop: int = 1) -> float:
    """Land attack win probability by enumerating every roll's dice (memoized per state, no shared
    roll tables). Landings have their own oracle, written from the rulebook: test_landing_odds.py."""
    if d == 0:
        return 1.0
    if a <= max(stop, 1):
        return 0.0
    ad = min(3, a - 1, a - max(stop, 1))  # a blitz never rolls past its stop
    dd = min(3, d)
    total = 0.0
    n = 0
    for dice in product(range(1, 7), repeat=ad + dd):
        la, ld = compare(sorted(dice[:ad], reverse=True), sorted(dice[ad:], reverse=True))
        total += brute(a - la, d - ld, stop)
        n += 1
    return total / n


def test_matches_brute_force() -> None:
    for a in range(1, 6):
        for d in range(0, 5):
            assert abs(odds(a, d).win - brute(a, d)) < 1e-12, (a, d)
    assert abs(odds(6, 3, stop_at=3).win - brute(6, 3, stop=3)) < 1e-12
    assert abs(odds(7, 4, stop_at=2).win - brute(7, 4, stop=2)) < 1e-12
    assert abs(odds(7, 60, stop_at=2).expected_attackers_left - 2.0) < 1e-9  # never below the stop


def test_known_values_and_survivors() -> None:
    assert odds(1, 1).win == 0.0
    assert odds(5, 0).win == 1.0
    o = odds(2, 1)  # one die against one: attacker wins on strictly higher, 15/36
    assert abs(o.win - 15 / 36) < 1e-15
    assert abs(o.expected_attackers_left - (15 / 36 * 2 + 21 / 36 * 1)) < 1e-12
    assert odds(10, 2).win > odds(10, 5).win


def simulate(a0: int, d0: int, rng: Rng, battles: int) -> int:
    wins = 0
    for _ in range(battles):
        a, d = a0, d0
        while d > 0 and a > 1:
            ad, dd = min(3, a - 1), min(3, d)
            code = rng.below(6 ** (ad + dd))  # all the dice of one roll from a single draw
            dice = []
            for _ in range(ad + dd):
                code, r = divmod(code, 6)
                dice.append(r + 1)
            la, ld = compare(sorted(dice[:ad], reverse=True), sorted(dice[ad:], reverse=True))
            a -= la
            d -= ld
        wins += d == 0
    return wins


def test_agrees_with_seeded_simulation() -> None:
    n = 100_000
    rng = Rng(seed=2026)
    p = odds(4, 3).win
    wins = simulate(4, 3, rng, n)
    sigma = math.sqrt(p * (1 - p) / n)
    assert abs(wins / n - p) < 4.5 * sigma


def test_sixty_against_sixty_is_fast() -> None:
    start = time.perf_counter()
    o = odds(60, 60)
    assert time.perf_counter() - start < 1.0
    assert 0.0 < o.win < 1.0
    assert 0 <= o.expected_defenders_left <= 60
