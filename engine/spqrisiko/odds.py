"""Exact attack odds under Araldo's SPQRisiko dice (Italian Risiko: up to three dice each side).

A land attack from a province of `attackers` legionaries rolls min(3, a - 1) dice (one must stay
home) against min(3, d); highest against highest, ties to the defender. The attack goes on until
the defender is wiped out or the attacker is down to `stop_at` legionaries (1 = fight to the
end), and never rolls past that stop: near it the attacker rolls at most a - stop_at dice, so no
roll can leave fewer than `stop_at` at home (docs/rules/spqrisiko.md). A landing force of
`attackers` rolls min(3, a) and fights until one side is gone: the rulebook (4.4b) forbids
stopping a landing, so `stop_at` does not apply to it.

Computed by dynamic programming over (attacker, defender) counts with the per-roll outcome
distributions enumerated once and cached: 60 v 60 is a few thousand states.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from itertools import product


@cache
def roll_outcomes(
    att_dice: int, def_dice: int, ties_to_defender: bool = True
) -> tuple[tuple[int, int, float], ...]:
    """Exact distribution of (attacker losses, defender losses) for one roll.

    With `ties_to_defender` False (naval combat) a tied pair sinks nothing.
    """
    counts: dict[tuple[int, int], int] = {}
    total = 0
    for att in product(range(1, 7), repeat=att_dice):
        a_sorted = sorted(att, reverse=True)
        for dfn in product(range(1, 7), repeat=def_dice):
            d_sorted = sorted(dfn, reverse=True)
            la, ld = compare(a_sorted, d_sorted, ties_to_defender)
            counts[(la, ld)] = counts.get((la, ld), 0) + 1
            total += 1
    return tuple((la, ld, n / total) for (la, ld), n in sorted(counts.items()))


def compare(att: list[int], dfn: list[int], ties_to_defender: bool = True) -> tuple[int, int]:
    """Losses (attacker, defender) for dice already sorted high to low."""
    la = ld = 0
    for a, d in zip(att, dfn, strict=False):
        if a > d:
            ld += 1
        elif a < d or ties_to_defender:
            la += 1
    return la, ld


@dataclass(frozen=True)
class Odds:
    attackers: int
    defenders: int
    win: float  # probability the attacker takes the province
    expected_attackers_left: float  # legionaries the attacker still has at the end (incl. the one at home)
    expected_defenders_left: float


def attack_dice(attackers: int, landing: bool, stop_at: int = 1) -> int:
    """Dice an attacker rolls: up to 3, one legionary stays home, and (a blitz) no roll can take
    the attacker below its stop, since a roll loses at most one legionary per die."""
    if landing:
        return min(3, attackers)
    return min(3, attackers - 1, attackers - max(1, stop_at))


def odds(attackers: int, defenders: int, *, stop_at: int = 1, landing: bool = False) -> Odds:
    """Win probability and expected survivors of an attack (see the module docstring)."""
    if attackers < 0 or defenders < 0:
        raise ValueError("negative army")
    stop = 0 if landing else max(stop_at, 1)  # a landing fights to the end (rulebook 4.4b)
    # dist[(a, d)]: probability of passing through state (a, d); forward DP from the start
    win = 0.0
    exp_a = 0.0
    exp_d = 0.0
    layer: dict[tuple[int, int], float] = {(attackers, defenders): 1.0}
    while layer:
        nxt: dict[tuple[int, int], float] = {}
        for (a, d), p in layer.items():
            if d == 0 or a <= stop or attack_dice(a, landing, stop) < 1:
                if d == 0:
                    win += p
                exp_a += p * a
                exp_d += p * d
                continue
            for la, ld, q in roll_outcomes(attack_dice(a, landing, stop), min(3, d)):
                key = (a - la, d - ld)
                nxt[key] = nxt.get(key, 0.0) + p * q
        layer = nxt
    return Odds(
        attackers=attackers,
        defenders=defenders,
        win=win,
        expected_attackers_left=exp_a,
        expected_defenders_left=exp_d,
    )


