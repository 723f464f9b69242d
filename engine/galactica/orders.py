"""Imperium Galactica's standing orders: how a seat is played when its turn lapses or its player is away.

Three postures: economy (produce and build only, no fleet moves), defend (the same, and fleets away
from home fly back to the nearest planet of theirs), full (the designers' autopilot, autopilot.py,
as it plays in the lab). Without orders the platform's fallback stays: at a lapse the player only
collects and the turn ends (turns.py).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core.orders import OrdersMixin
from engine.galactica.models import GalacticaState


class GalacticaOrders(BaseModel):
    """What the autopilot does for a player who is not there (every field has a default)."""

    model_config = ConfigDict(strict=True, extra="forbid")

    posture: Literal["economy", "defend", "full"] = "economy"


class _Reader(OrdersMixin):
    orders_model = GalacticaOrders


_READER = _Reader()


def orders_due(state: GalacticaState, player: str, now: Any, *, lapsed: bool) -> GalacticaOrders | None:
    """The player's orders when they speak for them now (the core's rule: a lapse, an absence, a seat left)."""
    orders = _READER.orders_due(state, player, now, lapsed=lapsed)
    return orders if isinstance(orders, GalacticaOrders) else None


def describe_orders(state: GalacticaState, player: str, orders: GalacticaOrders) -> list[dict[str, Any]]:
    return [{"key": f"galactica.orders.posture.{orders.posture}", "params": {}}]


def orders_sample(state: GalacticaState, player: str) -> dict[str, Any]:
    return {"posture": "defend"}
