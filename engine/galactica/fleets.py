"""Fleets: what they hold, what they carry, the box limits per colour, forming and merging."""

from __future__ import annotations

from engine.core import RuleError
from engine.galactica.galaxy import normalize_cell
from engine.galactica.models import SHIP_TYPES, Fleet, GalacticaState

CAPACITY: dict[str, int] = {"fighter": 0, "torpedo": 2, "colony": 3}


def fleet_at(state: GalacticaState, player: str, cell: str) -> Fleet | None:
    return next((f for f in state.fleets if f.owner == player and f.cell == cell), None)


def fleets_at(state: GalacticaState, cell: str) -> list[Fleet]:
    return [f for f in state.fleets if f.cell == cell]


def fleets_of(state: GalacticaState, player: str) -> list[Fleet]:
    return [f for f in state.fleets if f.owner == player]


def fleet_by_id(state: GalacticaState, fleet_id: str) -> Fleet | None:
    return next((f for f in state.fleets if f.id == fleet_id), None)


def own_fleet(state: GalacticaState, player: str, raw_cell: str) -> Fleet:
    cell = normalize_cell(raw_cell)
    if cell is None:
        raise RuleError("galactica.bad_cell", cell=raw_cell)
    fleet = fleet_at(state, player, cell)
    if fleet is None:
        raise RuleError("galactica.no_fleet", cell=cell)
    return fleet


def size(fleet: Fleet) -> int:
    return sum(fleet.ships.values())


def capacity(ships: dict[str, int]) -> int:
    return sum(CAPACITY[t] * n for t, n in ships.items())


def speed(state: GalacticaState, fleet: Fleet) -> int:
    only_fighters = set(fleet.ships) == {"fighter"}
    return state.settings.fighter_fleet_speed if only_fighters else state.settings.fleet_speed


def limit(state: GalacticaState, unit: str) -> int:
    s = state.settings
    return {"fighter": s.max_fighters, "torpedo": s.max_torpedoes, "colony": s.max_colony_ships,
            "tank": s.max_tanks}[unit]


def units_owned(state: GalacticaState, player: str, unit: str) -> int:
    if unit == "tank":
        return (sum(f.tanks for f in fleets_of(state, player))
                + sum(p.tanks for p in state.planets.values() if p.owner == player))
    return sum(f.ships.get(unit, 0) for f in fleets_of(state, player))


def check_limit(state: GalacticaState, player: str, unit: str, more: int) -> None:
    have = units_owned(state, player, unit)
    if have + more > limit(state, unit):
        raise RuleError("galactica.box_limit", unit=unit, have=have, limit=limit(state, unit))


def new_fleet(state: GalacticaState, player: str, cell: str, ships: dict[str, int], tanks: int = 0,
              moved: bool = False) -> Fleet:
    state.fleet_seq += 1
    fleet = Fleet(id=f"f{state.fleet_seq}", owner=player, cell=cell,
                  ships={t: n for t, n in ships.items() if n > 0}, tanks=tanks, moved=moved)
    state.fleets.append(fleet)
    return fleet


def add_ships(state: GalacticaState, player: str, cell: str, ships: dict[str, int], tanks: int = 0) -> Fleet:
    """New ships join the colour's fleet on the cell, or form one there."""
    fleet = fleet_at(state, player, cell)
    if fleet is None:
        return new_fleet(state, player, cell, ships, tanks)
    for t, n in ships.items():
        if n > 0:
            fleet.ships[t] = fleet.ships.get(t, 0) + n
    fleet.tanks += tanks
    return fleet


def remove_ships(state: GalacticaState, fleet: Fleet, ships: dict[str, int]) -> int:
    """Take ships away; tanks beyond what is left to carry them are lost. Returns tanks lost."""
    for t, n in ships.items():
        left = fleet.ships.get(t, 0) - n
        if left < 0:
            raise RuleError("galactica.not_enough_ships", unit=t)
        if left:
            fleet.ships[t] = left
        else:
            fleet.ships.pop(t, None)
    lost = max(0, fleet.tanks - capacity(fleet.ships))
    fleet.tanks -= lost
    if not fleet.ships:
        lost += fleet.tanks
        state.fleets.remove(fleet)
    return lost


def check_ships(fleet: Fleet, ships: dict[str, int]) -> None:
    for t, n in ships.items():
        if n < 0 or t not in SHIP_TYPES:
            raise RuleError("galactica.bad_count", count=n)
        if n > fleet.ships.get(t, 0):
            raise RuleError("galactica.not_enough_ships", unit=t)


def join_own(state: GalacticaState, fleet: Fleet) -> Fleet:
    """The fleet stops where its colour already has a fleet: they merge (the whole has moved)."""
    other = next((f for f in state.fleets if f.owner == fleet.owner and f.cell == fleet.cell and f is not fleet), None)
    if other is None:
        return fleet
    merge(state, other, fleet)
    return other


def merge(state: GalacticaState, into: Fleet, other: Fleet) -> None:
    """Two fleets of a colour on one cell become one; if either has moved, the whole has."""
    for t, n in other.ships.items():
        into.ships[t] = into.ships.get(t, 0) + n
    into.tanks += other.tanks
    into.moved = into.moved or other.moved
    state.fleets.remove(other)
