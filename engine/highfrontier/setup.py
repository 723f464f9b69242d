"""Setting up Module 5: standard (5A3), the solitaire Bull (5La) and L'Alba degli Isotopi (5J)."""

from __future__ import annotations

from engine.core import RuleError
from engine.highfrontier import isotope_bank
from engine.highfrontier.companies import place, up
from engine.highfrontier.market import board
from engine.highfrontier.models import BULL, FACTIONS, RESERVE, SPECULATORS, TOKENS, Company, HfState, Holder

# 5Jj row 5: the two starting shares of each faction
DAWN_SHARES = {"grey": ("square1", "triangle1"), "red": ("hexagon1", "circle1"),
               "white": ("triangle1", "hexagon1"), "yellow": ("triangle1", "circle1"),
               "purple": ("square1", "hexagon1"), "green": ("square1", "circle1")}
DAWN_BLUE = 2  # 5Jj row 6


def prepare(state: HfState) -> None:
    b = board()
    n = len(state.players)
    first = state.settings.first_player % n
    ids = [p.id for p in state.players]
    state.order = ids[first:] + ids[:first]
    state.companies = {cid: Company(id=cid, shape=shape) for cid, shape in TOKENS.items()}
    state.holders = {pid: Holder(share_tokens=state.settings.share_limit, hedge_shares=b.hedge_shares,
                                 hedge_cubes=b.hedge_cubes) for pid in ids}
    if state.solo:
        if state.settings.setup == "dawn":
            raise RuleError("hf.dawn_needs_two")
        state.holders[BULL] = Holder(share_tokens=7, hedge_shares=0, hedge_cubes=b.bull_cubes)
    if state.settings.setup == "dawn":
        dawn(state)


def dawn(state: HfState) -> None:
    chosen = list(state.settings.factions)
    if chosen and (len(chosen) != len(state.order) or len(set(chosen)) != len(chosen)
                   or any(f not in FACTIONS for f in chosen)):
        raise RuleError("hf.bad_factions")
    if not chosen:
        pool = list(FACTIONS)
        state.rng.shuffle(pool)
        chosen = pool[: len(state.order)]
    state.flipped = True
    for pid, faction in zip(state.order, chosen, strict=True):
        state.holders[pid].faction = faction
    # the first player has the highest influence at the start (Araldo's ruling): their share
    # floats first and so presides
    for pid in state.order:
        for cid in DAWN_SHARES[state.holders[pid].faction or "grey"]:
            c = state.companies[cid]
            if not c.floated:
                c.floated, c.row, c.col, c.holes = True, 1, board().float_col(True, c.shape), [pid, None, None]
                state.arrivals += 1
                c.arrived = state.arrivals
            else:
                place(c, pid)
                up(state, c, "setup")
        isotope_bank.move(state, RESERVE, pid, blue=DAWN_BLUE)
    isotope_bank.move(state, RESERVE, SPECULATORS, blue=sum(1 for c in state.companies.values() if c.floated))
    state.banker = state.rng.choice(state.order)  # drawn at random, with one isotope in their vault (5Jj)
    isotope_bank.move(state, RESERVE, state.banker, gold=1)
