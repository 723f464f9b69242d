"""SPQRisiko's standing orders steer the autopilot of a lapsed or absent seat: posture, placement, cards."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.core import RuleError
from engine.spqrisiko import GAME
from engine.spqrisiko.board import board
from engine.spqrisiko.odds import odds
from engine.spqrisiko.postures import threat
from tests.engine.spqrisiko.helpers import at, cur, give, own_all, random_game


def set_orders(state, player, orders, keep=True):
    return GAME.apply(state, player, {"type": "core_orders", "orders": orders, "keep_on_return": keep}, at(1))


def lapse(state):
    """Let the current seat's deadline pass."""
    return GAME.advance(state, at(1) + timedelta(hours=state.settings.turn_hours, minutes=1))


def duel(state, me, rival):
    """Three of my provinces in a row against a rival: Roma (front), Etruria, Campania."""
    own_all(state, rival, 3)
    give(state, me, {"roma": 2, "etruria": 8, "campania": 1})
    assert state.turn is not None
    state.turn.reinforcements = 4
    state.turn.player = me


def keys(events):
    return [e.key for e in events]


def test_orders_are_checked_and_told_only_to_their_owner() -> None:
    state = random_game()
    me = cur(state)
    with pytest.raises(RuleError) as err:
        set_orders(state, me, {"regions": ["Atlantide"]})
    assert err.value.code == "spqrisiko.orders.unknown_region" and err.value.params["name"] == "Atlantide"
    with pytest.raises(RuleError):
        set_orders(state, me, {"posture": "flee"})
    with pytest.raises(RuleError):
        set_orders(state, me, {"attack_odds": 0})
    events = set_orders(state, me, {"posture": "attack", "attack_odds": 55, "regions": ["Roma", "roma"]})
    assert all(e.to == [me] for e in events)
    orders = GAME.orders_of(state, me)
    assert orders.regions == ["roma"] and orders.attack_odds == 55  # names become the board's ids, once
    described = [m["key"] for m in GAME.describe_orders(state, me, orders)]
    assert described == ["spqrisiko.orders.posture.attack", "spqrisiko.orders.regions",
                         "spqrisiko.orders.placement.borders", "spqrisiko.orders.cards.hold"]


def test_without_orders_a_lapsed_turn_plays_as_before() -> None:
    state = random_game()
    me = cur(state)
    events = lapse(state)
    assert "spqrisiko.autopilot_turn" in keys(events)
    assert not any(k.startswith("spqrisiko.orders") for k in keys(events))
    assert cur(state) != me


def test_present_player_is_not_played_by_orders() -> None:
    state = random_game()
    me = cur(state)
    set_orders(state, me, {"posture": "attack", "attack_odds": 1})
    assert GAME.orders_due(state, me, at(2), lapsed=False) is None
    assert cur(state) == me and state.turn is not None and state.turn.reinforcements > 0


def test_hold_places_on_the_listed_region_and_announces_it() -> None:
    state = random_game()
    me = cur(state)
    rival = state.order[1]
    duel(state, me, rival)
    set_orders(state, me, {"posture": "hold", "regions": ["Campania"]})
    events = lapse(state)
    placed = next(e for e in events if e.key == "spqrisiko.orders_placed")
    assert placed.to is None and placed.params["player"] == state.name_of(me)
    assert placed.params["where"] == [f"{board().name('campania')} +4"]
    assert state.legions["campania"] == 5 and state.legions["roma"] == 2
    said = next(e for e in events if e.key == "spqrisiko.orders_no_attack")
    assert said.params["posture"] == "hold" and said.to is None
    assert "spqrisiko.autopilot_turn" not in keys(events) and cur(state) != me


def test_weakest_placement_levels_the_borders() -> None:
    state = random_game()
    me = cur(state)
    duel(state, me, state.order[1])
    state.legions.update({"roma": 1, "etruria": 3, "campania": 1})
    set_orders(state, me, {"placement": "weakest"})
    lapse(state)
    borders = [p for p in ("roma", "etruria", "campania") if GAME.borders_enemy(state, p)]
    counts = sorted(state.legions[p] for p in borders)
    assert counts[-1] - counts[0] <= 1 and sum(counts) == 1 + 3 + 1 + 4


