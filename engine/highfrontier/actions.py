"""Every action a player sends: transactions, free actions, answers and reports (strict models)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.core import Action

SideName = Literal["white", "black"]
BankName = Literal["main", "wildcat"]


class Bundle(Action):
    """One side of a negotiated deal (5B4d/e, N): what its giver hands over."""

    aqua: int = Field(default=0, ge=0)
    gold: int = Field(default=0, ge=0)
    blue: int = Field(default=0, ge=0)
    share: str | None = None  # a company: one of your shares there changes colour (no movement)
    debt: int = Field(default=0, ge=0)  # debt cubes the other player takes over


# ---- transactions (one per turn, 5C) ---------------------------------------------------------
class Buy(Action):
    type: Literal["buy"] = "buy"
    company: str


class Float(Action):
    type: Literal["float"] = "float"
    company: str  # a token: square1, triangle2 ...
    side: SideName = "white"


class Fragment(Action):
    type: Literal["fragment"] = "fragment"
    company: str
    side: SideName = "white"


class Proxy(Action):
    type: Literal["proxy"] = "proxy"
    company: str
    target: str  # the player whose share is attacked
    delegates: int = Field(ge=0, le=50)  # delegate value discarded (own ideology counts double)


class Service(Action):
    type: Literal["service"] = "service"
    company: str
    deluxe: bool = False  # FINAO deluxe: double price, up to four risks (5B3e)
    half: bool = False  # an ability halves FINAO prices
    cubes: int = Field(default=0, ge=0, le=7)  # loans: debt cubes pledged
    malf: str | None = None  # FINAO: the malf token facing you (5A5)
    bernal: bool = False  # launch company: to a non-monetization Bernal, double price (5B3c)


# ---- free actions ----------------------------------------------------------------------------
class Dump(Action):
    type: Literal["dump"] = "dump"
    company: str
    count: int = Field(default=1, ge=1, le=3)


class Hedge(Action):
    type: Literal["hedge"] = "hedge"
    take: Literal["share", "cube", "forgive"]


class Repay(Action):
    type: Literal["repay"] = "repay"
    cubes: int = Field(ge=1, le=7)


class Rollover(Action):
    type: Literal["rollover"] = "rollover"
    repay: int = Field(default=0, ge=0, le=7)


class Litigate(Action):
    type: Literal["litigate"] = "litigate"
    law: Literal["individualism", "liberty", "honor", "unity", "authority", "equality"]
    company: str | None = None
    player: str | None = None
    other: str | None = None  # corruption: the other player's company


class Offer(Action):
    type: Literal["offer"] = "offer"
    to: str
    give: Bundle = Field(default_factory=Bundle)
    get: Bundle = Field(default_factory=Bundle)


class Accept(Action):
    type: Literal["accept"] = "accept"
    deal: int


class Withdraw(Action):
    type: Literal["withdraw"] = "withdraw"
    deal: int


class Cede(Action):
    type: Literal["cede"] = "cede"
    company: str
    to: str


# ---- answers to open windows -------------------------------------------------------------------
class ProxyAnswer(Action):
    type: Literal["proxy_answer"] = "proxy_answer"
    counter: bool


class Angel(Action):
    type: Literal["angel"] = "angel"
    company: str
    offer: bool = True  # False declines


class AngelPick(Action):
    type: Literal["angel_pick"] = "angel_pick"
    company: str
    player: str


class Board(Action):
    type: Literal["board"] = "board"
    company: str
    choice: Literal["dividend", "reinvest", "pass"]
    amount: int = Field(default=0, ge=0, le=10)
    modernize: bool = False


class Deflate(Action):
    type: Literal["deflate"] = "deflate"
    company: str | None = None  # None: a lobby on the centrist law saves this share (5G3b)


class CashRatio(Action):
    type: Literal["cash_ratio"] = "cash_ratio"
    blue: int = Field(ge=1, le=50)


# ---- reports of base-game events -----------------------------------------------------------------
class EventRoll(Action):
    type: Literal["event_roll"] = "event_roll"
    roll: int = Field(ge=1, le=6)
    effect: Literal["none", "anarchy", "war", "budget_cuts", "explosion"] = "none"
    cards_lost: int = Field(default=0, ge=0, le=30)  # explosion: cards lost, insured ones excluded


class TurnEnd(Action):
    type: Literal["turn_end"] = "turn_end"


class YearAdvance(Action):
    type: Literal["year"] = "year"


class Parade(Action):
    type: Literal["parade"] = "parade"
    take_presidency: bool = False


class Usurp(Action):
    type: Literal["usurp"] = "usurp"


class Bernal(Action):
    type: Literal["bernal"] = "bernal"
    anchored: bool = True
    monetization: bool = False


class RiskOne(Action):
    type: Literal["risk_one"] = "risk_one"


class FirstIsotope(Action):
    type: Literal["first_isotope"] = "first_isotope"
    domes: dict[str, int] = Field(default_factory=dict)  # player id -> colony domes on the map


class Isotopes(Action):
    type: Literal["isotopes"] = "isotopes"
    delta: int = Field(ge=-50, le=50)  # delivered (+) from the reserve or withdrawn (-) as fuel
    bank: BankName = "main"  # which isotope bank they reach or leave (5F6a)


class WildcatBank(Action):
    """Your Factory or Bernal colony holding an isotope becomes the wildcat bank (5F6, 5F6b)."""

    type: Literal["wildcat"] = "wildcat"
    isotopes: dict[str, int] = Field(default_factory=dict)  # player id -> isotopes stacked there
    remove: BankName | None = None  # both banks homeless and tied: the one the first player lets lapse


class HomelessBank(Action):
    """A bank's Factory, or its Bernal colony's Surface Factory, was destroyed (5F1b): bank panic."""

    type: Literal["homeless"] = "homeless"
    bank: BankName = "main"
    cause: Literal["combat", "new_venus", "comets", "goldilocks"]


class Rob(Action):
    """Your criminal Human took isotopes out of a homeless bank's vault with a cargo transfer (5F1b)."""

    type: Literal["rob"] = "rob"
    bank: BankName = "main"
    victim: str  # a player id, or "speculators"
    isotopes: int = Field(ge=1, le=50)


