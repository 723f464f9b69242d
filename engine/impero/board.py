"""The static board: a land mask on a square grid, node names like "F12", 8-neighbour adjacency.

Maps are data (data/impero/<name>.toml); a map can also be registered in memory (benchmarks,
tests) with `register_map`. Parsed maps are cached: they never change while running.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from engine.core.datafiles import load_data

TIERS: tuple[int, ...] = (1, 3, 6, 12, 25, 50)  # the yield ladder, in whole dollars per turn
LETTERS = string.ascii_uppercase
_COORD = re.compile(r"^\s*([A-Za-z])\s*(\d{1,3})\s*$")


@dataclass(frozen=True)
class BoardMap:
    name: str
    cols: int
    rows: int
    nodes: tuple[str, ...]  # reading order: north to south, west to east
    coords: dict[str, tuple[int, int]]  # node -> (col, row), both 0-based
    neighbours: dict[str, tuple[str, ...]]
    yield_values: tuple[int, ...] = TIERS
    yield_weights: tuple[int, ...] = (40, 25, 15, 10, 6, 4)
    index: dict[str, int] = field(default_factory=dict)

    def __contains__(self, node: object) -> bool:
        return node in self.coords


def node_name(col: int, row: int) -> str:
    return f"{LETTERS[col]}{row + 1}"


def parse_node(text: str) -> str | None:
    """'f12', ' F 12 ' -> 'F12'; None when it is not shaped like a coordinate."""
    m = _COORD.match(text)
    if m is None:
        return None
    return f"{m.group(1).upper()}{int(m.group(2))}"


def build_map(
    name: str,
    mask_rows: list[str],
    values: tuple[int, ...] = TIERS,
    weights: tuple[int, ...] = (40, 25, 15, 10, 6, 4),
) -> BoardMap:
    rows = [r.rstrip() for r in mask_rows if r.strip()]
    width = max(len(r) for r in rows)
    if width > len(LETTERS):
        raise ValueError("a map may have at most 26 columns")
    coords: dict[str, tuple[int, int]] = {}
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            if ch == "#":
                coords[node_name(c, r)] = (c, r)
    by_pos = {pos: n for n, pos in coords.items()}
    neighbours: dict[str, tuple[str, ...]] = {}
    for n, (c, r) in coords.items():
        near = [
            by_pos[(c + dc, r + dr)]
            for dr in (-1, 0, 1)
            for dc in (-1, 0, 1)
            if (dc or dr) and (c + dc, r + dr) in by_pos
        ]
        neighbours[n] = tuple(near)
    nodes = tuple(sorted(coords, key=lambda n: (coords[n][1], coords[n][0])))
    return BoardMap(
        name=name,
        cols=width,
        rows=len(rows),
        nodes=nodes,
        coords=coords,
        neighbours=neighbours,
        yield_values=tuple(values),
        yield_weights=tuple(weights),
        index={n: i for i, n in enumerate(nodes)},
    )


_REGISTERED: dict[str, BoardMap] = {}


def register_map(board: BoardMap) -> BoardMap:
    _REGISTERED[board.name] = board
    return board


@cache
def _load(name: str) -> BoardMap:
    data: Any = load_data("impero", f"{name}.toml")
    yields = data.get("yields", {})
    return build_map(
        name,
        str(data["mask"]["rows"]).splitlines(),
        tuple(yields.get("values", TIERS)),
        tuple(yields.get("weights", (40, 25, 15, 10, 6, 4))),
    )


def get_map(name: str) -> BoardMap:
    if name in _REGISTERED:
        return _REGISTERED[name]
    return _load(name)


@cache
def load_layout(name: str) -> dict[str, int]:
    """A fixed starting layout (data/impero/<name>.toml): `default` yield plus per-node overrides."""
    data: Any = load_data("impero", f"{name}.toml")
    default = int(data.get("default", 1))
    board = get_map(str(data.get("map", "italia")))
    layout = {n: default for n in board.nodes}
    for node, value in dict(data.get("nodes", {})).items():
        layout[str(node)] = int(value)
    return layout
