"""Loans (5B3g): debt cubes on the sunspot cycle, repayment, rollover with the default token."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.highfrontier import inflation, isotope_bank, money
from engine.highfrontier.companies import down, ev, floated, on_board, price, who
from engine.highfrontier.insolvency import give_default
from engine.highfrontier.market import board
from engine.highfrontier.models import RESERVE, HfState, Loan

CUBE_AQUA = 4  # each debt cube is worth 4 Aqua (8 with inflation) or one pearl after the flip


def cubes(state: HfState, player: str) -> int:
    return sum(loan.cubes for loan in state.holders[player].loans)


def take(state: HfState, player: str, n: int) -> list[Event]:
    """The loan company's service: the loan first, then the interest (5B3g sequence)."""
    h = state.holders[player]
    if n < 1:
        raise RuleError("hf.loan_cubes")
    if h.loans:
        raise RuleError("hf.second_loan")
    if n > state.settings.loan_cubes + h.cubes_gained:
        raise RuleError("hf.loan_cubes")
    due = min(state.year + state.settings.loan_years, state.settings.last_year)
    h.loans.append(Loan(cubes=n, due=due, taken=state.year, pearls=state.flipped))
    if state.flipped:
        isotope_bank.move(state, RESERVE, isotope_bank.key(player, isotope_bank.bank_of(state, player)), blue=n)
        got = n
    else:
        got = inflation.aqua(state, CUBE_AQUA * n)
        h.aqua += got
    return [ev("loan", player=who(state, player), cubes=n, got=got, due=due, flipped=state.flipped)]


def _pay_cubes(state: HfState, player: str, n: int) -> int:
    if state.flipped:
        isotope_bank.pay(state, isotope_bank.key(player, isotope_bank.bank_of(state, player)), n, RESERVE)
        return n
    amount = inflation.aqua(state, CUBE_AQUA * n)
    h = state.holders[player]
    if h.aqua < amount:
        raise RuleError("hf.short_aqua", need=amount, have=h.aqua)
    h.aqua -= amount
    return amount


def _remove(state: HfState, player: str, n: int, only_due: bool = False) -> None:
    h = state.holders[player]
    for loan in sorted(h.loans, key=lambda loan: loan.due):
        if n == 0:
            break
        if only_due and loan.due > state.year:
            continue
        cut = min(n, loan.cubes)
        loan.cubes -= cut
        n -= cut
    h.loans = [loan for loan in h.loans if loan.cubes]


def repayable(state: HfState, player: str) -> int:
    """Cubes that may be repaid now: not in the year they were taken (5B3g)."""
    return sum(loan.cubes for loan in state.holders[player].loans if loan.taken < state.year)


def repay(state: HfState, player: str, n: int) -> list[Event]:
    if n > repayable(state, player):
        raise RuleError("hf.cannot_repay", cubes=repayable(state, player))
    paid = _pay_cubes(state, player, n)
    _remove(state, player, n)
    events = [ev("repaid", player=who(state, player), cubes=n, paid=paid, flipped=state.flipped)]
    if state.loan_due == player and not due_cubes(state, player):
        state.loan_due = None
        state.cancel_timers("loan")
    return events


def due_cubes(state: HfState, player: str) -> int:
    return sum(loan.cubes for loan in state.holders[player].loans if loan.due <= state.year)


def turn_start(state: HfState, player: str, now: datetime) -> list[Event]:
    """At the start of your turn the cubes the sunspot reached fall due."""
    n = due_cubes(state, player)
    if not n:
        return []
    state.loan_due = player
    state.add_timer("loan", now + timedelta(hours=state.settings.decision_hours), player=player)
    return [ev("loan_due", to=[player], notify="turn", cubes=n)]


def penalty(state: HfState) -> int:
    """The loan company's price, or its float price if none exists (5B3g)."""
    lenders = [c for c in floated(state) if c.shape == "hexagon" and c.side == "white"]
    if lenders:
        return price(state, lenders[0])
    return board().price(state.flipped, board().float_col(state.flipped, "hexagon"))


def rollover(state: HfState, player: str, repay_n: int, forced: bool = False) -> list[Event]:
    """Roll over (5B3g): the late penalty, optional repayment, the default token, four years on."""
    if state.loan_due != player:
        raise RuleError("hf.no_loan_due")
    fee = penalty(state)
    events: list[Event] = []
    if money.can_pay(state, player, fee):
        paid = money.charge(state, player, fee)
        events.append(ev("late_fee", player=who(state, player), paid=paid, flipped=state.flipped))
    elif on_board(state, player) and not forced:
        raise RuleError("hf.dump_first")
    else:
        events.append(ev("late_fee_unpaid", player=who(state, player)))
        for c in [c for c in floated(state) if c.shape == "hexagon" and c.side == "white"]:
            events += down(state, c, 1, "unpaid_fee")
    if repay_n:
        if repay_n > due_cubes(state, player):
            raise RuleError("hf.cannot_repay", cubes=due_cubes(state, player))
        events.append(ev("repaid", player=who(state, player), cubes=repay_n,
                         paid=_pay_cubes(state, player, repay_n), flipped=state.flipped))
        _remove(state, player, repay_n, only_due=True)
    later = min(state.year + state.settings.rollover_years, state.settings.last_year)
    for loan in state.holders[player].loans:
        if loan.due <= state.year:
            loan.due = later
    state.loan_due = None
    state.cancel_timers("loan")
    events.append(ev("rolled_over", player=who(state, player), due=later))
    return events + give_default(state, player)
