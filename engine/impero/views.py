"""What players see: the map, the market, the chart and a player's own page, built from the state."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

from engine.impero.accounts import escrow, net_worth
from engine.impero.auctions import closes_at, min_bid
from engine.impero.companies import can_claim
from engine.impero.market import listed
from engine.impero.models import Auction, ImperoState, Listing
from engine.impero.nodes import board_of
from engine.impero.turn_end import turn_ends
from engine.impero.view_models import (
    AuctionView,
    ChartView,
    CompanyTag,
    CompanyView,
    ImperoView,
    ListingView,
    MapView,
    MarketView,
    MeView,
    NodeView,
    OfferView,
    PlayerRow,
    Shareholder,
)


def local_time(moment: datetime | None, tz: str) -> str:
    if moment is None:
        return ""
    return moment.astimezone(ZoneInfo(tz)).strftime("%Y-%m-%d %H:%M")


def shown_deadline(state: ImperoState) -> datetime | None:
    return turn_ends(state) if state.status == "active" else None


def map_view(state: ImperoState) -> MapView:
    board = board_of(state)
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
        deadline=shown_deadline(state),
        deadline_local=local_time(shown_deadline(state), state.settings.timezone),
        timezone=state.settings.timezone,
        cols=board.cols,
        rows=board.rows,
        nodes=nodes,
        companies=[CompanyTag(id=c.id, name=c.name, colour=i) for i, c in enumerate(state.companies)],
        last_turn=rep.turn if rep else None,
    )


def company_view(state: ImperoState, cid: str, viewer: str | None = None) -> CompanyView:
    """The company with id `cid` (a command resolves the name a player typed with find_company)."""
    company = state.company(cid)
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
        node_yield=sum(state.yield_cents(n) for n in company.nodes),
        last_income=company.last_income,
        shareholders=[
            Shareholder(
                player=p,
                name=state.name_of(p),
                shares=company.shares[p],
                listed=listed(state, p, company.id),
            )
            for p in holders
        ],
        auction_open=any(x.company == company.id for x in state.auctions),
        can_claim_ceo=viewer is not None and can_claim(state, company, viewer),
        viewer_is_ceo=viewer == company.ceo,
    )


def auction_view(state: ImperoState, a: Auction) -> AuctionView:
    return AuctionView(
        id=a.id,
        company=a.company,
        company_name=state.company(a.company).name,
        start_price=a.start_price,
        best_bid=a.best_bid,
        best_bidder=a.best_bidder,
        best_bidder_name=state.name_of(a.best_bidder) if a.best_bidder else None,
        min_bid=min_bid(state, a),
        closes_at=closes_at(state, a),
        closes_local=local_time(closes_at(state, a), state.settings.timezone),
    )


def listing_view(state: ImperoState, x: Listing) -> ListingView:
    return ListingView(
        id=x.id,
        seller=x.seller,
        seller_name=state.name_of(x.seller),
        company=x.company,
        company_name=state.company(x.company).name,
        quantity=x.quantity,
        price=x.price,
    )


def player_rows(state: ImperoState) -> list[PlayerRow]:
    return [
        PlayerRow(
            id=p.id,
            name=p.name,
            colour=i,
            cash=state.cash[p.id],
            escrow=escrow(state, p.id),
            net_worth=net_worth(state, p.id),
            op=state.op[p.id],
            left=p.left,
            shares={c.name: c.shares[p.id] for c in state.companies if c.shares.get(p.id)},
        )
        for i, p in enumerate(state.players)
    ]


def cash_public(state: ImperoState) -> bool:
    """May everyone see every player's cash, escrow and OP? With `public_cash`, or once the game is over."""
    return state.settings.public_cash or state.status == "finished"


def market_view(state: ImperoState, viewer: str | None = None) -> MarketView:
    return MarketView(
        title="Impero",
        turn=state.turn,
        turns=state.settings.turns,
        deadline_local=local_time(shown_deadline(state), state.settings.timezone),
        timezone=state.settings.timezone,
        companies=[company_view(state, c.id, viewer) for c in state.companies],
        auctions=[auction_view(state, a) for a in state.auctions],
        listings=[listing_view(state, x) for x in state.listings],
        players=player_rows(state) if cash_public(state) else [],
    )


def chart_view(state: ImperoState) -> ChartView:
    return ChartView(
        title="Impero",
        turns=state.settings.turns,
        series=player_rows(state) if cash_public(state) else [],
        history={p: list(h) for p, h in state.cash_history.items()} if cash_public(state) else {},
    )


def me_view(state: ImperoState, viewer: str) -> MeView:
    mine = [c for c in state.companies if c.shares.get(viewer)]
    return MeView(
        player=viewer,
        name=state.name_of(viewer),
        cash=state.cash[viewer],
        escrow=escrow(state, viewer),
        op=state.op[viewer],
        net_worth=net_worth(state, viewer),
        shares={c.name: c.shares[viewer] for c in mine},
        listed={c.name: n for c in mine if (n := listed(state, viewer, c.id))},
        ceo_of=[c.name for c in state.companies if c.ceo == viewer],
        claimable=[c.name for c in state.companies if can_claim(state, c, viewer)],
        leading_bids=[auction_view(state, a) for a in state.auctions if a.best_bidder == viewer],
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
        listings=[listing_view(state, x) for x in state.listings if x.seller == viewer],
    )


def game_view(state: ImperoState, viewer: str | None) -> ImperoView:
    seated = viewer is not None and state.player(viewer) is not None
    return ImperoView(
        status=state.status,
        turn=state.turn,
        turns=state.settings.turns,
        turn_ends_at=shown_deadline(state),
        winners=[state.name_of(w) for w in state.winners],
        map=map_view(state),
        market=market_view(state, viewer),
        chart=chart_view(state),
        last_report=state.last_report,
        me=me_view(state, viewer) if seated and viewer is not None else None,
    )
