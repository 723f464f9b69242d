"""Il Toro di Roger (5L): the solitaire automa. It is never a seat; the engine plays it."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event
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
from engine.highfrontier.models import BULL, Company, HfState
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
        events.append(ev("bull_hedge", count=state.bull_hedges))
        if state.bull_hedges == 1:
            events += inflation.start(state, "bull")
    return events


def highest(state: HfState) -> Company | None:
    mine = presided(state, BULL)
    return max(mine, key=lambda c: (c.row, c.col, c.id)) if mine else None


def decide(state: HfState, c: Company, roll: int) -> list[Event]:
    """Table 5Lh: on 1-3 the Bull reinvests, on 4-6 its company rises a row."""
    if roll <= 3:
        if c.row - 1 < 1:
            return [ev("board_pass", company=label(c), player="Toro")]
        return reinvest(state, c)
    return up(state, c, "bull")


def react(state: HfState, c: Company, player: str, now: datetime) -> list[Event]:
    """Table 5Li, after each of your board decisions: buy, proxy fight, or an honour suit."""
    if not c.floated:
        return []
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


def closing(state: HfState) -> list[Event]:
    """5Lj: float a white company of a shape not on the market (before the flip), fragment a black
    one out of a company it presides (after), otherwise raise its lowest company."""
    if available_shares(state, BULL) >= 1:
        if not state.flipped:
            shapes_up = {c.shape for c in floated(state)} | {state.companies[i.company].shape
                                                            for i in state.insolvencies}
            for shape in SHAPE_ORDER:
                if shape in shapes_up:
                    continue
                token = state.companies[f"{shape}1"]
                col = board().float_col(False, shape)
                token.side, token.floated, token.row, token.col = "white", True, 1, col
                token.holes = [BULL, None, None]
                state.arrivals += 1
                token.arrived = state.arrivals
                return [ev("floated", player="Toro", company=label(token), paid=0, col=col, flipped=state.flipped)]
        else:
            for old in sorted(presided(state, BULL), key=lambda c: (-c.row, c.id)):
                twin = next(c for c in state.companies.values() if c.shape == old.shape and c.id != old.id)
                if twin.floated or any(i.company == twin.id for i in state.insolvencies):
                    continue
                return fragment(state, old, twin)
    mine = presided(state, BULL)
    if not mine:
        return []
    low = min(mine, key=lambda c: (c.row, c.col, c.id))
    return up(state, low, "bull")


def fragment(state: HfState, old: Company, twin: Company) -> list[Event]:
    col = old.col
    events = [ev("fragmented", player="Toro", company=label(old)), *lose_share(state, old, BULL, "hole")]
    twin.side, twin.floated, twin.row, twin.col, twin.holes = "black", True, 1, col, [BULL, None, None]
    state.arrivals += 1
    twin.arrived = state.arrivals
    return [*events, ev("floated", player="Toro", company=label(twin), paid=0, col=col, flipped=state.flipped)]


def all_hedges(state: HfState) -> bool:
    return state.bull_hedges >= board().bull_cubes

