"""Il Toro di Roger (5L): the solitaire automa. It is never a seat; the engine plays it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from engine.core import Event, RuleError
from engine.highfrontier import inflation
from engine.highfrontier.companies import (
    available_shares,
    ev,
    floated,
    is_bull,
    label,
    lose_share,
    place,
    presided,
    president,
    reinvest,
    up,
    value,
)
from engine.highfrontier.market import board
from engine.highfrontier.models import BULL, BullPick, Company, HfState
from engine.highfrontier.presidency import start_proxy, take_apex, tied

SHAPE_ORDER = ("square", "triangle", "circle", "hexagon")
MAX_FIDUCIARY = 5  # 5Lf


def hedge_claims(state: HfState) -> list[Event]:
    """The Bull takes a hedge cube whenever capped; its first one anchors a monetization Bernal (5Lk)."""
    events: list[Event] = []
    for claim in [c for c in state.claims if c.player == BULL]:
        state.claims.remove(claim)
        if state.bull_hedges >= board().bull_cubes:
            continue
        state.bull_hedges += 1
        events.append(ev("bull_hedge", count=state.bull_hedges, company=label(state.companies[claim.company])))
        if state.bull_hedges == 1:
            events += inflation.start(state, "bull")
    return events


def highest(state: HfState) -> list[Company]:
    """The Bull's companies in its highest row: more than one is a tie you break (5Lh)."""
    mine = presided(state, BULL)
    top = max((c.row for c in mine), default=0)
    return sorted((c for c in mine if c.row == top), key=lambda c: (-c.col, c.id))


def lowest(state: HfState) -> list[Company]:
    mine = presided(state, BULL)
    low = min((c.row for c in mine), default=0)
    return sorted((c for c in mine if c.row == low), key=lambda c: (c.col, c.id))


def ask(state: HfState, why: str, options: list[str], now: datetime) -> list[Event]:
    """The rulebook leaves this choice to you ("a vostra scelta", "scegliete voi"): the table waits for it."""
    state.bull_pick = BullPick(why=why, options=options)
    state.add_timer("bull_pick", now + timedelta(hours=state.settings.decision_hours))
    player = state.order[0]
    return [ev("bull_pick", to=[player], notify="action", why=why,
               companies=[label(state.companies[o]) for o in options]),
            ev("bull_pick_open", why=why, companies=[label(state.companies[o]) for o in options])]


def told(trigger: str, **params: Any) -> Event:
    """The sentence that opens each of the Bull's moves: what made it move (5Lh-5Lj, 5Lg)."""
    return ev(f"bull_on.{trigger}", **params)


def decide(state: HfState, c: Company, roll: int) -> list[Event]:
    """Table 5Lh: on 1-3 the Bull reinvests, on 4-6 its company rises a row."""
    if roll <= 3:
        if c.row - 1 < 1:
            return [ev("board_pass", company=label(c), player="Toro")]
        return reinvest(state, c)
    return up(state, c, "bull")


def react(state: HfState, c: Company, player: str, now: datetime, trigger: str) -> list[Event]:
    """Table 5Li, after each of your board decisions (`trigger`: dividend, reinvest, pass, timeout
    or skipped): the channel is told which decision it answers, then what it does."""
    if not c.floated:
        return []
    return [told(trigger, company=label(c)), *(answer(state, c, now) or [ev("bull_idle", company=label(c))])]


def answer(state: HfState, c: Company, now: datetime) -> list[Event]:
    """Buy, proxy fight, or an honour suit (5Li)."""
    if available_shares(state, BULL) >= 1:
        if None in c.holes:
            place(c, BULL)
            return [ev("bull_buys", company=label(c)), *up(state, c, "buy")]
        target = president(c)
        if target is None or target == BULL:
            return []
        if is_bull(state, c):  # a bull company is immune to proxy fights (5C3): the Bull has no move here
            return [ev("bull_immune_idle", company=label(c))]
        roll = state.rng.die()
        if roll != value(state, c):
            return [ev("bull_proxy_fails", company=label(c), roll=roll)]
        events = [ev("bull_proxy_roll", company=label(c), roll=roll)]
        return events + start_proxy(state, BULL, c.id, target, 0, now)
    if state.bull_fiduciary < MAX_FIDUCIARY and tied(c, BULL):
        state.bull_fiduciary += 1
        take_apex(c, BULL)
        return [ev("new_president", company=label(c), player="Toro", why="honor")]
    return [ev("bull_idle", company=label(c))]


