"""Imperium Galactica's standing orders give a lapsed or absent seat an autopilot: economy, defend, full."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.core import RuleError
from engine.galactica import GAME
from engine.galactica.fleets import fleets_of, new_fleet
from engine.galactica.galaxy import grid
from tests.engine.galactica.helpers import at, check, cur, give_planet, started


def set_orders(state, player, posture, keep=True):
    return GAME.apply(state, player, {"type": "core_orders", "orders": {"posture": posture},
                                      "keep_on_return": keep}, at(1))


def lapse(state):
    return GAME.advance(state, at(2) + timedelta(hours=state.settings.turn_hours))


def keys(events):
    return [e.key for e in events]


def economy_seat(state):
    """The seat on turn holds Vulcania (shipyard) at F4 with stuff to build ships."""
    me = cur(state)
    give_planet(state, me, "F4", "vulcania", "shipyard")
    f = state.factions[me]
    f.fuel, f.metal = 10, 10
    return me


def test_orders_are_checked_and_private() -> None:
    state = started(2)
    me, other = state.order
    with pytest.raises(RuleError) as err:
        set_orders(state, me, "conquer")
    assert err.value.code == "core.bad_orders"
    before = GAME.view(state, other).model_dump(mode="json")
    events = set_orders(state, me, "full")
    assert all(e.to == [me] for e in events)
    assert GAME.view(state, other).model_dump(mode="json") == before
    assert [m["key"] for m in GAME.describe_orders(state, me, GAME.orders_of(state, me))] == \
        ["galactica.orders.posture.full"]


def test_without_orders_a_lapsed_seat_only_collects() -> None:
    state = started(2)
    me = economy_seat(state)
    fleets = [(f.cell, dict(f.ships)) for f in state.fleets]
    events = lapse(state)
    assert "galactica.timed_out" in keys(events)
    assert not any(k.startswith("galactica.orders") for k in keys(events))
    assert [(f.cell, dict(f.ships)) for f in state.fleets] == fleets and cur(state) != me


def test_present_player_decides_for_themselves() -> None:
    state = started(2)
    me = economy_seat(state)
    set_orders(state, me, "full")
    assert GAME.orders_due(state, me, at(2), lapsed=False) is None
    assert cur(state) == me and state.phase == "production"


def test_economy_produces_and_builds_but_moves_no_fleet() -> None:
    state = started(2)
    me = economy_seat(state)
    cells = {f.id: f.cell for f in fleets_of(state, me)}
    set_orders(state, me, "economy")
    events = lapse(state)
    opening = next(e for e in events if e.key == "galactica.orders_turn")
    assert opening.to is None and opening.params["player"] == state.name_of(me)
    acted = [e for e in events if e.key == "galactica.orders_acted"]
    assert acted and all(e.to is None and e.params["player"] == state.name_of(me) for e in acted)
    whats = [e.params["what"] for e in acted]
    assert "produce" in whats and "move" not in whats
    assert {f.id: f.cell for f in fleets_of(state, me) if f.id in cells} == cells  # no fleet moved
    assert any(f.cell == "F4" for f in fleets_of(state, me))  # ships made at Vulcania
    assert cur(state) != me and state.orders_turn is None
    assert state.factions[me].missed == 1  # the player was not there: the lapse still counts
    assert "galactica.orders_turn_done" in keys(events) and "galactica.timed_out" not in keys(events)
    check(state)


def test_defend_brings_a_far_fleet_home() -> None:
    state = started(2)
    me = economy_seat(state)
    corner = state.corners[me]
    far = next(c for c in grid().labels() if c in state.board and grid().distance(c, corner) >= 2
               and all(f.cell != c for f in state.fleets))
    fleet = new_fleet(state, me, far, {"fighter": 1})
    before = grid().distance(far, corner)
    set_orders(state, me, "defend")
    events = lapse(state)
    assert "move" in [e.params["what"] for e in events if e.key == "galactica.orders_acted"]
    moved = next(f for f in state.fleets if f.id == fleet.id)
    home = {state.planets["vulcania"].cell, corner}
    assert min(grid().distance(moved.cell, h) for h in home) < before


def test_full_plays_the_lab_autopilot() -> None:
    state = started(2)
    me = cur(state)
    set_orders(state, me, "full")
    start = sorted(f.cell for f in fleets_of(state, me))
    events = lapse(state)
    assert "move" in [e.params["what"] for e in events if e.key == "galactica.orders_acted"]
    assert sorted(f.cell for f in fleets_of(state, me)) != start or state.phase != "production"
    check(state)


def test_an_away_player_s_turn_is_played_at_once() -> None:
    state = started(2)
    me, other = state.order
    set_orders(state, other, "economy")
    GAME.apply(state, other, {"type": "core_away", "until": at(1) + timedelta(days=2)}, at(1))
    assert cur(state) == me  # not their turn yet
    for i in range(3):
        events = GAME.apply(state, me, {"type": "end_phase"}, at(2 + i))
    assert cur(state) == me  # the away seat's turn was played through
    opening = [e for e in events if e.key == "galactica.orders_away_turn"]  # nothing to build: phases end
    assert len(opening) == 1 and opening[0].to is None and opening[0].params["player"] == state.name_of(other)
    assert "galactica.turn_done" in keys(events) and "galactica.timed_out" not in keys(events)


def test_away_without_orders_waits_for_the_deadline_as_before() -> None:
    state = started(2)
    me, other = state.order
    GAME.apply(state, other, {"type": "core_away", "until": at(1) + timedelta(days=2)}, at(1))
    for i in range(3):
        events = GAME.apply(state, me, {"type": "end_phase"}, at(2 + i))
    assert cur(state) == other and not any(k.startswith("galactica.orders") for k in keys(events))


def test_declaring_an_absence_on_one_s_own_turn_plays_it() -> None:
    state = started(2)
    me = cur(state)
    set_orders(state, me, "economy")
    events = GAME.apply(state, me, {"type": "core_away", "until": at(1) + timedelta(days=2)}, at(1))
    assert "galactica.orders_away_turn" in keys(events) and cur(state) != me


def test_orders_left_while_away_on_one_s_own_turn_play_it_now() -> None:
    state = started(2)
    me = cur(state)
    GAME.apply(state, me, {"type": "core_away", "until": at(1) + timedelta(days=2)}, at(1))
    assert cur(state) == me  # no orders: the seat waits for its deadline
    events = set_orders(state, me, "economy")
    assert "galactica.orders_away_turn" in keys(events) and cur(state) != me


def test_orders_cancelled_in_a_paused_lapsed_turn_let_it_pass() -> None:
    state = started(2)
    me = cur(state)
    set_orders(state, me, "economy")
    state.orders_turn = me  # as a lapse leaves it while a battle waits on another player
    GAME.apply(state, me, {"type": "core_orders", "orders": None}, at(2))
    other = state.order[1]
    GAME.apply(state, other, {"type": "core_away", "until": at(3) + timedelta(days=1)}, at(3))
    assert cur(state) != me and state.orders_turn is None


def test_an_away_seat_played_by_its_orders_at_once_is_not_called() -> None:
    """Carol away with orders: her turn is played as it begins, so the channel does not mention her
    ("<@Carol>, tocca a te…") nor DM her "your turn" for it; the player after her is called."""
    state = started(2)
    me, other = state.order
    set_orders(state, other, "economy")
    GAME.apply(state, other, {"type": "core_away", "until": at(1) + timedelta(days=2)}, at(1))
    for i in range(3):
        events = GAME.apply(state, me, {"type": "end_phase"}, at(2 + i))
    assert "galactica.orders_away_turn" in keys(events)
    pings = [e.params["who"] for e in events if e.key == "core.turn_ping"]
    assert other not in pings and pings == [me], pings  # the turn comes back to me, and I am called
    assert not [e for e in events if e.key == "galactica.turn" and e.to == [other]]
