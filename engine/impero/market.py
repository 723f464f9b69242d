"""The share market: listing shares for sale, withdrawing a listing, buying from one."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.impero.accounts import need_cash, need_op, positive
from engine.impero.companies import find_company
from engine.impero.models import (
    INFO,
    BuyShares,
    ImperoState,
    Listing,
    ListShares,
    WithdrawListing,
)


def listed(state: ImperoState, pid: str, cid: str) -> int:
    return sum(x.quantity for x in state.listings if x.seller == pid and x.company == cid)


def list_shares(state: ImperoState, actor: str, a: ListShares, now: datetime) -> list[Event]:
    s = state.settings
    company = find_company(state, a.company)
    if a.quantity <= 0:
        raise RuleError("impero.quantity_positive", quantity=a.quantity)
    positive(a.price)
    free = company.shares.get(actor, 0) - listed(state, actor, company.id)
    if a.quantity > free:
        raise RuleError("impero.not_enough_shares", company=company.name, have=free)
    need_op(state, actor, s.action_op)
    state.op[actor] -= s.action_op
    lid = state.next_id("L")
    state.listings.append(
        Listing(
            id=lid, seller=actor, company=company.id, quantity=a.quantity, price=a.price, created_at=now
        )
    )
    return [
        Event(
            key="impero.shares_listed",
            params={
                "listing": lid,
                "player": state.name_of(actor),
                "company": company.name,
                "quantity": a.quantity,
                "price": a.price,
            },
        )
    ]


def find_listing(state: ImperoState, lid: str) -> Listing:
    found = next((x for x in state.listings if x.id.casefold() == lid.strip().casefold()), None)
    if found is None:
        raise RuleError("impero.unknown_listing", listing=lid.strip())
    return found


def withdraw_listing(state: ImperoState, actor: str, a: WithdrawListing, now: datetime) -> list[Event]:
    listing = find_listing(state, a.listing)
    if listing.seller != actor:
        raise RuleError("impero.not_your_listing", listing=listing.id)
    state.listings.remove(listing)
    return [
        Event(
            key="impero.listing_withdrawn",
            params={
                "listing": listing.id,
                "player": state.name_of(actor),
                "company": state.company(listing.company).name,
            },
        )
    ]


def buy_shares(state: ImperoState, actor: str, a: BuyShares, now: datetime) -> list[Event]:
    s = state.settings
    listing = find_listing(state, a.listing)
    if listing.seller == actor:
        raise RuleError("impero.own_listing", listing=listing.id)
    if a.quantity <= 0:
        raise RuleError("impero.quantity_positive", quantity=a.quantity)
    if a.quantity > listing.quantity:
        raise RuleError("impero.listing_quantity", listing=listing.id, available=listing.quantity)
    cost = a.quantity * listing.price
    need_cash(state, actor, cost)
    need_op(state, actor, s.action_op)
    company = state.company(listing.company)
    state.op[actor] -= s.action_op
    state.cash[actor] -= cost
    state.cash[listing.seller] += cost
    company.shares[listing.seller] -= a.quantity
    if company.shares[listing.seller] == 0:
        del company.shares[listing.seller]
    company.shares[actor] = company.shares.get(actor, 0) + a.quantity
    listing.quantity -= a.quantity
    if listing.quantity == 0:
        state.listings.remove(listing)
    params = {
        "listing": listing.id,
        "buyer": state.name_of(actor),
        "seller": state.name_of(listing.seller),
        "company": company.name,
        "quantity": a.quantity,
        "total": cost,
    }
    return [
        Event(key="impero.shares_bought", params=params),
        Event(key="impero.dm.shares_sold", params=params, to=[listing.seller], notify=INFO),
    ]
