"""Proxy bids: standing orders that bid at once, as far as needed, never above their limit, and end
an auction as an English auction would."""

from __future__ import annotations

from datetime import timedelta
from itertools import pairwise, permutations
from typing import Any

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.impero import GAME
from tests.engine.impero.helpers import Play
from tests.engine.impero.test_rules import A, B, C, alfa, founded, refused

D = "1004"


def orders(p: Play, pid: str, **given: Any) -> list[Any]:
    return p.act(pid, {"type": "core_orders", "orders": given})


def opened(n: int = 4, start: int = 100, **settings: Any) -> Play:
    p = founded(n=n, **settings)
    p.act(A, {"type": "recapitalize", "company": "Alfa", "start_price": start})
    return p


def lead(p: Play) -> tuple[str | None, int]:
    auction = p.state.auctions[0]
    return auction.best_bidder, auction.best_bid


def proxy_bids(events: list[Any]) -> list[Any]:
    return [e for e in events if e.key == "impero.orders.bid"]


def test_a_proxy_set_before_the_auction_opens_bids_the_start_price() -> None:
    p = founded()
    said = orders(p, B, bids={"alfa": 900})
    assert all(e.to == [B] for e in said) and not p.state.auctions
    events = p.act(A, {"type": "recapitalize", "company": "Alfa", "start_price": 300})
    assert lead(p) == (B, 300)
    [ev] = proxy_bids(events)
    assert ev.to is None and ev.params["amount"] == 300 and ev.params["player"] == "Bob"
    assert 900 not in ev.params.values(), "a limit is never said"
    assert p.state.op[B] == 7 and p.state.cash[B] == 4700  # a proxy bid pays like a bid


def test_a_manual_bid_is_answered_by_one_step_and_never_beyond_the_limit() -> None:
    p = opened()
    orders(p, B, bids={"Alfa": 700})
    events = p.act(C, {"type": "bid", "company": "Alfa", "amount": 400})
    assert lead(p) == (B, 500)
    assert [e.params["amount"] for e in proxy_bids(events)] == [500]
    assert any(e.key == "impero.dm.outbid" and e.to == [C] for e in events)
    events = p.act(C, {"type": "bid", "company": "Alfa", "amount": 700})  # equal to the limit: it stands
    assert lead(p) == (C, 700) and not proxy_bids(events)
    assert p.state.cash[B] == 5000, "outbid, the proxy's money came back"


def test_two_proxies_the_higher_limit_wins_one_step_above_the_other() -> None:
    p = opened()
    orders(p, B, bids={"alfa": 1200})
    orders(p, C, bids={"alfa": 700})
    assert lead(p) == (B, 800)
    p.act(D, {"type": "bid", "company": "Alfa", "amount": 900})  # a manual bid above the proxy's bid
    assert lead(p) == (B, 1000)
    p.wait(hours=13)
    assert alfa(p).shares[B] == 1 and not p.state.auctions
    assert p.state.orders == {}, "proxies serve one auction"
    assert any(e.key == "impero.dm.proxy_lost" and e.to == [C] for e in p.events)


def test_equal_limits_the_earlier_orders_win_at_the_limit() -> None:
    p = opened()
    orders(p, C, bids={"alfa": 800})
    p.wait(minutes=1)
    orders(p, B, bids={"alfa": 800})
    assert lead(p) == (C, 800)


def test_giving_other_orders_again_keeps_a_limits_place_among_equal_ones() -> None:
    """Issue 38: `/impero orders develop:true` gives all of Bob's orders again; his limit, unchanged,
    keeps the moment it was set, so it still leads Carla's equal one set after it."""
    p = founded(n=4)
    orders(p, B, bids={"alfa": 2000})  # t1
    p.wait(minutes=1)
    orders(p, C, bids={"alfa": 2000})  # t2
    p.wait(minutes=1)
    orders(p, B, bids={"Alfa": 2000}, develop=True)  # t3: the same limit (typed another way), plus develop
    p.act(A, {"type": "recapitalize", "company": "Alfa", "start_price": 100})
    assert lead(p) == (B, 2000)


