"""Representative legal actions: the private panel's buttons, random play in tests, the autopilot."""

from __future__ import annotations

from itertools import combinations_with_replacement

from pydantic import BaseModel

from engine.galactica import actions as a
from engine.galactica import casino, turns
from engine.galactica.buildings import BOX, COST, in_play
from engine.galactica.fleets import capacity, fleets_of, units_owned
from engine.galactica.galaxy import grid, tile_kind
from engine.galactica.market import market_cards
from engine.galactica.models import BUILDINGS, SHIP_TYPES, GalacticaState, Goods, Side
from engine.galactica.movement import may_fly
from engine.galactica.planets import active, card, planet_at, planets_of
from engine.galactica.production import COST as UNIT_COST
from engine.galactica.production import FACTORY
from engine.galactica.trade import has


def lines(side: Side, lineup: int) -> list[dict[str, int]]:
    ships = [t for t in SHIP_TYPES if side.units.get(t, 0)]
    n = min(lineup, sum(side.units.get(t, 0) for t in ships))
    out = []
    for combo in combinations_with_replacement(ships, n):
        pick = {t: combo.count(t) for t in ships if combo.count(t)}
        if all(side.units[t] >= c for t, c in pick.items()):
            out.append(pick)
    return out


def legal_actions(state: GalacticaState, actor: str) -> list[BaseModel]:
    if state.status != "active" or actor not in state.factions or state.factions[actor].out:
        return []
    if state.phase == "order":
        return [a.ChooseDirection(direction=d) for d in ("clockwise", "counterclockwise")] \
            if actor == state.starter else []
    out: list[BaseModel] = [a.TradeAnswer(offer=o.id, accept=False) for o in state.offers if o.to == actor]
    out += [a.TradeAnswer(offer=o.id, accept=True) for o in state.offers if o.to == actor
            and has(state.factions[o.frm], o.give) and has(state.factions[o.to], o.want)]
    if state.battle is not None:
        side = next((s for s in (state.battle.attacker, state.battle.defender) if s.player == actor and s.must_pick),
                    None)
        if side is not None:
            out += [a.PickLine(ships=pick) for pick in lines(side, state.settings.lineup)]  # type: ignore[arg-type]
        return out
    if actor != turns.current(state):
        return out
    pending = state.pending
    if pending is not None:
        fleet = next((f for f in state.fleets if f.id == pending.fleet), None)
        if fleet is None:
            return out
        if pending.kind == "land":
            return out + [a.Land(tanks=n) for n in sorted({0, 1, fleet.tanks})]
        from engine.galactica.asteroids import choices

        unique = choices(fleet, pending.count, state.settings.asteroids_spare_last_fighter)[:8]
        return out + [a.LoseShips(ships=p) for p in unique]  # type: ignore[arg-type]
    if state.phase == "production":
        out += _production(state, actor)
    elif state.phase == "movement":
        out += _movement(state, actor)
    else:
        out += _building(state, actor)
    if state.phase in ("movement", "building"):
        out += _market(state, actor)
    out += _casino(state, actor)
    if state.phase != "building" or casino.owes_play(state, actor) is None:
        out.append(a.EndPhase())
    return out


def _production(state: GalacticaState, actor: str) -> list[BaseModel]:
    faction = state.factions[actor]
    out: list[BaseModel] = []
    for key in planets_of(state, actor):
        planet = state.planets[key]
        if not active(state, planet):
            continue
        for unit, (ndri, fuel, metal) in UNIT_COST.items():
            made = card(key).productivity
            if FACTORY[unit] in planet.buildings and faction.ndri >= ndri and faction.fuel >= fuel \
                    and faction.metal >= metal and units_owned(state, actor, unit) + made <= _limit(state, unit):
                if unit != "tank" and any(f.owner != actor for f in state.fleets if f.cell == planet.cell):
                    continue
                out.append(a.Produce(planet=card(key).name, unit=unit, count=1))  # type: ignore[arg-type]
    return out + _loads(state, actor)


def _limit(state: GalacticaState, unit: str) -> int:
    from engine.galactica.fleets import limit

    return limit(state, unit)


def _loads(state: GalacticaState, actor: str) -> list[BaseModel]:
    out: list[BaseModel] = []
    for fleet in fleets_of(state, actor):
        key = planet_at(state, fleet.cell)
        if key is None or state.planets[key].owner != actor:
            continue
        room = capacity(fleet.ships) - fleet.tanks
        if room and state.planets[key].tanks:
            out.append(a.Load(fleet=fleet.cell, tanks=min(room, state.planets[key].tanks)))
        if fleet.tanks:
            out.append(a.Load(fleet=fleet.cell, tanks=-fleet.tanks))
    return out


