"""The map's nodes: buying, upgrading and renting them, and which ones a company's network reaches."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.impero.board import TIERS, BoardMap, get_map, parse_node
from engine.impero.companies import ceo_company, ceo_spends
from engine.impero.models import (
    BuyNode,
    Company,
    ImperoState,
    RentNode,
    UpgradeNode,
)


def board_of(state: ImperoState) -> BoardMap:
    return get_map(state.settings.map)


def find_node(state: ImperoState, text: str) -> str:
    node = parse_node(text)
    if node is None or node not in board_of(state):
        raise RuleError("impero.unknown_node", node=text.strip())
    return node


def network_neighbours(state: ImperoState, company: Company) -> set[str]:
    board = board_of(state)
    owned = set(company.nodes)
    return {m for n in company.nodes for m in board.neighbours[n] if m not in owned}


def free_adjacent(state: ImperoState, company: Company) -> list[str]:
    board = board_of(state)
    near = network_neighbours(state, company)
    return sorted((n for n in near if n not in state.owner), key=board.index.__getitem__)


def node_price(state: ImperoState, node: str, permille: int) -> int:
    return state.yield_cents(node) * permille // 1000


def buy_node(state: ImperoState, actor: str, a: BuyNode, now: datetime) -> list[Event]:
    s = state.settings
    company = ceo_company(state, actor, a.company, 0)
    node = find_node(state, a.node)
    if node in state.owner:
        raise RuleError("impero.node_taken", node=node, owner=state.company(state.owner[node]).name)
    if node not in network_neighbours(state, company):
        raise RuleError("impero.node_not_adjacent", node=node, company=company.name)
    price = node_price(state, node, s.node_price_permille)
    ceo_spends(state, actor, a.company, price)
    company.nodes.append(node)
    state.owner[node] = company.id
    return [
        Event(
            key="impero.node_bought",
            params={"company": company.name, "node": node, "yield": state.yield_cents(node), "price": price},
        )
    ]


def upgrade_node(state: ImperoState, actor: str, a: UpgradeNode, now: datetime) -> list[Event]:
    s = state.settings
    company = ceo_company(state, actor, a.company, 0)
    node = find_node(state, a.node)
    if state.owner.get(node) != company.id:
        raise RuleError("impero.node_not_owned", node=node, company=company.name)
    level, old = state.yields[node], state.yield_cents(node)
    if level >= TIERS[-1]:
        raise RuleError("impero.node_max", node=node, max=state.yield_cents(node))
    tier = TIERS.index(level)
    cost = s.upgrade_costs[tier]
    ceo_spends(state, actor, a.company, cost)
    state.yields[node] = TIERS[tier + 1]
    return [
        Event(
            key="impero.node_upgraded",
            params={
                "company": company.name,
                "node": node,
                "old": old,
                "new": state.yield_cents(node),
                "cost": cost,
            },
        )
    ]


def rent_node(state: ImperoState, actor: str, a: RentNode, now: datetime) -> list[Event]:
    s = state.settings
    company = ceo_company(state, actor, a.company, 0)
    node = find_node(state, a.node)
    owner = state.owner.get(node)
    if owner is None:
        raise RuleError("impero.node_free", node=node)
    if owner == company.id:
        raise RuleError("impero.node_own", node=node)
    if company.id in state.renters.get(node, []):
        raise RuleError("impero.already_rented", node=node, company=company.name)
    if node not in network_neighbours(state, company):
        raise RuleError("impero.node_not_adjacent", node=node, company=company.name)
    if s.rent_only_when_blocked:
        free = free_adjacent(state, company)
        if free:
            raise RuleError("impero.rent_not_blocked", company=company.name, node=free[0])
    price = node_price(state, node, s.rent_price_permille)
    ceo_spends(state, actor, a.company, price)
    company.rented.append(node)
    state.renters.setdefault(node, []).append(company.id)
    return [
        Event(
            key="impero.node_rented",
            params={
                "company": company.name,
                "node": node,
                "owner": state.company(owner).name,
                "price": price,
            },
        )
    ]
