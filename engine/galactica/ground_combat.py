"""Ground combat and conquest (rulebook sections 5 and 11, rulings G18-G20, H21).

Once a planet's space defences are gone, an undefended planet (no tanks, no turrets) falls to a
fleet with at least one torpedo boat. A defended one can be assaulted with the tanks the fleet
carries (2 per torpedo boat, 3 per colony ship): up to three dice a side, tanks 1x; the planet's
turrets (2x) join only while fewer than two tanks defend, two dice for the tanks and one for a
turret, and tanks fall first; while a Turret stands, each defending tank's strike gets +1 (ruling of
§7, `turret_tank_bonus`). The conqueror keeps the buildings and the surviving tanks land.
"""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.galactica.exchange import settle
from engine.galactica.models import Battle, Exchange, Fleet, GalacticaState, Pending, Side
from engine.galactica.planets import card, defended, planet_at, take
from engine.galactica.telling import exchange_event, keep

MAX_EXCHANGES = 10_000


def approach(state: GalacticaState, fleet: Fleet) -> list[Event]:
    """The fleet holds the sky over its cell: conquer, or ask whether to land."""
    key = planet_at(state, fleet.cell)
    if key is None:
        return []
    planet = state.planets[key]
    if planet.owner is None or planet.owner == fleet.owner:
        return []
    if not defended(planet):
        if fleet.ships.get("torpedo"):
            return conquer(state, key, fleet.owner, 0)
        return [Event(key="galactica.needs_torpedo", params={"planet": card(key).name}, to=[fleet.owner])]
    if fleet.tanks == 0:
        return [Event(key="galactica.no_tanks_to_land", params={"planet": card(key).name}, to=[fleet.owner])]
    state.pending = Pending(kind="land", fleet=fleet.id, planet=key)
    return [Event(key="galactica.may_land", params={"planet": card(key).name, "tanks": fleet.tanks},
                  to=[fleet.owner])]


def land(state: GalacticaState, fleet: Fleet, tanks: int) -> list[Event]:
    pending = state.pending
    assert pending is not None and pending.planet is not None
    key = pending.planet
    if tanks > fleet.tanks:
        raise RuleError("galactica.not_enough_tanks", tanks=fleet.tanks)
    state.pending = None
    if tanks == 0:
        return [Event(key="galactica.stays_in_orbit", params={"player": state.name_of(fleet.owner),
                                                              "planet": card(key).name})]
    fleet.tanks -= tanks
    return ground_battle(state, key, fleet.owner, tanks)


def defender_line(tanks: int, turrets: int, lineup: int) -> list[str]:
    if tanks >= 2:
        return ["tank"] * min(lineup, tanks)
    return ["tank"] * tanks + ["turret"] * min(1, turrets)


def ground_battle(state: GalacticaState, key: str, attacker: str, tanks: int) -> list[Event]:
    planet = state.planets[key]
    defender = planet.owner
    assert defender is not None
    s = state.settings
    turrets = planet.buildings.count("turret")
    start = (tanks, planet.tanks, turrets)
    strike = "attacker"
    record = Battle(kind="ground", cell=planet.cell, planet=key, attacker=Side(player=attacker, units={"tank": tanks}),
                    defender=Side(player=defender, units={"tank": planet.tanks, "turret": turrets}))
    told: list[Event] = []
    for _ in range(MAX_EXCHANGES):
        if tanks == 0 or planet.tanks + turrets == 0:
            break
        a_line = ["tank"] * min(s.lineup, tanks)
        d_line = defender_line(planet.tanks, turrets, s.lineup)
        if strike == "attacker":
            rolls, blocks_rolled = state.rng.dice(len(a_line)), state.rng.dice(len(d_line))
            strikes, blocks, killed = settle(a_line, d_line, rolls, blocks_rolled, s)
            dead = [d_line[i] for i in killed]
            for unit in dead:
                if unit == "tank":
                    planet.tanks -= 1
                else:
                    turrets -= 1
                    planet.buildings[planet.buildings.index("turret")] = None
            ex = Exchange(striker=attacker, receiver=defender, rolls=rolls, block_rolls=blocks_rolled,
                          strikes=strikes, blocks=blocks, killed=dead)
        else:
            bonus = s.turret_tank_bonus if turrets else 0  # ruling: a standing Turret backs the tanks
            rolls, blocks_rolled = state.rng.dice(len(d_line)), state.rng.dice(len(a_line))
            strikes, blocks, killed = settle(d_line, a_line, rolls, blocks_rolled, s, tank_bonus=bonus)
            tanks -= len(killed)
            ex = Exchange(striker=defender, receiver=attacker, rolls=rolls, block_rolls=blocks_rolled,
                          strikes=strikes, blocks=blocks, killed=["tank"] * len(killed))
        record.exchanges.append(ex)
        told.append(exchange_event(state, len(record.exchanges), ex, ground=True))
        strike = "defender" if strike == "attacker" else "attacker"
    keep(state, record)
    events = [*told, Event(key="galactica.ground_result", params={
        "attacker": state.name_of(attacker), "defender": state.name_of(defender), "planet": card(key).name,
        "attacker_lost": start[0] - tanks, "defender_lost": start[1] - planet.tanks + start[2] - turrets})]
    if tanks and planet.tanks + turrets == 0:
        events += conquer(state, key, attacker, tanks)
    return events


def conquer(state: GalacticaState, key: str, player: str, tanks: int) -> list[Event]:
    planet = state.planets[key]
    loser = planet.owner
    take(state, key, player)
    planet.tanks = tanks
    if loser is not None:
        state.factions[loser].last_loss = "conquest"
    events = [Event(key="galactica.conquered", params={"player": state.name_of(player), "planet": card(key).name})]
    if loser is not None:
        events.append(Event(key="galactica.planet_lost", params={"planet": card(key).name,
                                                                 "player": state.name_of(player)},
                            to=[loser], notify="info"))
    return events
