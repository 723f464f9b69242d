"""Representative legal moves for buttons, autopilot and random-play tests."""

from __future__ import annotations

from pydantic import BaseModel

from engine.impero.auctions import closes_at, min_bid
from engine.impero.board import TIERS
from engine.impero.companies import can_claim
from engine.impero.market import listed
from engine.impero.models import (
    AcceptOffer,
    Bid,
    BuyNode,
    BuyShares,
    ClaimCeo,
    CreateCompany,
    ImperoState,
    ListShares,
    OfferMoney,
    Recapitalize,
    RefuseOffer,
    RentNode,
    SetReinvest,
    UpgradeNode,
    WithdrawListing,
)
from engine.impero.nodes import board_of, free_adjacent, network_neighbours, node_price


def legal_actions(state: ImperoState, actor: str) -> list[BaseModel]:
    s = state.settings
    seat = state.player(actor)
    if state.status != "active" or seat is None or seat.left:
        return []
    out: list[BaseModel] = []
    cash, op = state.cash[actor], state.op[actor]
    if (
        op >= s.create_company_op
        and cash >= s.min_company_capital
        and len(state.owner) < len(state.yields)
    ):
        name = f"Soc{state.seq + 1}"
        if all(c.name.casefold() != name.casefold() for c in state.companies):
            for capital in sorted({s.min_company_capital, max(s.min_company_capital, cash // 2)}):
                out.append(CreateCompany(name=name, capital=capital))
    for c in state.companies:
        if c.ceo == actor and c.op >= s.ceo_action_op:
            for n in free_adjacent(state, c)[:3]:
                if c.capital >= node_price(state, n, s.node_price_permille):
                    out.append(BuyNode(company=c.name, node=n))
            for n in c.nodes[:3]:
                level = state.yields[n]
                if level < TIERS[-1] and c.capital >= s.upgrade_costs[TIERS.index(level)]:
                    out.append(UpgradeNode(company=c.name, node=n))
            for rate in (c.reinvest - s.reinvest_step, c.reinvest + s.reinvest_step):
                if 0 <= rate <= 100:
                    out.append(SetReinvest(company=c.name, rate=rate))
            if not any(x.company == c.id for x in state.auctions):
                out.append(Recapitalize(company=c.name, start_price=s.min_start_price))
            if not s.rent_only_when_blocked or not free_adjacent(state, c):
                board = board_of(state)
                for n in sorted(network_neighbours(state, c), key=board.index.__getitem__):
                    if (
                        n in state.owner
                        and c.id not in state.renters.get(n, [])
                        and c.capital >= node_price(state, n, s.rent_price_permille)
                    ):
                        out.append(RentNode(company=c.name, node=n))
                        break
        if can_claim(state, c, actor):
            out.append(ClaimCeo(company=c.name))
        free = c.shares.get(actor, 0) - listed(state, actor, c.id)
        if free > 0 and op >= s.action_op:
            price = max(100, c.capital // c.total_shares())
            for quantity in sorted({1, free}):
                out.append(ListShares(company=c.name, quantity=quantity, price=price))
    for a in state.auctions:
        closes = closes_at(state, a)
        if closes is None or state.clock >= closes:
            continue
        amount = min_bid(state, a)
        need = amount - a.best_bid if a.best_bidder == actor else amount
        if cash >= need and (actor in a.bidders or op >= s.action_op):
            out.append(Bid(company=state.company(a.company).name, amount=amount))
    for x in state.listings:
        if x.seller == actor:
            out.append(WithdrawListing(listing=x.id))
        elif op >= s.action_op:
            for quantity in sorted({1, x.quantity}):
                if cash >= quantity * x.price:
                    out.append(BuyShares(listing=x.id, quantity=quantity))
    if op >= s.action_op and cash > 0:
        for other in state.active_player_ids():
            if other != actor:
                for amount in sorted({max(1, cash // 10), cash}):
                    out.append(OfferMoney(to=other, amount=amount))
    for o in state.offers:
        if o.receiver == actor:
            if op >= s.action_op:
                out.append(AcceptOffer(offer=o.id))
            out.append(RefuseOffer(offer=o.id))
    return out
