"""`/spqr odds landing:true` against an oracle written from the rulebook, not from odds.py, and
against the engine's own landings (issue 12).

Rulebook 4.4b: a landing is fought like a land battle (Italian Risiko: up to three dice each side,
highest against highest, a tie goes to the defender), except that the declared force fights until
one of the two armies is gone; the attacker may not stop. Araldo's ruling (docs/rules/spqrisiko.md):
every legionary of the force is on the attack, so the force rolls min(3, force) dice.
"""

from __future__ import annotations

import math
from fractions import Fraction
from functools import cache
from itertools import product

from engine.core import Rng
from engine.spqrisiko import GAME
from engine.spqrisiko.models import Land
from engine.spqrisiko.odds import odds
from tests.engine.spqrisiko.test_rules import battle_state

N = 30  # the 900 cases: 1..30 against 1..30


@cache
def one_roll(att_dice: int, def_dice: int) -> tuple[tuple[int, int, Fraction], ...]:
    """Every way one roll can go: (legionaries the force loses, defenders lost, probability)."""
    ways: dict[tuple[int, int], int] = {}
    for att in product(range(1, 7), repeat=att_dice):
        for dfn in product(range(1, 7), repeat=def_dice):
            lost = killed = 0
            for a, d in zip(sorted(att, reverse=True), sorted(dfn, reverse=True), strict=False):
                if a > d:
                    killed += 1
                else:  # a tie is the defender's
                    lost += 1
            ways[(lost, killed)] = ways.get((lost, killed), 0) + 1
    total = 6 ** (att_dice + def_dice)
    return tuple((lost, killed, Fraction(n, total)) for (lost, killed), n in sorted(ways.items()))


@cache
def landing_wins(force: int, defenders: int) -> float:
    """Chance the landing takes the province, fought until one army is gone."""
    if defenders == 0:
        return 1.0
    if force == 0:
        return 0.0
    return sum(float(p) * landing_wins(force - lost, defenders - killed)
               for lost, killed, p in one_roll(min(3, force), min(3, defenders)))


def test_landing_odds_match_the_rulebook_in_every_case() -> None:
    wrong = [(a, d) for a in range(1, N + 1) for d in range(1, N + 1)
             if abs(odds(a, d, landing=True).win - landing_wins(a, d)) > 1e-9]
    assert wrong == []
    assert abs(odds(1, 1, landing=True).win - 15 / 36) < 1e-12  # one die each: strictly higher wins


def test_stop_at_does_not_apply_to_a_landing() -> None:
    for stop in (1, 2, 5):
        assert odds(6, 4, landing=True, stop_at=stop).win == odds(6, 4, landing=True).win


def test_the_engine_s_landings_win_as_often_as_the_odds_say() -> None:
    """Seeded landings of 1 v 1 and 2 v 3 through the engine, against the odds /spqr odds shows."""
    base, attacker, _ = battle_state()
    base.ships["mare_tyrrhenum"] = {attacker: 1}
    base.legions["roma"] = 10
    for force, defenders in ((1, 1), (2, 3)):
        p = odds(force, defenders, landing=True).win
        battles, wins = 500, 0
        for seed in range(battles):
            s = base.model_copy(deep=True)
            s.rng = Rng(seed=seed)
            s.legions["sicilia"] = defenders
            GAME.apply(s, attacker, Land(from_province="roma", to_province="sicilia", count=force), s.clock)
            assert s.last_attack is not None
            wins += s.last_attack.conquered
        sigma = math.sqrt(p * (1 - p) / battles)
        assert abs(wins / battles - p) < 4.5 * sigma, (force, defenders, wins / battles, p)
