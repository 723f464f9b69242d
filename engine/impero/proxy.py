"""Proxy bids: "bid for me on this company up to N". Unlike other standing orders they act at
once, whether the player is here or not: whenever someone holds the best bid in an auction a
proxy could still beat, the proxy bids, only as far as needed.

Each proxy raise is an ordinary bid (engine/impero/auctions.py `bid`: the same OP, cash and
closing checks, the same anti-snipe extension), announced as placed by standing order with its
amount; a limit is never said. The outcome is an English auction's: the highest limit wins, at
one step above the best rival (a rival proxy's limit or a manual bid), never above its own limit;
between equal limits the orders set first win. A proxy whose bid is refused stops, and only its
owner is told why. A proxy serves one auction: it is forgotten when that auction closes.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import NamedTuple

from engine.core import Event, RuleError
from engine.impero.accounts import need_cash, need_op
from engine.impero.auctions import bid, min_bid
from engine.impero.models import INFO, Auction, Bid, ImperoState
from engine.impero.orders import drop_bid, limits_on

MAX_ROUNDS = 200  # each round raises the best bid or retires a proxy: far fewer in practice


class Proxy(NamedTuple):
    player: str
    limit: int  # the most it may bid: its owner's limit, or less when they cannot pay that much
    rank: tuple[int, datetime, int]  # lower wins: higher limit, then the earlier orders, then the seat


MANUAL = datetime.min.replace(tzinfo=UTC)  # a bid typed by hand wins a tie: a proxy can't beat it by 0


def proxies(state: ImperoState, auction: Auction) -> dict[str, Proxy]:
    """Each proxy on this auction, its limit cut to what its owner can pay (cash, and what they
    hold in it already) and to nothing when they lack the OP of a first bid."""
    seats = state.player_ids()
    found: dict[str, Proxy] = {}
    for pid, (limit, at) in limits_on(state, auction.company).items():
        held = auction.best_bid if auction.best_bidder == pid else 0
        entry_paid = pid in auction.bidders or state.op[pid] >= state.settings.action_op
        can = min(limit, state.cash[pid] + held) if entry_paid else 0
        found[pid] = Proxy(pid, can, (-can, at, seats.index(pid)))
    return found


def refusal(state: ImperoState, auction: Auction, pid: str, amount: int) -> RuleError | None:
    """Why `pid` could not bid `amount` here, by the checks a manual bid passes (auctions.bid)."""
    try:
        need_op(state, pid, 0 if pid in auction.bidders else state.settings.action_op)
        need_cash(state, pid, amount - (auction.best_bid if auction.best_bidder == pid else 0))
    except RuleError as err:
        return err
    return None


def next_bid(state: ImperoState, auction: Auction, standing: dict[str, Proxy]) -> tuple[str, int] | None:
    """Who bids now and how much, as an English auction would end: the best limit (a manual bid
    counts as one) wins, at one step above the next best, never above its own. None: settled."""
    best, holder = auction.best_bid, auction.best_bidder
    rivals = [p for pid, p in standing.items() if pid != holder and p.limit >= max(best, 1)]
    if not rivals:
        return None
    field = list(rivals)
    if holder is not None:
        mine = standing.get(holder)
        field.append(mine if mine is not None and mine.limit >= best else Proxy(holder, best, (-best, MANUAL, -1)))
    winner = min(field, key=lambda p: p.rank)
    runner_up = max(p.limit for p in field if p is not winner) if len(field) > 1 else 0
    floor = min_bid(state, auction)
    price = min(winner.limit, runner_up + state.settings.bid_increment)
    if winner.player == holder:  # raised only as far as a rival's limit pushes it, by a whole step at least
        return (winner.player, price) if price >= floor else None
    return (winner.player, max(floor, price)) if winner.limit >= floor else None


def resolve(state: ImperoState, auction: Auction, now: datetime) -> list[Event]:
    """Let the proxies on this auction bid until the English auction's outcome is reached. A proxy
    that would bid but cannot pay even the smallest bid stops, and its owner is told why."""
    events: list[Event] = []
    for _ in range(MAX_ROUNDS):
        if auction not in state.auctions:
            break
        company = state.company(auction.company)
        floor = min_bid(state, auction)
        stuck = [(pid, err) for pid, (limit, _) in sorted(limits_on(state, auction.company).items())
                 if pid != auction.best_bidder and limit >= floor
                 and (err := refusal(state, auction, pid, floor)) is not None]
        for pid, err in stuck:
            events.append(stopped(state, pid, company.id, company.name, floor, err))
        if stuck:
            continue
        step = next_bid(state, auction, proxies(state, auction))
        if step is None:
            break
        pid, amount = step
        try:
            placed = bid(state, pid, Bid(company=company.name, amount=amount), now)
        except RuleError as err:  # the auction closed under it: nothing more to do here
            events.append(stopped(state, pid, company.id, company.name, amount, err))
            continue
        for ev in placed:
            if ev.key == "impero.bid_placed":
                ev.key = "impero.orders.bid"
        events.extend(placed)
    return events


def stopped(state: ImperoState, pid: str, company_id: str, name: str, amount: int, err: RuleError) -> Event:
    drop_bid(state, pid, company_id)
    return Event(key="impero.dm.proxy_stopped", to=[pid], notify=INFO,
                 params={"company": name, "amount": amount, "reason": [{"key": err.code, "params": err.params}]})


def spent(state: ImperoState, auction: Auction) -> list[Event]:
    """The auction closes: its proxies are forgotten, and the owners it did not win for are told."""
    events: list[Event] = []
    name = state.company(auction.company).name
    for pid in sorted(limits_on(state, auction.company)):
        drop_bid(state, pid, auction.company)
        if pid != auction.best_bidder:
            events.append(Event(key="impero.dm.proxy_lost", to=[pid], notify=INFO, params={"company": name}))
    return events


def resolve_company(state: ImperoState, company_id: str, now: datetime) -> list[Event]:
    """The open auction on a company, if any, resolved."""
    auction = next((a for a in state.auctions if a.company == company_id), None)
    return resolve(state, auction, now) if auction is not None else []


def resolve_all(state: ImperoState, now: datetime) -> list[Event]:
    """Every open auction resolved (after a player set their orders)."""
    events: list[Event] = []
    for auction in list(state.auctions):
        events += resolve(state, auction, now)
    return events
