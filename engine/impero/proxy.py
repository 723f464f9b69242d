"""Proxy bids: "bid for me on this company up to N". Unlike other standing orders they act at
once, whether the player is here or not: whenever someone holds the best bid in an auction a
proxy could still beat, the proxy bids, only as far as needed.

Each proxy raise is an ordinary bid (engine/impero/auctions.py `bid`: the same OP, cash and
closing checks, the same anti-snipe extension), announced as placed by standing order with its
amount; a limit is never said. The outcome is an English auction's with a minimum step (one rule,
docs/rules/impero.md "Standing orders"): a bid beats the best by a whole step, so a limit less than
one step above another cannot outbid it; of the limits less than a step below the highest (equal
ones included), the one set first wins, and pays one step above the best rival limit (a manual bid
counts as one), never above its own limit. A limit the best bid already reached within a step
cannot bid at all, and pushes no price. A proxy whose bid is refused stops, and only its owner is
told why. A proxy serves one auction: it is forgotten when that auction closes.
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
    rank: tuple[datetime, int]  # among limits less than a step apart, lower wins: the limit set first, then the seat


MANUAL = datetime.min.replace(tzinfo=UTC)  # a bid typed by hand is on the table before any limit


def proxies(state: ImperoState, auction: Auction) -> dict[str, Proxy]:
    """Each proxy on this auction, its limit cut to what its owner can pay (cash, and what they
    hold in it already) and to nothing when they lack the OP of a first bid."""
    seats = state.player_ids()
    found: dict[str, Proxy] = {}
    for pid, (limit, at) in limits_on(state, auction.company).items():
        held = auction.best_bid if auction.best_bidder == pid else 0
        entry_paid = pid in auction.bidders or state.op[pid] >= state.settings.action_op
        can = min(limit, state.cash[pid] + held) if entry_paid else 0
        found[pid] = Proxy(pid, can, (at, seats.index(pid)))
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
    """Who bids now and how much, as an English auction with a minimum step ends. In it: the best bid
    on the table (its bidder's limit, when they have a proxy) and every rival limit at least as high.
    A bid beats the best by a whole step, so a limit less than one step above another cannot outbid
    it: of the limits less than a step below the highest, the one set first wins (then the seat), among
    those that can bid now (a rival reaching the smallest bid; the holder holds already). It pays one
    step above the best other limit, never more than its own. None: settled."""
    best, holder = auction.best_bid, auction.best_bidder
    floor = min_bid(state, auction)
    step = state.settings.bid_increment
    field = [p for pid, p in standing.items() if pid != holder and p.limit >= max(best, 1)]
    if not field:
        return None
    if holder is not None:
        mine = standing.get(holder)
        field.append(mine if mine is not None and mine.limit >= best else Proxy(holder, best, (MANUAL, -1)))
    top = max(p.limit for p in field)
    able = [p for p in field if p.player == holder or p.limit >= floor]
    winner = min((p for p in able if p.limit > top - step), key=lambda p: p.rank)
    runner_up = max((p.limit for p in field if p is not winner), default=0)
    price = min(winner.limit, runner_up + step)
    if winner.player == holder:  # raised only as far as a rival's limit pushes it, by a whole step at least
        return (winner.player, price) if price >= floor else None
    return winner.player, max(floor, price)


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
