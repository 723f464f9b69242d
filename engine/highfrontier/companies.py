"""Company tokens on the market: where they stand, who holds their holes, how they move (5B5)."""

from __future__ import annotations

from typing import Any

from engine.core import Event
from engine.highfrontier.market import board
from engine.highfrontier.models import BULL, NAMES, Claim, Company, HfState, Insolvency


def ev(key: str, to: list[str] | None = None, notify: str | None = None, **params: Any) -> Event:
    if "flipped" in params:  # amounts are Aqua before the flip, pearls after: the sentence names the unit
        params["unit"] = "pearls" if params.pop("flipped") else "aqua"
    return Event(key=f"hf.{key}", params=params, to=to, notify=notify)


def label(c: Company) -> str:
    """Stable id of the company a token is now (its side's name and copy): 'patents1', 'unicorn2'."""
    return f"{NAMES[(c.shape, c.side)]}{c.id[-1]}"


def who(state: HfState, holder: str | None) -> str:
    return "Toro" if holder == BULL else state.name_of(holder or "")


def floated(state: HfState) -> list[Company]:
    return [c for c in state.companies.values() if c.floated]


def president(c: Company) -> str | None:
    return c.holes[0]


def count(c: Company, holder: str) -> int:
    return sum(1 for h in c.holes if h == holder)


def on_board(state: HfState, holder: str) -> int:
    return sum(count(c, holder) for c in floated(state))


def available_shares(state: HfState, holder: str) -> int:
    return state.holders[holder].share_tokens - on_board(state, holder)


def value(state: HfState, c: Company) -> int:
    """Printed share value at the token's cell (not doubled by inflation)."""
    return board().value(state.flipped, c.row, c.col)


def price(state: HfState, c: Company) -> int:
    return board().price(state.flipped, c.col)


def is_bull(state: HfState, c: Company) -> bool:
    return board().is_bull(state.flipped, c.row, c.col)


def presided(state: HfState, holder: str) -> list[Company]:
    return [c for c in floated(state) if president(c) == holder]


def settle(c: Company) -> None:
    """Presidency after any change of holes: a larger holding takes the apex (5B1a); an empty apex
    goes to the biggest holder, the earlier hole first (Araldo's ruling)."""
    holders = [h for h in c.holes if h is not None]
    if not holders:
        return
    top = c.holes[0]
    best = max(holders, key=lambda h: (count(c, h), -c.holes.index(h)))
    if top is None or count(c, best) > count(c, top):
        i = c.holes.index(best)
        c.holes[0], c.holes[i] = c.holes[i], c.holes[0]


def place(c: Company, holder: str) -> None:
    c.holes[c.holes.index(None)] = holder
    settle(c)


def take_out(c: Company, holder: str) -> None:
    """Remove one share of `holder`, from a lower hole if they hold one (keeps the apex)."""
    idx = [i for i, h in enumerate(c.holes) if h == holder]
    c.holes[idx[-1]] = None
    settle(c)


def _arrive(state: HfState, c: Company) -> None:
    state.arrivals += 1
    c.arrived = state.arrivals


def capped(state: HfState, c: Company, why: str) -> list[Event]:
    """Limited up or right (5B8b): the president may take a hedge fund or forgive the default token."""
    pres = president(c)
    if pres is None:
        return []
    events = [ev("capped", company=label(c), player=who(state, pres), why=why)]
    h = state.holders[pres]
    if pres == BULL or h.hedge_shares or h.hedge_cubes or state.default_holder is not None:
        state.claims.append(Claim(player=pres, company=c.id))
        if pres != BULL:  # the automa's claims are taken by bull.py after the move
            events.append(ev("claim_open", to=[pres], notify="action", company=label(c)))
    return events


def up(state: HfState, c: Company, why: str) -> list[Event]:
    if not c.floated:
        return []
    if c.row >= board().rows:
        return capped(state, c, why)
    c.row += 1
    _arrive(state, c)
    return [ev("moved_up", company=label(c), row=c.row, why=why)]


def down(state: HfState, c: Company, rows: int, why: str, straw_man: str | None = None) -> list[Event]:
    if not c.floated or rows <= 0:
        return []
    c.row -= rows
    _arrive(state, c)
    if c.row < 1:
        return [ev("moved_down", company=label(c), row=0, why=why), *chapter7(state, c, straw_man)]
    return [ev("moved_down", company=label(c), row=c.row, why=why)]


def reinvest(state: HfState, c: Company) -> list[Event]:
    """Down one row and right one column (5B5c); limited right: down only, and a hedge fund."""
    last = board().side(state.flipped).columns
    if c.col >= last:
        c.row -= 1
        _arrive(state, c)
        return [ev("reinvested", company=label(c), row=c.row, col=c.col), *capped(state, c, "right")]
    c.row -= 1
    c.col += 1
    _arrive(state, c)
    return [ev("reinvested", company=label(c), row=c.row, col=c.col)]


def left(state: HfState, c: Company, cols: int, why: str) -> list[Event]:
    if not c.floated:
        return []
    c.col = max(1, c.col - cols)
    _arrive(state, c)
    return [ev("moved_left", company=label(c), col=c.col, why=why)]


def lose_share(state: HfState, c: Company, holder: str, why: str, straw_man: str | None = None) -> list[Event]:
    """A share leaves the market (a dump, a fragment, a deflation): the company drops a row, or is
    insolvent when its last share goes (5B5d, 5B6)."""
    take_out(c, holder)
    if all(h is None for h in c.holes):
        return chapter7(state, c, straw_man)
    return down(state, c, 1, why, straw_man)


def chapter7(state: HfState, c: Company, straw_man: str | None = None) -> list[Event]:
    """Insolvent (5B6): every share is discarded and an angel may save it."""
    pres = president(c)
    holders = sorted({h for h in c.holes if h is not None and h != BULL})
    state.insolvencies.append(Insolvency(company=c.id, col=c.col, president=pres, straw_man=straw_man,
                                         panic=state.panic))
    c.holes = [None, None, None]
    c.floated = False
    c.row = 0
    return [ev("insolvent", company=label(c), president=who(state, pres)),
            *[ev("insolvent_holder", to=[h], notify="info", company=label(c)) for h in holders]]
