"""Standing orders in Module 5: a president's default board-meeting decision (5D: a dividend, a
reinvestment, or a pass; per company if wished) and a defender's default answer to a proxy fight
(5C3: counter or yield). They decide when the player's deadline lapses, or at once while the player
is away; every decision they make is announced as made by standing orders. Without orders the
game's own fallback stays: a lapsed board decision passes, an unanswered proxy fight is lost."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Event, RuleError
from engine.highfrontier import board_meetings, presidency
from engine.highfrontier.companies import ev, label, president, who
from engine.highfrontier.market import board
from engine.highfrontier.models import BULL, Company, HfState

BoardChoice = Literal["dividend", "reinvest", "pass"]
Due = Callable[..., Any]  # Game.orders_due(state, player, now, lapsed=...)


class HfOrders(BaseModel):
    """What to decide for a player who is not there when the table waits on them."""

    model_config = ConfigDict(strict=True, extra="forbid")

    board: BoardChoice | None = None  # every company the player presides
    dots: int | None = Field(default=None, ge=1, le=10)  # a dividend's dots; None: all the row pays
    modernize: bool = False  # a reinvestment also modernizes, where it may (after the flip, white side)
    companies: dict[str, BoardChoice] = Field(default_factory=dict)  # by company token, over `board`
    proxy: Literal["counter", "yield"] | None = None


def check(state: HfState, orders: HfOrders) -> None:
    for cid in orders.companies:
        if cid not in state.companies:
            raise RuleError("hf.no_company", company=cid)
    choices = [orders.board, *orders.companies.values()]
    if orders.modernize and "reinvest" not in choices:
        raise RuleError("hf.orders_modernize_alone")
    if orders.dots is not None and "dividend" not in choices:
        raise RuleError("hf.orders_dots_alone")
    if not any(choices) and orders.proxy is None:
        raise RuleError("hf.orders_empty")


def describe(state: HfState, orders: HfOrders) -> list[dict[str, Any]]:
    said: list[dict[str, Any]] = []
    if orders.board is not None:
        said.append({"key": f"hf.orders.board_{orders.board}", "params": {}})
    for cid, choice in orders.companies.items():
        said.append({"key": "hf.orders.company", "params": {"company": label(state.companies[cid]), "choice": choice}})
    if orders.dots is not None:
        said.append({"key": "hf.orders.dots", "params": {"dots": orders.dots}})
    elif "dividend" in (orders.board, *orders.companies.values()):
        said.append({"key": "hf.orders.dots_all", "params": {}})
    if orders.modernize:
        said.append({"key": "hf.orders.modernize", "params": {}})
    if orders.proxy is not None:
        said.append({"key": f"hf.orders.proxy_{orders.proxy}", "params": {}})
    return said


def decide_board(state: HfState, player: str, c: Company, orders: HfOrders | None, now: datetime) -> list[Event]:
    """The board decision `player`'s orders make for `c` (none: no orders for it)."""
    choice = orders.companies.get(c.id, orders.board) if orders is not None else None
    if orders is None or choice is None:
        return []
    most = board().dots(c.row)
    amount = min(orders.dots or most, most) if choice == "dividend" else 0
    if (choice == "dividend" and amount < 1) or (choice == "reinvest" and c.row < 2):
        choice, amount = "pass", 0  # not possible in this row: the orders pass
    modernize = choice == "reinvest" and orders.modernize and state.flipped and c.side == "white"
    told = ev(f"orders_{choice}", player=who(state, player), company=label(c), dots=amount, modernize=modernize)
    return [told, *board_meetings.decide(state, player, c.id, choice, amount, modernize, now)]


def answer_proxy(state: HfState, orders: HfOrders | None) -> list[Event]:
    """The defender's orders answer the proxy fight against them (none: no orders for it)."""
    fight = state.proxy
    if fight is None or orders is None or orders.proxy is None:
        return []
    told = ev(f"orders_{orders.proxy}", player=who(state, fight.defender),
              attacker=who(state, fight.attacker), company=label(state.companies[fight.company]))
    return [told, *presidency.resolve_proxy(state, fight, orders.proxy == "counter")]


def for_the_absent(state: HfState, now: datetime, due: Due) -> list[Event]:
    """While the player the table waits on is away, their orders answer at once."""
    fight = state.proxy
    if fight is not None and state.deadline("proxy") is not None:
        return answer_proxy(state, due(state, fight.defender, now, lapsed=False))
    if not state.meeting or state.insolvencies or state.deflation or state.bull_pick is not None:
        return []
    c = state.companies[state.meeting[0]]
    pres = president(c)
    if pres is None or pres == BULL or state.deadline("board", company=c.id) is None:
        return []  # only a president already asked (the meeting reached them) is answered for
    return decide_board(state, pres, c, due(state, pres, now, lapsed=False), now)


def sample(state: HfState, player: str) -> dict[str, Any]:
    return {"board": "dividend", "dots": 1, "proxy": "counter", "companies": {next(iter(state.companies)): "reinvest"}}
