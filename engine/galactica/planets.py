"""Planet cards (data/galactica/planets.toml), colonisation, collection and who holds what."""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from engine.core import Event, RuleError
from engine.core.datafiles import load_data
from engine.core.names import find_by_name
from engine.galactica.fleets import fleet_at, remove_ships
from engine.galactica.galaxy import tile_planet
from engine.galactica.models import GalacticaState, PlanetState


class PlanetCard(BaseModel):
    key: str
    name: str
    type: str
    fuel: int
    metal: int
    stone: int
    productivity: int
    economy: int


@cache
def planet_cards() -> dict[str, PlanetCard]:
    return {p["key"]: PlanetCard(**p) for p in load_data("galactica", "planets.toml")["planet"]}


def card(key: str) -> PlanetCard:
    return planet_cards()[key]


def planet_at(state: GalacticaState, cell: str) -> str | None:
    tile = state.board.get(cell)
    return tile_planet(tile) if tile else None


def find_planet(state: GalacticaState, name: str) -> str:
    """A discovered planet by the name the player typed."""
    key = find_by_name(name, {k: card(k).name for k in state.planets})
    if key is None:
        raise RuleError("galactica.unknown_planet", name=name)
    return key


def own_planet(state: GalacticaState, player: str, name: str) -> tuple[str, PlanetState]:
    key = find_planet(state, name)
    planet = state.planets[key]
    if planet.owner != player:
        raise RuleError("galactica.not_your_planet", planet=card(key).name)
    return key, planet


def active(state: GalacticaState, planet: PlanetState) -> bool:
    """A planet works from the turn after it was taken."""
    return planet.acquired_round < state.round


def planets_of(state: GalacticaState, player: str) -> list[str]:
    return [k for k, p in state.planets.items() if p.owner == player]


def discover(state: GalacticaState, key: str, cell: str) -> None:
    state.planets[key] = PlanetState(cell=cell)


def defended(planet: PlanetState) -> bool:
    """Ground defences: tanks or turrets (the rulebook's 'undefended' is neither)."""
    return planet.tanks > 0 or "turret" in planet.buildings


def colonize(state: GalacticaState, player: str, cell: str) -> list[Event]:
    fleet = fleet_at(state, player, cell)
    if fleet is None:
        raise RuleError("galactica.no_fleet", cell=cell)
    key = planet_at(state, cell)
    if key is None:
        raise RuleError("galactica.not_a_planet", cell=cell)
    planet = state.planets[key]
    if planet.owner is not None:
        raise RuleError("galactica.planet_taken", planet=card(key).name, owner=state.name_of(planet.owner))
    if not fleet.ships.get("colony"):
        raise RuleError("galactica.no_colony_ship")
    remove_ships(state, fleet, {"colony": 1})  # the colony ship goes back to the box
    take(state, key, player)
    return [Event(key="galactica.colonized", params={"player": state.name_of(player), "planet": card(key).name,
                                                     "cell": cell})]


def take(state: GalacticaState, key: str, player: str) -> None:
    planet = state.planets[key]
    if planet.owner is None and key in state.planet_pile:
        state.planet_pile.remove(key)
    planet.owner = player
    planet.acquired_round = state.round
