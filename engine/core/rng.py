"""A seeded random generator whose whole state is two integers kept in the game state.

Counter-based (splitmix64 over seed and draw number): saving and reloading a game, or replaying
its log, yields exactly the same rolls. Never use the global `random` in the engine.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

from pydantic import BaseModel

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = (z + _GOLDEN) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng(BaseModel):
    seed: int
    draws: int = 0

    def next64(self) -> int:
        value = _mix((self.seed * _GOLDEN + self.draws) & _MASK)
        self.draws += 1
        return value

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            v = self.next64()
            if v < limit:
                return v % n

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both included."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """Uniform float in [0, 1) with 53 bits."""
        return (self.next64() >> 11) / float(1 << 53)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability numerator/denominator, exactly (integer arithmetic)."""
        if numerator <= 0:
            return False
        if numerator >= denominator:
            return True
        return self.below(denominator) < numerator

    def die(self, sides: int = 6) -> int:
        return self.randint(1, sides)

    def dice(self, count: int, sides: int = 6) -> list[int]:
        return [self.die(sides) for _ in range(count)]

    def choice(self, seq: Sequence[T]) -> T:
        if not seq:
            raise ValueError("empty sequence")
        return seq[self.below(len(seq))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def weighted(self, weights: Sequence[int]) -> int:
        """Index drawn with integer weights."""
        total = sum(weights)
        pick = self.below(total)
        for i, w in enumerate(weights):
            if pick < w:
                return i
            pick -= w
        raise AssertionError("unreachable")
