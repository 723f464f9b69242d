"""Inflation (5A4e): from a monetization Bernal until the flip, the listed Aqua amounts double."""

from __future__ import annotations

from engine.core import Event
from engine.highfrontier.companies import ev
from engine.highfrontier.models import HfState

# reported base-game Aqua movements and whether inflation doubles them (5A4e "easy to forget")
DOUBLED_INCOME = {"fundraising": True, "free_market": True, "insurance": True, "bernal_profit": True,
                  "paleo": True, "faction": True, "free_trade": True, "cash_advance": False, "other": False}
DOUBLED_SPENDING = {"lobby": True, "research": True, "weapons": True, "futures": True,
                    "launch": False, "contract_penalty": False, "fuel": False, "other": False}


def aqua(state: HfState, base: int) -> int:
    """An Aqua amount the rulebook lists as inflated: share values, prices, dividends, debt cubes."""
    return base * 2 if state.inflation else base


def start(state: HfState, why: str) -> list[Event]:
    """Inflation begins: debts are restructured, half of each player's cubes rounded up go (5B3g)."""
    if state.inflation or state.flipped:
        return []
    state.inflation = True
    events = [ev("inflation", why=why)]
    for pid, h in state.holders.items():
        total = sum(loan.cubes for loan in h.loans)
        drop = (total + 1) // 2
        if not drop:
            continue
        for loan in sorted(h.loans, key=lambda loan: loan.due):
            cut = min(drop, loan.cubes)
            loan.cubes -= cut
            drop -= cut
        h.loans = [loan for loan in h.loans if loan.cubes]
        events.append(ev("restructured", player=state.name_of(pid), cubes=(total + 1) // 2))
    return events
