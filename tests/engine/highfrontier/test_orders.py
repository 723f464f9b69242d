"""Standing orders in Module 5: a default board-meeting decision (dividend, reinvest, pass; per
company if wished) and a default answer to proxy fights (counter, yield), acting when the deadline
lapses or at once while the player is away, each announced; without orders the fallback stays."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from engine.core import RuleError
from engine.highfrontier import GAME
from engine.highfrontier.market import board
from tests.engine.highfrontier.helpers import Table, pid


def orders(t: Table, who: str, **given: Any) -> list[Any]:
    return GAME.apply(t.state, pid(who), {"type": "core_orders", "orders": given}, t.now)


def away(t: Table, who: str) -> list[Any]:
    until = (t.now + timedelta(days=5)).isoformat()
    return GAME.apply(t.state, pid(who), {"type": "core_away", "until": until}, t.now)


def keyed(events: list[Any], key: str) -> list[Any]:
    return [e for e in events if e.key == key]


def meeting(t: Table, row: int = 3) -> None:
    """Bianco presides triangle1 in `row`; Rosso's event roll opens the meeting and asks Bianco."""
    t.place("triangle1", row, 1, ["Bianco", "Verde"])
    t.do("Rosso", type="event_roll", roll=3)


def test_a_default_dividend_is_paid_at_the_deadline_and_announced() -> None:
    t = Table(3)
    orders(t, "Bianco", board="dividend", dots=1)
    meeting(t)
    assert t.state.meeting == ["triangle1"], "a player who is there decides: the orders wait for the deadline"
    aqua = t.aqua("Verde")
    t.wait(25)
    (told,) = keyed(t.events, "hf.orders_dividend")
    assert told.params["player"] == "Bianco" and told.params["company"] == "launch1" and told.params["dots"] == 1
    assert told.to is None, "announced in the channel"
    assert keyed(t.events, "hf.dividend") and not keyed(t.events, "hf.board_pass")
    assert t.aqua("Verde") > aqua and t.co("triangle1").row == 2 and t.state.meeting == []


def test_a_dividend_pays_at_most_what_the_row_allows() -> None:
    t = Table(3)
    orders(t, "Bianco", board="dividend")  # as many dots as the row pays
    meeting(t)
    most = board().dots(3)
    t.wait(25)
    (told,) = keyed(t.events, "hf.orders_dividend")
    assert told.params["dots"] == most and t.co("triangle1").row == 3 - most


def test_per_company_orders_override_and_reinvest() -> None:
    t = Table(3)
    orders(t, "Bianco", board="pass", companies={"triangle1": "reinvest"})
    meeting(t)
    t.wait(25)
    assert keyed(t.events, "hf.orders_reinvest") and keyed(t.events, "hf.reinvested")
    assert t.co("triangle1").row == 2  # 5D2: a row down, never into the red


def test_without_orders_the_decision_passes_as_before() -> None:
    t = Table(3)
    orders(t, "Bianco", proxy="counter")  # orders for proxy fights only: the board falls back
    meeting(t)
    t.wait(25)
    assert keyed(t.events, "hf.board_pass") and not [e for e in t.events if e.key.startswith("hf.orders_")]
    assert t.co("triangle1").row == 3


def test_an_away_president_is_answered_for_at_once() -> None:
    t = Table(3)
    orders(t, "Bianco", board="reinvest")
    away(t, "Bianco")
    meeting(t)
    assert t.state.meeting == [] and keyed(t.events, "hf.orders_reinvest"), "no 24 hours' wait"
    assert t.co("triangle1").row == 2


def test_going_away_while_asked_lets_the_orders_answer() -> None:
    t = Table(3)
    orders(t, "Bianco", board="pass")
    meeting(t)
    events = away(t, "Bianco")
    assert keyed(events, "hf.orders_pass") and t.state.meeting == []


def test_proxy_fight_countered_by_orders_at_the_deadline() -> None:
    t = Table(2)
    t.place("circle1", 2, 3, ["Bianco", "Bianco"])
    orders(t, "Bianco", proxy="counter")
    t.do("Rosso", type="proxy", company="circle1", target=pid("Bianco"), delegates=2)
    assert t.state.proxy is not None
    t.wait(25)
    (told,) = keyed(t.events, "hf.orders_counter")
    assert told.params == {"player": "Bianco", "attacker": "Rosso", "company": "finao1"}
    assert keyed(t.events, "hf.proxy_held") and t.co("circle1").holes.count(pid("Rosso")) == 0


def test_proxy_fight_yielded_by_orders_of_an_away_defender() -> None:
    t = Table(2)
    t.place("circle1", 2, 3, ["Bianco", "Bianco"])
    orders(t, "Bianco", proxy="yield")
    away(t, "Bianco")
    events = t.do("Rosso", type="proxy", company="circle1", target=pid("Bianco"), delegates=2)
    assert keyed(events, "hf.orders_yield") and keyed(events, "hf.proxy_won") and t.state.proxy is None
    assert t.co("circle1").holes.count(pid("Rosso")) == 1


@pytest.mark.parametrize(("given", "code"), [
    ({"companies": {"nowhere": "pass"}}, "hf.no_company"),
    ({"board": "pass", "modernize": True}, "hf.orders_modernize_alone"),
    ({"board": "reinvest", "dots": 2}, "hf.orders_dots_alone"),
    ({}, "hf.orders_empty"),
    ({"board": "sell"}, "core.bad_orders"),
    ({"proxy": True}, "core.bad_orders"),
    ({"board": "pass", "extra": 1}, "core.bad_orders"),
])
def test_bad_orders_are_refused_and_change_nothing(given: dict[str, Any], code: str) -> None:
    t = Table(2)
    with pytest.raises(RuleError) as err:
        orders(t, "Bianco", **given)
    assert err.value.code == code and pid("Bianco") not in t.state.orders


def test_orders_say_themselves_to_their_owner_only() -> None:
    t = Table(2)
    events = orders(t, "Bianco", board="dividend", dots=2, companies={"square1": "reinvest"}, modernize=True,
                    proxy="yield")
    assert all(e.to == [pid("Bianco")] for e in events)
    said = GAME.describe_orders(t.state, pid("Bianco"), GAME.orders_of(t.state, pid("Bianco")))
    assert [m["key"] for m in said] == ["hf.orders.board_dividend", "hf.orders.company", "hf.orders.dots",
                                        "hf.orders.modernize", "hf.orders.proxy_yield"]
    assert said[1]["params"] == {"company": "patents1", "choice": "reinvest"}


def test_orders_given_while_away_wait_for_the_next_move_or_the_deadline() -> None:
    t = Table(3)
    meeting(t)
    away(t, "Bianco")
    events = orders(t, "Bianco", board="pass")
    assert all(e.to == [pid("Bianco")] for e in events) and t.state.meeting == ["triangle1"]
    t.wait(25)
    assert keyed(t.events, "hf.orders_pass") and t.state.meeting == []
