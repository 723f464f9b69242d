"""A player's money and operation points: cash, escrow (bids and offers held), net worth, the checks every move makes."""

from __future__ import annotations

from engine.core import RuleError
from engine.impero.models import ImperoState


def escrow(state: ImperoState, pid: str) -> int:
    bids = sum(a.best_bid for a in state.auctions if a.best_bidder == pid)
    return bids + sum(o.amount for o in state.offers if o.sender == pid)


def shares_value(state: ImperoState, pid: str) -> int:
    total = 0
    for c in state.companies:
        held = c.shares.get(pid, 0)
        if held:
            total += held * c.capital // c.total_shares()
    return total


def net_worth(state: ImperoState, pid: str) -> int:
    return state.cash[pid] + escrow(state, pid) + shares_value(state, pid)


def need_op(state: ImperoState, pid: str, need: int) -> None:
    if state.op[pid] < need:
        raise RuleError("impero.no_op", need=need, have=state.op[pid])


def need_cash(state: ImperoState, pid: str, need: int) -> None:
    if state.cash[pid] < need:
        raise RuleError("impero.insufficient_cash", need=need, have=state.cash[pid])


def positive(amount: int) -> None:
    if amount <= 0:
        raise RuleError("impero.amount_positive", amount=amount)
