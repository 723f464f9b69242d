"""Exact odds of Galactica's exchanges of fire, from the very functions the battles settle them with.

One exchange (engine/galactica/exchange.py): the striking line's dice x Attack against the receiving
line's dice x Defense, both sorted and paired. Every outcome is counted, not sampled: the striking
dice of one unit type are exchangeable, so each type's dice are enumerated as multisets (with their
number of orders) and turned into strike values by `strike_values`; the receiving dice are enumerated
one by one (a tie between two blocks is settled by the line's order, so which unit rolled what
matters) and reduced by `block_values` to the sorted (value, unit) pattern. Each strike pattern meets
each block pattern through `destroyed`, the battles' own pairing. The result: the chance of each
ordered list of units destroyed (the order decides which ship replaces which, space_combat.take_losses).

Whole battles are chained from these in engine/galactica/battle_odds.py.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations_with_replacement, product
from math import factorial, prod

from engine.galactica.exchange import block_values, destroyed, rolls_of, strike_values
from engine.galactica.models import GalacticaSettings

Rules = tuple[int, int, int]  # what an exchange reads of the settings: fighter rolls, cannon and turret multipliers
Dead = tuple[str, ...]  # the units one exchange destroyed, in the order they fell


def rules_of(settings: GalacticaSettings) -> Rules:
    return (settings.fighter_strike_rolls, settings.cannon_multiplier, settings.turret_multiplier)


@cache
def _settings(rules: Rules) -> GalacticaSettings:
    return GalacticaSettings(fighter_strike_rolls=rules[0], cannon_multiplier=rules[1], turret_multiplier=rules[2])


def _orders(combo: tuple[int, ...]) -> int:
    """In how many orders the dice of a multiset can fall."""
    return factorial(len(combo)) // prod(factorial(n) for n in Counter(combo).values())


@cache
def _strikes(line: tuple[str, ...], keep: int, rules: Rules, double: bool = True,
             bonus: int = 0) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The `keep` highest strike values of a (sorted) striking line, with how many dice throws give them."""
    settings = _settings(rules)
    groups = [[(combo, _orders(combo))
               for combo in combinations_with_replacement(range(1, 7), line.count(t) * rolls_of(t, settings, double))]
              for t in sorted(set(line))]
    out: Counter[tuple[int, ...]] = Counter()
    for pick in product(*groups):
        dice = [d for combo, _ in pick for d in combo]  # each type's dice go to its units: `line` is sorted
        out[tuple(strike_values(list(line), dice, settings, double, bonus)[:keep])] += prod(n for _, n in pick)
    return tuple(out.items())


@cache
def _blocks(line: tuple[str, ...], rules: Rules) -> tuple[tuple[tuple[tuple[int, str], ...], int], ...]:
    """The receiving line's blocks high to low as (value, unit), with how many dice throws give them."""
    settings = _settings(rules)
    out: Counter[tuple[tuple[int, str], ...]] = Counter()
    for dice in product(range(1, 7), repeat=len(line)):
        out[tuple((v, line[i]) for v, i in block_values(list(line), list(dice), settings))] += 1
    return tuple(out.items())


@cache
def _masks(line: tuple[str, ...], keep: int, rules: Rules, double: bool, bonus: int,
           blocks: tuple[int, ...]) -> tuple[tuple[tuple[bool, ...], int], ...]:
    """Which pairs a (sorted) striking line wins against blocks of these values, with how many throws."""
    strikes = _strikes(line, keep, rules, double, bonus)
    pairs = min(len(blocks), len(strikes[0][0]))
    out: dict[tuple[bool, ...], int] = {}
    if pairs == 3:  # the usual line of three: spelled out, this is the odds' innermost loop
        b1, b2, b3 = blocks[:3]
        for (s1, s2, s3, *_), n in strikes:
            three: tuple[bool, ...] = (s1 > b1, s2 > b2, s3 > b3)
            out[three] = out.get(three, 0) + n
    else:
        for values, n in strikes:
            mask = tuple(s > b for s, b in zip(values[:pairs], blocks, strict=False))
            out[mask] = out.get(mask, 0) + n
    return tuple(out.items())


@cache
def _dead(pattern: tuple[tuple[int, str], ...], mask: tuple[bool, ...]) -> Dead:
    """The units destroyed when the pairs of `mask` are won against blocks of `pattern` (the battles'
    `destroyed`, given strikes just above or at each block)."""
    units = [u for _, u in pattern]
    blocks = [(v, i) for i, (v, _) in enumerate(pattern)]
    strikes = [b + 1 if won else b for won, (b, _) in zip(mask, blocks, strict=False)]
    return tuple(units[i] for i in destroyed(strikes, blocks, units))


@cache
def exchange(striker: tuple[str, ...], receiver: tuple[str, ...], rules: Rules, double: bool = True,
             bonus: int = 0) -> tuple[tuple[Dead, int], ...]:
    """Every outcome of one exchange as (units destroyed in order, dice throws out of `throws`)."""
    line = tuple(sorted(striker))
    out: Counter[Dead] = Counter()
    for pattern, m in _blocks(receiver, rules):
        for mask, n in _masks(line, len(receiver), rules, double, bonus, tuple(v for v, _ in pattern)):
            out[_dead(pattern, mask)] += n * m
    return tuple(out.items())


def throws(striker: tuple[str, ...], receiver: tuple[str, ...], rules: Rules, double: bool = True) -> int:
    """How many equally likely throws of the dice one exchange has."""
    settings = _settings(rules)
    dice: int = sum(rolls_of(u, settings, double) for u in striker) + len(receiver)
    return int(6**dice)


def exchange_odds(striker: list[str], receiver: list[str], settings: GalacticaSettings | None = None,
                  double: bool = True) -> dict[int, Fraction]:
    """P(k units of `receiver` destroyed) for k = 0..len(receiver), one strike of `striker`."""
    rules = rules_of(settings or GalacticaSettings())
    total = throws(tuple(striker), tuple(receiver), rules, double)
    kills: Counter[int] = Counter()
    for dead, n in exchange(tuple(striker), tuple(receiver), rules, double):
        kills[len(dead)] += n
    return {k: Fraction(kills[k], total) for k in range(len(receiver) + 1)}


def clear_caches() -> None:
    for f in (_strikes, _blocks, _masks, _dead, exchange):
        f.cache_clear()