def closing(state: HfState, now: datetime) -> list[Event]:
    """5Lj: float a white company of a shape not on the market, your choice (before the flip);
    fragment a black one out of a company it presides (after); otherwise raise its lowest company
    (your choice on a tie). A choice of several waits for you."""
    events = [told("closing_flipped" if state.flipped else "closing")]
    options: list[str] = []
    why = "raise"
    if available_shares(state, BULL) >= 1:
        why = "fragment" if state.flipped else "float"
        options = fragmentable(state) if state.flipped else floatable(state)
    if not options:
        why, options = "raise", [c.id for c in lowest(state)]
    if len(options) > 1:
        return events + ask(state, why, options, now)
    return events + (carry_out(state, why, options[0]) if options else [ev("bull_no_move")])


def floatable(state: HfState) -> list[str]:
    """A token of each shape not on the market (no duplicate companies)."""
    up_now = {c.shape for c in floated(state)} | {state.companies[i.company].shape for i in state.insolvencies}
    return [f"{shape}1" for shape in SHAPE_ORDER if shape not in up_now]


def fragmentable(state: HfState) -> list[str]:
    """The Bull's companies whose twin token is free to become a black company."""
    return [c.id for c in sorted(presided(state, BULL), key=lambda c: (-c.row, c.id)) if twin_of(state, c) is not None]


def twin_of(state: HfState, old: Company) -> Company | None:
    twin = next(c for c in state.companies.values() if c.shape == old.shape and c.id != old.id)
    if twin.floated or any(i.company == twin.id for i in state.insolvencies):
        return None
    return twin


def carry_out(state: HfState, why: str, cid: str) -> list[Event]:
    c = state.companies[cid]
    if why == "float":
        col = board().float_col(False, c.shape)
        c.side, c.floated, c.row, c.col, c.holes = "white", True, 1, col, [BULL, None, None]
        state.arrivals += 1
        c.arrived = state.arrivals
        return [ev("floated", player="Toro", company=label(c), paid=0, col=col, flipped=state.flipped)]
    if why == "fragment":
        twin = twin_of(state, c)
        assert twin is not None
        return fragment(state, c, twin)
    if why == "decide":
        return decide(state, c, state.meeting_roll)
    return up(state, c, "bull")


def choose(state: HfState, player: str, cid: str, timeout: bool = False) -> list[Event]:
    """Your choice for the Bull (5Lh, 5Lj): one of the options it was asked with."""
    pick = state.bull_pick
    if pick is None or not state.solo or player != state.order[0]:
        raise RuleError("hf.no_bull_choice")
    if cid not in pick.options:
        raise RuleError("hf.bad_bull_choice", companies=[label(state.companies[o]) for o in pick.options])
    state.bull_pick = None
    state.cancel_timers("bull_pick")
    events = [told("pick_timeout" if timeout else "pick", company=label(state.companies[cid]), why=pick.why)]
    events += carry_out(state, pick.why, cid) + hedge_claims(state)
    if pick.why != "decide":  # the meeting's last act: it is over
        events.append(ev("meeting_over"))
    return events


def fragment(state: HfState, old: Company, twin: Company) -> list[Event]:
    col = old.col
    events = [ev("fragmented", player="Toro", company=label(old)), *lose_share(state, old, BULL, "hole")]
    twin.side, twin.floated, twin.row, twin.col, twin.holes = "black", True, 1, col, [BULL, None, None]
    state.arrivals += 1
    twin.arrived = state.arrivals
    return [*events, ev("floated", player="Toro", company=label(twin), paid=0, col=col, flipped=state.flipped)]


def all_hedges(state: HfState) -> bool:
    return state.bull_hedges >= board().bull_cubes

