"""The board: a flat-topped hex grid of 74 cells (ruling A1-A4) and the 100-tile deck.

80 x 60 cm at 7.9 cm across the flats gives 11 columns (a column every 6.84 cm) of 7 cells, odd
columns half a hex lower (59.25 cm tall): 77 cells. The rulebook's "about 74" is met by leaving
out the bottom cell of the three middle odd columns (D, F, H), which keeps the board symmetric
left to right. The four corner cells A1, K1, A7, K7 are the start cells.
"""

from __future__ import annotations

from functools import cache

from engine.core.hexgrid import HexGrid, from_odd_q

COLUMNS = 11
ROWS = 7
MISSING = frozenset({(3, 6), (5, 6), (7, 6)})  # col, row (0-based)
CORNERS: tuple[str, ...] = ("A1", "K7", "K1", "A7")  # opposite pairs first: 2 players take A1 and K7
START_TILE = "start"
TILE_KINDS: tuple[str, ...] = ("space", "planet", "asteroids", "market", "casino")


def label(col: int, row: int) -> str:
    return f"{chr(ord('A') + col)}{row + 1}"


def col_row(cell: str) -> tuple[int, int]:
    return ord(cell[0]) - ord("A"), int(cell[1:]) - 1


@cache
def grid() -> HexGrid:
    return HexGrid((label(c, r), from_odd_q(c, r)) for c in range(COLUMNS) for r in range(ROWS)
                   if (c, r) not in MISSING)


def normalize_cell(raw: str) -> str | None:
    cell = raw.strip().upper()
    return cell if cell in grid() else None


def tile_kind(tile: str) -> str:
    return "space" if tile == START_TILE else tile.split("-", 1)[0]


def tile_planet(tile: str) -> str | None:
    return tile.split("-", 1)[1] if tile.startswith("planet-") else None
