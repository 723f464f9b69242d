"""Exact odds of one space exchange: how many of the receiving line a striking line destroys.

Every die outcome is enumerated (a fighter strikes with two dice, so up to six striking dice
against three): the strikes' top values and the blocks are each reduced to sorted tuples with
their counts first, then paired. Probabilities are exact fractions.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import product

from engine.galactica.exchange import attack_of, defense_of, rolls_of
from engine.galactica.models import GalacticaSettings


@cache
def _strikes(line: tuple[str, ...], keep: int, settings_key: tuple[int, int, int]) -> Counter[tuple[int, ...]]:
    settings = _settings(settings_key)
    mults = [attack_of(u, settings) for u in line for _ in range(rolls_of(u, settings))]
    out: Counter[tuple[int, ...]] = Counter()
    for dice in product(range(1, 7), repeat=len(mults)):
        out[tuple(sorted((d * m for d, m in zip(dice, mults, strict=True)), reverse=True)[:keep])] += 1
    return out


@cache
def _blocks(line: tuple[str, ...], settings_key: tuple[int, int, int]) -> Counter[tuple[int, ...]]:
    settings = _settings(settings_key)
    mults = [defense_of(u, settings) for u in line]
    out: Counter[tuple[int, ...]] = Counter()
    for dice in product(range(1, 7), repeat=len(mults)):
        out[tuple(sorted((d * m for d, m in zip(dice, mults, strict=True)), reverse=True))] += 1
    return out


def _settings(key: tuple[int, int, int]) -> GalacticaSettings:
    return GalacticaSettings(fighter_strike_rolls=key[0], cannon_multiplier=key[1], turret_multiplier=key[2])


def exchange_odds(striker: list[str], receiver: list[str], settings: GalacticaSettings | None = None
                  ) -> dict[int, Fraction]:
    """P(k units of `receiver` destroyed) for k = 0..len(receiver), one strike of `striker`."""
    s = settings or GalacticaSettings()
    key = (s.fighter_strike_rolls, s.cannon_multiplier, s.turret_multiplier)
    strikes = _strikes(tuple(sorted(striker)), len(receiver), key)
    blocks = _blocks(tuple(sorted(receiver)), key)
    total = sum(strikes.values()) * sum(blocks.values())
    kills: Counter[int] = Counter()
    for st, n in strikes.items():
        for bl, m in blocks.items():
            kills[sum(1 for x, y in zip(st, bl, strict=False) if x > y)] += n * m
    return {k: Fraction(kills[k], total) for k in range(len(receiver) + 1)}
