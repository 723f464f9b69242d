"""SPQRisiko's standing orders: how the autopilot plays a seat whose turn lapsed or whose player is away.

A posture (hold: place and end the turn; defend: reinforce the threatened borders and bring spare
legionaries up to them, no attacks; attack: attack while the exact odds of a blitz are at least
`attack_odds` percent), where the reinforcements go (the provinces listed first, in their order,
then the borders or the weakest border), and what to do with cards (trade a set as soon as one is
in hand, or keep them). Without orders the autopilot plays as it always did (autopilot.py).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import RuleError
from engine.core.orders import OrdersMixin
from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrState

MAX_REGIONS = 10


class SpqrOrders(BaseModel):
    """What the autopilot does for a player who is not there (every field has a default)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    posture: Literal["hold", "defend", "attack"] = "hold"
    attack_odds: int = Field(default=70, ge=1, le=100)  # percent: attack only with a win chance at least this
    placement: Literal["borders", "weakest"] = "borders"
    regions: list[str] = Field(default_factory=list, max_length=MAX_REGIONS)  # province ids, first served first
    cards: Literal["trade", "hold"] = "hold"


class _Reader(OrdersMixin):
    orders_model = SpqrOrders


_READER = _Reader()


def orders_due(state: SpqrState, player: str, now: Any, *, lapsed: bool) -> SpqrOrders | None:
    """The player's orders when they speak for them now (the core's rule: a lapse, an absence, a seat left)."""
    orders = _READER.orders_due(state, player, now, lapsed=lapsed)
    return orders if isinstance(orders, SpqrOrders) else None


def check_orders(state: SpqrState, player: str, orders: SpqrOrders) -> None:
    """Refuse a region the board does not have; names become the board's ids."""
    ids: list[str] = []
    for text in orders.regions:
        pid = board().resolve_province(text)
        if pid is None:
            raise RuleError("spqrisiko.orders.unknown_region", name=text)
        if pid not in ids:
            ids.append(pid)
    orders.regions[:] = ids


def describe_orders(state: SpqrState, player: str, orders: SpqrOrders) -> list[dict[str, Any]]:
    said: list[dict[str, Any]] = [{"key": f"spqrisiko.orders.posture.{orders.posture}",
                                   "params": {"odds": orders.attack_odds}}]
    if orders.regions:
        said.append({"key": "spqrisiko.orders.regions", "params": {"regions": [board().name(p) for p in orders.regions]}})
    said.append({"key": f"spqrisiko.orders.placement.{orders.placement}", "params": {}})
    said.append({"key": f"spqrisiko.orders.cards.{orders.cards}", "params": {}})
    return said


def orders_sample(state: SpqrState, player: str) -> dict[str, Any]:
    mine = sorted(p for p, o in state.owner.items() if o == player) or sorted(board().provinces)
    return {"posture": "attack", "attack_odds": 65, "placement": "weakest", "regions": mine[:1], "cards": "trade"}
