"""Space combat (rulebook section 10, ruling F14-F17).

A fleet that enters a cell held by another colour (a fleet, or a planet with Interstellar Cannons)
fights. Each side puts up to three ships in its line (a side with a real choice picks them,
otherwise the line forms by itself); the attacker strikes first, then the roles swap, until one
side has nothing left. Lost ships are replaced from the fleet, same type first. Cannons count 2x,
fill the line only where ships are missing and fall last. No retreat. If neither side can ever
hit (colony ships only), the attacker turns back to the cell it came from.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.galactica import ground_combat
from engine.galactica.exchange import attack_of, can_destroy, settle, strike_dice
from engine.galactica.fleets import fleet_by_id, fleets_at, join_own, merge, remove_ships
from engine.galactica.galaxy import tile_kind
from engine.galactica.models import SHIP_TYPES, Battle, Exchange, Fleet, GalacticaSettings, GalacticaState, Side
from engine.galactica.planets import planet_at
from engine.galactica.telling import exchange_event, keep, units_said

STRIKE_ORDER: tuple[str, ...] = ("torpedo", "fighter", "colony")  # the line a side gets by default
BLOCK_ORDER: tuple[str, ...] = ("colony", "torpedo", "fighter")
MAX_EXCHANGES = 10_000  # a battle this long cannot happen with real dice; stop rather than hang


def opposition(state: GalacticaState, fleet: Fleet) -> Side | None:
    """Who the fleet must fight on its cell now: an enemy fleet (with its planet's cannons), or
    an enemy planet's cannons alone. The casino is neutral ground."""
    cell = fleet.cell
    if tile_kind(state.board.get(cell, "")) == "casino":
        return None
    key = planet_at(state, cell)
    owner = state.planets[key].owner if key else None
    cannons = state.planets[key].buildings.count("cannon") if key else 0
    enemy = next((f for f in fleets_at(state, cell) if f.owner != fleet.owner), None)
    if enemy is not None:
        units = dict(enemy.ships)
        if owner == enemy.owner and cannons:
            units["cannon"] = cannons
        return Side(player=enemy.owner, fleet=enemy.id, units=units)
    if owner is not None and owner != fleet.owner and cannons:
        return Side(player=owner, units={"cannon": cannons})
    return None


def has_choice(side: Side, lineup: int) -> bool:
    ships = {t: n for t, n in side.units.items() if t in SHIP_TYPES}
    return sum(ships.values()) > lineup and len(ships) > 1


def fill(side: Side, lineup: int, order: tuple[str, ...], prefer: str | None = None) -> None:
    top_up(side.units, side.line, lineup, order, prefer)


def top_up(units: dict[str, int], line: list[str], lineup: int, order: tuple[str, ...],
           prefer: str | None = None) -> None:
    """Top the line up with ships from the reserve: the lost ship's type first, then `order`. Cannons
    never take a ship's place: they stand behind the line and fill what it leaves empty (`line_of`)."""
    for t in ((prefer,) if prefer in SHIP_TYPES else ()) + order:
        while len(line) < lineup and units.get(t, 0) > line.count(t):
            line.append(t)


def take_losses(units: dict[str, int], line: list[str], dead: list[str], lineup: int, order: tuple[str, ...]) -> None:
    """Remove the units an exchange destroyed and top the line up again: the first ship lost (in the order
    they fell) is replaced by its own type while the reserve has it, then by `order`. A cannon lost leaves
    no place in the line to fill."""
    for unit in dead:
        units[unit] -= 1
        if unit in line:
            line.remove(unit)
    for unit in dead:
        if unit in SHIP_TYPES:
            top_up(units, line, lineup, order, unit)


def engage(state: GalacticaState, fleet: Fleet, from_cell: str, now: datetime) -> list[Event]:
    """The fleet has entered its cell: fight whoever holds it, then go for the planet."""
    events: list[Event] = []
    while True:
        defender = opposition(state, fleet)
        if defender is None:
            return events + ground_combat.approach(state, join_own(state, fleet))
        lineup = state.settings.lineup
        attacker = Side(player=fleet.owner, fleet=fleet.id, units=dict(fleet.ships))
        battle = Battle(cell=fleet.cell, planet=planet_at(state, fleet.cell), attacker=attacker,
                        defender=defender, from_cell=from_cell)
        for side, order in ((attacker, STRIKE_ORDER), (defender, BLOCK_ORDER)):
            side.must_pick = has_choice(side, lineup)
            if not side.must_pick:
                fill(side, lineup, order)
        events.append(Event(key="galactica.battle", params={
            "attacker": state.name_of(attacker.player), "defender": state.name_of(defender.player),
            "cell": fleet.cell}))
        events.append(Event(key="galactica.attacked", params={"attacker": state.name_of(attacker.player),
                                                              "cell": fleet.cell},
                            to=[defender.player], notify="action"))
        state.battle = battle
        if attacker.must_pick or defender.must_pick:
            state.add_timer("battle", now + timedelta(minutes=state.settings.battle_minutes), cell=fleet.cell)
            from engine.galactica.calls import turn_ping

            return events + [turn_ping(state, s.player, "battle") for s in (attacker, defender) if s.must_pick]
        events += fight(state)
        survivor = fleet_by_id(state, fleet.id)
        if survivor is None or survivor is not fleet or state.battle is not None:
            return events
        if fleet.cell != battle.cell:  # a stand-off sent it back
            return events


def pick(state: GalacticaState, player: str, ships: dict[str, int]) -> list[Event]:
    battle = state.battle
    if battle is None:
        raise RuleError("galactica.no_battle")
    side = next((s for s in (battle.attacker, battle.defender) if s.player == player and s.must_pick), None)
    if side is None:
        raise RuleError("galactica.no_pick_owed")
    lineup = min(state.settings.lineup, sum(n for t, n in side.units.items() if t in SHIP_TYPES))
    if any(n < 0 or side.units.get(t, 0) < n for t, n in ships.items()) or sum(ships.values()) != lineup:
        raise RuleError("galactica.bad_line", size=lineup)
    side.line = [t for t in SHIP_TYPES for _ in range(ships.get(t, 0))]
    side.must_pick = False
    events = [Event(key="galactica.line_picked", params={"player": state.name_of(player)})]
    if battle.attacker.must_pick or battle.defender.must_pick:
        return events
    return events + resume(state, state.clock)


def auto_pick(state: GalacticaState, now: datetime) -> list[Event]:
    """The battle deadline passed (or the turn ended): missing lines form by themselves."""
    battle = state.battle
    if battle is None:
        return []
    for side, order in ((battle.attacker, STRIKE_ORDER), (battle.defender, BLOCK_ORDER)):
        if side.must_pick:
            side.line = []
            fill(side, state.settings.lineup, order)
            side.must_pick = False
    return resume(state, now)


def resume(state: GalacticaState, now: datetime) -> list[Event]:
    battle = state.battle
    assert battle is not None
    state.cancel_timers("battle")
    fleet = fleet_by_id(state, battle.attacker.fleet or "")
    events = fight(state)
    if fleet is not None and fleet_by_id(state, fleet.id) is fleet and fleet.cell == battle.cell:
        events += engage(state, fleet, battle.from_cell, now)
    return events


def line_of(side: Side, lineup: int) -> list[str]:
    return battle_line(side.units, side.line, lineup)


def battle_line(units: dict[str, int], line: list[str], lineup: int) -> list[str]:
    """The ships of the line, then the planet's cannons in the places they leave empty."""
    return line + ["cannon"] * min(units.get("cannon", 0), lineup - len(line))


def can_hit(side: Side, state: GalacticaState) -> bool:
    return armed(side.units, state.settings)


def armed(units: dict[str, int], settings: GalacticaSettings) -> bool:
    return any(n and attack_of(t, settings) for t, n in units.items())


def fight(state: GalacticaState) -> list[Event]:
    """Exchange fire until one side is gone; apply the losses; report."""
    battle = state.battle
    assert battle is not None
    s = state.settings
    lost: dict[str, dict[str, int]] = {battle.attacker.player: {}, battle.defender.player: {}}
    events: list[Event] = []
    for _ in range(MAX_EXCHANGES):
        if not sum(battle.attacker.units.values()) or not sum(battle.defender.units.values()):
            break
        if not can_hit(battle.attacker, state) and not can_hit(battle.defender, state):
            break
        striker, receiver = ((battle.attacker, battle.defender) if battle.striker == "attacker"
                             else (battle.defender, battle.attacker))
        s_line, r_line = line_of(striker, s.lineup), line_of(receiver, s.lineup)
        double = striker is battle.attacker or s.defending_fighters_twice
        back = striker is battle.defender or s.defending_fighters_twice  # the receiver's fighters when it strikes
        if not can_destroy(s_line, r_line, s, double) and not can_destroy(r_line, s_line, s, back):
            break  # neither line can ever destroy anything, and no line changes without a loss: a stand-off
        s_dice = state.rng.dice(strike_dice(s_line, s, double))
        r_dice = state.rng.dice(len(r_line))
        strikes, blocks, killed = settle(s_line, r_line, s_dice, r_dice, s, double)
        dead = [r_line[i] for i in killed]
        exchange = Exchange(striker=striker.player, receiver=receiver.player, rolls=s_dice, block_rolls=r_dice,
                            strikes=strikes, blocks=blocks, killed=dead)
        battle.exchanges.append(exchange)
        events.append(exchange_event(state, len(battle.exchanges), exchange))
        for unit in dead:
            lost[receiver.player][unit] = lost[receiver.player].get(unit, 0) + 1
        take_losses(receiver.units, receiver.line, dead, s.lineup,
                    BLOCK_ORDER if receiver is battle.defender else STRIKE_ORDER)
        battle.striker = "defender" if battle.striker == "attacker" else "attacker"
    _apply_losses(state, battle, lost)
    state.battle = None
    keep(state, battle)
    attacker_left = sum(battle.attacker.units.values())
    defender_left = sum(battle.defender.units.values())
    winner = battle.attacker.player if not defender_left else battle.defender.player if not attacker_left else None
    events.append(Event(key="galactica.battle_result", params={
        "attacker": state.name_of(battle.attacker.player), "defender": state.name_of(battle.defender.player),
        "cell": battle.cell, "exchanges": len(battle.exchanges),
        "attacker_lost": units_said(_flat(lost[battle.attacker.player])),
        "defender_lost": units_said(_flat(lost[battle.defender.player])),
        "winner": state.name_of(winner) if winner else "-"}))
    if winner is None:
        fleet = fleet_by_id(state, battle.attacker.fleet or "")
        if fleet is not None:  # nobody can hit: the attacker turns back
            fleet.cell = battle.from_cell
            home = next((f for f in state.fleets if f.owner == fleet.owner and f.cell == fleet.cell
                         and f is not fleet), None)
            if home is not None:
                merge(state, home, fleet)
            events.append(Event(key="galactica.stand_off", params={"cell": battle.cell}))
    return events


def _flat(units: dict[str, int]) -> list[str]:
    return [t for t, n in units.items() for _ in range(n)]


def _apply_losses(state: GalacticaState, battle: Battle, lost: dict[str, dict[str, int]]) -> None:
    for side in (battle.attacker, battle.defender):
        losses = lost[side.player]
        ships = {t: n for t, n in losses.items() if t in SHIP_TYPES}
        fleet = fleet_by_id(state, side.fleet) if side.fleet else None
        if losses:
            state.factions[side.player].last_loss = "battle"
        if fleet is not None and ships:
            remove_ships(state, fleet, ships)
        cannons = losses.get("cannon", 0)
        if cannons and battle.planet:
            _destroy(state, battle.planet, "cannon", cannons)


def _destroy(state: GalacticaState, key: str, building: str, count: int) -> None:
    slots = state.planets[key].buildings
    for _ in range(count):
        slots[slots.index(building)] = None
