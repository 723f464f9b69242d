"""The flip (5E): the first isotope turns the market to its post-monetization side for good."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.highfrontier import inflation, isotope_bank
from engine.highfrontier.companies import ev, floated, label, who
from engine.highfrontier.loans import CUBE_AQUA
from engine.highfrontier.market import board
from engine.highfrontier.models import RESERVE, SPECULATORS, HfState


def flip(state: HfState, banker: str, domes: dict[str, int], now: datetime) -> list[Event]:
    if state.flipped:
        raise RuleError("hf.already_flipped")
    unknown = [p for p in domes if p not in state.holders]
    if unknown or any(n < 0 or n > 20 for n in domes.values()):
        raise RuleError("hf.bad_domes")
    b = board()
    events: list[Event] = [ev("flip", banker=who(state, banker))]
    # a) rows kept, every token to column 1, hexagons to column 4
    for c in floated(state):
        c.col = b.post.float[c.shape] if c.shape == "hexagon" else 1
        c.row = min(c.row, b.rows)
    # c) debts: players *may* repay cubes with the Aqua about to crash (5Ec): whoever can afford one
    # is asked how many; the rest become one-pearl debts
    state.flip_cube = inflation.aqua(state, CUBE_AQUA)
    for pid, h in state.holders.items():
        owed = sum(loan.cubes for loan in h.loans)
        if pid in state.order and owed and h.aqua >= state.flip_cube:
            state.flip_repay[pid] = h.aqua
            state.add_timer("flip_repay", now + timedelta(hours=state.settings.decision_hours), player=pid)
            most = min(owed, h.aqua // state.flip_cube)
            events.append(ev("flip_repay_ask", to=[pid], notify="action", most=most, price=state.flip_cube))
        else:
            for loan in h.loans:
                loan.pearls = True
    # d) inflation ends; f) the Aqua crash (what a player may still repay with is kept aside)
    state.inflation = False
    state.flipped = True
    for pid in state.order:
        h = state.holders[pid]
        if h.aqua:
            events.append(ev("aqua_crash", player=who(state, pid), aqua=h.aqua))
        h.aqua = 0
    # e) the isotope bank: speculators' fiduciary media, players' domes, the banker's isotope
    state.banker = banker
    n = len(floated(state))
    isotope_bank.move(state, RESERVE, SPECULATORS, blue=n)
    for pid in state.order:
        isotope_bank.move(state, RESERVE, pid, blue=domes.get(pid, 0))
    isotope_bank.move(state, RESERVE, banker, gold=1)
    events.append(ev("bank_created", speculators=n, companies=[label(c) for c in floated(state)]))
    return events


def repay(state: HfState, player: str, cubes: int) -> list[Event]:
    """5Ec: the cubes a player repays at the flip, earliest loans first, with the Aqua it crashed;
    the rest become one-pearl debts."""
    if player not in state.flip_repay:
        raise RuleError("hf.nothing_to_answer")
    aqua = state.flip_repay[player]
    h = state.holders[player]
    most = min(sum(loan.cubes for loan in h.loans), aqua // state.flip_cube)
    if cubes > most:
        raise RuleError("hf.flip_repay_most", most=most)
    del state.flip_repay[player]
    state.cancel_timers("flip_repay", player=player)
    left = cubes
    for loan in sorted(h.loans, key=lambda loan: loan.due):
        paid = min(left, loan.cubes)
        loan.cubes -= paid
        left -= paid
        loan.pearls = True
    h.loans = [loan for loan in h.loans if loan.cubes]
    remaining = sum(loan.cubes for loan in h.loans)
    return [ev("flip_repaid", player=who(state, player), cubes=cubes, paid=cubes * state.flip_cube, left=remaining)]
