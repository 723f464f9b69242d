"""Companies: founding one, the CEO's seat and its claim, the CEO's paid moves, the reinvestment rate."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.core.names import check_name, find_by_name
from engine.impero.accounts import need_cash, need_op, positive
from engine.impero.board import get_map
from engine.impero.models import (
    INFO,
    ClaimCeo,
    Company,
    CreateCompany,
    ImperoState,
    SetReinvest,
)


def find_company(state: ImperoState, name: str) -> Company:
    """The company a player named (ignoring case and accents). By name only: a company called "c1"
    and the company whose id is c1 are never confused; buttons carry ids and use `state.company`."""
    cid = find_by_name(name, {c.id: c.name for c in state.companies})
    if cid is None:
        raise RuleError("impero.unknown_company", company=name.strip())
    return state.company(cid)


def company_op(state: ImperoState, company: Company) -> int:
    s = state.settings
    return s.company_op_base + s.company_op_per_shareholder * sum(
        1 for v in company.shares.values() if v > 0
    )


def ceo_company(state: ImperoState, actor: str, name: str, op: int) -> Company:
    company = find_company(state, name)
    if company.ceo != actor:
        raise RuleError("impero.not_ceo", company=company.name, ceo=state.name_of(company.ceo))
    if company.op < op:
        raise RuleError("impero.company_no_op", company=company.name, need=op, have=company.op)
    return company


def company_pays(company: Company, amount: int) -> None:
    if company.capital < amount:
        raise RuleError(
            "impero.company_insufficient", company=company.name, need=amount, have=company.capital
        )


def ceo_spends(state: ImperoState, actor: str, name: str, amount: int) -> Company:
    """The paid CEO moves (buy, upgrade, rent a node): one CEO action's OP and `amount` of capital,
    paid to the bank. Called after the move's own checks, so that their errors come first."""
    s = state.settings
    company = ceo_company(state, actor, name, s.ceo_action_op)
    company_pays(company, amount)
    company.op -= s.ceo_action_op
    company.capital -= amount
    state.bank.paid_in += amount
    return company


def create_company(state: ImperoState, actor: str, a: CreateCompany, now: datetime) -> list[Event]:
    s = state.settings
    # the core check (1-32 characters, nothing invisible, unique ignoring case and accents): first as
    # typed, so a tab or newline is refused rather than swallowed, then with runs of spaces made one
    name = check_name(" ".join(check_name(a.name).split()), [c.name for c in state.companies])
    if len(name) > s.name_max_length:
        raise RuleError("impero.name_invalid", max=s.name_max_length)
    positive(a.capital)
    if a.capital < s.min_company_capital:
        raise RuleError("impero.capital_too_low", min=s.min_company_capital)
    need_cash(state, actor, a.capital)
    need_op(state, actor, s.create_company_op)
    free = [n for n in get_map(state.settings.map).nodes if n not in state.owner]
    if not free:
        raise RuleError("impero.no_free_node")
    lowest = min(state.yields[n] for n in free)
    node = state.rng.choice([n for n in free if state.yields[n] == lowest])
    company = Company(
        id=state.next_id("c"),
        name=name,
        founder=actor,
        ceo=actor,
        capital=a.capital,
        shares={actor: s.founder_shares},
        reinvest=s.reinvest_start,
        nodes=[node],
        founded_turn=state.turn,
    )
    company.op = company_op(state, company)
    state.op[actor] -= s.create_company_op
    state.cash[actor] -= a.capital
    state.owner[node] = company.id
    state.companies.append(company)
    return [
        Event(
            key="impero.company_created",
            params={
                "company": name,
                "player": state.name_of(actor),
                "capital": a.capital,
                "node": node,
                "yield": state.yield_cents(node),
                "shares": s.founder_shares,
            },
        )
    ]


def set_reinvest(state: ImperoState, actor: str, a: SetReinvest, now: datetime) -> list[Event]:
    s = state.settings
    company = ceo_company(state, actor, a.company, 0)
    if not 0 <= a.rate <= 100:
        raise RuleError("impero.reinvest_range", rate=a.rate)
    diff = abs(a.rate - company.reinvest)
    if diff == 0:
        raise RuleError("impero.reinvest_same", rate=a.rate)
    if diff % s.reinvest_step:
        raise RuleError("impero.reinvest_step", step=s.reinvest_step)
    cost = diff // s.reinvest_step * s.ceo_action_op
    ceo_company(state, actor, a.company, cost)
    old = company.reinvest
    company.op -= cost
    company.reinvest = a.rate
    return [
        Event(
            key="impero.reinvest_changed",
            params={"company": company.name, "old": old, "new": a.rate, "op": cost},
        )
    ]


def can_claim(state: ImperoState, company: Company, pid: str) -> bool:
    return pid != company.ceo and company.shares.get(pid, 0) > company.shares.get(company.ceo, 0)


def claim_ceo(state: ImperoState, actor: str, a: ClaimCeo, now: datetime) -> list[Event]:
    company = find_company(state, a.company)
    if company.ceo == actor:
        raise RuleError("impero.already_ceo", company=company.name)
    if not can_claim(state, company, actor):
        raise RuleError(
            "impero.cannot_claim",
            company=company.name,
            yours=company.shares.get(actor, 0),
            ceo=state.name_of(company.ceo),
            theirs=company.shares.get(company.ceo, 0),
        )
    old = company.ceo
    company.ceo = actor
    params = {"company": company.name, "player": state.name_of(actor), "old": state.name_of(old)}
    return [
        Event(key="impero.ceo_changed", params=params),
        Event(key="impero.dm.ceo_gained", params=params, to=[actor], notify=INFO),
        Event(key="impero.dm.ceo_lost", params=params, to=[old], notify=INFO),
    ]