def test_a_limit_changed_is_set_anew_and_ranks_from_then() -> None:
    p = founded(n=4)
    orders(p, B, bids={"alfa": 1900})
    p.wait(minutes=1)
    orders(p, C, bids={"alfa": 2000})
    p.wait(minutes=1)
    orders(p, B, bids={"alfa": 2000}, develop=True)  # raised: this limit was set now, after Carla's
    assert p.state.orders[B].set_when("bid:" + alfa(p).id) == p.now
    p.act(A, {"type": "recapitalize", "company": "Alfa", "start_price": 100})
    assert lead(p) == (C, 2000)


def limits_less_than_a_step_apart(first: tuple[str, int], then: tuple[str, int], hand: str | None) -> tuple[str | None, int]:
    """`first` sets its limit, then `then`; Dario bids by hand (5.00$, or the smallest bid) before both,
    between them, after both, or never; only a bid both limits can still beat by a step."""
    p = opened()
    for who in (B, C, D):
        p.state.cash[who] = 100_000

    def by_hand() -> None:
        amount = max(500, GAME.min_bid(p.state, p.state.auctions[0]))
        if amount + 100 <= min(first[1], then[1]):
            p.act(D, {"type": "bid", "company": "Alfa", "amount": amount})

    if hand == "before":
        by_hand()
    orders(p, first[0], bids={"alfa": first[1]})
    p.wait(minutes=1)
    if hand == "between":
        by_hand()
    orders(p, then[0], bids={"alfa": then[1]})
    p.wait(minutes=1)
    if hand == "after":
        by_hand()
    return lead(p)


def test_limits_less_than_a_step_apart_the_first_set_wins_whatever_a_hand_bid_did() -> None:
    """Issue 38: Bob's 10.50$ against Carla's 10.00$ (a step is 1.00$) no longer depends on Dario's
    earlier hand bid: neither can outbid the other, so the limit set first wins, every time."""
    for hand in (None, "before", "between", "after"):
        winner, price = limits_less_than_a_step_apart((C, 1000), (B, 1050), hand)
        assert (winner, price) == (C, 1000), hand
        winner, _ = limits_less_than_a_step_apart((B, 1050), (C, 1000), hand)
        assert winner == B, hand


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=700, max_value=6000), st.integers(min_value=-99, max_value=99),
       st.sampled_from([None, "before", "between", "after"]), st.booleans())
def test_of_two_limits_less_than_a_step_apart_the_first_set_wins(low: int, gap: int, hand: str | None,
                                                                  b_first: bool) -> None:
    """Any cents: two limits less than one step apart, a hand bid that leaves both able to bid (or
    none): the limit set first holds the auction at the end."""
    one, two = (B, low), (C, low + gap)
    first, then = (one, two) if b_first else (two, one)
    winner, price = limits_less_than_a_step_apart(first, then, hand)
    assert winner == first[0]
    assert price <= first[1]


def test_proxy_bids_in_the_last_minute_push_the_close_back() -> None:
    p = opened()
    close = GAME.closes_at(p.state, p.state.auctions[0])
    assert close is not None
    p.at(close - timedelta(seconds=30))
    orders(p, B, bids={"alfa": 1000})
    assert GAME.closes_at(p.state, p.state.auctions[0]) == close + timedelta(seconds=60)
    p.at(close + timedelta(seconds=50))
    events = p.act(C, {"type": "bid", "company": "Alfa", "amount": 500})  # manual, inside the new window
    [ev] = proxy_bids(events)
    assert ev.params["amount"] == 600 and ev.params["extended"] is False  # the manual bid moved it already
    assert GAME.closes_at(p.state, p.state.auctions[0]) == close + timedelta(seconds=120)


def test_a_proxy_that_cannot_pay_stops_and_only_its_owner_is_told() -> None:
    p = opened()
    p.state.cash[B] = 450
    orders(p, B, bids={"alfa": 2000})
    events = p.act(C, {"type": "bid", "company": "Alfa", "amount": 400})
    stopped = [e for e in events if e.key == "impero.dm.proxy_stopped"]
    assert [e.to for e in stopped] == [[B]] and stopped[0].params["reason"][0]["key"] == "impero.insufficient_cash"
    assert p.state.auctions[0].best_bidder == C and p.state.cash[B] == 450
    assert B not in p.state.orders
    p2 = opened()
    p2.state.op[B] = 0
    events = orders(p2, B, bids={"alfa": 2000})
    assert [e.params["reason"][0]["key"] for e in events if e.key == "impero.dm.proxy_stopped"] == ["impero.no_op"]
    assert p2.state.auctions[0].best_bidder is None


