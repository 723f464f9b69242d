"""Exploration: a fleet entering an unexplored cell turns up the top tile of the deck."""

from __future__ import annotations

from engine.core import Event
from engine.galactica.galaxy import tile_kind, tile_planet
from engine.galactica.models import GalacticaState
from engine.galactica.planets import card, discover


def explore(state: GalacticaState, player: str, cell: str) -> list[Event]:
    if cell in state.board or not state.tile_pile:
        return []
    tile = state.tile_pile.pop()
    state.board[cell] = tile
    key = tile_planet(tile)
    if key is not None:
        discover(state, key, cell)
        c = card(key)
        return [Event(key="galactica.found_planet", params={"player": state.name_of(player), "cell": cell,
                                                            "planet": c.name, "kind": c.type})]
    return [Event(key="galactica.explored", params={"player": state.name_of(player), "cell": cell,
                                                    "kind": tile_kind(tile)})]
