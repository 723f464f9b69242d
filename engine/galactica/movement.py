"""Fleet movement (rulebook sections 4 and 9, ruling E12).

Each fleet moves once a turn: 2 cells if it has only fighters, otherwise 1 (the text wins over the
stat table), and only with at least one fighter (a setting). A detachment may split off and move.
One fleet per colour per cell: stopping on an own fleet merges them, and the merged fleet has
moved. Every unexplored cell entered turns up a tile; every asteroid belt entered draws a card;
an enemy fleet or enemy planet stops the move and starts a fight (not on the casino).
"""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.galactica import asteroids, space_combat
from engine.galactica.exploration import explore
from engine.galactica.fleets import capacity, check_ships, fleet_by_id, join_own, new_fleet, own_fleet
from engine.galactica.galaxy import grid, normalize_cell, tile_kind
from engine.galactica.models import SHIP_TYPES, Fleet, GalacticaState


def check_path(state: GalacticaState, start: str, raw: list[str], ships: dict[str, int]) -> list[str]:
    path: list[str] = []
    here = start
    for step in raw:
        cell = normalize_cell(step)
        if cell is None:
            raise RuleError("galactica.bad_cell", cell=step)
        if not grid().adjacent(here, cell):
            raise RuleError("galactica.not_adjacent", frm=here, to=cell)
        path.append(cell)
        here = cell
    only_fighters = set(ships) == {"fighter"}
    reach = state.settings.fighter_fleet_speed if only_fighters else state.settings.fleet_speed
    if len(path) > reach:
        raise RuleError("galactica.too_far", steps=len(path), speed=reach)
    return path


def move(state: GalacticaState, player: str, raw_fleet: str, raw_path: list[str], ships: dict[str, int] | None,
         tanks: int | None, now: datetime) -> list[Event]:
    fleet = own_fleet(state, player, raw_fleet)
    if fleet.moved:
        raise RuleError("galactica.already_moved", cell=fleet.cell)
    part = {t: n for t, n in (ships or fleet.ships).items() if n}
    check_ships(fleet, part)
    if not part:
        raise RuleError("galactica.empty_detachment")
    if not may_fly(state, player, part):
        raise RuleError("galactica.needs_fighter")
    whole = part == fleet.ships
    carried = fleet.tanks if whole and tanks is None else (tanks or 0)
    rest = {t: fleet.ships.get(t, 0) - part.get(t, 0) for t in SHIP_TYPES}
    if carried > fleet.tanks or carried > capacity(part) or fleet.tanks - carried > capacity(rest):
        raise RuleError("galactica.cannot_carry", tanks=carried)
    path = check_path(state, fleet.cell, raw_path, part)
    if not whole:
        for t, n in part.items():
            fleet.ships[t] -= n
            if not fleet.ships[t]:
                del fleet.ships[t]
        fleet.tanks -= carried
        fleet = new_fleet(state, player, fleet.cell, part, carried)
    fleet.moved = True
    state.last_move = [fleet.cell, *path]
    return walk(state, fleet, path, now)


def may_fly(state: GalacticaState, player: str, ships: dict[str, int]) -> bool:
    """A fleet needs a fighter to move, except (ruling, `planetless_fleets_move`) for a faction left
    with no planet and no fighter at all: its ships may still go and find a planet, so it can rebuild."""
    from engine.galactica.fleets import units_owned
    from engine.galactica.planets import planets_of

    if not state.settings.fleet_needs_fighter or ships.get("fighter"):
        return True
    return (state.settings.planetless_fleets_move and not planets_of(state, player)
            and not units_owned(state, player, "fighter"))


def walk(state: GalacticaState, fleet: Fleet, path: list[str], now: datetime) -> list[Event]:
    events: list[Event] = []
    for n, cell in enumerate(path):
        came_from = fleet.cell
        fleet.cell = cell
        events += explore(state, fleet.owner, cell)
        if tile_kind(state.board.get(cell, "")) == "asteroids":
            events += asteroids.cross(state, fleet, path[n + 1:])
            if fleet_by_id(state, fleet.id) is None:
                return events
            if state.pending is not None:
                state.pending.from_cell = came_from
                return events
        if space_combat.opposition(state, fleet) is not None or _enemy_planet(state, fleet):
            return events + space_combat.engage(state, fleet, came_from, now)
    return events + arrive(state, fleet)


def arrive(state: GalacticaState, fleet: Fleet) -> list[Event]:
    join_own(state, fleet)
    return []


def _enemy_planet(state: GalacticaState, fleet: Fleet) -> bool:
    from engine.galactica.planets import planet_at

    key = planet_at(state, fleet.cell)
    owner = state.planets[key].owner if key else None
    return owner is not None and owner != fleet.owner


def go_on(state: GalacticaState, fleet: Fleet, now: datetime) -> list[Event]:
    """After an asteroid's losses are chosen, the rest of the path."""
    pending = state.pending
    assert pending is not None
    path = pending.path
    state.pending = None
    if fleet_by_id(state, fleet.id) is None:
        return []
    here = pending.from_cell or fleet.cell
    if space_combat.opposition(state, fleet) is not None or _enemy_planet(state, fleet):
        return space_combat.engage(state, fleet, here, now)
    return walk(state, fleet, path, now) if path else arrive(state, fleet)

