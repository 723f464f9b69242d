"""Impero's standing orders: proxy bids (engine/impero/proxy.py acts on them at once, present or
not) and what the game does with a CEO's company points left unspent when the turn ends.

`bids` maps a company's name to the most the player will pay for its share in the next auction
on it (cents): the game raises for them one step at a time, only as far as needed. `develop`
asks that, when the turn ends, every company the player runs spends the company OP it still has
(they would be lost otherwise) on the node moves that earn the most per dollar, keeping at least
`reserve` cents of capital. docs/rules/impero.md says the same in players' words.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Event, RuleError
from engine.impero.board import TIERS
from engine.impero.companies import find_company
from engine.impero.models import BuyNode, Company, ImperoState, UpgradeNode
from engine.impero.nodes import buy_node, free_adjacent, node_price, upgrade_node


class ImperoOrders(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid")

    bids: dict[str, Annotated[int, Field(gt=0)]] = Field(default_factory=dict)  # company name -> limit
    develop: bool = False
    reserve: int = Field(default=0, ge=0)  # capital develop leaves in each company


def check(state: ImperoState, orders: ImperoOrders) -> None:
    """Every company named must exist, and a limit must reach the lowest possible starting price."""
    seen: set[str] = set()
    for name, limit in orders.bids.items():
        company = find_company(state, name)
        if company.id in seen:
            raise RuleError("impero.orders.twice", company=company.name)
        seen.add(company.id)
        if limit < state.settings.min_start_price:
            raise RuleError("impero.orders.limit_low", company=company.name, min=state.settings.min_start_price)


def describe(state: ImperoState, orders: ImperoOrders) -> list[dict[str, Any]]:
    said: list[dict[str, Any]] = [
        {"key": "impero.orders.says.bid", "params": {"company": find_company(state, name).name, "limit": limit}}
        for name, limit in orders.bids.items()
    ]
    if orders.bids:
        said.append({"key": "impero.orders.says.bids_now", "params": {}})
    if orders.develop:
        said.append({"key": "impero.orders.says.develop", "params": {"reserve": orders.reserve}})
    return said


def sample(state: ImperoState) -> dict[str, Any]:
    """Orders any player may give at any moment (no company needed)."""
    return {"develop": True, "reserve": state.settings.min_company_capital}


def pieces(state: ImperoState, orders: ImperoOrders) -> dict[str, Any]:
    """Each proxy limit is a piece of its own (by company, however its name was typed): giving other
    orders again leaves its moment alone, and only that moment ranks it among equal limits."""
    out: dict[str, Any] = {bid_piece(state, name): limit for name, limit in orders.bids.items()}
    return out | {"develop": orders.develop, "reserve": orders.reserve}


def bid_piece(state: ImperoState, name: str) -> str:
    try:
        return f"bid:{find_company(state, name).id}"
    except RuleError:
        return f"bid:{name.casefold()}"


def limits_on(state: ImperoState, company_id: str) -> dict[str, tuple[int, datetime]]:
    """Every seated player's proxy limit on a company, with when that limit was set."""
    found: dict[str, tuple[int, datetime]] = {}
    for pid, standing in state.orders.items():
        seat = state.player(pid)
        if seat is None or seat.left:
            continue
        for name, limit in ImperoOrders.model_validate(standing.orders).bids.items():
            if _names(state, name, company_id):
                found[pid] = (limit, standing.set_when(f"bid:{company_id}"))
    return found


def drop_bid(state: ImperoState, pid: str, company_id: str) -> None:
    """Forget `pid`'s proxy on a company (spent, or refused); orders left saying nothing go too."""
    standing = state.orders.get(pid)
    if standing is None:
        return
    orders = ImperoOrders.model_validate(standing.orders)
    orders.bids = {n: v for n, v in orders.bids.items() if not _names(state, n, company_id)}
    if orders == ImperoOrders():
        del state.orders[pid]
    else:
        standing.orders = orders.model_dump(mode="json")
        standing.since.pop(f"bid:{company_id}", None)


def _names(state: ImperoState, name: str, company_id: str) -> bool:
    try:
        return find_company(state, name).id == company_id
    except RuleError:
        return False


MAX_MOVES = 100


# ---- the lapse: leftover company OP spent for an absent or late CEO ---------------------------
def develop(state: ImperoState, pid: str, reserve: int, now: datetime) -> list[Event]:
    """Each company `pid` runs spends its company OP, best income gain per dollar first, keeping
    `reserve` of capital; each move announced as made by standing orders."""
    events: list[Event] = []
    for company in [c for c in state.companies if c.ceo == pid]:
        for _ in range(MAX_MOVES):  # bounded even when a setting makes moves free
            if company.op < state.settings.ceo_action_op:
                break
            move = best_move(state, company, company.capital - reserve)
            if move is None:
                break
            done = buy_node(state, pid, move, now) if isinstance(move, BuyNode) else upgrade_node(state, pid, move, now)
            for ev in done:
                events.append(Event(key=ev.key.replace("impero.", "impero.orders.", 1),
                                    params={**ev.params, "player": state.name_of(pid)}))
    return events


def best_move(state: ImperoState, company: Company, budget: int) -> BuyNode | UpgradeNode | None:
    """The affordable node move that adds the most income per dollar spent (ties: the cheaper,
    then upgrades before purchases, then the map's order)."""
    s = state.settings
    moves: list[tuple[int, int, BuyNode | UpgradeNode]] = []  # (gain, cost, move)
    for node in company.nodes:
        level = state.yields[node]
        if level < TIERS[-1]:
            nxt = TIERS[TIERS.index(level) + 1]
            moves.append(((nxt - level) * 100, s.upgrade_costs[TIERS.index(level)],
                          UpgradeNode(company=company.name, node=node)))
    for node in free_adjacent(state, company):
        moves.append((state.yield_cents(node), node_price(state, node, s.node_price_permille),
                      BuyNode(company=company.name, node=node)))
    best: tuple[int, int, BuyNode | UpgradeNode] | None = None
    for gain, cost, move in moves:
        if cost > budget:
            continue
        if best is None or gain * best[1] > best[0] * cost or (gain * best[1] == best[0] * cost and cost < best[1]):
            best = (gain, cost, move)
    return best[2] if best is not None else None
