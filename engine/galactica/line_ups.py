"""The forces a battle's odds start from, read off the board (everything on it is public): a fleet that
attacks, the cell or planet it attacks (whoever the game would have it fight there: space_combat.opposition;
on the ground the planet's tanks and Turrets), the battle waiting for its lines, or the landing waiting
for its tanks. Counts a player gives replace what the board says, one unit type at a time."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import RuleError
from engine.galactica.fleets import fleets_at
from engine.galactica.galaxy import normalize_cell
from engine.galactica.models import SHIP_TYPES, Fleet, GalacticaState
from engine.galactica.planets import card, find_planet, planet_at
from engine.galactica.space_combat import opposition

SPACE_ATTACK: tuple[str, ...] = SHIP_TYPES
SPACE_DEFENCE: tuple[str, ...] = (*SHIP_TYPES, "cannon")
GROUND_DEFENCE: tuple[str, ...] = ("tank", "turret")


class LineUp(BaseModel):
    kind: Literal["space", "ground"] = "space"
    attacker: dict[str, int] = Field(default_factory=dict)
    defender: dict[str, int] = Field(default_factory=dict)
    attacker_line: dict[str, int] | None = None  # a line already picked in the battle under way
    defender_line: dict[str, int] | None = None
    attacker_name: str | None = None
    defender_name: str | None = None
    cell: str | None = None

    def given(self, attacker: dict[str, int | None], defender: dict[str, int | None]) -> LineUp:
        """These counts instead of the board's (None: keep the board's); a changed side's line is formed anew."""
        a = {t: n for t, n in attacker.items() if n is not None}
        d = {t: n for t, n in defender.items() if n is not None}
        return self.model_copy(update={
            "attacker": _clean({**self.attacker, **a}), "defender": _clean({**self.defender, **d}),
            "attacker_line": None if a else self.attacker_line, "defender_line": None if d else self.defender_line})


def _clean(units: dict[str, int]) -> dict[str, int]:
    return {t: n for t, n in units.items() if n > 0}


def _cell(state: GalacticaState, raw: str) -> str:
    """A cell label, or a discovered planet's name (its cell)."""
    cell = normalize_cell(raw)
    if cell is not None:
        return cell
    try:
        return state.planets[find_planet(state, raw)].cell
    except RuleError:
        raise RuleError("galactica.bad_cell", cell=raw) from None


def from_board(state: GalacticaState, kind: Literal["space", "ground"], fleet: str | None, target: str | None,
               player: str | None) -> LineUp:
    """The line-up `fleet` (a cell: the caller's fleet there, or the only one) meets at `target` (a cell or a
    planet). With neither: the battle under way (space) or the landing waiting for its tanks (ground)."""
    if fleet is None and target is None:
        return _under_way(state, kind)
    attacking: Fleet | None = None
    if fleet is not None:
        cell = _cell(state, fleet)
        here = fleets_at(state, cell)
        attacking = next((f for f in here if f.owner == player), here[0] if here else None)
        if attacking is None:
            raise RuleError("galactica.odds_no_fleet", cell=cell)
    owner = attacking.owner if attacking else (player or "")
    up = LineUp(kind=kind, attacker_name=state.name_of(owner) if state.player(owner) else None)
    if attacking is not None:
        up.attacker = dict(attacking.ships) if kind == "space" else _clean({"tank": attacking.tanks})
    if target is None:
        return up
    up.cell = _cell(state, target)
    if kind == "space":
        side = opposition(state, Fleet(id="odds", owner=owner, cell=up.cell))
        if side is None:
            raise RuleError("galactica.odds_nobody", cell=up.cell)
        up.defender, up.defender_name = _clean(side.units), state.name_of(side.player)
        return up
    key = planet_at(state, up.cell)
    planet = state.planets.get(key) if key else None
    if key is None or planet is None or planet.owner is None or planet.owner == owner:
        raise RuleError("galactica.odds_no_planet", cell=up.cell)
    up.defender = _clean({"tank": planet.tanks, "turret": planet.buildings.count("turret")})
    up.defender_name, up.cell = state.name_of(planet.owner), card(key).name
    return up


def _under_way(state: GalacticaState, kind: Literal["space", "ground"]) -> LineUp:
    battle, pending = state.battle, state.pending
    if kind == "space" and battle is not None:
        a, d = battle.attacker, battle.defender
        return LineUp(kind="space", attacker=_clean(a.units), defender=_clean(d.units),
                      attacker_line=None if a.must_pick or not a.line else _counts(a.line),
                      defender_line=None if d.must_pick or not d.line else _counts(d.line),
                      attacker_name=state.name_of(a.player), defender_name=state.name_of(d.player), cell=battle.cell)
    if kind == "ground" and pending is not None and pending.kind == "land" and pending.planet:
        fleet = next((f for f in state.fleets if f.id == pending.fleet), None)
        planet = state.planets[pending.planet]
        return LineUp(kind="ground", attacker=_clean({"tank": fleet.tanks if fleet else 0}),
                      defender=_clean({"tank": planet.tanks, "turret": planet.buildings.count("turret")}),
                      attacker_name=state.name_of(fleet.owner) if fleet else None,
                      defender_name=state.name_of(planet.owner) if planet.owner else None,
                      cell=card(pending.planet).name)
    return LineUp(kind=kind)


def _counts(line: list[str]) -> dict[str, int]:
    return {t: line.count(t) for t in SHIP_TYPES if t in line}
