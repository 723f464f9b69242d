"""The 100-tile deck (rulebook section 2, data/galactica/tiles.toml): planet tiles are named after
their planet card, the other kinds are numbered."""

from __future__ import annotations

from functools import cache

from engine.core.datafiles import load_data
from engine.galactica.planets import planet_cards


@cache
def all_tiles() -> tuple[str, ...]:
    data = load_data("galactica", "tiles.toml")
    tiles = [f"space-{i:02d}" for i in range(1, data["space"] + 1)]
    tiles += [f"planet-{key}" for key in planet_cards()]
    tiles += [f"asteroids-{i:02d}" for i in range(1, data["asteroids"] + 1)]
    tiles += [f"market-{i}" for i in range(1, data["market"] + 1)]
    tiles += [f"casino-{i}" for i in range(1, data["casino"] + 1)]
    if len(planet_cards()) != data["planets"]:
        raise ValueError("tiles.toml and planets.toml disagree on the planets")
    return tuple(tiles)
