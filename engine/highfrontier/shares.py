"""Buying, floating, fragmenting and dumping shares (5C1, 5C2, 5C5)."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.highfrontier import isotope_bank, money
from engine.highfrontier.companies import (
    available_shares,
    ev,
    label,
    lose_share,
    place,
    president,
    up,
    value,
    who,
)
from engine.highfrontier.market import board
from engine.highfrontier.models import SPECULATORS, TOKENS, Company, HfState


def company(state: HfState, cid: str) -> Company:
    c = state.companies.get(cid)
    if c is None:
        raise RuleError("hf.no_company", company=cid)
    return c


def floated_company(state: HfState, cid: str) -> Company:
    c = company(state, cid)
    if not c.floated:
        raise RuleError("hf.not_floated", company=label(c))
    return c


def need_share(state: HfState, holder: str) -> None:
    if available_shares(state, holder) < 1:
        raise RuleError("hf.no_share_left")


def buy(state: HfState, holder: str, cid: str) -> list[Event]:
    """Buy an empty hole at the share value (5C1b): the company rises one row."""
    c = floated_company(state, cid)
    if None not in c.holes:
        raise RuleError("hf.no_hole", company=label(c))
    if cid in state.dumped.get(holder, []):
        raise RuleError("hf.dumped_this_turn", company=label(c))
    need_share(state, holder)
    paid = money.charge(state, holder, value(state, c))
    place(c, holder)
    state.bought.setdefault(holder, []).append(cid)
    return [ev("bought", player=who(state, holder), company=label(c), paid=paid, flipped=state.flipped),
            *up(state, c, "buy")]


def floatable(state: HfState, cid: str) -> bool:
    """A token in the common reserve, not waiting for an angel (5C1a, 5B6d)."""
    c = state.companies.get(cid)
    return c is not None and not c.floated and not any(i.company == cid for i in state.insolvencies)


def float_company(state: HfState, holder: str, cid: str, side: str) -> list[Event]:
    """Float a token (5C1a): pay the float cell's value, your share at the apex, row 1."""
    if cid not in TOKENS:
        raise RuleError("hf.no_company", company=cid)
    if not floatable(state, cid):
        raise RuleError("hf.already_floated", company=cid)
    need_share(state, holder)
    c = state.companies[cid]
    col = board().float_col(state.flipped, c.shape)
    paid = money.charge(state, holder, board().value(state.flipped, 1, col))
    c.side = "black" if side == "black" else "white"
    c.floated, c.row, c.col, c.holes = True, 1, col, [holder, None, None]
    state.arrivals += 1
    c.arrived = state.arrivals
    state.bought.setdefault(holder, []).append(cid)
    return [ev("floated", player=who(state, holder), company=label(c), paid=paid, col=col, flipped=state.flipped)]


def fragment(state: HfState, holder: str, cid: str, side: str) -> list[Event]:
    """Fragment (5C2): your share leaves the old company for the apex of its twin, row 1, same column."""
    old = floated_company(state, cid)
    if holder not in old.holes:
        raise RuleError("hf.no_share_there", company=label(old))
    twin = next(c for c in state.companies.values() if c.shape == old.shape and c.id != old.id)
    if not floatable(state, twin.id):
        raise RuleError("hf.twin_floated", company=label(old))
    col = old.col
    events = [ev("fragmented", player=who(state, holder), company=label(old)), *lose_share(state, old, holder, "hole")]
    twin.side = "black" if side == "black" else "white"
    twin.floated, twin.row, twin.col, twin.holes = True, 1, col, [holder, None, None]
    state.arrivals += 1
    twin.arrived = state.arrivals
    events.append(ev("floated", player=who(state, holder), company=label(twin), paid=0, col=col, flipped=state.flipped))
    return events


def dump(state: HfState, holder: str, cid: str, count: int) -> list[Event]:
    """Dump shares (5C5): each sale pays the current value, then the company drops a row."""
    c = floated_company(state, cid)
    from_c = [h for h in c.holes if h == holder]
    if len(from_c) < count:
        raise RuleError("hf.no_share_there", company=label(c))
    if cid in state.bought.get(holder, []):
        raise RuleError("hf.bought_this_turn", company=label(c))
    spec = isotope_bank.key(SPECULATORS, isotope_bank.bank_of(state, holder))  # 5F6d: your chosen bank
    if state.flipped and isotope_bank.pearls(state, spec) < value(state, c):
        raise RuleError("hf.speculators_short", company=label(c))
    before = president(c)
    events: list[Event] = []
    state.dumped.setdefault(holder, []).append(cid)
    for _ in range(count):
        if not c.floated:
            break
        if state.flipped and isotope_bank.pearls(state, spec) < value(state, c):
            break  # the speculators cannot buy the next one (5C5d)
        got = money.credit(state, holder, value(state, c))
        events.append(ev("dumped", player=who(state, holder), company=label(c), got=got, flipped=state.flipped))
        events += lose_share(state, c, holder, "hole", straw_man=holder)  # insolvent: the loop stops
    if not c.floated and state.insolvencies and state.insolvencies[-1].company == cid:
        state.insolvencies[-1].president = before  # the president before the dump is in default (5C5c)
    return events
