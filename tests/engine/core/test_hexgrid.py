"""Hex geometry: six neighbours at distance 1, offset <-> axial round trip, the grid's edge."""

from __future__ import annotations

from engine.core.hexgrid import Hex, HexGrid, from_odd_q, to_odd_q


def test_neighbours_and_distance() -> None:
    h = Hex(2, -1)
    assert len(set(h.neighbours())) == 6 and all(h.distance(n) == 1 for n in h.neighbours())
    assert Hex(0, 0).distance(Hex(3, -1)) == 3 and Hex(0, 0).distance(Hex(-2, 2)) == 2


def test_odd_q_round_trip_and_edges() -> None:
    for col in range(6):
        for row in range(5):
            assert to_odd_q(from_odd_q(col, row)) == (col, row)
    # in odd-q, an odd column's cell touches the row below in both side columns
    assert from_odd_q(1, 0).distance(from_odd_q(0, 1)) == 1 and from_odd_q(1, 0).distance(from_odd_q(2, 1)) == 1
    grid = HexGrid((f"{c}{r}", from_odd_q(c, r)) for c in range(3) for r in range(2))
    assert sorted(grid.neighbours("00")) == ["01", "10"]  # the edge stops the rest
    assert grid.distance("00", "21") == 2 and "99" not in grid