def test_defend_reinforces_the_most_threatened_border_and_brings_up_the_rear() -> None:
    state = random_game()
    me, rival = cur(state), state.order[1]
    own_all(state, me, 1)
    b = board()
    big = b.provinces["roma"].land[0]
    give(state, rival, {big: 12})
    for n in b.provinces[big].land:
        state.legions[n] = 4 if n != "roma" else 1
    rear = next(p for p in b.provinces["roma"].land if p != big and big not in b.provinces[p].land)
    state.legions[rear] = 6
    assert state.turn is not None
    state.turn.reinforcements = 3
    assert threat(state, "roma") == 10
    set_orders(state, me, {"posture": "defend"})
    events = lapse(state)
    assert "spqrisiko.orders_attack" not in keys(events)
    placed = next(e for e in events if e.key == "spqrisiko.orders_placed")
    assert placed.params["where"] == [f"{b.name('roma')} +3"]
    moved = next(e for e in events if e.key == "spqrisiko.orders_fortify")
    assert moved.params["from"] == b.name(rear) and moved.params["count"] == 5 and moved.to is None
    assert state.legions[rear] == 1


def test_attack_blitzes_only_with_odds_at_least_the_threshold() -> None:
    state = random_game()
    me, rival = cur(state), state.order[1]
    duel(state, me, rival)
    state.legions["etruria"] = 30
    target = next(n for n in board().provinces["etruria"].land if state.owner[n] == rival)
    win = odds(30, state.legions[target]).win
    assert win > 0.9
    set_orders(state, me, {"posture": "attack", "attack_odds": 90, "regions": ["Campania"]})
    events = lapse(state)
    attacks = [e for e in events if e.key == "spqrisiko.orders_attack"]
    assert attacks and attacks[0].params["odds"] >= 90 and attacks[0].to is None
    assert "spqrisiko.attack" in keys(events)
    state2 = random_game()
    me2, rival2 = cur(state2), state2.order[1]
    duel(state2, me2, rival2)
    set_orders(state2, me2, {"posture": "attack", "attack_odds": 99})
    quiet = lapse(state2)  # 8 or fewer against 3: never 99%
    assert "spqrisiko.orders_attack" not in keys(quiet) and "spqrisiko.attack" not in keys(quiet)
    assert next(e for e in quiet if e.key == "spqrisiko.orders_no_attack").params["posture"] == "attack"


def test_trade_plays_the_best_set_as_soon_as_possible() -> None:
    state = random_game()
    me = cur(state)
    hand = [c for c in state.deck.draw_pile if c.startswith("legionario:")][:3]
    state.deck.draw_pile = [c for c in state.deck.draw_pile if c not in hand]
    state.hands[me] = hand
    set_orders(state, me, {"cards": "trade"})
    events = lapse(state)
    assert "spqrisiko.orders_cards" in keys(events) and "spqrisiko.cards_played" in keys(events)
    assert state.hands[me] == []
    placed = next(e for e in events if e.key == "spqrisiko.orders_placed")
    assert placed.params["placed"] >= 8


def test_held_cards_stay_in_hand() -> None:
    state = random_game()
    me = cur(state)
    hand = [c for c in state.deck.draw_pile if c.startswith("nave:")][:3]
    state.deck.draw_pile = [c for c in state.deck.draw_pile if c not in hand]
    state.hands[me] = hand
    set_orders(state, me, {"cards": "hold", "posture": "defend"})
    events = lapse(state)
    assert "spqrisiko.cards_played" not in keys(events) and state.hands[me] == hand


def test_an_away_player_s_turns_follow_their_orders() -> None:
    state = random_game()
    me, other = state.order[0], state.order[1]
    set_orders(state, other, {"posture": "hold", "placement": "weakest"})
    GAME.apply(state, other, {"type": "core_away", "until": at(1) + timedelta(days=3)}, at(1))
    assert state.turn is not None and cur(state) == me
    GAME.apply(state, me, {"type": "reinforce", "province": GAME.provinces_of(state, me)[0],
                           "count": state.turn.reinforcements}, at(2))
    events = GAME.apply(state, me, {"type": "end_turn"}, at(3))
    ordered = [e for e in events if e.key == "spqrisiko.orders_placed"]
    assert ordered and ordered[0].params["player"] == state.name_of(other)
    assert "spqrisiko.autopilot_turn" not in keys(events)
    assert cur(state) != other  # played through at once


def test_orders_invisible_to_the_others() -> None:
    state = random_game()
    me, *others = state.order
    before = {v: GAME.view(state, v).model_dump(mode="json") for v in [None, *others]}
    set_orders(state, me, {"posture": "attack", "cards": "trade"})
    for v in [None, *others]:
        assert GAME.view(state, v).model_dump(mode="json") == before[v]
    assert GAME.orders_for(state, others[0]) is None and GAME.orders_for(state, me) is not None
