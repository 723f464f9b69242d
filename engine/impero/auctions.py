"""Recapitalization auctions: a CEO opens one, players bid, a late bid pushes the close back, the close issues a share."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.impero.accounts import need_cash, need_op, positive
from engine.impero.companies import ceo_company, find_company
from engine.impero.models import (
    INFO,
    Auction,
    Bid,
    Company,
    ImperoState,
    Recapitalize,
)


def recapitalize(state: ImperoState, actor: str, a: Recapitalize, now: datetime) -> list[Event]:
    s = state.settings
    company = ceo_company(state, actor, a.company, 0)
    if any(x.company == company.id for x in state.auctions):
        raise RuleError("impero.auction_already_open", company=company.name)
    if a.start_price < s.min_start_price:
        raise RuleError("impero.start_price_low", min=s.min_start_price)
    ceo_company(state, actor, a.company, s.ceo_action_op)
    company.op -= s.ceo_action_op
    closes = now + timedelta(hours=s.auction_hours)
    aid = state.next_id("a")
    timer = state.add_timer("auction", closes, auction=aid)
    state.auctions.append(
        Auction(
            id=aid,
            company=company.id,
            start_price=a.start_price,
            opened_at=now,
            timer_id=timer.id,
        )
    )
    return [
        Event(
            key="impero.auction_opened",
            params={"company": company.name, "start": a.start_price, "closes_at": closes.isoformat()},
        )
    ]


def auction_of(state: ImperoState, name: str) -> tuple[Company, Auction]:
    company = find_company(state, name)
    auction = next((x for x in state.auctions if x.company == company.id), None)
    if auction is None:
        raise RuleError("impero.no_auction", company=company.name)
    return company, auction


def closes_at(state: ImperoState, auction: Auction) -> datetime | None:
    """When the auction closes: its timer, which pause, resume, extend and late bids move."""
    return state.deadline("auction", auction=auction.id)


def min_bid(state: ImperoState, auction: Auction) -> int:
    if auction.best_bidder is None:
        return auction.start_price
    return auction.best_bid + state.settings.bid_increment


def bid(state: ImperoState, actor: str, a: Bid, now: datetime) -> list[Event]:
    s = state.settings
    company, auction = auction_of(state, a.company)
    closes = closes_at(state, auction)
    if closes is None or now >= closes:
        raise RuleError("impero.auction_closed", company=company.name)
    positive(a.amount)
    minimum = min_bid(state, auction)
    if a.amount < minimum:
        raise RuleError("impero.bid_too_low", min=minimum)
    entry = 0 if actor in auction.bidders else s.action_op
    need_op(state, actor, entry)
    need = a.amount - auction.best_bid if auction.best_bidder == actor else a.amount
    need_cash(state, actor, need)
    # a bid in the last minute pushes the close back: moved first, so every message names the new close
    extended = closes - now <= timedelta(seconds=s.snipe_window_seconds)
    if extended:
        timer = state.timer(auction.timer_id)
        assert timer is not None  # closes_at found it
        timer.at += timedelta(seconds=s.snipe_extension_seconds)
        closes = timer.at
    events = [
        Event(
            key="impero.bid_placed",
            params={
                "company": company.name,
                "player": state.name_of(actor),
                "amount": a.amount,
                "closes_at": closes.isoformat(),
                "extended": extended,
            },
        )
    ]
    previous = auction.best_bidder
    if previous is not None and previous != actor:
        state.cash[previous] += auction.best_bid
        events.append(
            Event(
                key="impero.dm.outbid",
                to=[previous],
                notify="outbid",
                params={
                    "company": company.name,
                    "amount": a.amount,
                    "refund": auction.best_bid,
                    "closes_at": closes.isoformat(),
                },
            )
        )
    state.cash[actor] -= need
    state.op[actor] -= entry
    if actor not in auction.bidders:
        auction.bidders.append(actor)
    auction.best_bid = a.amount
    auction.best_bidder = actor
    return events


def close_auction(state: ImperoState, auction: Auction, now: datetime) -> list[Event]:
    state.auctions.remove(auction)
    company = state.company(auction.company)
    if auction.best_bidder is None:
        return [Event(key="impero.auction_no_bids", params={"company": company.name})]
    winner = auction.best_bidder
    company.capital += auction.best_bid
    company.shares[winner] = company.shares.get(winner, 0) + 1
    params = {
        "company": company.name,
        "player": state.name_of(winner),
        "amount": auction.best_bid,
        "shares": company.total_shares(),
    }
    return [
        Event(key="impero.auction_won", params=params),
        Event(key="impero.dm.auction_won", params=params, to=[winner], notify=INFO),
    ]
