"""The market board as data: values, prices, dividend dots, bull zone and float cells of both sides.

Read from data/highfrontier/market.toml (replaceable by a group that owns the printed board) and
checked against the numbers the rulebook fixes, so a bad board file fails loudly at load time.
"""

from __future__ import annotations

from functools import cache
from typing import Any, Literal

from pydantic import BaseModel

from engine.core.datafiles import load_data

Side = Literal["standard", "post"]
SHAPES = ("square", "triangle", "circle", "hexagon")


class BoardSide(BaseModel):
    prices: list[int]
    values: list[list[int]]  # values[row-1][col-1]
    bull_from: list[int]  # per row, first bull column (1-based), 0 = none
    float: dict[str, int]  # shape -> float column in row 1

    @property
    def columns(self) -> int:
        return len(self.prices)


class Board(BaseModel):
    dividends: list[int]
    hedge_shares: int
    hedge_cubes: int
    bull_cubes: int
    standard: BoardSide
    post: BoardSide

    @property
    def rows(self) -> int:
        return len(self.dividends)

    def side(self, flipped: bool) -> BoardSide:
        return self.post if flipped else self.standard

    def value(self, flipped: bool, row: int, col: int) -> int:
        """Printed share value; the red zone (row 0 or below) is worth 0 (5C5b)."""
        if row < 1:
            return 0
        return self.side(flipped).values[row - 1][col - 1]

    def price(self, flipped: bool, col: int) -> int:
        return self.side(flipped).prices[col - 1]

    def dots(self, row: int) -> int:
        return self.dividends[row - 1] if row >= 1 else 0

    def is_bull(self, flipped: bool, row: int, col: int) -> bool:
        if row < 1:
            return False
        first = self.side(flipped).bull_from[row - 1]
        return first > 0 and col >= first

    def float_col(self, flipped: bool, shape: str) -> int:
        return self.side(flipped).float[shape]


def _check(board: Board) -> None:
    rows = board.rows
    for name in ("standard", "post"):
        side: BoardSide = getattr(board, name)
        assert len(side.values) == rows and len(side.bull_from) == rows, name
        assert all(len(r) == side.columns for r in side.values), name
        assert set(side.float) == set(SHAPES), name
        assert all(1 <= c <= side.columns for c in side.float.values()), name
        assert all(v >= 1 for r in side.values for v in r), "only the red zone is worth 0"
    # the numbers the rulebook fixes (5B2b, 5B4, 5B5c, 5B6, 5D1, 5Da, 5D2)
    std = board.standard
    assert std.values[0][std.float["triangle"] - 1] == 1 and std.prices[std.float["triangle"] - 1] == 7
    assert std.values[0][std.float["square"] - 1] == 1 and std.prices[std.float["square"] - 1] == 6
    assert std.values[0][-1] == 3, "the last column's bottom row is worth 3"
    assert any(v == 5 and board.is_bull(False, r + 1, c + 1) for r, row in enumerate(std.values)
               for c, v in enumerate(row)), "a value 5 in the bull zone"
    assert rows >= 5 and board.dividends[4] == 4 and board.dividends[0] == 0
    assert all(board.dividends[r] <= r for r in range(rows)), "a dividend never reaches the red zone"
    assert board.post.float["hexagon"] == 4 and all(board.post.float[s] == 1 for s in SHAPES if s != "hexagon")
    assert set(board.post.prices) <= {1, 2, 3}


@cache
def board() -> Board:
    raw: dict[str, Any] = load_data("highfrontier", "market.toml")
    hedge = raw["hedge_funds"]
    result = Board(dividends=raw["dividends"], hedge_shares=hedge["shares"], hedge_cubes=hedge["cubes"],
                   bull_cubes=hedge["bull_cubes"], standard=BoardSide(**raw["standard"]),
                   post=BoardSide(**raw["post"]))
    _check(result)
    return result