class RivalBank(Action):
    """Your Bernal colony holds more isotopes than every bank: the lowest bank is removed (5F6e)."""

    type: Literal["rival_bank"] = "rival_bank"
    isotopes: int = Field(ge=1, le=200)
    remove: BankName | None = None  # on a tie, the bank the first player chose


class BankChoice(Action):
    """Free action: the bank your payments to and from the speculators use (5F6c,d)."""

    type: Literal["bank"] = "bank"
    bank: BankName


class ContractAdvance(Action):
    type: Literal["contract_advance"] = "contract_advance"
    aqua: int = Field(ge=0, le=100)


class Exodus(Action):
    type: Literal["exodus"] = "exodus"


class Ledger(Action):
    type: Literal["ledger"] = "ledger"
    kind: str
    amount: int = Field(ge=1, le=1000)
    income: bool = True


class NewBanker(Action):
    """The isotope bank moved to your Bernal colony (5F1a, 5A4g): you are the banker now."""

    type: Literal["new_banker"] = "new_banker"


class TakeDefault(Action):
    """A base-game penalty gives you the default token: a late contract unpaid, a mutiny (5A4j)."""

    type: Literal["default_token"] = "default_token"


class BaseVp(Action):
    type: Literal["base_vp"] = "base_vp"
    points: int = Field(ge=-200, le=500)


class Witness(Action):
    """Another player's word on a pending report: confirm it, or object (the reporter's own "no"
    withdraws it; a moderator's confirms or rejects it)."""

    type: Literal["witness"] = "witness"
    report: int = Field(ge=1)
    confirm: bool = True


class BullChoice(Action):
    """Solo: which company the Bull acts on, where the rulebook leaves it to you (5Lh, 5Lj)."""

    type: Literal["bull_choice"] = "bull_choice"
    company: str


class FlipRepay(Action):
    """5Ec: how many debt cubes you repay at the flip with the Aqua it crashed (0: none)."""

    type: Literal["flip_repay"] = "flip_repay"
    cubes: int = Field(ge=0, le=14)


class EndGame(Action):
    type: Literal["end_game"] = "end_game"


HfAction = Annotated[
    Buy | Float | Fragment | Proxy | Service | Dump | Hedge | Repay | Rollover | Litigate | Offer | Accept
    | Withdraw | Cede | ProxyAnswer | Angel | AngelPick | Board | Deflate | CashRatio | EventRoll | TurnEnd
    | YearAdvance | Parade | Usurp | Bernal | RiskOne | FirstIsotope | Isotopes | ContractAdvance | Exodus
    | Ledger | NewBanker | TakeDefault | BaseVp | EndGame | WildcatBank | RivalBank | BankChoice | HomelessBank | Rob
    | Witness | BullChoice | FlipRepay,
    Field(discriminator="type"),
]
TRANSACTIONS = ("buy", "float", "fragment", "proxy", "service")
REPORTS = ("event_roll", "turn_end", "year", "parade", "usurp", "bernal", "risk_one", "first_isotope",
           "isotopes", "contract_advance", "exodus", "new_banker", "default_token", "end_game", "wildcat",
           "rival_bank", "homeless", "rob")
# what happens in the base game on its doer's own turn: reported by the player on turn only
OWN_TURN = ("event_roll", "turn_end", "year", "end_game", "parade", "usurp", "bernal", "risk_one",
            "first_isotope", "isotopes", "contract_advance", "exodus", "new_banker", "default_token", "wildcat",
            "rival_bank", "homeless", "rob")
