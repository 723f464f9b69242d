"""The High Frontier Module 5 state: companies, holdings, ledgers, vaults and open windows."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, Field, field_validator

from engine.core import CoreSettings, GameState

BULL = "bull"  # the solitaire automa's holder id: never a seat
SPECULATORS = "speculators"
RESERVE = "reserve"  # the common reserve of pearls
WILDCAT = "wildcat:"  # prefix of the wildcat bank's vaults (5F6): "wildcat:speculators", "wildcat:<seat>"
MALFS = ("ballerina", "rocket_plane", "close_pass", "rover_road")
FACTIONS = ("grey", "red", "white", "yellow", "purple", "green")
# company token id -> shape; two identical tokens per shape (5B3)
TOKENS = {"square1": "square", "square2": "square", "triangle1": "triangle", "triangle2": "triangle",
          "circle1": "circle", "circle2": "circle", "hexagon1": "hexagon", "hexagon2": "hexagon"}
# the company a token is, by the side facing up (5A2a)
NAMES = {("square", "white"): "patents", ("square", "black"): "unicorn",
         ("triangle", "white"): "launch", ("triangle", "black"): "alchemy",
         ("circle", "white"): "finao", ("circle", "black"): "comet",
         ("hexagon", "white"): "loans", ("hexagon", "black"): "express"}


class HfSettings(CoreSettings):
    setup: Literal["standard", "dawn"] = "standard"  # 5A3, or "L'Alba degli Isotopi" (5J)
    last_year: int = Field(default=24, ge=2, le=200)  # the game's last year on the sunspot cycle
    loan_years: int = Field(default=8, ge=1, le=20)  # 5B3g: debt cubes go 8 years ahead
    rollover_years: int = Field(default=4, ge=1, le=20)  # 5B3g: unpaid cubes go 4 years ahead
    loan_cubes: int = Field(default=7, ge=2, le=7)  # cubes of your colour you may pledge (2-7)
    share_limit: int = Field(default=5, ge=1, le=7)  # 5A1f
    decision_hours: int = Field(default=24, ge=1, le=240)  # board decisions, answers, angels
    solo_target: int = Field(default=70, ge=1, le=500)  # 5Ll: 70 medium, 100 with Futures
    factions: list[str] = Field(default_factory=list)  # 5J: by seat; empty = drawn at random
    first_player: int = Field(default=0, ge=0, le=5)
    # base-game reports: believed once another player confirms, unless objected to within a window, or at once
    reports: Literal["witnessed", "objection", "trusted"] = "witnessed"
    objection_hours: int = Field(default=12, ge=1, le=72)

    @field_validator("factions")
    @classmethod
    def _factions(cls, v: list[str]) -> list[str]:
        """Checked at /game create: known colours, each once (5Jj)."""
        if len(set(v)) != len(v) or any(f not in FACTIONS for f in v):
            raise ValueError("factions: one each of " + ", ".join(FACTIONS))
        return v


class Company(BaseModel):
    id: str
    shape: str
    side: Literal["white", "black"] = "white"
    floated: bool = False
    row: int = 0
    col: int = 0
    holes: list[str | None] = Field(default_factory=lambda: [None, None, None])  # type: ignore[arg-type]  # [0] = apex
    arrived: int = 0  # stacking order: the latest arrival on a cell sits on top


class Loan(BaseModel):
    cubes: int
    due: int  # the sunspot year the cubes sit on
    taken: int  # year taken: no repayment within it (5B3g)
    pearls: bool = False  # converted at the flip: one pearl per cube (5Ec)


class Vault(BaseModel):
    gold: int = 0  # isotopes
    blue: int = 0  # fiduciary media


class Holder(BaseModel):
    """Everything a player (or the Bull) owns in Module 5."""

    aqua: int = 0
    share_tokens: int = 5  # shares of your colour usable on the market: 5, +1 per hedge share
    cubes_gained: int = 0  # hedge cubes taken (cube limit +1 each)
    hedge_shares: int = 2  # still in the hedge-fund area
    hedge_cubes: int = 2
    loans: list[Loan] = Field(default_factory=list)
    malfs: list[str] = Field(default_factory=list)
    faction: str | None = None
    base_vp: int = 0


class Claim(BaseModel):
    """A president capped by the board may take a hedge fund or forgive the default token (5B8)."""

    player: str
    company: str


class Insolvency(BaseModel):
    company: str
    col: int
    president: str | None  # before the insolvency: gets the default token unless angel
    straw_man: str | None  # dumped it into insolvency: may not be its angel (5B6c)
    offers: list[str] = Field(default_factory=list)
    declined: list[str] = Field(default_factory=list)
    panic: bool = False  # during a bank panic: recession if no angel (5G3c)


class ProxyFight(BaseModel):
    attacker: str
    defender: str
    company: str
    hole: int


class Deal(BaseModel):
    id: int
    by: str
    to: str
    give: dict[str, int | str | None]
    get: dict[str, int | str | None]


class PendingReport(BaseModel):
    """A base-game event told by `by`, waiting for a witness (or a moderator, once objected to)."""

    id: int
    by: str
    action: dict[str, Any]
    at: datetime
    held: bool = False
    objector: str | None = None


class BullPick(BaseModel):
    """A choice the rulebook leaves to the solo player for the Bull (5Lh, 5Lj): which company."""

    why: Literal["decide", "float", "fragment", "raise"]
    options: list[str]  # company tokens


class HfState(GameState):
    settings: HfSettings
    companies: dict[str, Company] = Field(default_factory=dict)
    holders: dict[str, Holder] = Field(default_factory=dict)
    order: list[str] = Field(default_factory=list)  # seats in turn order; order[0] is the first player
    current: int = 0
    year: int = 1
    arrivals: int = 0
    transaction_done: bool = False
    paraded: bool = False  # a glory parade was reported this turn
    advanced: bool = False  # a contract's cash advance was reported this turn
    lobby_done: list[str] = Field(default_factory=list)  # players who lobbied this turn
    bought: dict[str, list[str]] = Field(default_factory=dict)  # this turn, per player (5C1b)
    dumped: dict[str, list[str]] = Field(default_factory=dict)
    loan_due: str | None = None  # the current player must repay or roll over first
    inflation: bool = False
    flipped: bool = False
    vaults: dict[str, Vault] = Field(default_factory=dict)  # players + speculators, after the flip
    created: Vault = Field(default_factory=Vault)  # pearls ever brought from the common reserve
    removed: Vault = Field(default_factory=Vault)  # pearls ever returned to it
    banker: str | None = None
    wildcat: str | None = None  # the wildcat banker while a second isotope bank exists (5F6)
    bank_choice: dict[str, Literal["main", "wildcat"]] = Field(default_factory=dict)  # 5F6c,d, per player
    # banks whose Factory (or Surface Factory) was destroyed: they transact until a new bank replaces them
    homeless: list[Literal["main", "wildcat"]] = Field(default_factory=list)
    default_holder: str | None = None
    default_gold: bool = False
    constitution_year: int = 0  # Liberty litigation: no litigation for the rest of the year
    malfs_left: list[str] = Field(default_factory=lambda: list(MALFS))
    # open windows, resolved in this order before the table goes on
    claims: list[Claim] = Field(default_factory=list)
    insolvencies: list[Insolvency] = Field(default_factory=list)
    proxy: ProxyFight | None = None
    meeting: list[str] = Field(default_factory=list)  # companies still to decide, in 5Da order
    meeting_roll: int = 0
    bull_decided: bool = False
    bull_pick: BullPick | None = None  # the solo player's choice the Bull waits for
    flip_repay: dict[str, int] = Field(default_factory=dict)  # 5Ec: crashed Aqua a player may still repay with
    flip_cube: int = 0  # the Aqua a debt cube cost at the flip
    deflation: dict[str, int] = Field(default_factory=dict)  # shares owed per player (5G3b)
    deflation_order: list[str] = Field(default_factory=list)
    panic: bool = False
    deals: list[Deal] = Field(default_factory=list)
    deal_seq: int = 0
    bull_fiduciary: int = 0  # solitaire: the Bull uses at most 5 fiduciary litigations (5Lf)
    bull_hedges: int = 0
    ratio_credit: int = 0  # isotopes added from the reserve the banker may answer with 5F2b
    wildcat_ratio: int = 0  # the same for the wildcat banker's bank (5F5d, 5F6)
    services: list[str] = Field(default_factory=list)  # "year:player:company" of every paid service
    pending: list[PendingReport] = Field(default_factory=list)  # reports waiting for a witness
    report_seq: int = 0

    @property
    def solo(self) -> bool:
        return len(self.players) == 1

    def holder(self, pid: str) -> Holder:
        return self.holders[pid]

    def vault(self, owner: str) -> Vault:
        return self.vaults.setdefault(owner, Vault())
