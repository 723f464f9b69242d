"""Imperium Galactica actions. Fleets are named by the cell they stand on (one per colour per
cell), planets by name (through the core name lookup), buildings by slot 1-9."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.core import Action
from engine.galactica.models import Building, Goods, Resource, ShipType, UnitType


class ChooseDirection(Action):
    type: Literal["choose_direction"] = "choose_direction"
    direction: Literal["clockwise", "counterclockwise"]


class Produce(Action):
    type: Literal["produce"] = "produce"
    planet: str
    unit: UnitType
    count: int = Field(ge=1, le=100)  # units paid for; the planet's productivity multiplies them


class Move(Action):
    type: Literal["move"] = "move"
    fleet: str  # the cell the fleet stands on
    path: list[str] = Field(min_length=1, max_length=6)
    ships: dict[ShipType, int] | None = None  # a detachment; None moves the whole fleet
    tanks: int | None = Field(default=None, ge=0)  # tanks the detachment carries


class Colonize(Action):
    type: Literal["colonize"] = "colonize"
    fleet: str


class Load(Action):
    type: Literal["load"] = "load"
    fleet: str
    tanks: int = Field(ge=-500, le=500)  # negative unloads onto the planet


class LoseShips(Action):
    """Which ships an asteroid belt takes."""

    type: Literal["lose_ships"] = "lose_ships"
    ships: dict[ShipType, int]


class PickLine(Action):
    """The up-to-three ships that fight first; losses are replaced from the fleet."""

    type: Literal["pick_line"] = "pick_line"
    ships: dict[ShipType, int]


class Land(Action):
    type: Literal["land"] = "land"
    tanks: int = Field(ge=0, le=500)  # 0: stay in orbit


class Build(Action):
    type: Literal["build"] = "build"
    planet: str
    slot: int = Field(ge=1, le=9)
    building: Building


class MarketDraw(Action):
    type: Literal["market_draw"] = "market_draw"
    fleet: str


class MarketDecide(Action):
    type: Literal["market_decide"] = "market_decide"
    buy: bool


class MarketRaw(Action):
    type: Literal["market_raw"] = "market_raw"
    fleet: str
    resource: Resource
    amount: int = Field(ge=-10_000, le=10_000)  # positive buys, negative sells


class CasinoBet(Action):
    """A new stake, or on a tie the raise that keeps the stake in play (at least the pot)."""

    type: Literal["casino_bet"] = "casino_bet"
    fleet: str
    amount: int = Field(ge=1, le=100_000_000)


class CasinoLeave(Action):
    type: Literal["casino_leave"] = "casino_leave"
    fleet: str


class TradeOffer(Action):
    type: Literal["trade_offer"] = "trade_offer"
    to: str
    give: Goods
    want: Goods
    at: str | None = None  # the Casino cell where traded ships and tanks change hands


class TradeAnswer(Action):
    type: Literal["trade_answer"] = "trade_answer"
    offer: int
    accept: bool


class EndPhase(Action):
    """Close the phase named (filled in from the state when the move is logged, so the log can say
    which phase was closed, and a click on a phase already closed is refused, not taken for the next)."""

    type: Literal["end_phase"] = "end_phase"
    phase: Literal["production", "movement", "building"] | None = None


GalacticaAction = Annotated[
    ChooseDirection | Produce | Move | Colonize | Load | LoseShips | PickLine | Land | Build | MarketDraw
    | MarketDecide | MarketRaw | CasinoBet | CasinoLeave | TradeOffer | TradeAnswer | EndPhase,
    Field(discriminator="type"),
]