def _movement(state: GalacticaState, actor: str) -> list[BaseModel]:
    out: list[BaseModel] = []
    g = grid()
    for fleet in fleets_of(state, actor):
        key = planet_at(state, fleet.cell)
        if key is not None and state.planets[key].owner is None and fleet.ships.get("colony"):
            out.append(a.Colonize(fleet=fleet.cell))
        if fleet.moved or not may_fly(state, actor, fleet.ships):
            continue
        for step in g.neighbours(fleet.cell):
            out.append(a.Move(fleet=fleet.cell, path=[step]))
            if set(fleet.ships) == {"fighter"} and state.settings.fighter_fleet_speed >= 2:
                far = [c for c in g.neighbours(step) if c != fleet.cell]
                if far:
                    out.append(a.Move(fleet=fleet.cell, path=[step, far[len(far) // 2]]))
        if fleet.ships.get("fighter") and (len(fleet.ships) > 1 or fleet.ships["fighter"] > 1):
            step = g.neighbours(fleet.cell)[0]
            out.append(a.Move(fleet=fleet.cell, path=[step], ships={"fighter": 1}, tanks=0))
    return out + _loads(state, actor)


def _building(state: GalacticaState, actor: str) -> list[BaseModel]:
    faction = state.factions[actor]
    out: list[BaseModel] = []
    for key in planets_of(state, actor):
        planet = state.planets[key]
        if not active(state, planet) or None not in planet.buildings:
            continue
        if planet.built_round == state.round and planet.built_count >= state.settings.buildings_per_planet_turn:
            continue
        slot = planet.buildings.index(None) + 1
        for b in BUILDINGS:
            ndri, stone = COST[b]
            if faction.ndri >= ndri and faction.stone >= stone and in_play(state, b) < BOX[b]:
                out.append(a.Build(planet=card(key).name, slot=slot, building=b))  # type: ignore[arg-type]
    for other in state.order:
        if other != actor and not state.factions[other].out and faction.ndri >= 1000:
            out.append(a.TradeOffer(to=state.name_of(other), give=Goods(ndri=1000), want=Goods(stone=1)))
    return out


def _casino(state: GalacticaState, actor: str) -> list[BaseModel]:
    faction = state.factions[actor]
    out: list[BaseModel] = []
    for cell, table in state.casino.items():
        stake = table.get(actor)
        if stake is not None and stake.status == "tied" and any(f.cell == cell for f in fleets_of(state, actor)):
            out.append(a.CasinoLeave(fleet=cell))
            if faction.ndri >= stake.pot:
                out.append(a.CasinoBet(fleet=cell, amount=stake.pot))
    owed = casino.owes_play(state, actor)
    if owed is not None and actor not in state.casino.get(owed, {}):
        out.append(a.CasinoBet(fleet=owed, amount=state.settings.casino_min_bet))
        if faction.ndri >= 2 * state.settings.casino_min_bet:
            out.append(a.CasinoBet(fleet=owed, amount=2 * state.settings.casino_min_bet))
    return out


def _market(state: GalacticaState, actor: str) -> list[BaseModel]:
    out: list[BaseModel] = []
    faction = state.factions[actor]
    offer = state.market_offer
    if offer is not None and offer.player == actor:
        c = market_cards()[offer.card]
        out.append(a.MarketDecide(buy=False))
        fleet = next((f for f in fleets_of(state, actor) if f.cell == offer.cell), None)
        room = fleet is not None and (c.unit != "tank" or capacity(fleet.ships) - fleet.tanks >= c.quantity)
        if faction.ndri >= c.price and room and units_owned(state, actor, c.unit) + c.quantity <= _limit(state, c.unit):
            out.append(a.MarketDecide(buy=True))
    for fleet in fleets_of(state, actor):
        if tile_kind(state.board.get(fleet.cell, "")) != "market":
            continue
        if offer is None and state.market_draws < state.settings.market_draws_per_turn:
            out.append(a.MarketDraw(fleet=fleet.cell))
        if faction.ndri >= state.settings.raw_buy_price:
            out.append(a.MarketRaw(fleet=fleet.cell, resource="stone", amount=1))
        for r in ("fuel", "metal", "stone"):
            if getattr(faction, r):
                out.append(a.MarketRaw(fleet=fleet.cell, resource=r, amount=-1))
        break
    return out

