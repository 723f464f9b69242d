"""The Market (rulebook sections 12 and 15, ruling J25).

A fleet on a Market tile lets its owner draw the top card of the 55-card deck (once a turn by
default) and buy its deal or not; either way the card goes to the bottom. Raw materials are bought
at 3,000 and sold at 1,000 Ndri each. Bought ships join the fleet on the Market; bought tanks
board it, so they need room in its torpedo boats and colony ships.
"""

from __future__ import annotations

from functools import cache

from pydantic import BaseModel

from engine.core import Event, RuleError
from engine.core.datafiles import load_data
from engine.galactica.fleets import add_ships, capacity, check_limit, fleet_at, own_fleet
from engine.galactica.galaxy import tile_kind
from engine.galactica.models import Fleet, GalacticaState, MarketOffer
from engine.galactica.telling import said


class MarketCard(BaseModel):
    id: str
    unit: str
    quantity: int
    deal: str
    percent: int
    price: int


@cache
def market_cards() -> dict[str, MarketCard]:
    return {c["id"]: MarketCard(**c) for c in load_data("galactica", "market.toml")["card"]}


def market_fleet(state: GalacticaState, player: str, raw_cell: str) -> Fleet:
    fleet = own_fleet(state, player, raw_cell)
    if tile_kind(state.board.get(fleet.cell, "")) != "market":
        raise RuleError("galactica.not_at_market", cell=fleet.cell)
    return fleet


def draw(state: GalacticaState, player: str, raw_cell: str) -> list[Event]:
    fleet = market_fleet(state, player, raw_cell)
    if state.market_offer is not None:
        raise RuleError("galactica.market_card_open")
    if state.market_draws >= state.settings.market_draws_per_turn:
        raise RuleError("galactica.market_drawn", count=state.settings.market_draws_per_turn)
    card_id = state.market_pile.pop(0)
    state.market_offer = MarketOffer(player=player, card=card_id, cell=fleet.cell)
    state.market_draws += 1
    state.market_seen += 1
    c = market_cards()[card_id]
    # the card is the drawer's alone until bought, as the view keeps it: the channel hears only the draw
    return [Event(key="galactica.market_drawn", params={"player": state.name_of(player)}),
            Event(key="galactica.market_card", params={"player": state.name_of(player), "unit": c.unit,
                                                       "what": said(c.unit, c.quantity),
                                                       "quantity": c.quantity, "price": c.price}, to=[player])]


def decide(state: GalacticaState, player: str, buy: bool) -> list[Event]:
    offer = state.market_offer
    if offer is None or offer.player != player:
        raise RuleError("galactica.no_market_card")
    c = market_cards()[offer.card]
    name = state.name_of(player)
    if buy:
        fleet = fleet_at(state, player, offer.cell)
        faction = state.factions[player]
        if faction.ndri < c.price:
            raise RuleError("galactica.cannot_afford", ndri=c.price, fuel=0, metal=0)
        check_limit(state, player, c.unit, c.quantity)
        if c.unit == "tank":
            if fleet is None or capacity(fleet.ships) - fleet.tanks < c.quantity:
                raise RuleError("galactica.no_room_for_tanks", tanks=c.quantity)
            fleet.tanks += c.quantity
        else:
            add_ships(state, player, offer.cell, {c.unit: c.quantity})
        faction.ndri -= c.price
    discard(state)
    if not buy:  # a card passed on stays secret
        return [Event(key="galactica.market_passed", params={"player": name})]
    return [Event(key="galactica.market_bought", params={"player": name, "unit": c.unit, "quantity": c.quantity,
                                                         "what": said(c.unit, c.quantity),
                                                         "price": c.price})]


def unseen(state: GalacticaState) -> int:
    """How many cards at the top of the pile nobody has drawn yet: the pile is the setup's shuffle turned
    round, every drawn card going to the bottom, so the first (all cards - cards drawn) are unseen."""
    return max(0, min(len(market_cards()) - state.market_seen, len(state.market_pile)))


def discard(state: GalacticaState) -> None:
    """The open card goes to the bottom of the deck, bought or not."""
    if state.market_offer is not None:
        state.market_pile.append(state.market_offer.card)
        state.market_offer = None


def raw(state: GalacticaState, player: str, raw_cell: str, resource: str, amount: int) -> list[Event]:
    market_fleet(state, player, raw_cell)
    if amount == 0:
        raise RuleError("galactica.bad_count", count=amount)
    faction = state.factions[player]
    have = getattr(faction, resource)
    if amount > 0:
        price = amount * state.settings.raw_buy_price
        if faction.ndri < price:
            raise RuleError("galactica.cannot_afford", ndri=price, fuel=0, metal=0)
        faction.ndri -= price
    else:
        if have < -amount:
            raise RuleError("galactica.not_enough", resource=resource, have=have)
        price = -amount * state.settings.raw_sell_price
        faction.ndri += price
    setattr(faction, resource, have + amount)
    key = "galactica.raw_bought" if amount > 0 else "galactica.raw_sold"
    return [Event(key=key, params={"player": state.name_of(player), "resource": resource, "amount": abs(amount),
                                   "what": said(resource, abs(amount)),
                                   "ndri": price})]
