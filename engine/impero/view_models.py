"""What Impero's players see, as pydantic models: the map, the market, the chart and a player's own
page (built by engine/impero/views.py, drawn by render/impero.py). Money is integer cents."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from engine.impero.models import TurnReport


class NodeView(BaseModel):
    id: str
    col: int
    row: int
    value: int  # yield in whole dollars per turn
    owner: str | None = None  # company id
    renters: list[str] = Field(default_factory=list)
    blackout: bool = False  # at the last turn end
    halved: bool = False


class CompanyTag(BaseModel):
    id: str
    name: str
    colour: int  # palette index (creation order)


class MapView(BaseModel):
    title: str
    turn: int
    turns: int
    deadline: datetime | None
    deadline_local: str  # "2026-03-30 21:00" in the game's time zone, for the image
    timezone: str
    cols: int
    rows: int
    nodes: list[NodeView]
    companies: list[CompanyTag]
    last_turn: int | None = None  # the turn end whose blackouts are marked
    highlight: list[str] = Field(default_factory=list)  # nodes a viewer asked to see marked (buyable)


class Shareholder(BaseModel):
    player: str
    name: str
    shares: int
    listed: int = 0


class CompanyView(BaseModel):
    id: str
    name: str
    colour: int
    ceo: str
    ceo_name: str
    founder_name: str
    capital: int
    shares_total: int
    share_value: int  # capital / shares, floored to the cent
    reinvest: int
    op: int
    nodes: list[str]
    rented: list[str]
    node_yield: int  # sum of nominal yields of owned nodes, cents
    last_income: int
    shareholders: list[Shareholder]
    auction_open: bool
    can_claim_ceo: bool = False  # for the viewer
    viewer_is_ceo: bool = False


class AuctionView(BaseModel):
    id: str
    company: str
    company_name: str
    start_price: int
    best_bid: int
    best_bidder: str | None
    best_bidder_name: str | None
    min_bid: int
    closes_at: datetime | None  # None once the game has ended
    closes_local: str


class ListingView(BaseModel):
    id: str
    seller: str
    seller_name: str
    company: str
    company_name: str
    quantity: int
    price: int


class PlayerRow(BaseModel):
    id: str
    name: str
    colour: int
    cash: int
    escrow: int
    net_worth: int  # cash + escrow + shares at company capital / shares
    op: int
    shares: dict[str, int]  # company name -> shares
    left: bool = False


class MarketView(BaseModel):
    title: str
    turn: int
    turns: int
    deadline_local: str
    timezone: str
    companies: list[CompanyView]
    auctions: list[AuctionView]
    listings: list[ListingView]
    players: list[PlayerRow]


class ChartView(BaseModel):
    title: str
    turns: int
    series: list[PlayerRow]
    history: dict[str, list[int]]  # player id -> cash at start and after each turn end


class OfferView(BaseModel):
    id: str
    sender: str
    sender_name: str
    receiver: str
    receiver_name: str
    amount: int
    incoming: bool


class MeView(BaseModel):
    player: str
    name: str
    cash: int
    escrow: int
    op: int
    net_worth: int
    shares: dict[str, int]  # company name -> shares
    listed: dict[str, int]  # company name -> shares reserved by listings
    ceo_of: list[str]
    claimable: list[str]  # companies whose CEO seat the player may claim
    leading_bids: list[AuctionView]
    offers: list[OfferView]
    listings: list[ListingView]


class ImperoView(BaseModel):
    status: str
    turn: int
    turns: int
    turn_ends_at: datetime | None
    winners: list[str]  # names
    map: MapView
    market: MarketView
    chart: ChartView
    last_report: TurnReport | None
    me: MeView | None = None
