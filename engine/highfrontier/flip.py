"""The flip (5E): the first isotope turns the market to its post-monetization side for good."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.highfrontier import inflation, isotope_bank
from engine.highfrontier.companies import ev, floated, label, who
from engine.highfrontier.loans import CUBE_AQUA
from engine.highfrontier.market import board
from engine.highfrontier.models import RESERVE, SPECULATORS, HfState


def flip(state: HfState, banker: str, domes: dict[str, int]) -> list[Event]:
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
    # c) debts: cubes still payable in Aqua are repaid with the Aqua about to crash (Araldo's
    # ruling: it is always the player's interest); the rest become one-pearl debts
    for pid, h in state.holders.items():
        for loan in h.loans:
            afford = min(loan.cubes, h.aqua // inflation.aqua(state, CUBE_AQUA)) if pid in state.order else 0
            if afford:
                h.aqua -= afford * inflation.aqua(state, CUBE_AQUA)
                loan.cubes -= afford
                events.append(ev("repaid", player=who(state, pid), cubes=afford,
                                 paid=afford * inflation.aqua(state, CUBE_AQUA), flipped=False))
            loan.pearls = True
        h.loans = [loan for loan in h.loans if loan.cubes]
    # d) inflation ends; f) the Aqua crash
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
