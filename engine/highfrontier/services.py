"""Paying clients (5B3, 5C4): the service is given, then its price paid, then the company rises."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.highfrontier import loans, money
from engine.highfrontier.companies import ev, label, price, up, who
from engine.highfrontier.models import MALFS, HfState
from engine.highfrontier.shares import floated_company


def service(state: HfState, player: str, cid: str, deluxe: bool, half: bool, cubes: int,
            malf: str | None, bernal: bool = False) -> list[Event]:
    c = floated_company(state, cid)
    if c.side == "black" and not state.flipped:
        raise RuleError("hf.black_not_yet", company=label(c))  # ET services start at the flip (5B3)
    finao = c.shape == "circle" and c.side == "white"
    lender = c.shape == "hexagon" and c.side == "white"
    if (deluxe or half or malf) and not finao:
        raise RuleError("hf.finao_only")
    if bernal and not (c.shape == "triangle" and c.side == "white"):
        raise RuleError("hf.launch_only")
    if cubes and not lender:
        raise RuleError("hf.loans_only")
    if lender and not cubes:
        raise RuleError("hf.loan_cubes")
    if malf is not None and (malf not in MALFS or malf not in state.malfs_left):
        raise RuleError("hf.malf_taken", malf=malf)
    base = price(state, c)
    if finao and deluxe and not half:
        base *= 2  # deluxe costs double; a halving ability makes deluxe cost the standard price
    elif finao and half and not deluxe:
        base = (base + 1) // 2
    if bernal:
        base *= 2  # even after the flip
    events: list[Event] = []
    if lender:
        events += loans.take(state, player, cubes)  # the loan comes first, then the interest (5B3g)
    if not money.can_pay(state, player, base):
        raise RuleError("hf.cannot_pay", need=base)
    paid = money.charge(state, player, base)
    if malf is not None:
        state.malfs_left.remove(malf)
        state.holders[player].malfs.append(malf)
    state.services.append(f"{state.year}:{player}:{label(c)}")
    events.append(ev("service", player=who(state, player), company=label(c), paid=paid, flipped=state.flipped,
                     deluxe=deluxe, malf=malf or ""))
    return events + up(state, c, "client")
