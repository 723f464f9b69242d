"""Impero's settings, state and actions (pydantic models; money is integer cents). What players see
is in engine/impero/view_models.py."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, ValidationInfo, field_validator

from engine.core import Action, CoreSettings, GameState
from engine.impero.board import TIERS, get_map, load_layout

INFO = "info"  # notify kind of the DMs that only inform


# a setting stored in cents that players type and read in dollars, like every amount (see bot/cogs/game.py)
MONEY: dict[str, Any] = {"unit": "cents"}


class ImperoSettings(CoreSettings):
    """Every numeric ruling, with its default. Money in cents, rates in points/per-mille."""

    turns: int = Field(default=14, ge=1, le=200)
    turn_end_times: list[str] = Field(default_factory=lambda: ["09:00", "21:00"], min_length=1)
    first_turn_min_hours: int = Field(default=6, ge=0, le=48)
    start_cash: int = Field(default=5000, ge=0, json_schema_extra=MONEY)
    player_op: int = Field(default=8, ge=1, le=100)
    create_company_op: int = Field(default=5, ge=0, le=100)
    founder_shares: int = Field(default=20, ge=1, le=1000)
    min_company_capital: int = Field(default=100, ge=1, json_schema_extra=MONEY)
    name_max_length: int = Field(default=32, ge=1, le=100)
    company_op_base: int = Field(default=5, ge=0, le=100)
    company_op_per_shareholder: int = Field(default=1, ge=0, le=100)
    node_price_permille: int = Field(default=1500, ge=0)  # price = yield x 1.5
    upgrade_costs: list[Annotated[int, Field(ge=0)]] = Field(
        default_factory=lambda: [100, 200, 500, 1300, 3000], min_length=5, max_length=5, json_schema_extra=MONEY
    )
    reinvest_start: int = Field(default=30, ge=0, le=100)
    reinvest_step: int = Field(default=10, ge=1, le=100)
    auction_hours: int = Field(default=12, ge=1, le=240)
    min_start_price: int = Field(default=100, ge=1, json_schema_extra=MONEY)
    bid_increment: int = Field(default=100, ge=1, json_schema_extra=MONEY)
    snipe_window_seconds: int = Field(default=60, ge=0, le=3600)
    snipe_extension_seconds: int = Field(default=60, ge=0, le=3600)
    rent_only_when_blocked: bool = True
    rent_price_permille: int = Field(default=1500, ge=0)
    interception_permille: int = Field(default=1000, ge=0)  # factor 1.0
    blackout_denominator: int = Field(default=250, ge=1)  # P(blackout) = yield / 250
    action_op: int = Field(default=1, ge=0, le=100)  # list, buy, first bid, offer, accept
    ceo_action_op: int = Field(default=1, ge=0, le=100)  # buy/upgrade/reinvest step/recap/rent
    # Others' cash, escrow and OP: hidden by default (a transfer is a bribe, and a public balance
    # would show it); the ranking is revealed when the game ends. Araldo's ruling: the rulebook is silent.
    public_cash: bool = False
    map: str = "italia"
    yield_layout: str | None = None  # a data/impero/<name>.toml layout instead of a seeded draw

    @field_validator("map")
    @classmethod
    def _known_map(cls, v: str) -> str:
        try:
            get_map(v)
        except (OSError, KeyError, ValueError):
            raise ValueError("unknown map") from None
        return v

    @field_validator("yield_layout")
    @classmethod
    def _known_layout(cls, v: str | None, info: ValidationInfo) -> str | None:
        """A layout file for this very map, every node given one of the six yields."""
        if v is None:
            return v
        try:
            layout = load_layout(v)
        except (OSError, KeyError, ValueError):
            raise ValueError("unknown yield layout") from None
        board = info.data.get("map")
        if board is None:
            return v  # the map was refused already
        if set(layout) != set(get_map(board).nodes) or any(n not in TIERS for n in layout.values()):
            raise ValueError("the layout does not fit the map")
        return v

    @field_validator("turn_end_times")
    @classmethod
    def _hhmm(cls, v: list[str]) -> list[str]:
        for item in v:
            hh, _, mm = item.partition(":")
            if not (hh.isdigit() and mm.isdigit() and 0 <= int(hh) < 24 and 0 <= int(mm) < 60):
                raise ValueError("times are HH:MM")
        return v


# ---- state ---------------------------------------------------------------------------------
class Company(BaseModel):
    id: str  # "c1", "c2"... in creation order (also the colour index)
    name: str
    founder: str
    ceo: str
    capital: int
    shares: dict[str, int] = Field(default_factory=dict)  # player -> shares held (> 0 only)
    reinvest: int = 30
    op: int = 0
    nodes: list[str] = Field(default_factory=list)  # owned, in acquisition order
    rented: list[str] = Field(default_factory=list)  # other companies' nodes it rents
    founded_turn: int = 1
    last_income: int = 0

    def total_shares(self) -> int:
        return sum(self.shares.values())


class Auction(BaseModel):
    id: str
    company: str  # company id
    start_price: int
    opened_at: datetime
    timer_id: str  # the "auction" timer: the close lives there only (pause, extend and late bids move it)
    best_bid: int = 0
    best_bidder: str | None = None
    bidders: list[str] = Field(default_factory=list)  # players who paid the entry OP


class Listing(BaseModel):
    id: str
    seller: str
    company: str  # company id
    quantity: int
    price: int  # per share
    created_at: datetime


class Offer(BaseModel):
    id: str
    sender: str
    receiver: str
    amount: int
    sender_cash: int  # sender's cash when offering, before the escrow (interception odds)
    created_at: datetime


class Bank(BaseModel):
    """Money entering or leaving the players' and companies' hands, for the conservation check."""

    minted: int = 0  # node yields paid out at turn ends
    paid_in: int = 0  # node purchases, upgrades, rents
    seized: int = 0  # cash wiped out by interceptions


class CompanyResult(BaseModel):
    company: str
    name: str
    income: int
    reinvested: int
    per_share: int
    paid_out: int
    leftover: int


class TurnReport(BaseModel):
    turn: int
    at: datetime
    blackouts: list[str] = Field(default_factory=list)
    halved: list[str] = Field(default_factory=list)
    companies: list[CompanyResult] = Field(default_factory=list)


class ImperoState(GameState):
    settings: ImperoSettings
    turn: int = 1
    yields: dict[str, int]  # node -> yield in whole dollars
    owner: dict[str, str] = Field(default_factory=dict)  # node -> company id
    renters: dict[str, list[str]] = Field(default_factory=dict)  # node -> renting company ids
    cash: dict[str, int]
    op: dict[str, int]
    companies: list[Company] = Field(default_factory=list)
    auctions: list[Auction] = Field(default_factory=list)
    listings: list[Listing] = Field(default_factory=list)
    offers: list[Offer] = Field(default_factory=list)
    seq: int = 0  # ids for companies, auctions, listings, offers
    bank: Bank = Field(default_factory=Bank)
    cash_history: dict[str, list[int]] = Field(default_factory=dict)  # [start, after turn 1, ...]
    last_report: TurnReport | None = None

    def yield_cents(self, node: str) -> int:
        """What `node` earns a turn, in cents like every amount players read."""
        return self.yields[node] * 100

    def company(self, cid: str) -> Company:
        return next(c for c in self.companies if c.id == cid)

    def next_id(self, prefix: str) -> str:
        self.seq += 1
        return f"{prefix}{self.seq}"


# ---- actions -------------------------------------------------------------------------------
# Companies are named by their name (case-insensitive); nodes by coordinate ("f12" is fine).
# Amounts and prices are integer cents. Only structural checks are pydantic constraints: the
# engine gives specific errors for the rest.
class CreateCompany(Action):
    type: Literal["create_company"] = "create_company"
    name: str = Field(max_length=200)
    capital: int


# A company's move on one of the map's nodes: buy, upgrade and rent take the same fields. `type`
# is declared here only to keep it the first field (dumps and the JSON schema read as before).
class CompanyNodeAction(Action):
    type: str
    company: str
    node: str


class BuyNode(CompanyNodeAction):
    type: Literal["buy_node"] = "buy_node"


class UpgradeNode(CompanyNodeAction):
    type: Literal["upgrade_node"] = "upgrade_node"


class SetReinvest(Action):
    """Move the reinvestment rate to `rate`; each step of 10 points costs 1 company OP."""

    type: Literal["set_reinvest"] = "set_reinvest"
    company: str
    rate: int


class Recapitalize(Action):
    """Open a 12-hour auction for one new share of the company."""

    type: Literal["recapitalize"] = "recapitalize"
    company: str
    start_price: int = 100


class RentNode(CompanyNodeAction):
    type: Literal["rent_node"] = "rent_node"


class Bid(Action):
    """Bid `amount` (the total, not the raise) in the company's open auction."""

    type: Literal["bid"] = "bid"
    company: str
    amount: int


class ListShares(Action):
    type: Literal["list_shares"] = "list_shares"
    company: str
    quantity: int
    price: int  # per share


class WithdrawListing(Action):
    type: Literal["withdraw_listing"] = "withdraw_listing"
    listing: str


class BuyShares(Action):
    type: Literal["buy_shares"] = "buy_shares"
    listing: str
    quantity: int = 1


class ClaimCeo(Action):
    type: Literal["claim_ceo"] = "claim_ceo"
    company: str


class OfferMoney(Action):
    type: Literal["offer_money"] = "offer_money"
    to: str  # player id
    amount: int


class AcceptOffer(Action):
    type: Literal["accept_offer"] = "accept_offer"
    offer: str


class RefuseOffer(Action):
    type: Literal["refuse_offer"] = "refuse_offer"
    offer: str


ImperoAction = Annotated[
    CreateCompany
    | BuyNode
    | UpgradeNode
    | SetReinvest
    | Recapitalize
    | RentNode
    | Bid
    | ListShares
    | WithdrawListing
    | BuyShares
    | ClaimCeo
    | OfferMoney
    | AcceptOffer
    | RefuseOffer,
    Field(discriminator="type"),
]