def test_orders_naming_no_company_or_too_low_are_refused() -> None:
    p = founded()
    refused(p, B, {"type": "core_orders", "orders": {"bids": {"Beta": 500}}}, "impero.unknown_company")
    refused(p, B, {"type": "core_orders", "orders": {"bids": {"Alfa": 50}}}, "impero.orders.limit_low")
    refused(p, B, {"type": "core_orders", "orders": {"bids": {"Alfa": 500, "alfa": 600}}}, "impero.orders.twice")
    refused(p, B, {"type": "core_orders", "orders": {"bids": {"Alfa": "500"}}}, "core.bad_orders")


# ---- properties ---------------------------------------------------------------------------
def settle(limits: list[int], order: list[int], manual: int | None = None) -> tuple[str | None, int, list[int]]:
    """Players B, C, D... set proxies with `limits` in `order`; optionally A bids by hand after.
    Returns the winner, the price and every amount each proxy bid (to check against its limit)."""
    p = opened(n=1 + len(limits), start=100)
    pids = [str(1002 + i) for i in range(len(limits))]
    for pid in [A, *pids]:
        p.state.cash[pid] = 100_000
    bids: list[tuple[str, int]] = []
    for i in order:
        for ev in orders(p, pids[i], bids={"alfa": limits[i]}):
            if ev.key == "impero.orders.bid":
                bids.append((ev.params["player"], ev.params["amount"]))
        p.wait(seconds=1)
    if manual is not None and manual >= GAME.min_bid(p.state, p.state.auctions[0]):
        for ev in p.act(A, {"type": "bid", "company": "Alfa", "amount": manual}):
            if ev.key == "impero.orders.bid":
                bids.append((ev.params["player"], ev.params["amount"]))
    names = {p.state.name_of(pid): i for i, pid in enumerate(pids)}
    for name, amount in bids:
        assert amount <= limits[names[name]], "a proxy bid above its limit"
    auction = p.state.auctions[0]
    return auction.best_bidder, auction.best_bid, [a for _, a in bids]


dollars = st.integers(min_value=1, max_value=60).map(lambda d: d * 100)


@settings(max_examples=60, deadline=None)
@given(st.lists(dollars, min_size=2, max_size=4), st.randoms(use_true_random=False))
def test_the_winner_pays_one_step_above_the_second_limit(limits: list[int], rnd: Any) -> None:
    order = list(range(len(limits)))
    rnd.shuffle(order)
    winner, price, _ = settle(limits, order)
    top, second = sorted(limits, reverse=True)[:2]
    assert price == min(top, second + 100)
    first_top = min((order.index(i), i) for i, v in enumerate(limits) if v == top)[1]
    assert winner == str(1002 + first_top), "the highest limit wins; between equal ones the first set"


@settings(max_examples=40, deadline=None)
@given(st.lists(dollars, min_size=2, max_size=4, unique=True), dollars)
def test_the_outcome_does_not_depend_on_the_order_proxies_were_set(limits: list[int], manual: int) -> None:
    outcomes = {settle(limits, list(order), manual)[:2] for order in permutations(range(len(limits)))}
    assert len(outcomes) == 1, outcomes
    winner, price = outcomes.pop()
    top, second = sorted(limits, reverse=True)[:2]
    base = min(top, second + 100)
    if manual < base + 100:  # too low to bid at all
        assert price == base and winner != A
    elif manual < top:  # a proxy wins, one step above the best rival: here the manual bid
        assert winner != A and price == min(top, manual + 100)
    else:  # the manual bid reached the top limit: a proxy cannot beat it by nothing
        assert winner == A and price == manual


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(min_value=100, max_value=6000), min_size=2, max_size=3, unique=True))
def test_limits_in_cents_a_step_apart_settle_the_same_way(limits: list[int]) -> None:
    """A step apart or more, any cents, the order of setting changes nothing (closer than a step, the
    limit set first wins: the test above)."""
    ranked = sorted(limits)
    assume(all(b - a >= 100 for a, b in pairwise(ranked)))
    outcomes = {settle(limits, list(order))[:2] for order in permutations(range(len(limits)))}
    assert len(outcomes) == 1, outcomes
    winner, price = outcomes.pop()
    assert winner == str(1002 + limits.index(ranked[-1])) and price == min(ranked[-1], ranked[-2] + 100)
