"""Integer money: amounts are in the game's smallest unit, splits conserve every unit."""

from __future__ import annotations

from collections.abc import Sequence


def format_cents(cents: int, symbol: str = "$") -> str:
    sign = "-" if cents < 0 else ""
    cents = abs(cents)
    return f"{sign}{cents // 100}.{cents % 100:02d}{symbol}"


def split_floor(total: int, weights: Sequence[int]) -> tuple[list[int], int]:
    """Split `total` by integer weights, each part floored per unit of weight.

    Returns the parts and the leftover (total - sum(parts)). Every unit of weight gets the same
    floored amount, as in Impero's dividend: 7.00$ over 3 shares -> 2.33$ each, 0.01$ left.
    """
    units = sum(weights)
    if units <= 0:
        return [0 for _ in weights], total
    per_unit = total // units
    parts = [per_unit * w for w in weights]
    return parts, total - sum(parts)

