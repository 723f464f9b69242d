"""Impero's standing orders at the turn end: a CEO's leftover company OP spent on nodes, announced
as done by standing orders; without orders nothing is done for anyone."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from engine.impero import GAME
from engine.impero.board import TIERS
from engine.impero.orders import ImperoOrders, best_move
from tests.engine.impero.helpers import Play
from tests.engine.impero.test_rules import A, B, alfa, founded


def turn_end(p: Play) -> list[Any]:
    ends = GAME.turn_ends(p.state)
    assert ends is not None
    before = len(p.events)
    p.at(ends)
    return p.events[before:]


def test_develop_spends_the_leftover_company_op_at_the_turn_end_and_says_so() -> None:
    p = founded()
    p.act(A, {"type": "core_orders", "orders": {"develop": True, "reserve": 1500}})
    company = alfa(p)
    op, capital, nodes = company.op, company.capital, list(company.nodes)
    assert op > 0
    events = turn_end(p)
    done = [e for e in events if e.key.startswith("impero.orders.")]
    assert done and all(e.to is None and e.params["player"] == "Alice" for e in done)
    keys = [e.key for e in events]
    assert max(keys.index(e.key) for e in done) < keys.index("impero.turn_report"), "moves come before income"
    spent = sum(e.params.get("cost", e.params.get("price", 0)) for e in done)
    assert spent <= capital - 1500 and len(done) <= op
    company = alfa(p)
    assert set(nodes) <= set(company.nodes)
    for e in done:
        if e.key == "impero.orders.node_upgraded":
            assert p.state.yield_cents(e.params["node"]) >= e.params["new"]
        else:
            assert e.params["node"] in company.nodes


def test_without_orders_the_turn_end_does_nothing_for_the_player() -> None:
    p = founded()
    nodes, yields = list(alfa(p).nodes), dict(p.state.yields)
    events = turn_end(p)
    assert not [e for e in events if e.key.startswith("impero.orders.")]
    assert alfa(p).nodes == nodes and p.state.yields == yields


def test_only_the_ceo_orders_count_and_the_reserve_is_kept() -> None:
    p = founded()
    p.act(B, {"type": "core_orders", "orders": {"develop": True}})  # B runs no company
    p.act(A, {"type": "core_orders", "orders": {"develop": True, "reserve": 2000}})  # all capital reserved
    events = turn_end(p)
    assert not [e for e in events if e.key.startswith("impero.orders.")]


def test_an_away_players_orders_act_and_survive_the_turn() -> None:
    p = founded()
    p.act(A, {"type": "core_orders", "orders": {"develop": True}, "keep_on_return": False})
    p.act(A, {"type": "core_away", "until": (p.now + timedelta(days=3)).isoformat()})
    first = turn_end(p)
    assert [e for e in first if e.key.startswith("impero.orders.")]
    assert GAME.orders_of(p.state, A) == ImperoOrders(develop=True)


def test_a_removed_ceos_orders_still_run_the_company() -> None:
    p = founded()
    p.act(A, {"type": "core_orders", "orders": {"develop": True}})
    seat = p.state.player(A)
    assert seat is not None
    seat.left = True
    assert [e for e in turn_end(p) if e.key.startswith("impero.orders.")]


def test_the_best_move_earns_most_per_dollar() -> None:
    p = founded()
    company = alfa(p)
    move = best_move(p.state, company, company.capital)
    assert move is not None and move.type == "upgrade_node"  # 1 -> 3 for 1$ beats any purchase
    assert best_move(p.state, company, 0) is None
    node = company.nodes[0]
    p.state.yields[node] = TIERS[-1]
    move = best_move(p.state, company, company.capital)
    assert move is not None and move.type == "buy_node"


def test_orders_say_what_they_do_in_words() -> None:
    p = founded()
    orders = ImperoOrders(bids={"alfa": 700}, develop=True, reserve=300)
    said = GAME.describe_orders(p.state, B, orders)
    assert [m["key"] for m in said] == ["impero.orders.says.bid", "impero.orders.says.bids_now",
                                        "impero.orders.says.develop"]
    assert said[0]["params"] == {"company": "Alfa", "limit": 700}
