"""Impero's rules: companies grow networks of nodes on the map of Italy, shares and money change
hands, and every twelve hours the nodes pay out. docs/rules/impero.md is the rulebook as applied.

Money is integer cents everywhere; a node of yield N produces N.00$ per turn.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from pydantic import BaseModel

from engine.core import Event, Game, GameMeta, Msg, Player, Rng, RuleError, Timer
from engine.core.clock import first_wall_time_after_gap, next_wall_time
from engine.core.money import split_floor
from engine.impero.board import TIERS, BoardMap, get_map, load_layout, parse_node
from engine.impero.models import (
    AcceptOffer,
    Auction,
    AuctionView,
    Bid,
    BuyNode,
    BuyShares,
    ChartView,
    ClaimCeo,
    Company,
    CompanyResult,
    CompanyTag,
    CompanyView,
    CreateCompany,
    ImperoAction,
    ImperoSettings,
    ImperoState,
    ImperoView,
    Listing,
    ListingView,
    ListShares,
    MapView,
    MarketView,
    MeView,
    NodeView,
    Offer,
    OfferMoney,
    OfferView,
    PlayerRow,
    Recapitalize,
    RefuseOffer,
    RentNode,
    SetReinvest,
    Shareholder,
    TurnReport,
    UpgradeNode,
    WithdrawListing,
)

INFO = "info"


def _times(settings: ImperoSettings) -> list[time]:
    return [time(int(t.split(":")[0]), int(t.split(":")[1])) for t in settings.turn_end_times]


def _local(moment: datetime | None, tz: str) -> str:
    if moment is None:
        return ""
    return moment.astimezone(ZoneInfo(tz)).strftime("%Y-%m-%d %H:%M")


class Impero(Game[ImperoState]):
    meta = GameMeta(
        kind="impero",
        name="Impero",
        min_players=2,
        max_players=20,
        rules_path="docs/rules/impero.md",
        rulebook="000_fae2e29b855a2014.txt",
    )
    state_model = ImperoState
    settings_model = ImperoSettings
    action_model = ImperoAction
    # transfers are bribes: only the two players involved read them in /game log
    private_actions = frozenset({"offer_money", "accept_offer", "refuse_offer"})

    # ---- setup -------------------------------------------------------------------------
    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> ImperoState:
        s: ImperoSettings = settings
        board = get_map(s.map)
        rng = Rng(seed=seed)
        if s.yield_layout:
            layout = load_layout(s.yield_layout)
            if set(layout) != set(board.nodes) or any(v not in TIERS for v in layout.values()):
                raise RuleError("core.bad_setting", setting="yield_layout")
            yields = {n: layout[n] for n in board.nodes}
        else:
            yields = {n: board.yield_values[rng.weighted(board.yield_weights)] for n in board.nodes}
        ends = first_wall_time_after_gap(now, _times(s), s.timezone, timedelta(hours=s.first_turn_min_hours))
        state = ImperoState(
            game=self.meta.kind,
            seed=seed,
            rng=rng,
            players=players,
            created_at=now,
            clock=now,
            settings=s,
            turn_ends_at=ends,
            yields=yields,
            cash={p.id: s.start_cash for p in players},
            op={p.id: s.player_op for p in players},
            cash_history={p.id: [s.start_cash] for p in players},
        )
        state.add_timer("turn_end", ends, turn=1)
        return state

    # ---- lookups -----------------------------------------------------------------------
    def board(self, state: ImperoState) -> BoardMap:
        return get_map(state.settings.map)

    def find_company(self, state: ImperoState, name: str) -> Company:
        key = name.strip().casefold()
        for c in state.companies:
            if c.name.casefold() == key or c.id == name:
                return c
        raise RuleError("impero.unknown_company", company=name.strip())

    def _node(self, state: ImperoState, text: str) -> str:
        node = parse_node(text)
        if node is None or node not in self.board(state):
            raise RuleError("impero.unknown_node", node=text.strip())
        return node

    def escrow(self, state: ImperoState, pid: str) -> int:
        bids = sum(a.best_bid for a in state.auctions if a.best_bidder == pid)
        return bids + sum(o.amount for o in state.offers if o.sender == pid)

    def listed(self, state: ImperoState, pid: str, cid: str) -> int:
        return sum(x.quantity for x in state.listings if x.seller == pid and x.company == cid)

    def shares_value(self, state: ImperoState, pid: str) -> int:
        total = 0
        for c in state.companies:
            held = c.shares.get(pid, 0)
            if held:
                total += held * c.capital // c.total_shares()
        return total

    def net_worth(self, state: ImperoState, pid: str) -> int:
        return state.cash[pid] + self.escrow(state, pid) + self.shares_value(state, pid)

    def network_neighbours(self, state: ImperoState, company: Company) -> set[str]:
        board = self.board(state)
        owned = set(company.nodes)
        return {m for n in company.nodes for m in board.neighbours[n] if m not in owned}

    def free_adjacent(self, state: ImperoState, company: Company) -> list[str]:
        board = self.board(state)
        near = self.network_neighbours(state, company)
        return sorted((n for n in near if n not in state.owner), key=board.index.__getitem__)

    def company_op(self, state: ImperoState, company: Company) -> int:
        s = state.settings
        return s.company_op_base + s.company_op_per_shareholder * sum(
            1 for v in company.shares.values() if v > 0
        )

    def node_price(self, state: ImperoState, node: str, permille: int) -> int:
        return state.yields[node] * 100 * permille // 1000

    # ---- checks shared by the handlers -------------------------------------------------
    def _need_op(self, state: ImperoState, pid: str, need: int) -> None:
        if state.op[pid] < need:
            raise RuleError("impero.no_op", need=need, have=state.op[pid])

    def _need_cash(self, state: ImperoState, pid: str, need: int) -> None:
        if state.cash[pid] < need:
            raise RuleError("impero.insufficient_cash", need=need, have=state.cash[pid])

    def _positive(self, amount: int) -> None:
        if amount <= 0:
            raise RuleError("impero.amount_positive", amount=amount)

    def _ceo(self, state: ImperoState, actor: str, name: str, op: int) -> Company:
        company = self.find_company(state, name)
        if company.ceo != actor:
            raise RuleError("impero.not_ceo", company=company.name, ceo=state.name_of(company.ceo))
        if company.op < op:
            raise RuleError("impero.company_no_op", company=company.name, need=op, have=company.op)
        return company

    def _company_pays(self, company: Company, amount: int) -> None:
        if company.capital < amount:
            raise RuleError(
                "impero.company_insufficient", company=company.name, need=amount, have=company.capital
            )

    def _ceo_spends(self, state: ImperoState, actor: str, name: str, amount: int) -> Company:
        """The paid CEO moves (buy, upgrade, rent a node): one CEO action's OP and `amount` of capital,
        paid to the bank. Called after the move's own checks, so that their errors come first."""
        s = state.settings
        company = self._ceo(state, actor, name, s.ceo_action_op)
        self._company_pays(company, amount)
        company.op -= s.ceo_action_op
        company.capital -= amount
        state.bank.paid_in += amount
        return company

    # ---- actions -----------------------------------------------------------------------
    def handle(self, state: ImperoState, actor: str, action: Any, now: datetime) -> list[Event]:
        if state.status != "active":
            raise RuleError("core.game_over")
        handlers: dict[type[BaseModel], Callable[[ImperoState, str, Any, datetime], list[Event]]] = {
            CreateCompany: self._create,
            BuyNode: self._buy_node,
            UpgradeNode: self._upgrade,
            SetReinvest: self._reinvest,
            Recapitalize: self._recapitalize,
            RentNode: self._rent,
            Bid: self._bid,
            ListShares: self._list,
            WithdrawListing: self._withdraw,
            BuyShares: self._buy_shares,
            ClaimCeo: self._claim,
            OfferMoney: self._offer,
            AcceptOffer: self._accept,
            RefuseOffer: self._refuse,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise RuleError("core.bad_action", detail=getattr(action, "type", "?"))
        return handler(state, actor, action, now)

    def _create(self, state: ImperoState, actor: str, a: CreateCompany, now: datetime) -> list[Event]:
        s = state.settings
        name = " ".join(a.name.split())
        if not 1 <= len(name) <= s.name_max_length:
            raise RuleError("impero.name_invalid", max=s.name_max_length)
        if any(c.name.casefold() == name.casefold() for c in state.companies):
            raise RuleError("impero.name_taken", name=name)
        self._positive(a.capital)
        if a.capital < s.min_company_capital:
            raise RuleError("impero.capital_too_low", min=s.min_company_capital)
        self._need_cash(state, actor, a.capital)
        self._need_op(state, actor, s.create_company_op)
        free = [n for n in self.board(state).nodes if n not in state.owner]
        if not free:
            raise RuleError("impero.no_free_node")
        lowest = min(state.yields[n] for n in free)
        node = state.rng.choice([n for n in free if state.yields[n] == lowest])
        company = Company(
            id=state.next_id("c"),
            name=name,
            founder=actor,
            ceo=actor,
            capital=a.capital,
            shares={actor: s.founder_shares},
            reinvest=s.reinvest_start,
            nodes=[node],
            founded_turn=state.turn,
        )
        company.op = self.company_op(state, company)
        state.op[actor] -= s.create_company_op
        state.cash[actor] -= a.capital
        state.owner[node] = company.id
        state.companies.append(company)
        return [
            Event(
                key="impero.company_created",
                params={
                    "company": name,
                    "player": state.name_of(actor),
                    "capital": a.capital,
                    "node": node,
                    "yield": state.yields[node],
                    "shares": s.founder_shares,
                },
            )
        ]

    def _buy_node(self, state: ImperoState, actor: str, a: BuyNode, now: datetime) -> list[Event]:
        s = state.settings
        company = self._ceo(state, actor, a.company, 0)
        node = self._node(state, a.node)
        if node in state.owner:
            raise RuleError("impero.node_taken", node=node, owner=state.company(state.owner[node]).name)
        if node not in self.network_neighbours(state, company):
            raise RuleError("impero.node_not_adjacent", node=node, company=company.name)
        price = self.node_price(state, node, s.node_price_permille)
        self._ceo_spends(state, actor, a.company, price)
        company.nodes.append(node)
        state.owner[node] = company.id
        return [
            Event(
                key="impero.node_bought",
                params={"company": company.name, "node": node, "yield": state.yields[node], "price": price},
            )
        ]

    def _upgrade(self, state: ImperoState, actor: str, a: UpgradeNode, now: datetime) -> list[Event]:
        s = state.settings
        company = self._ceo(state, actor, a.company, 0)
        node = self._node(state, a.node)
        if state.owner.get(node) != company.id:
            raise RuleError("impero.node_not_owned", node=node, company=company.name)
        level = state.yields[node]
        if level >= TIERS[-1]:
            raise RuleError("impero.node_max", node=node, max=TIERS[-1])
        tier = TIERS.index(level)
        cost = s.upgrade_costs[tier]
        self._ceo_spends(state, actor, a.company, cost)
        state.yields[node] = TIERS[tier + 1]
        return [
            Event(
                key="impero.node_upgraded",
                params={
                    "company": company.name,
                    "node": node,
                    "old": level,
                    "new": TIERS[tier + 1],
                    "cost": cost,
                },
            )
        ]

    def _reinvest(self, state: ImperoState, actor: str, a: SetReinvest, now: datetime) -> list[Event]:
        s = state.settings
        company = self._ceo(state, actor, a.company, 0)
        if not 0 <= a.rate <= 100:
            raise RuleError("impero.reinvest_range", rate=a.rate)
        diff = abs(a.rate - company.reinvest)
        if diff == 0:
            raise RuleError("impero.reinvest_same", rate=a.rate)
        if diff % s.reinvest_step:
            raise RuleError("impero.reinvest_step", step=s.reinvest_step)
        cost = diff // s.reinvest_step * s.ceo_action_op
        self._ceo(state, actor, a.company, cost)
        old = company.reinvest
        company.op -= cost
        company.reinvest = a.rate
        return [
            Event(
                key="impero.reinvest_changed",
                params={"company": company.name, "old": old, "new": a.rate, "op": cost},
            )
        ]

    def _recapitalize(self, state: ImperoState, actor: str, a: Recapitalize, now: datetime) -> list[Event]:
        s = state.settings
        company = self._ceo(state, actor, a.company, 0)
        if any(x.company == company.id for x in state.auctions):
            raise RuleError("impero.auction_already_open", company=company.name)
        if a.start_price < s.min_start_price:
            raise RuleError("impero.start_price_low", min=s.min_start_price)
        self._ceo(state, actor, a.company, s.ceo_action_op)
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
                closes_at=closes,
                timer_id=timer.id,
            )
        )
        return [
            Event(
                key="impero.auction_opened",
                params={"company": company.name, "start": a.start_price, "closes_at": closes.isoformat()},
            )
        ]

    def _rent(self, state: ImperoState, actor: str, a: RentNode, now: datetime) -> list[Event]:
        s = state.settings
        company = self._ceo(state, actor, a.company, 0)
        node = self._node(state, a.node)
        owner = state.owner.get(node)
        if owner is None:
            raise RuleError("impero.node_free", node=node)
        if owner == company.id:
            raise RuleError("impero.node_own", node=node)
        if company.id in state.renters.get(node, []):
            raise RuleError("impero.already_rented", node=node, company=company.name)
        if node not in self.network_neighbours(state, company):
            raise RuleError("impero.node_not_adjacent", node=node, company=company.name)
        if s.rent_only_when_blocked:
            free = self.free_adjacent(state, company)
            if free:
                raise RuleError("impero.rent_not_blocked", company=company.name, node=free[0])
        price = self.node_price(state, node, s.rent_price_permille)
        self._ceo_spends(state, actor, a.company, price)
        company.rented.append(node)
        state.renters.setdefault(node, []).append(company.id)
        return [
            Event(
                key="impero.node_rented",
                params={
                    "company": company.name,
                    "node": node,
                    "owner": state.company(owner).name,
                    "price": price,
                },
            )
        ]

    def _auction_of(self, state: ImperoState, name: str) -> tuple[Company, Auction]:
        company = self.find_company(state, name)
        auction = next((x for x in state.auctions if x.company == company.id), None)
        if auction is None:
            raise RuleError("impero.no_auction", company=company.name)
        return company, auction

    def min_bid(self, state: ImperoState, auction: Auction) -> int:
        if auction.best_bidder is None:
            return auction.start_price
        return auction.best_bid + state.settings.bid_increment

    def _bid(self, state: ImperoState, actor: str, a: Bid, now: datetime) -> list[Event]:
        s = state.settings
        company, auction = self._auction_of(state, a.company)
        if now >= auction.closes_at:
            raise RuleError("impero.auction_closed", company=company.name)
        self._positive(a.amount)
        minimum = self.min_bid(state, auction)
        if a.amount < minimum:
            raise RuleError("impero.bid_too_low", min=minimum)
        entry = 0 if actor in auction.bidders else s.action_op
        self._need_op(state, actor, entry)
        need = a.amount - auction.best_bid if auction.best_bidder == actor else a.amount
        self._need_cash(state, actor, need)
        events: list[Event] = []
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
                        "closes_at": auction.closes_at.isoformat(),
                    },
                )
            )
        state.cash[actor] -= need
        state.op[actor] -= entry
        if actor not in auction.bidders:
            auction.bidders.append(actor)
        auction.best_bid = a.amount
        auction.best_bidder = actor
        extended = auction.closes_at - now <= timedelta(seconds=s.snipe_window_seconds)
        if extended:
            auction.closes_at += timedelta(seconds=s.snipe_extension_seconds)
            timer = state.timer(auction.timer_id)
            if timer is not None:
                timer.at = auction.closes_at
        events.insert(
            0,
            Event(
                key="impero.bid_placed",
                params={
                    "company": company.name,
                    "player": state.name_of(actor),
                    "amount": a.amount,
                    "closes_at": auction.closes_at.isoformat(),
                    "extended": extended,
                },
            ),
        )
        return events

    def _list(self, state: ImperoState, actor: str, a: ListShares, now: datetime) -> list[Event]:
        s = state.settings
        company = self.find_company(state, a.company)
        if a.quantity <= 0:
            raise RuleError("impero.quantity_positive", quantity=a.quantity)
        self._positive(a.price)
        free = company.shares.get(actor, 0) - self.listed(state, actor, company.id)
        if a.quantity > free:
            raise RuleError("impero.not_enough_shares", company=company.name, have=free)
        self._need_op(state, actor, s.action_op)
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

    def _listing(self, state: ImperoState, lid: str) -> Listing:
        found = next((x for x in state.listings if x.id.casefold() == lid.strip().casefold()), None)
        if found is None:
            raise RuleError("impero.unknown_listing", listing=lid.strip())
        return found

    def _withdraw(self, state: ImperoState, actor: str, a: WithdrawListing, now: datetime) -> list[Event]:
        listing = self._listing(state, a.listing)
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

    def _buy_shares(self, state: ImperoState, actor: str, a: BuyShares, now: datetime) -> list[Event]:
        s = state.settings
        listing = self._listing(state, a.listing)
        if listing.seller == actor:
            raise RuleError("impero.own_listing", listing=listing.id)
        if a.quantity <= 0:
            raise RuleError("impero.quantity_positive", quantity=a.quantity)
        if a.quantity > listing.quantity:
            raise RuleError("impero.listing_quantity", listing=listing.id, available=listing.quantity)
        cost = a.quantity * listing.price
        self._need_cash(state, actor, cost)
        self._need_op(state, actor, s.action_op)
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

    def can_claim(self, state: ImperoState, company: Company, pid: str) -> bool:
        return pid != company.ceo and company.shares.get(pid, 0) > company.shares.get(company.ceo, 0)

    def _claim(self, state: ImperoState, actor: str, a: ClaimCeo, now: datetime) -> list[Event]:
        company = self.find_company(state, a.company)
        if company.ceo == actor:
            raise RuleError("impero.already_ceo", company=company.name)
        if not self.can_claim(state, company, actor):
            raise RuleError(
                "impero.cannot_claim",
                company=company.name,
                yours=company.shares.get(actor, 0),
                ceo=state.name_of(company.ceo),
                theirs=company.shares.get(company.ceo, 0),
            )
        old = company.ceo
        company.ceo = actor
        params = {"company": company.name, "player": state.name_of(actor), "old": state.name_of(old)}
        return [
            Event(key="impero.ceo_changed", params=params),
            Event(key="impero.dm.ceo_gained", params=params, to=[actor], notify=INFO),
            Event(key="impero.dm.ceo_lost", params=params, to=[old], notify=INFO),
        ]

    def _offer(self, state: ImperoState, actor: str, a: OfferMoney, now: datetime) -> list[Event]:
        s = state.settings
        seat = state.player(a.to)
        if seat is None or seat.left:
            raise RuleError("impero.unknown_player", player=a.to)
        if a.to == actor:
            raise RuleError("impero.offer_self")
        self._positive(a.amount)
        self._need_cash(state, actor, a.amount)
        self._need_op(state, actor, s.action_op)
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
            "expires_at": state.turn_ends_at.isoformat(),
        }
        return [
            Event(key="impero.offer_sent", params=params, to=[actor]),
            Event(key="impero.dm.offer_received", params=params, to=[a.to], notify="action"),
        ]

    def _offer_for(self, state: ImperoState, actor: str, oid: str) -> Offer:
        offer = next((o for o in state.offers if o.id.casefold() == oid.strip().casefold()), None)
        if offer is None:
            raise RuleError("impero.unknown_offer", offer=oid.strip())
        if offer.receiver != actor:
            raise RuleError("impero.not_your_offer", offer=offer.id)
        return offer

    def interception_odds(self, state: ImperoState, offer: Offer) -> tuple[int, int]:
        """(numerator, denominator): factor x amount / sender's cash at offer time, capped at 1."""
        num = state.settings.interception_permille * offer.amount
        den = 1000 * max(offer.sender_cash, 1)
        return min(num, den), den

    def _accept(self, state: ImperoState, actor: str, a: AcceptOffer, now: datetime) -> list[Event]:
        s = state.settings
        offer = self._offer_for(state, actor, a.offer)
        self._need_op(state, actor, s.action_op)
        state.op[actor] -= s.action_op
        state.offers.remove(offer)
        num, den = self.interception_odds(state, offer)
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

    def _refuse(self, state: ImperoState, actor: str, a: RefuseOffer, now: datetime) -> list[Event]:
        offer = self._offer_for(state, actor, a.offer)
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

    # ---- timers ------------------------------------------------------------------------
    def on_timer(self, state: ImperoState, timer: Timer, now: datetime) -> list[Event]:
        if timer.kind == "auction":
            auction = next((x for x in state.auctions if x.id == timer.data.get("auction")), None)
            return self._close_auction(state, auction, now) if auction else []
        if timer.kind == "turn_end":
            return self._turn_end(state, now)
        return []

    def _close_auction(self, state: ImperoState, auction: Auction, now: datetime) -> list[Event]:
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

    def halved_by(self, state: ImperoState, dark: set[str]) -> list[str]:
        """Owned nodes next to a blackout and not dark themselves; halving happens once however many."""
        board = self.board(state)
        near = {m for n in dark for m in board.neighbours[n] if m in state.owner and m not in dark}
        return sorted(near, key=board.index.__getitem__)

    def node_income(self, state: ImperoState, blackouts: set[str], halved: set[str]) -> dict[str, int]:
        """Each company's income in cents for one turn end (renters take half, owners keep all)."""
        income = {c.id: 0 for c in state.companies}
        for node, cid in state.owner.items():
            full = 0 if node in blackouts else state.yields[node] * 100
            if node in halved:
                full //= 2
            renters = state.renters.get(node, [])
            income[cid] += full + len(renters) * (full // 2)
            for r in renters:
                income[r] += full // 2
        return income

    def pay_dividends(self, company: Company, income: int, cash: dict[str, int]) -> CompanyResult:
        """Reinvested share to the company; the rest per share, floored; leftover cents to the company."""
        reinvested = income * company.reinvest // 100
        holders = sorted(company.shares)
        parts, leftover = split_floor(income - reinvested, [company.shares[h] for h in holders])
        for h, part in zip(holders, parts, strict=True):
            cash[h] += part
        company.capital += reinvested + leftover
        company.last_income = income
        total = company.total_shares()
        return CompanyResult(
            company=company.id,
            name=company.name,
            income=income,
            reinvested=reinvested,
            per_share=(income - reinvested) // total if total else 0,
            paid_out=sum(parts),
            leftover=leftover,
        )

    def _turn_end(self, state: ImperoState, now: datetime) -> list[Event]:
        s = state.settings
        board = self.board(state)
        events: list[Event] = []
        owned = sorted(state.owner, key=board.index.__getitem__)
        blackouts = [n for n in owned if state.rng.chance(state.yields[n], s.blackout_denominator)]
        dark = set(blackouts)
        halved = self.halved_by(state, dark)
        income = self.node_income(state, dark, set(halved))
        state.bank.minted += sum(income.values())
        report = TurnReport(turn=state.turn, at=now, blackouts=blackouts, halved=halved)
        for company in state.companies:
            report.companies.append(self.pay_dividends(company, income[company.id], state.cash))
        state.last_report = report
        events.append(
            Event(
                key="impero.turn_report",
                params={
                    "turn": state.turn,
                    "blackouts": blackouts,
                    "halved": halved,
                    "income": sum(income.values()),
                    "companies": [r.model_dump() for r in report.companies],
                },
            )
        )
        for r in report.companies:
            events.append(
                Event(
                    key="impero.dividends",
                    params={
                        "company": r.name,
                        "income": r.income,
                        "reinvested": r.reinvested,
                        "per_share": r.per_share,
                        "paid": r.paid_out,
                        "leftover": r.leftover,
                    },
                )
            )
        for company in state.companies:
            hit = [n for n in company.nodes if n in dark]
            if hit:
                events.append(
                    Event(
                        key="impero.dm.blackout",
                        to=sorted(company.shares),
                        notify=INFO,
                        params={"company": company.name, "nodes": hit},
                    )
                )
        for offer in list(state.offers):
            state.offers.remove(offer)
            state.cash[offer.sender] += offer.amount
            events.append(
                Event(
                    key="impero.dm.offer_expired",
                    to=[offer.sender, offer.receiver],
                    notify=INFO,
                    params={
                        "offer": offer.id,
                        "sender": state.name_of(offer.sender),
                        "receiver": state.name_of(offer.receiver),
                        "amount": offer.amount,
                    },
                )
            )
        if state.turn >= s.turns:
            events.extend(self._game_over(state))
        else:
            for pid, hist in state.cash_history.items():
                hist.append(state.cash[pid])
            state.turn += 1
            state.turn_ends_at = next_wall_time(now, _times(s), s.timezone)
            state.add_timer("turn_end", state.turn_ends_at, turn=state.turn)
            for pid in state.op:
                state.op[pid] = s.player_op
            for company in state.companies:
                company.op = self.company_op(state, company)
            events.append(
                Event(
                    key="impero.turn_started",
                    notify="turn",
                    params={"turn": state.turn, "turns": s.turns, "ends_at": state.turn_ends_at.isoformat()},
                )
            )
        return events

    def _game_over(self, state: ImperoState) -> list[Event]:
        """Final turn end: refund open auctions (no share is issued), drop listings, score cash."""
        events: list[Event] = []
        for auction in list(state.auctions):
            state.auctions.remove(auction)
            if auction.best_bidder is not None:
                state.cash[auction.best_bidder] += auction.best_bid
            events.append(
                Event(
                    key="impero.auction_cancelled",
                    params={"company": state.company(auction.company).name, "refund": auction.best_bid},
                )
            )
        state.listings = []
        for pid, hist in state.cash_history.items():
            hist.append(state.cash[pid])
        seated = [p.id for p in state.players]
        top = max(state.cash[p] for p in seated)
        winners = [p for p in seated if state.cash[p] == top]
        standings = sorted(seated, key=lambda p: (-state.cash[p], -self.net_worth(state, p), p))
        events.append(
            Event(
                key="impero.game_over",
                params={
                    "turns": state.settings.turns,
                    "winners": [state.name_of(w) for w in winners],
                    "cash": top,
                    "standings": [
                        {
                            "player": state.name_of(p),
                            "cash": state.cash[p],
                            "net_worth": self.net_worth(state, p),
                        }
                        for p in standings
                    ],
                },
            )
        )
        for p in standings:  # the ranking by cash, net worth beside it; equal cash shares the place
            events.append(
                Event(
                    key="impero.standing",
                    params={
                        "rank": 1 + sum(1 for q in seated if state.cash[q] > state.cash[p]),
                        "player": state.name_of(p),
                        "cash": state.cash[p],
                        "net_worth": self.net_worth(state, p),
                    },
                )
            )
        events.append(self.finish(state, winners, "turns"))
        for pid in seated:
            state.op[pid] = 0
        return events

    # ---- the platform's questions ------------------------------------------------------
    def awaiting(self, state: ImperoState) -> set[str]:
        """Players with unspent OP: the platform reminds them before the turn end."""
        if state.status != "active" or state.paused_at is not None:
            return set()
        return {p for p in state.active_player_ids() if state.op.get(p, 0) > 0}

    def turn_deadline(self, state: ImperoState) -> datetime | None:
        """The turn end, not an auction close that may come first: that is what players plan for."""
        if state.status != "active" or state.paused_at is not None:
            return None
        ends = [t.at for t in state.timers_of("turn_end")]
        return min(ends) if ends else None

    def headline(self, state: ImperoState) -> Msg:
        if state.status != "active":
            return Msg(
                key="impero.headline.finished", params={"winners": [state.name_of(w) for w in state.winners]}
            )
        return Msg(
            key="impero.headline",
            params={
                "turn": state.turn,
                "turns": state.settings.turns,
                "ends_at": state.turn_ends_at.isoformat(),
            },
        )

    # ---- views -------------------------------------------------------------------------
    def _deadline(self, state: ImperoState) -> datetime | None:
        return state.turn_ends_at if state.status == "active" else None

    def map_view(self, state: ImperoState) -> MapView:
        board = self.board(state)
        rep = state.last_report
        dark = set(rep.blackouts) if rep else set()
        half = set(rep.halved) if rep else set()
        nodes = [
            NodeView(
                id=n,
                col=board.coords[n][0],
                row=board.coords[n][1],
                value=state.yields[n],
                owner=state.owner.get(n),
                renters=list(state.renters.get(n, [])),
                blackout=n in dark,
                halved=n in half,
            )
            for n in board.nodes
        ]
        return MapView(
            title="Impero",
            turn=state.turn,
            turns=state.settings.turns,
            deadline=self._deadline(state),
            deadline_local=_local(self._deadline(state), state.settings.timezone),
            timezone=state.settings.timezone,
            cols=board.cols,
            rows=board.rows,
            nodes=nodes,
            companies=[CompanyTag(id=c.id, name=c.name, colour=i) for i, c in enumerate(state.companies)],
            last_turn=rep.turn if rep else None,
        )

    def company_view(self, state: ImperoState, name: str, viewer: str | None = None) -> CompanyView:
        company = self.find_company(state, name)
        index = state.companies.index(company)
        total = company.total_shares()
        holders = sorted(company.shares, key=lambda p: (-company.shares[p], state.name_of(p)))
        return CompanyView(
            id=company.id,
            name=company.name,
            colour=index,
            ceo=company.ceo,
            ceo_name=state.name_of(company.ceo),
            founder_name=state.name_of(company.founder),
            capital=company.capital,
            shares_total=total,
            share_value=company.capital // total if total else 0,
            reinvest=company.reinvest,
            op=company.op,
            nodes=list(company.nodes),
            rented=list(company.rented),
            node_yield=sum(state.yields[n] for n in company.nodes),
            last_income=company.last_income,
            shareholders=[
                Shareholder(
                    player=p,
                    name=state.name_of(p),
                    shares=company.shares[p],
                    listed=self.listed(state, p, company.id),
                )
                for p in holders
            ],
            auction_open=any(x.company == company.id for x in state.auctions),
            can_claim_ceo=viewer is not None and self.can_claim(state, company, viewer),
            viewer_is_ceo=viewer == company.ceo,
        )

    def _auction_view(self, state: ImperoState, a: Auction) -> AuctionView:
        return AuctionView(
            id=a.id,
            company=a.company,
            company_name=state.company(a.company).name,
            start_price=a.start_price,
            best_bid=a.best_bid,
            best_bidder=a.best_bidder,
            best_bidder_name=state.name_of(a.best_bidder) if a.best_bidder else None,
            min_bid=self.min_bid(state, a),
            closes_at=a.closes_at,
            closes_local=_local(a.closes_at, state.settings.timezone),
        )

    def _listing_view(self, state: ImperoState, x: Listing) -> ListingView:
        return ListingView(
            id=x.id,
            seller=x.seller,
            seller_name=state.name_of(x.seller),
            company=x.company,
            company_name=state.company(x.company).name,
            quantity=x.quantity,
            price=x.price,
        )

    def _player_rows(self, state: ImperoState) -> list[PlayerRow]:
        return [
            PlayerRow(
                id=p.id,
                name=p.name,
                colour=i,
                cash=state.cash[p.id],
                escrow=self.escrow(state, p.id),
                net_worth=self.net_worth(state, p.id),
                op=state.op[p.id],
                left=p.left,
                shares={c.name: c.shares[p.id] for c in state.companies if c.shares.get(p.id)},
            )
            for i, p in enumerate(state.players)
        ]

    def market_view(self, state: ImperoState, viewer: str | None = None) -> MarketView:
        return MarketView(
            title="Impero",
            turn=state.turn,
            turns=state.settings.turns,
            deadline_local=_local(self._deadline(state), state.settings.timezone),
            timezone=state.settings.timezone,
            companies=[self.company_view(state, c.id, viewer) for c in state.companies],
            auctions=[self._auction_view(state, a) for a in state.auctions],
            listings=[self._listing_view(state, x) for x in state.listings],
            players=self._player_rows(state),
        )

    def chart_view(self, state: ImperoState) -> ChartView:
        return ChartView(
            title="Impero",
            turns=state.settings.turns,
            series=self._player_rows(state),
            history={p: list(h) for p, h in state.cash_history.items()},
        )

    def me_view(self, state: ImperoState, viewer: str) -> MeView:
        mine = [c for c in state.companies if c.shares.get(viewer)]
        return MeView(
            player=viewer,
            name=state.name_of(viewer),
            cash=state.cash[viewer],
            escrow=self.escrow(state, viewer),
            op=state.op[viewer],
            net_worth=self.net_worth(state, viewer),
            shares={c.name: c.shares[viewer] for c in mine},
            listed={c.name: n for c in mine if (n := self.listed(state, viewer, c.id))},
            ceo_of=[c.name for c in state.companies if c.ceo == viewer],
            claimable=[c.name for c in state.companies if self.can_claim(state, c, viewer)],
            leading_bids=[self._auction_view(state, a) for a in state.auctions if a.best_bidder == viewer],
            offers=[
                OfferView(
                    id=o.id,
                    sender=o.sender,
                    sender_name=state.name_of(o.sender),
                    receiver=o.receiver,
                    receiver_name=state.name_of(o.receiver),
                    amount=o.amount,
                    incoming=o.receiver == viewer,
                )
                for o in state.offers
                if viewer in (o.sender, o.receiver)
            ],
            listings=[self._listing_view(state, x) for x in state.listings if x.seller == viewer],
        )

    def view(self, state: ImperoState, viewer: str | None) -> ImperoView:
        seated = viewer is not None and state.player(viewer) is not None
        return ImperoView(
            status=state.status,
            turn=state.turn,
            turns=state.settings.turns,
            turn_ends_at=self._deadline(state),
            winners=[state.name_of(w) for w in state.winners],
            map=self.map_view(state),
            market=self.market_view(state, viewer),
            chart=self.chart_view(state),
            last_report=state.last_report,
            me=self.me_view(state, viewer) if seated and viewer is not None else None,
        )

    # ---- legal actions (buttons, autopilot, fuzzing) -----------------------------------
    def legal_actions(self, state: ImperoState, actor: str) -> list[BaseModel]:
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
                for n in self.free_adjacent(state, c)[:3]:
                    if c.capital >= self.node_price(state, n, s.node_price_permille):
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
                if not s.rent_only_when_blocked or not self.free_adjacent(state, c):
                    board = self.board(state)
                    for n in sorted(self.network_neighbours(state, c), key=board.index.__getitem__):
                        if (
                            n in state.owner
                            and c.id not in state.renters.get(n, [])
                            and c.capital >= self.node_price(state, n, s.rent_price_permille)
                        ):
                            out.append(RentNode(company=c.name, node=n))
                            break
            if self.can_claim(state, c, actor):
                out.append(ClaimCeo(company=c.name))
            free = c.shares.get(actor, 0) - self.listed(state, actor, c.id)
            if free > 0 and op >= s.action_op:
                price = max(100, c.capital // c.total_shares())
                for quantity in sorted({1, free}):
                    out.append(ListShares(company=c.name, quantity=quantity, price=price))
        for a in state.auctions:
            if state.clock >= a.closes_at:
                continue
            amount = self.min_bid(state, a)
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
