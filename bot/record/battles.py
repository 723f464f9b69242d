"""Dice luck in Imperium Galactica's space and ground combat: for every exchange of fire, the units the
striker destroyed against the number it was expected to destroy, exact from the dice rules of
engine/galactica/exchange.py.

The game keeps its latest battles in the state (`state.battles`), exchange by exchange, with player ids,
both sides' dice as thrown and the sorted strikes and blocks (dice times each unit's Attack or Defense).
The lines themselves are not kept, so each die's multiplier is read back from its throw and its value:
a ground battle keeps the forces it began with, so its lines are formed again exchange by exchange as
the game forms them; a space line is the player's pick, so its dice take the one assignment of the
game's multipliers that turns the thrown dice into the kept values (on the rare dice where two picks
give the very same values, the first found is taken).

Expected kills of one exchange: strikes and blocks are sorted high to low and paired, a strike above its
block destroys, so the count is the sum over pairs i of [i-th strike > i-th block] and its mean is the
sum of P(i-th strike > i-th block); each order statistic comes exactly from the dice (a Poisson-binomial
count of the dice above a value), for any number of dice.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

Die = tuple[int, int]  # (multiplier, added): a die showing d is worth d * multiplier + added
SPACE_ATTACK = (1, 3, 0)  # fighter, torpedo, colony (+ the cannon's multiplier); engine/galactica/exchange.py
SPACE_DEFENSE = (1, 2, 3)  # fighter, torpedo, colony (+ the cannon's multiplier)


def _at_least(dice: tuple[Die, ...], value: int, strict: bool) -> list[float]:
    """P(at least k of the dice are above `value` (or at least `value`)), for k = 0..len(dice)."""
    counts = [1.0] + [0.0] * len(dice)
    for mult, added in dice:
        p = sum(1 for d in range(1, 7) if (d * mult + added > value if strict else d * mult + added >= value)) / 6
        for k in range(len(dice), 0, -1):
            counts[k] = counts[k] * (1 - p) + counts[k - 1] * p
        counts[0] *= 1 - p
    tail, out = 0.0, [0.0] * (len(dice) + 1)
    for k in range(len(dice), -1, -1):
        tail += counts[k]
        out[k] = tail
    return out


@cache
def expected_kills(strikes: tuple[Die, ...], blocks: tuple[Die, ...]) -> float:
    """Mean number of receiving units destroyed by one exchange (`strikes`, `blocks`: the dice, sorted)."""
    values = sorted({d * m + a for m, a in blocks for d in range(1, 7)})
    total = 0.0
    for i in range(1, min(len(strikes), len(blocks)) + 1):
        for v in values:  # P(i-th block == v) * P(i-th strike > v)
            p_block = _at_least(blocks, v, strict=False)[i] - _at_least(blocks, v, strict=True)[i]
            if p_block:
                total += p_block * _at_least(strikes, v, strict=True)[i]
    return total


def read_dice(thrown: list[int], values: list[int], choices: tuple[Die, ...]) -> tuple[Die, ...] | None:
    """The multiplier of each thrown die such that the dice give exactly `values` (any order), or None."""
    left = Counter(values)
    out: list[Die] = []

    def place(i: int) -> bool:
        if i == len(thrown):
            return True
        for mult, added in choices:
            v = thrown[i] * mult + added
            if left[v]:
                left[v] -= 1
                out.append((mult, added))
                if place(i + 1):
                    return True
                out.pop()
                left[v] += 1
        return False

    return tuple(sorted(out)) if len(thrown) == len(values) and place(0) else None


def _ground(battle: Any, s: Any) -> list[tuple[tuple[Die, ...], tuple[Die, ...]]]:
    """A ground battle's lines exchange by exchange, followed from the forces it began with (the battle
    keeps them) and the units each exchange destroyed, as engine/galactica/ground_combat.py forms them."""
    from engine.galactica.ground_combat import defender_line

    tanks, held, turrets = (battle.attacker.units.get("tank", 0), battle.defender.units.get("tank", 0),
                            battle.defender.units.get("turret", 0))
    out = []
    for ex in battle.exchanges:
        a_line = ((1, 0),) * min(s.lineup, tanks)
        d_units = defender_line(held, turrets, s.lineup)
        bonus = s.turret_tank_bonus if turrets else 0
        d_line = tuple((1, bonus) if u == "tank" else (s.turret_multiplier, 0) for u in d_units)
        if ex.striker == battle.defender.player:
            out.append((tuple(sorted(d_line)), a_line))
            tanks -= len(ex.killed)
        else:
            out.append((a_line, tuple(sorted((1, 0) if m == (1, bonus) else m for m in d_line))))
            held -= ex.killed.count("tank")
            turrets -= ex.killed.count("turret")
    return out


def battle_luck(battle: Any, settings: Any) -> list[tuple[str, float, int]]:
    """Each exchange of one battle: (its striker, units it was expected to destroy, units it destroyed)."""
    if battle.kind == "ground":
        lines: list[Any] = _ground(battle, settings)
    else:  # a space line is the player's pick: each die's multiplier is read from its value
        lines = [(read_dice(ex.rolls, ex.strikes, tuple((m, 0) for m in (*SPACE_ATTACK, settings.cannon_multiplier))),
                  read_dice(ex.block_rolls, ex.blocks,
                            tuple((m, 0) for m in (*SPACE_DEFENSE, settings.cannon_multiplier))))
                 for ex in battle.exchanges]
    out = []
    for ex, (strikes, blocks) in zip(battle.exchanges, lines, strict=True):
        if strikes is not None and blocks is not None and ex.striker:
            out.append((ex.striker, expected_kills(strikes, blocks), len(ex.killed)))
    return out
