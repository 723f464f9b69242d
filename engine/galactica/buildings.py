"""Buildings on a planet's 3x3 board (rulebook section 7): one per planet per turn, at most nine,
each paid in Ndri and Stone; the box holds a fixed number of each for all factions together."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.galactica.models import GalacticaState
from engine.galactica.planets import active, card, own_planet

COST: dict[str, tuple[int, int]] = {  # Ndri, stone
    "shipyard": (30_000, 5),
    "tank_factory": (30_000, 5),
    "treasury": (50_000, 5),
    "cannon": (30_000, 10),
    "turret": (30_000, 10),
}
BOX: dict[str, int] = {"shipyard": 25, "tank_factory": 25, "treasury": 20, "cannon": 40, "turret": 40}


def in_play(state: GalacticaState, building: str) -> int:
    return sum(p.buildings.count(building) for p in state.planets.values())


def build(state: GalacticaState, player: str, planet_name: str, slot: int, building: str) -> list[Event]:
    key, planet = own_planet(state, player, planet_name)
    name = card(key).name
    if not active(state, planet):
        raise RuleError("galactica.planet_not_active", planet=name)
    if planet.built_round == state.round and planet.built_count >= state.settings.buildings_per_planet_turn:
        raise RuleError("galactica.built_this_turn", planet=name)
    if planet.buildings[slot - 1] is not None:
        raise RuleError("galactica.slot_taken", planet=name, slot=slot)
    if in_play(state, building) >= BOX[building]:
        raise RuleError("galactica.no_building_left", building=building)
    ndri, stone = COST[building]
    faction = state.factions[player]
    if faction.ndri < ndri or faction.stone < stone:
        raise RuleError("galactica.cannot_afford_building", ndri=ndri, stone=stone)
    faction.ndri -= ndri
    faction.stone -= stone
    planet.buildings[slot - 1] = building
    planet.built_count = planet.built_count + 1 if planet.built_round == state.round else 1
    planet.built_round = state.round
    return [Event(key="galactica.built", params={"player": state.name_of(player), "planet": name,
                                                 "building": building, "slot": slot})]
