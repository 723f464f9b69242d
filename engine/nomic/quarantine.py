"""Quarantine (rule 2000): a negative treasure at a Giornata's start confines the player to
surrendering his gladiators (the compensation each) or, when that cannot bring him back to zero,
selling them one by one in public for more; still negative at the next start, he is expelled."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.nomic import ledger, roles
from engine.nomic.actions import BuyOffered, OfferGladiator, Surrender
from engine.nomic.gladiators import find
from engine.nomic.models import NomicState, QuarantineOffer
from engine.nomic.ruleset import param, running


def is_quarantined(state: NomicState, pid: str) -> bool:
    return pid in state.quarantined


def require_free(state: NomicState, pid: str) -> None:
    if pid in state.quarantined:
        raise RuleError("nomic.quarantined")


def _require_quarantined(state: NomicState, pid: str) -> None:
    if pid not in state.quarantined:
        raise RuleError("nomic.not_quarantined")
    if pid in state.surrendered:
        raise RuleError("nomic.surrendered_already")


def _give_up(state: NomicState, pid: str) -> tuple[list[str], int]:
    owned = [g for g in state.gladiators if g.owner == pid]
    each = param(state, "quarantine_compensation")
    for g in owned:
        state.gladiators.remove(g)
        ledger.mint(state, pid, each, "compensation")
    state.offers = [o for o in state.offers if o.seller != pid]
    return [g.name for g in owned], each * len(owned)


def surrender(state: NomicState, actor: str, action: Surrender) -> list[Event]:
    _require_quarantined(state, actor)
    if actor in state.sale_route:
        raise RuleError("nomic.selling_already")
    if not any(g.owner == actor for g in state.gladiators):
        raise RuleError("nomic.no_gladiators")
    names, amount = _give_up(state, actor)
    state.surrendered.append(actor)
    return [Event(key="nomic.surrendered", params={"player": state.name_of(actor), "gladiators": names,
                                                   "amount": amount})]


def offer(state: NomicState, actor: str, action: OfferGladiator) -> list[Event]:
    _require_quarantined(state, actor)
    g = find(state, action.gladiator)
    if g.owner != actor:
        raise RuleError("nomic.not_your_gladiator", name=g.name)
    each = param(state, "quarantine_compensation")
    owned = sum(1 for x in state.gladiators if x.owner == actor)
    if actor not in state.sale_route and \
            state.treasure.get(actor, 0) + ledger.pending_of(state, actor) + each * owned >= 0:
        raise RuleError("nomic.surrender_enough")
    if action.price <= each:
        raise RuleError("nomic.offer_low", least=each + 1)
    buyer = roles.resolve(state, action.to)
    if buyer == actor or buyer in state.quarantined:
        raise RuleError("nomic.bad_buyer")
    state.offer_seq += 1
    state.offers.append(QuarantineOffer(id=state.offer_seq, seller=actor, buyer=buyer, gladiator=g.id,
                                        price=action.price))
    if actor not in state.sale_route:
        state.sale_route.append(actor)
    return [Event(key="nomic.gladiator_offered", params={
        "player": state.name_of(actor), "to": state.name_of(buyer), "gladiator": g.name, "price": action.price,
        "offer": state.offer_seq}),
        Event(key="nomic.offer_for_you", params={"player": state.name_of(actor), "gladiator": g.name,
                                                  "price": action.price, "offer": state.offer_seq},
              to=[buyer], notify="action")]


def buy(state: NomicState, actor: str, action: BuyOffered) -> list[Event]:
    o = next((x for x in state.offers if x.id == action.offer and x.buyer == actor), None)
    if o is None:
        raise RuleError("nomic.no_offer", offer=action.offer)
    g = next((x for x in state.gladiators if x.id == o.gladiator and x.owner == o.seller), None)
    if g is None:
        raise RuleError("nomic.no_offer", offer=action.offer)
    ledger.spend(state, actor, o.price)
    ledger.transfer(state, actor, o.seller, o.price, "gladiator_sale")
    g.owner = actor
    state.offers = [x for x in state.offers if x.gladiator != g.id]
    return [Event(key="nomic.gladiator_sold", params={
        "player": state.name_of(o.seller), "to": state.name_of(actor), "gladiator": g.name, "price": o.price})]


def close(state: NomicState) -> list[Event]:
    """The end of a quarantine Giornata: who chose to sell gives up what he did not sell."""
    events = []
    for pid in state.sale_route:
        names, amount = _give_up(state, pid)
        if names:
            events.append(Event(key="nomic.surrendered", params={"player": state.name_of(pid),
                                                                 "gladiators": names, "amount": amount}))
    state.offers, state.sale_route, state.surrendered = [], [], []
    return events


def expel(state: NomicState, pid: str) -> None:
    seat = state.player(pid)
    if seat is not None:
        seat.left = True
    state.expelled.append(pid)
    state.gladiators = [g for g in state.gladiators if g.owner != pid]
    if state.scribe == pid:  # the office must go on: the King takes the pen until handed on
        state.scribe = state.king if state.king != pid else next(iter(roles.in_play(state)), pid)


def check(state: NomicState) -> list[Event]:
    """At a Giornata's start, after the settlement: expel or readmit last Giornata's quarantined,
    then quarantine whoever is negative now."""
    events: list[Event] = []
    before, state.quarantined = state.quarantined, []
    for pid in before:
        if pid not in roles.in_play(state):
            continue
        if state.treasure.get(pid, 0) < 0:
            expel(state, pid)
            events.append(Event(key="nomic.expelled", params={"player": state.name_of(pid)}, notify="info"))
        else:
            events.append(Event(key="nomic.readmitted", params={"player": state.name_of(pid)}))
    if not running(state, "quarantine"):
        return events
    for pid in roles.in_play(state):
        if state.treasure.get(pid, 0) < 0:
            state.quarantined.append(pid)
            events.append(Event(key="nomic.quarantine", params={"player": state.name_of(pid),
                                                                "treasure": state.treasure[pid]}))
            events.append(Event(key="nomic.you_are_quarantined", params={"treasure": state.treasure[pid]},
                                to=[pid], notify="info"))
    return events
