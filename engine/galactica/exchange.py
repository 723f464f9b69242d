"""One exchange of fire, shared by space and ground combat (rulebook sections 10-11).

The striking side's units each roll (fighters `fighter_strike_rolls` times) x their Attack, the
receiving side's units one die each x their Defense; both lists are sorted high to low and paired;
a strike higher than its block destroys the unit that rolled that block, one per pair. Cannons
and turrets fall last: a hit on one while a ship (or tank) of the line still stands takes that
ship instead.
"""

from __future__ import annotations

from engine.galactica.models import GalacticaSettings

ATTACK: dict[str, int] = {"fighter": 1, "torpedo": 3, "colony": 0, "tank": 1}
DEFENSE: dict[str, int] = {"fighter": 1, "torpedo": 2, "colony": 3, "tank": 1}
FALL_LAST: frozenset[str] = frozenset({"cannon", "turret"})


def attack_of(unit: str, settings: GalacticaSettings) -> int:
    if unit == "cannon":
        return settings.cannon_multiplier
    if unit == "turret":
        return settings.turret_multiplier
    return ATTACK[unit]


def defense_of(unit: str, settings: GalacticaSettings) -> int:
    if unit == "cannon":
        return settings.cannon_multiplier
    if unit == "turret":
        return settings.turret_multiplier
    return DEFENSE[unit]


def rolls_of(unit: str, settings: GalacticaSettings, double: bool = True) -> int:
    """Dice a unit throws when it strikes: fighters more than once, but only when `double` (ruling:
    in their own turn, i.e. on the attacking side, unless `defending_fighters_twice`)."""
    return settings.fighter_strike_rolls if unit == "fighter" and double else 1


def strike_dice(line: list[str], settings: GalacticaSettings, double: bool = True) -> int:
    return sum(rolls_of(u, settings, double) for u in line)


def strike_values(striker: list[str], dice: list[int], settings: GalacticaSettings, double: bool = True,
                  tank_bonus: int = 0) -> list[int]:
    """The striking line's values, high to low: each unit's dice (in line order) x its Attack, plus
    `tank_bonus` on a tank's (a defending planet's Turret backing its tanks)."""
    strikes: list[int] = []
    it = iter(dice)
    for unit in striker:
        for _ in range(rolls_of(unit, settings, double)):
            strikes.append(next(it) * attack_of(unit, settings) + (tank_bonus if unit == "tank" else 0))
    strikes.sort(reverse=True)
    return strikes


def block_values(receiver: list[str], dice: list[int], settings: GalacticaSettings) -> list[tuple[int, int]]:
    """(value, index into `receiver`) high to low; equal values keep the line's order."""
    return sorted(((d * defense_of(u, settings), i) for i, (u, d) in enumerate(zip(receiver, dice, strict=True))),
                  key=lambda b: -b[0])


def destroyed(strikes: list[int], blocks: list[tuple[int, int]], receiver: list[str]) -> list[int]:
    """Indexes into `receiver` of the units destroyed, pair by pair from the highest: a strike above its
    block destroys the unit that rolled it, but a cannon or turret hit while a ship (or tank) of the line
    still stands passes to the standing one with the lowest block."""
    killed = [i for s, (b, i) in zip(strikes, blocks, strict=False) if s > b]
    block_value = {i: b for b, i in blocks}
    for n, i in enumerate(killed):
        if receiver[i] in FALL_LAST:
            standing = [j for j, u in enumerate(receiver) if u not in FALL_LAST and j not in killed]
            if standing:
                killed[n] = min(standing, key=lambda j: block_value[j])
    return killed


def can_destroy(striker: list[str], receiver: list[str], settings: GalacticaSettings, double: bool = True,
                tank_bonus: int = 0) -> bool:
    """Whether some throw of the dice destroys anything: the striker's best throw against the receiver's
    worst (a higher strike or a lower block never saves a unit that fell)."""
    strikes = strike_values(striker, [6] * strike_dice(striker, settings, double), settings, double, tank_bonus)
    return bool(destroyed(strikes, block_values(receiver, [1] * len(receiver), settings), receiver))


def settle(striker: list[str], receiver: list[str], striker_dice: list[int], receiver_dice: list[int],
           settings: GalacticaSettings, double: bool = True,
           tank_bonus: int = 0) -> tuple[list[int], list[int], list[int]]:
    """(sorted strikes, sorted blocks, indexes into `receiver` of the units destroyed)."""
    strikes = strike_values(striker, striker_dice, settings, double, tank_bonus)
    blocks = block_values(receiver, receiver_dice, settings)
    return strikes, [b for b, _ in blocks], destroyed(strikes, blocks, receiver)
