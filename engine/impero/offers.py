"""Money offers between players (bribes): sending, accepting with the risk of interception, refusing, expiry."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engine.core import Event, RuleError
from engine.impero.accounts import need_cash, need_op, positive
from engine.impero.models import (
    INFO,
    AcceptOffer,
    ImperoState,
    Offer,
    OfferMoney,
    RefuseOffer,
)
from engine.impero.turn_end import turn_ends


def offer_money(state: ImperoState, actor: str, a: OfferMoney, now: datetime) -> list[Event]:
    s = state.settings
    seat = state.player(a.to)
    if seat is None or seat.left:
        raise RuleError("impero.unknown_player", player=a.to)
    if a.to == actor:
        raise RuleError("impero.offer_self")
    positive(a.amount)
    need_cash(state, actor, a.amount)
    need_op(state, actor, s.action_op)
    oid = state.next_id("O")
    state.offers.append(
        Offer(
            id=oid,
            sender=actor,
            receiver=a.to,
            amount=a.amount,
            sender_cash=state.cash[actor],
            created_at=now,
        )
    )
    state.op[actor] -= s.action_op
    state.cash[actor] -= a.amount
    params = {
        "offer": oid,
        "sender": state.name_of(actor),
        "receiver": seat.name,
        "amount": a.amount,
        "expires_at": expires.isoformat() if (expires := turn_ends(state)) else None,
    }
    return [
        Event(key="impero.offer_sent", params=params, to=[actor]),
        Event(key="impero.dm.offer_received", params=params, to=[a.to], notify="action"),
    ]


def offer_for(state: ImperoState, actor: str, oid: str) -> Offer:
    offer = next((o for o in state.offers if o.id.casefold() == oid.strip().casefold()), None)
    if offer is None:
        raise RuleError("impero.unknown_offer", offer=oid.strip())
    if offer.receiver != actor:
        raise RuleError("impero.not_your_offer", offer=offer.id)
    return offer


def interception_odds(state: ImperoState, offer: Offer) -> tuple[int, int]:
    """(numerator, denominator): factor x amount / sender's cash at offer time, capped at 1."""
    num = state.settings.interception_permille * offer.amount
    den = 1000 * max(offer.sender_cash, 1)
    return min(num, den), den


def accept_offer(state: ImperoState, actor: str, a: AcceptOffer, now: datetime) -> list[Event]:
    s = state.settings
    offer = offer_for(state, actor, a.offer)
    need_op(state, actor, s.action_op)
    state.op[actor] -= s.action_op
    state.offers.remove(offer)
    num, den = interception_odds(state, offer)
    roll = state.rng.below(den)  # drawn every time, so the log shows it even at odds 0 or 1
    params: dict[str, Any] = {
        "offer": offer.id,
        "sender": state.name_of(offer.sender),
        "receiver": state.name_of(offer.receiver),
        "amount": offer.amount,
        "roll": roll,
        "threshold": num,
        "out_of": den,
        "chance": num * 100 // den,
    }
    who = [offer.sender, offer.receiver]
    if roll < num:
        state.bank.seized += offer.amount + state.cash[offer.sender] + state.cash[offer.receiver]
        state.cash[offer.sender] = 0
        state.cash[offer.receiver] = 0
        return [
            Event(key="impero.offer_intercepted", params=params),
            Event(key="impero.dm.offer_intercepted", params=params, to=who, notify=INFO),
        ]
    state.cash[offer.receiver] += offer.amount
    return [Event(key="impero.dm.offer_accepted", params=params, to=who, notify=INFO)]


def refuse_offer(state: ImperoState, actor: str, a: RefuseOffer, now: datetime) -> list[Event]:
    offer = offer_for(state, actor, a.offer)
    state.offers.remove(offer)
    state.cash[offer.sender] += offer.amount
    params = {
        "offer": offer.id,
        "sender": state.name_of(offer.sender),
        "receiver": state.name_of(offer.receiver),
        "amount": offer.amount,
    }
    return [
        Event(
            key="impero.dm.offer_refused", params=params, to=[offer.sender, offer.receiver], notify=INFO
        )
    ]
