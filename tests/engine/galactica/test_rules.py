"""Turn rules: movement, exploration, colonisation, production, buildings, market, trade, timeouts."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.core import RuleError
from engine.galactica import GAME
from engine.galactica.fleets import fleet_at
from tests.engine.galactica.helpers import T0, at, check, cur, give_planet, new_game, place, started


def _code(exc: pytest.ExceptionInfo[RuleError]) -> str:
    return exc.value.code


def test_order_roll_and_direction() -> None:
    state = new_game(3)
    assert state.phase == "order" and GAME.awaiting(state) == {state.starter}
    low = min(state.order_rolls.values())
    assert state.order_rolls[state.starter or ""] == low
    starter = state.starter or ""
    GAME.apply(state, starter, {"type": "choose_direction", "direction": "counterclockwise"}, at(1))
    seats = state.player_ids()
    i = seats.index(starter)
    assert state.order == [starter, seats[(i - 1) % 3], seats[(i - 2) % 3]]
    assert state.phase == "production"


def test_movement_speeds_and_exploration() -> None:
    state = started(2)
    me = cur(state)
    corner = state.corners[me]
    GAME.apply(state, me, {"type": "end_phase"}, at(1))
    fleet = fleet_at(state, me, corner)
    assert fleet is not None and fleet.ships == {"fighter": 3, "colony": 1}
    from engine.galactica.galaxy import grid

    step = grid().neighbours(corner)[0]
    far = next(c for c in grid().neighbours(step) if c != corner and grid().distance(c, corner) == 2)
    with pytest.raises(RuleError) as err:  # a colony ship slows the fleet to 1
        GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [step, far]}, at(2))
    assert _code(err) == "galactica.too_far"
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [step], "ships": {"colony": 1}}, at(2))
    assert _code(err) == "galactica.needs_fighter"
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "move", "fleet": corner, "path": ["Z9"]}, at(2))
    assert _code(err) == "galactica.bad_cell"
    tiles = len(state.tile_pile)
    # two fighters split off and fly two cells: one tile turned up per unexplored step
    GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [step, far], "ships": {"fighter": 2}}, at(2))
    assert len(state.tile_pile) <= tiles - 1
    assert step in state.board
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "move", "fleet": far, "path": [step]}, at(3))
    assert _code(err) in ("galactica.already_moved", "galactica.no_fleet")
    check(state)


def test_merging_into_a_fleet_stops_it() -> None:
    state = started(2)
    me = cur(state)
    corner = state.corners[me]
    from engine.galactica.galaxy import grid

    step = grid().neighbours(corner)[0]
    place(state, step, "space-03")
    state.phase = "movement"
    GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [step], "ships": {"fighter": 1}}, at(1))
    fleet = fleet_at(state, me, corner)
    assert fleet is not None and not fleet.moved
    GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [step]}, at(2))
    merged = fleet_at(state, me, step)
    assert merged is not None and merged.moved and merged.ships == {"fighter": 3, "colony": 1}
    check(state)


def test_colonize_production_and_buildings() -> None:
    state = started(2)
    me = cur(state)
    corner = state.corners[me]
    from engine.galactica.galaxy import grid

    step = grid().neighbours(corner)[0]
    place(state, step, "planet-vulcania")  # fire: fuel 3, metal 1, stone 2, productivity 2, economy 1
    state.phase = "movement"
    GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [step]}, at(1))
    events = GAME.apply(state, me, {"type": "colonize", "fleet": step}, at(2))
    assert any(e.key == "galactica.colonized" for e in events)
    assert state.planets["vulcania"].owner == me and "vulcania" not in state.planet_pile
    assert fleet_at(state, me, step).ships == {"fighter": 3}  # type: ignore[union-attr]
    GAME.apply(state, me, {"type": "end_phase"}, at(3))
    with pytest.raises(RuleError) as err:  # a new colony works from the next turn
        GAME.apply(state, me, {"type": "build", "planet": "vulcania", "slot": 1, "building": "shipyard"}, at(4))
    assert _code(err) == "galactica.planet_not_active"
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "build", "planet": "Atlantide", "slot": 1, "building": "shipyard"}, at(4))
    assert _code(err) == "galactica.unknown_planet"
    for n in range(4):  # round over: the other faction's turn passes
        GAME.apply(state, cur(state), {"type": "end_phase"}, at(5 + n))
    assert cur(state) == me and state.round == 2
    f = state.factions[me]
    assert (f.fuel, f.metal, f.stone, f.ndri) == (3, 1, 2, 55_000)
    f.stone = 20
    GAME.apply(state, me, {"type": "end_phase"}, at(10))
    GAME.apply(state, me, {"type": "end_phase"}, at(11))
    GAME.apply(state, me, {"type": "build", "planet": "VULCANIA", "slot": 1, "building": "shipyard"}, at(12))
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "build", "planet": "vulcania", "slot": 2, "building": "treasury"}, at(13))
    assert _code(err) == "galactica.built_this_turn"
    f = state.factions[me]
    assert f.ndri == 25_000 and f.stone == 15
    check(state)


def test_productivity_multiplies_and_treasury_pays() -> None:
    state = started(2)
    me = cur(state)
    give_planet(state, me, "F4", "vulcania", "shipyard", "treasury", "treasury")
    f = state.factions[me]
    f.fuel, f.metal = 10, 10
    GAME.apply(state, me, {"type": "produce", "planet": "Vulcania", "unit": "torpedo", "count": 1}, at(1))
    assert fleet_at(state, me, "F4").ships == {"torpedo": 2}  # type: ignore[union-attr]
    f = state.factions[me]
    assert (f.fuel, f.metal) == (7, 7) and f.ndri == 30_000
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "produce", "planet": "Vulcania", "unit": "tank", "count": 1}, at(2))
    assert _code(err) == "galactica.no_factory"
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "produce", "planet": "Vulcania", "unit": "torpedo", "count": 1,
                               "extra": 1}, at(2))
    assert _code(err) == "core.bad_action"
    from engine.galactica.production import income

    assert income(state, "vulcania")["ndri"] == 5_000 * 1 * 3  # two treasuries: base income twice more


def test_market() -> None:
    state = started(2)
    me = cur(state)
    corner = state.corners[me]
    from engine.galactica.galaxy import grid

    step = grid().neighbours(corner)[0]
    place(state, step, "market-1")
    state.phase = "movement"
    GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [step]}, at(1))
    top = state.market_pile[0]
    GAME.apply(state, me, {"type": "market_draw", "fleet": step}, at(2))
    assert state.market_offer is not None and state.market_offer.card == top
    with pytest.raises(RuleError):
        GAME.apply(state, me, {"type": "market_draw", "fleet": step}, at(3))
    GAME.apply(state, me, {"type": "market_decide", "buy": False}, at(3))
    assert state.market_pile[-1] == top and state.market_offer is None  # to the bottom either way
    GAME.apply(state, me, {"type": "market_raw", "fleet": step, "resource": "stone", "amount": 2}, at(4))
    f = state.factions[me]
    assert f.stone == 2 and f.ndri == 50_000 - 6_000
    GAME.apply(state, me, {"type": "market_raw", "fleet": step, "resource": "stone", "amount": -2}, at(5))
    f = state.factions[me]
    assert f.stone == 0 and f.ndri == 50_000 - 4_000
    check(state)


def test_trade_offer_accept_refuse() -> None:
    state = started(2)
    me = cur(state)
    other = next(p for p in state.order if p != me)
    state.phase = "building"
    state.factions[other].stone = 3
    events = GAME.apply(state, me, {"type": "trade_offer", "to": state.name_of(other),
                                    "give": {"ndri": 4_000}, "want": {"stone": 2}}, at(1))
    told = {e.key: e for e in events}
    secret = told["galactica.trade_offered"]  # the terms: to the two factions alone
    assert secret.to == [me, other] and secret.notify == "action" and secret.params["give"]
    assert all(e.to for e in events)  # the channel hears nothing of it: bystanders' views do not show it
    assert not GAME.log_visible({"type": "trade_offer", "to": "x"}, me, other + "x")  # /game log keeps it
    offer = state.offers[0].id
    with pytest.raises(RuleError):
        GAME.apply(state, me, {"type": "trade_answer", "offer": offer, "accept": True}, at(2))
    GAME.apply(state, other, {"type": "trade_answer", "offer": offer, "accept": True}, at(2))
    assert state.factions[me].stone == 2 and state.factions[other].ndri == 54_000
    GAME.apply(state, me, {"type": "trade_offer", "to": "p2" if other == "1002" else "p1",
                           "give": {"ndri": 1}, "want": {}}, at(3))
    GAME.apply(state, other, {"type": "trade_answer", "offer": state.offers[0].id, "accept": False}, at(4))
    assert state.offers == []


def test_timeouts_collect_only_and_call_moderators_after_three() -> None:
    state = started(2, turn_hours=1)
    slow = cur(state)
    calls = []
    now = T0
    for _ in range(6):
        now += timedelta(hours=1)
        calls += [e for e in GAME.advance(state, now) if e.notify == "moderators"]
    assert calls and calls[0].params["count"] == 3
    assert state.factions[slow].missed == 3
    GAME.apply(state, cur(state), {"type": "end_phase"}, now)
    assert state.factions[cur(state)].missed == 0 or cur(state) == slow


def test_elimination_and_last_faction_wins() -> None:
    state = started(2)
    me = cur(state)
    other = next(p for p in state.order if p != me)
    state.fleets = [f for f in state.fleets if f.owner != other]
    events = GAME.apply(state, me, {"type": "end_phase"}, at(1))
    assert state.status == "finished" and state.winners == [me] and state.end_reason == "last_standing"
    assert any(e.key == "galactica.eliminated" for e in events)


def test_round_limit_most_planets_then_ndri() -> None:
    state = started(2, max_rounds=1)
    me = cur(state)
    give_planet(state, me, "F4", "vulcania")
    for n in range(6):
        if state.status != "active":
            break
        GAME.apply(state, cur(state), {"type": "end_phase"}, at(n + 1))
    assert state.status == "finished" and state.winners == [me] and state.end_reason == "round_limit"


def test_deadline_is_read_from_the_timer() -> None:
    state = started(2)
    before = GAME.view(state, None).deadline
    assert before == state.deadline("turn") == GAME.turn_deadline(state)
    GAME.apply(state, "mod", {"type": "mod_extend", "minutes": 90}, at(1), moderator=True)
    assert GAME.view(state, None).deadline == before + timedelta(minutes=90)  # type: ignore[operator]


def test_a_kicked_faction_leaves_the_galaxy() -> None:
    state = started(3)
    me = cur(state)
    GAME.apply(state, "mod", {"type": "mod_kick", "player": me}, at(1), moderator=True)
    assert state.factions[me].out and not [f for f in state.fleets if f.owner == me]
    assert cur(state) != me and state.status == "active"
    check(state)
