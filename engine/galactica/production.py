"""Collection and production (rulebook sections 6-9, rulings C7 and D9).

Collection: every planet held since before this round yields 1 of each raw material times its
card's multiplier, and the base income (5,000 Ndri) times its economy, once more for every
Treasury. Production: no cap per factory; the player pays for N units and the planet's
productivity multiplies them. Ships join the colour's fleet on the planet, tanks its garrison.
"""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.galactica.fleets import add_ships, check_limit, fleets_at
from engine.galactica.models import RESOURCES, GalacticaState
from engine.galactica.planets import active, card, own_planet, planets_of
from engine.galactica.telling import said

COST: dict[str, tuple[int, int, int]] = {  # Ndri, fuel, metal
    "fighter": (5_000, 1, 1),
    "torpedo": (20_000, 3, 3),
    "colony": (50_000, 5, 5),
    "tank": (10_000, 1, 1),
}
FACTORY: dict[str, str] = {"fighter": "shipyard", "torpedo": "shipyard", "colony": "shipyard", "tank": "tank_factory"}


def income(state: GalacticaState, key: str) -> dict[str, int]:
    c = card(key)
    treasuries = state.planets[key].buildings.count("treasury")
    return {"ndri": state.settings.planet_base_ndri * c.economy * (1 + treasuries),
            "fuel": c.fuel, "metal": c.metal, "stone": c.stone}


def collect(state: GalacticaState, player: str) -> list[Event]:
    faction = state.factions[player]
    total = {"ndri": 0, "fuel": 0, "metal": 0, "stone": 0}
    for key in planets_of(state, player):
        if not active(state, state.planets[key]):
            continue
        for what, n in income(state, key).items():
            total[what] += n
    faction.ndri += total["ndri"]
    for r in RESOURCES:
        setattr(faction, r, getattr(faction, r) + total[r])
    if not any(total.values()):
        return []
    got = [m for k, n in total.items() if n for m in said(k, n)]
    params: dict[str, object] = {"player": state.name_of(player), "what": got, **total}
    return [Event(key="galactica.collected", params=params)]


def produce(state: GalacticaState, player: str, planet_name: str, unit: str, count: int) -> list[Event]:
    key, planet = own_planet(state, player, planet_name)
    name = card(key).name
    if not active(state, planet):
        raise RuleError("galactica.planet_not_active", planet=name)
    if FACTORY[unit] not in planet.buildings:
        raise RuleError("galactica.no_factory", planet=name, building=FACTORY[unit])
    if unit != "tank" and any(f.owner != player for f in fleets_at(state, planet.cell)):
        raise RuleError("galactica.enemy_in_orbit", planet=name)
    ndri, fuel, metal = (c * count for c in COST[unit])
    faction = state.factions[player]
    if faction.ndri < ndri or faction.fuel < fuel or faction.metal < metal:
        raise RuleError("galactica.cannot_afford", ndri=ndri, fuel=fuel, metal=metal)
    made = count * card(key).productivity
    check_limit(state, player, unit, made)
    faction.ndri -= ndri
    faction.fuel -= fuel
    faction.metal -= metal
    if unit == "tank":
        planet.tanks += made
    else:
        add_ships(state, player, planet.cell, {unit: made})
    return [Event(key="galactica.produced", params={"player": state.name_of(player), "planet": name, "unit": unit,
                                                    "what": said(unit, made),
                                                    "count": made})]
