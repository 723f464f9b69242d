"""Hex grid geometry for board games: axial coordinates, neighbours, distance, offset layouts.

Axial (q, r) with the usual cube constraint q + r + s = 0. Boards are described in "odd-q"
offset coordinates (columns of flat-topped hexes, odd columns pushed half a hex down), which is
how a printed board is counted: column, then row. Drawing is render/common.py's business.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# axial directions, the same six for flat- and pointy-topped hexes
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


@dataclass(frozen=True, order=True)
class Hex:
    q: int
    r: int

    @property
    def s(self) -> int:
        return -self.q - self.r

    def neighbours(self) -> list[Hex]:
        return [Hex(self.q + dq, self.r + dr) for dq, dr in DIRECTIONS]

    def distance(self, other: Hex) -> int:
        return max(abs(self.q - other.q), abs(self.r - other.r), abs(self.s - other.s))


def from_odd_q(col: int, row: int) -> Hex:
    """Axial hex of the cell at `col`, `row` of an odd-q (flat-topped) offset layout."""
    return Hex(col, row - (col - (col & 1)) // 2)


def to_odd_q(h: Hex) -> tuple[int, int]:
    return h.q, h.r + (h.q - (h.q & 1)) // 2


class HexGrid:
    """A finite set of cells with labels; movement stops at its edge."""

    def __init__(self, cells: Iterable[tuple[str, Hex]]) -> None:
        self.by_label: dict[str, Hex] = dict(cells)
        self.by_hex: dict[Hex, str] = {h: label for label, h in self.by_label.items()}
        if len(self.by_hex) != len(self.by_label):
            raise ValueError("two labels for one cell")

    def __contains__(self, label: object) -> bool:
        return label in self.by_label

    def __len__(self) -> int:
        return len(self.by_label)

    def labels(self) -> list[str]:
        return list(self.by_label)

    def neighbours(self, label: str) -> list[str]:
        return [self.by_hex[h] for h in self.by_label[label].neighbours() if h in self.by_hex]

    def adjacent(self, a: str, b: str) -> bool:
        return self.by_label[a].distance(self.by_label[b]) == 1

    def distance(self, a: str, b: str) -> int:
        return self.by_label[a].distance(self.by_label[b])
