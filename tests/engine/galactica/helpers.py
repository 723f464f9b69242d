"""Shared helpers for the Imperium Galactica tests."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import Player
from engine.galactica import GAME
from engine.galactica.asteroids import asteroid_cards
from engine.galactica.fleets import capacity, limit, units_owned
from engine.galactica.galaxy import START_TILE
from engine.galactica.market import market_cards
from engine.galactica.models import GalacticaState
from engine.galactica.planets import planet_cards
from engine.galactica.tiles import all_tiles

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


def players(n: int) -> list[Player]:
    return [Player(id=str(1001 + i), name=f"P{i + 1}") for i in range(n)]


def at(minutes: int) -> datetime:
    return T0 + timedelta(minutes=minutes)


def new_game(n: int = 3, seed: int = 7, **settings: Any) -> GalacticaState:
    return GAME.setup(GAME.parse_settings(settings), players(n), seed, T0)


def started(n: int = 3, seed: int = 7, **settings: Any) -> GalacticaState:
    """A game past the order roll, at the first player's production phase."""
    state = new_game(n, seed, **settings)
    assert state.starter is not None
    GAME.apply(state, state.starter, {"type": "choose_direction", "direction": "clockwise"}, T0)
    return state


def cur(state: GalacticaState) -> str:
    return state.order[state.current]


def check(state: GalacticaState) -> None:
    """Invariants of every reachable state: every card and tile exactly once, no colour twice on a cell."""
    placed = [t for t in state.board.values() if t != START_TILE]
    assert Counter(placed + state.tile_pile) == Counter(all_tiles())
    assert len(all_tiles()) == 100
    held = [k for k, p in state.planets.items() if p.owner is not None]
    assert sorted(held + state.planet_pile) == sorted(planet_cards())
    assert sorted(state.asteroids.draw_pile + state.asteroids.discard) == sorted(asteroid_cards())
    market = state.market_pile + ([state.market_offer.card] if state.market_offer else [])
    assert sorted(market) == sorted(market_cards())
    moving = state.pending.fleet if state.pending and state.pending.kind == "asteroid_loss" else None
    cells = [(f.owner, f.cell) for f in state.fleets if f.id != moving]  # a fleet stopped mid-move may pass
    assert len(cells) == len(set(cells)), "one fleet per colour per cell"
    for f in state.fleets:
        assert f.ships and all(n > 0 for n in f.ships.values())
        assert 0 <= f.tanks <= capacity(f.ships)
        assert not state.factions[f.owner].out
    for p, faction in state.factions.items():
        assert min(faction.ndri, faction.fuel, faction.metal, faction.stone) >= 0
        for unit in ("fighter", "torpedo", "colony", "tank"):
            assert units_owned(state, p, unit) <= limit(state, unit)
    for planet in state.planets.values():
        assert len(planet.buildings) == 9 and planet.tanks >= 0
        assert planet.cell in state.board


def place(state: GalacticaState, cell: str, tile: str) -> None:
    """Turn up a chosen tile at a cell (taken from the pile, so the deck stays whole)."""
    from engine.galactica.galaxy import tile_planet
    from engine.galactica.planets import discover

    state.tile_pile.remove(tile)
    state.board[cell] = tile
    key = tile_planet(tile)
    if key is not None:
        discover(state, key, cell)


def give_planet(state: GalacticaState, player: str, cell: str, key: str, *buildings: str) -> None:
    """A planet the player has held since before this round, with buildings."""
    from engine.galactica.planets import take

    place(state, cell, f"planet-{key}")
    take(state, key, player)
    state.planets[key].acquired_round = state.round - 1
    for i, b in enumerate(buildings):
        state.planets[key].buildings[i] = b
