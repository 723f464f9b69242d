"""Impero wired to the engine contract: telecom companies compete for the nodes of Italy, shares
and money change hands, and every twelve hours the nodes pay out. docs/rules/impero.md is the
rulebook as applied. Each rule lives in the module named after its mechanic:

accounts.py (cash, OP, escrow, net worth), companies.py (founding, CEO, reinvestment), nodes.py
(buy, upgrade, rent), auctions.py (recapitalization), market.py (share listings), offers.py
(money offers and interception), turn_end.py (income, dividends, next turn, final scoring),
views.py (what players see), legal.py (representative legal moves).

Money is integer cents everywhere; a node of yield N produces N.00$ per turn.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Game, GameMeta, Msg, Player, Rng, RuleError, Timer
from engine.core.clock import first_wall_time_after_gap
from engine.impero import accounts, auctions, companies, market, nodes, offers, proxy, turn_end, views
from engine.impero import orders as standing
from engine.impero.auctions import bid, close_auction, recapitalize
from engine.impero.board import get_map, load_layout
from engine.impero.companies import claim_ceo, create_company, set_reinvest
from engine.impero.legal import legal_actions
from engine.impero.market import buy_shares, list_shares, withdraw_listing
from engine.impero.models import (
    AcceptOffer,
    Bid,
    BuyNode,
    BuyShares,
    ClaimCeo,
    CreateCompany,
    ImperoAction,
    ImperoSettings,
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
from engine.impero.nodes import buy_node, rent_node, upgrade_node
from engine.impero.offers import accept_offer, offer_money, refuse_offer
from engine.impero.orders import ImperoOrders
from engine.impero.turn_end import turn_times
from engine.impero.view_models import ImperoView


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
    # 2: deadlines live in their timers only (turn_ends_at and Auction.closes_at dropped)
    state_version = 2
    orders_model = ImperoOrders  # proxy bids, and the leftover company OP at the turn end: orders.py
    clock_ends = frozenset({"turns"})  # the last turn's end is the game's end, no one's missed deadline
    score_format = "money"  # the cash that ranks the players

    # lookups and views the cogs, renderers and tests ask the game for
    board = staticmethod(nodes.board_of)
    find_company = staticmethod(companies.find_company)
    can_claim = staticmethod(companies.can_claim)
    company_op = staticmethod(companies.company_op)
    escrow = staticmethod(accounts.escrow)
    net_worth = staticmethod(accounts.net_worth)
    shares_value = staticmethod(accounts.shares_value)
    network_neighbours = staticmethod(nodes.network_neighbours)
    free_adjacent = staticmethod(nodes.free_adjacent)
    node_price = staticmethod(nodes.node_price)
    min_bid = staticmethod(auctions.min_bid)
    closes_at = staticmethod(auctions.closes_at)
    turn_ends = staticmethod(turn_end.turn_ends)
    listed = staticmethod(market.listed)
    interception_odds = staticmethod(offers.interception_odds)
    halved_by = staticmethod(turn_end.halved_by)
    node_income = staticmethod(turn_end.node_income)
    pay_dividends = staticmethod(turn_end.pay_dividends)
    map_view = staticmethod(views.map_view)
    company_view = staticmethod(views.company_view)
    market_view = staticmethod(views.market_view)
    chart_view = staticmethod(views.chart_view)
    me_view = staticmethod(views.me_view)

    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> ImperoState:
        s: ImperoSettings = settings
        board = get_map(s.map)
        rng = Rng(seed=seed)
        if s.yield_layout:
            layout = load_layout(s.yield_layout)  # fits the map: checked with the settings
            yields = {n: layout[n] for n in board.nodes}
        else:
            yields = {n: board.yield_values[rng.weighted(board.yield_weights)] for n in board.nodes}
        ends = first_wall_time_after_gap(now, turn_times(s), s.timezone, timedelta(hours=s.first_turn_min_hours))
        state = ImperoState(
            game=self.meta.kind,
            seed=seed,
            rng=rng,
            players=players,
            created_at=now,
            clock=now,
            settings=s,
            yields=yields,
            cash={p.id: s.start_cash for p in players},
            op={p.id: s.player_op for p in players},
            cash_history={p.id: [s.start_cash] for p in players},
        )
        state.add_timer("turn_end", ends, turn=1)
        return state

    def handle(self, state: ImperoState, actor: str, action: Any, now: datetime) -> list[Event]:
        if state.status != "active":
            raise RuleError("core.game_over")
        handlers: dict[type[BaseModel], Callable[[ImperoState, str, Any, datetime], list[Event]]] = {
            CreateCompany: create_company,
            BuyNode: buy_node,
            UpgradeNode: upgrade_node,
            SetReinvest: set_reinvest,
            Recapitalize: recapitalize,
            RentNode: rent_node,
            Bid: bid,
            ListShares: list_shares,
            WithdrawListing: withdraw_listing,
            BuyShares: buy_shares,
            ClaimCeo: claim_ceo,
            OfferMoney: offer_money,
            AcceptOffer: accept_offer,
            RefuseOffer: refuse_offer,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise RuleError("core.bad_action", detail=getattr(action, "type", "?"))
        events = handler(state, actor, action, now)
        if isinstance(action, Bid | Recapitalize):  # an outbid proxy answers; a new auction gets its proxies
            events += proxy.resolve_company(state, self.find_company(state, action.company).id, now)
        return events

    # ---- standing orders ---------------------------------------------------------------
    def check_orders(self, state: ImperoState, player: str, orders: ImperoOrders) -> None:
        standing.check(state, orders)

    def describe_orders(self, state: ImperoState, player: str, orders: ImperoOrders) -> list[dict[str, Any]]:
        return standing.describe(state, orders)

    def orders_sample(self, state: ImperoState, player: str) -> dict[str, Any] | None:
        return standing.sample(state)

    def order_pieces(self, state: ImperoState, orders: ImperoOrders) -> dict[str, Any]:
        return standing.pieces(state, orders)

    def on_orders(self, state: ImperoState, player: str, now: datetime) -> list[Event]:
        """Proxy bids act at once: on the auctions open now."""
        return proxy.resolve_all(state, now)

    def lapsed(self, state: ImperoState, now: datetime) -> list[Event]:
        """The turn end is every player's deadline: the CEOs whose orders say so develop their companies."""
        events: list[Event] = []
        for pid in state.player_ids():  # a removed CEO's orders still run the company they left
            orders = self.orders_due(state, pid, now, lapsed=True)
            if orders is not None and orders.develop:
                events += standing.develop(state, pid, orders.reserve, now)
        return events

    def on_timer(self, state: ImperoState, timer: Timer, now: datetime) -> list[Event]:
        if timer.kind == "auction":
            auction = next((x for x in state.auctions if x.id == timer.data.get("auction")), None)
            if auction is None:
                return []
            return proxy.spent(state, auction) + close_auction(state, auction, now)
        if timer.kind == "turn_end":
            # a moderator's /mod force fires the timer before it is due
            return self.lapsed(state, now) + turn_end.turn_end(state, now, forced=now < timer.at)
        return []

    def owed(self, state: ImperoState, player: str) -> list[Msg]:
        """Operation points still to spend this turn."""
        left = state.op.get(player, 0) if state.status == "active" else 0
        return [Msg(key="impero.owed.op", params={"op": left})] if left > 0 else []

    def awaiting(self, state: ImperoState) -> set[str]:
        """Players with unspent OP: the platform reminds them before the turn end."""
        if state.status != "active" or state.paused_at is not None:
            return set()
        return {p for p in state.active_player_ids() if state.op.get(p, 0) > 0}

    def turn_deadline(self, state: ImperoState) -> datetime | None:
        """The turn end, not an auction close that may come first: that is what players plan for."""
        if state.status != "active" or state.paused_at is not None:
            return None
        return turn_end.turn_ends(state)

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
                "ends_at": ends.isoformat() if (ends := turn_end.turn_ends(state)) else None,
            },
        )

    def migrate_state(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        if from_version == 1:  # the copies of the turn end and the auction closes: the timers hold them
            data = dict(data)
            data.pop("turn_ends_at", None)
            data["auctions"] = [{k: v for k, v in a.items() if k != "closes_at"} for a in data.get("auctions", [])]
            from_version = 2
        return super().migrate_state(data, from_version)

    def view(self, state: ImperoState, viewer: str | None) -> ImperoView:
        return views.game_view(state, viewer)

    def legal_actions(self, state: ImperoState, actor: str) -> list[BaseModel]:
        return legal_actions(state, actor)
