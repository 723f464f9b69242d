"""Standing orders, the core's half: kept per player, private to their owner, acting only for an
absent player, forgotten at the return when asked, dropped when a seat changes hands."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engine.core import Player, RuleError
from tests.fixtures.testgame import GAME

T0 = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
ALICE, BOB = "111", "222"


def fresh():
    state = GAME.setup(GAME.parse_settings({"target": 50}), [Player(id=ALICE, name="Alice"), Player(id=BOB, name="Bob")],
                       5, T0)
    return state


def orders(state, who, data, keep=True, at=T0):
    return GAME.apply(state, who, {"type": "core_orders", "orders": data, "keep_on_return": keep}, at)


def test_orders_are_told_to_their_owner_only() -> None:
    state = fresh()
    events = orders(state, BOB, {"add": 3})
    assert [e.key for e in events] == ["core.orders_set"] and events[0].to == [BOB]
    assert GAME.orders_of(state, BOB).add == 3
    assert GAME.orders_for(state, BOB)["orders"] == {"add": 3}
    assert GAME.orders_for(state, ALICE) is None and GAME.orders_for(state, None) is None
    entry = {"type": "core_orders", "orders": {"add": 3}}
    assert GAME.log_visible(entry, BOB, BOB)
    assert not GAME.log_visible(entry, BOB, ALICE) and not GAME.log_visible(entry, BOB, "999")
    # a finished game tells its secret moves, never its standing orders (docs/architecture.md)
    assert not GAME.log_visible(entry, BOB, ALICE, finished=True) and not GAME.log_visible(entry, BOB, "", True)


def test_bad_orders_change_nothing() -> None:
    state = fresh()
    before = state.model_dump(mode="json")
    with pytest.raises(RuleError) as err:
        orders(state, BOB, {"add": 7})
    assert err.value.code == "core.bad_orders" and err.value.params["field"] == "add"
    with pytest.raises(RuleError) as err:
        orders(state, BOB, {"steal": 1})
    assert err.value.code == "core.bad_orders"
    with pytest.raises(RuleError) as err:
        orders(state, BOB, None)
    assert err.value.code == "core.no_orders_set"
    assert state.model_dump(mode="json") == before


def test_orders_act_only_when_the_deadline_lapses() -> None:
    state = fresh()
    orders(state, ALICE, {"add": 3})
    assert GAME.orders_due(state, ALICE, T0, lapsed=False) is None  # present, on time: the player decides
    events = GAME.advance(state, T0 + timedelta(hours=25))  # Alice's turn times out
    assert state.total == 3
    said = [e for e in events if e.key == "corsa.orders_added"]
    assert said and said[0].to is None  # announced in the channel as orders
    # Bob has none: the game's own rule (+1)
    GAME.advance(state, T0 + timedelta(hours=49))
    assert state.total == 4


def test_an_away_player_is_spoken_for_and_orders_go_at_the_return_if_asked() -> None:
    state = fresh()
    orders(state, ALICE, {"add": 2}, keep=False)
    GAME.apply(state, ALICE, {"type": "core_away", "until": (T0 + timedelta(days=3)).isoformat()}, T0)
    assert GAME.orders_due(state, ALICE, T0 + timedelta(hours=1), lapsed=False) is not None
    events = GAME.apply(state, ALICE, {"type": "core_away", "until": None}, T0 + timedelta(hours=2))
    assert "core.orders_forgotten" in [e.key for e in events]
    assert ALICE not in state.orders


def test_orders_kept_at_the_return_stay() -> None:
    state = fresh()
    orders(state, ALICE, {"add": 2}, keep=True)
    GAME.apply(state, ALICE, {"type": "core_away", "until": (T0 + timedelta(days=3)).isoformat()}, T0)
    GAME.apply(state, ALICE, {"type": "core_away", "until": None}, T0 + timedelta(hours=2))
    assert GAME.orders_of(state, ALICE).add == 2


def test_a_move_after_the_absence_ended_is_a_return() -> None:
    state = fresh()
    orders(state, ALICE, {"add": 2}, keep=False)
    GAME.apply(state, ALICE, {"type": "core_away", "until": (T0 + timedelta(hours=1)).isoformat()}, T0)
    # still her turn (24 h deadline); she moves after her absence ended
    events = GAME.apply(state, ALICE, {"type": "add", "amount": 1}, T0 + timedelta(hours=2))
    assert "core.orders_forgotten" in [e.key for e in events] and ALICE not in state.orders


def test_a_replaced_seat_does_not_inherit_orders() -> None:
    state = fresh()
    orders(state, BOB, {"add": 3})
    GAME.apply(state, "mod", {"type": "mod_replace", "player": BOB, "new_id": "333", "new_name": "Carol"}, T0,
               moderator=True)
    assert state.orders == {}


def test_orders_round_trip_through_the_snapshot() -> None:
    state = fresh()
    orders(state, BOB, {"add": 2})
    again = GAME.load_state(GAME.dump_state_json(state))
    assert GAME.orders_of(again, BOB).add == 2
