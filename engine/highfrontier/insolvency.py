"""Insolvency (5B6): angels and the archangel, the straw-man ban, the default token, recession."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.highfrontier import inflation, money
from engine.highfrontier.companies import available_shares, down, ev, label, left, presided, who
from engine.highfrontier.market import board
from engine.highfrontier.models import BULL, HfState, Insolvency


def give_default(state: HfState, player: str | None) -> list[Event]:
    """The default token moves to `player` (5A4j): gold side once moved after the flip; every
    company they preside drops a row (5B5b)."""
    if player is None or player == BULL:
        return []
    state.default_holder = player
    if state.flipped:
        state.default_gold = True
    events = [ev("default_token", player=who(state, player)),
              ev("default_you", to=[player], notify="info")]
    for c in presided(state, player):
        events += down(state, c, 1, "default")
    return events


def angel_cost(state: HfState, ins: Insolvency) -> int:
    """Twice the cheapest share of the column: the bottom row's value (5B6c)."""
    return 2 * board().value(state.flipped, 1, ins.col)


def eligible(state: HfState, ins: Insolvency) -> list[str]:
    return [p for p in state.active_player_ids() if p != ins.straw_man]


def open_windows(state: HfState, now: datetime) -> list[Event]:
    """Give every new insolvency its deadline and ask the table for an angel."""
    events: list[Event] = []
    for ins in [i for i in state.insolvencies if not eligible(state, i)]:
        events += close(state, ins, None)  # nobody may be its angel (a solitaire straw man): decide now
    for ins in state.insolvencies:
        if state.deadline("angel", company=ins.company) is None:
            state.add_timer("angel", now + timedelta(hours=state.settings.decision_hours), company=ins.company)
            c = state.companies[ins.company]
            events.append(ev("angel_wanted", notify="action", company=label(c),
                             cost=inflation.aqua(state, angel_cost(state, ins)),
                             flipped=state.flipped))
    return events


def find(state: HfState, cid: str) -> Insolvency:
    ins = next((i for i in state.insolvencies if i.company == cid), None)
    if ins is None:
        raise RuleError("hf.not_insolvent", company=cid)
    return ins


def answer(state: HfState, player: str, cid: str, offer: bool) -> list[Event]:
    ins = find(state, cid)
    if player == ins.straw_man:
        raise RuleError("hf.straw_man", company=label(state.companies[cid]))
    if player in ins.offers or player in ins.declined:
        raise RuleError("hf.already_answered")
    if offer:
        if available_shares(state, player) < 1:
            raise RuleError("hf.no_share_left")
        if not money.can_pay(state, player, angel_cost(state, ins)):
            raise RuleError("hf.cannot_pay", need=angel_cost(state, ins))
        ins.offers.append(player)
    else:
        ins.declined.append(player)
    events = [ev("angel_answer", player=who(state, player), company=label(state.companies[cid]), offer=offer)]
    waiting = [p for p in eligible(state, ins) if p not in ins.offers and p not in ins.declined]
    if waiting:
        return events
    if len(ins.offers) > 1 and ins.president in state.active_player_ids():
        return [*events, ev("archangel", to=[ins.president], notify="action", company=label(state.companies[cid]))]
    return events + close(state, ins, ins.offers[0] if ins.offers else None)


def pick(state: HfState, player: str, cid: str, angel: str) -> list[Event]:
    """The archangel: with several angels the president decides (5B6c)."""
    ins = find(state, cid)
    if player != ins.president:
        raise RuleError("hf.not_president", company=label(state.companies[cid]))
    if angel not in ins.offers:
        raise RuleError("hf.not_an_angel", player=who(state, angel))
    return close(state, ins, angel)


def close(state: HfState, ins: Insolvency, angel: str | None) -> list[Event]:
    state.insolvencies.remove(ins)
    state.cancel_timers("angel", company=ins.company)
    c = state.companies[ins.company]
    if angel is not None and angel != BULL and not money.can_pay(state, angel, angel_cost(state, ins)):
        angel = None
    events: list[Event] = []
    if angel is None and state.solo and available_shares(state, BULL) >= 1:
        angel = BULL  # the Bull becomes the angel for free (5Lg)
        events.append(ev("bull_on.angel", company=label(c)))
    if angel is not None:
        paid = money.charge(state, angel, angel_cost(state, ins))
        c.floated, c.row, c.col, c.holes = True, 1, ins.col, [angel, None, None]
        state.arrivals += 1
        c.arrived = state.arrivals
        # saved by an angel: nobody takes the default token (5B6a, as Examples 5B6 and 5C5 apply it)
        return [*events, ev("angel_saved", player=who(state, angel), company=label(c), paid=paid,
                             flipped=state.flipped)]
    events.append(ev("left_market", company=label(c)))
    events += give_default(state, ins.president)
    if ins.panic:  # recession: every loan company two columns left (5G2a, 5G3c)
        for loans in [x for x in state.companies.values() if x.floated and x.shape == "hexagon" and x.side == "white"]:
            events += left(state, loans, 2, "recession")
    return events


def timeout(state: HfState, cid: str) -> list[Event]:
    ins = next((i for i in state.insolvencies if i.company == cid), None)
    if ins is None:
        return []
    return close(state, ins, ins.offers[0] if ins.offers else None)
