"""Board meetings after every event roll (5D): dividends (5D1), reinvestment (5D2) or pass."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.highfrontier import bull, inflation, isotope_bank
from engine.highfrontier.companies import down, ev, floated, label, president, reinvest, who
from engine.highfrontier.market import board
from engine.highfrontier.models import BULL, Company, HfState
from engine.highfrontier.shares import floated_company


def order(state: HfState) -> list[str]:
    """Bottom row up, right to left (5Da); companies sharing a cell go in seat order of their
    presidents from the first player, the Bull last (Araldo's ruling for the first player's call)."""
    seats = {pid: i for i, pid in enumerate(state.order)}

    def key(c: Company) -> tuple[int, int, int, str]:
        return (c.row, -c.col, seats.get(president(c) or BULL, 99), c.id)

    # in a solo game your row-1 companies are on the list too: they decide nothing, yet the Bull
    # reacts after each of your decisions, "taken or skipped" (5Li)
    return [c.id for c in sorted(floated(state), key=key)
            if c.row >= 2 or (state.solo and president(c) not in (None, BULL))]


def start(state: HfState, roll: int) -> list[Event]:
    state.meeting = order(state)
    state.meeting_roll = roll
    state.bull_decided = False
    return [ev("meeting", companies=[label(state.companies[c]) for c in state.meeting])]


def advance(state: HfState, now: datetime) -> list[Event]:
    """Move the meeting on: skip what needs no decision, play the Bull, ask the next president."""
    events: list[Event] = []
    while state.meeting and not state.insolvencies and state.proxy is None and not state.deflation \
            and state.bull_pick is None:
        c = state.companies[state.meeting[0]]
        pres = president(c)
        if not c.floated or pres is None:
            state.meeting.pop(0)
            continue
        if c.row < 2:  # no dividend dots, no decision: a skipped one, which the Bull answers in a solo game
            state.meeting.pop(0)
            if state.solo and pres != BULL:
                events += bull.react(state, c, pres, now, "skipped") + bull.hedge_claims(state)
            continue
        if pres == BULL:
            state.meeting.pop(0)
            tops = bull.highest(state)
            if not state.bull_decided and c.id in [t.id for t in tops]:  # when the meeting reaches its highest
                state.bull_decided = True
                if len(tops) > 1:  # a tie in its highest row: you choose which (5Lh)
                    events.append(bull.told("meeting_tie", roll=state.meeting_roll))
                    return events + bull.ask(state, "decide", [t.id for t in tops], now)
                events.append(bull.told("meeting", company=label(c), roll=state.meeting_roll))
                events += bull.decide(state, c, state.meeting_roll)
                events += bull.hedge_claims(state)
            continue
        if state.deadline("board", company=c.id) is None:
            state.add_timer("board", now + timedelta(hours=state.settings.decision_hours), company=c.id)
            events.append(ev("your_board", to=[pres], notify="action", company=label(c),
                             dots=board().dots(c.row), row=c.row))
        return events
    if not state.meeting and state.meeting_roll and state.proxy is None and not state.insolvencies \
            and not state.deflation and state.bull_pick is None:
        state.meeting_roll = 0
        if state.solo:
            events += bull.closing(state, now)
            if state.bull_pick is not None:  # the meeting ends with your choice for the Bull
                return events
            events += bull.hedge_claims(state)
        events.append(ev("meeting_over"))
    return events


def decide(state: HfState, player: str, cid: str, choice: str, amount: int, modernize: bool,
           now: datetime, timeout: bool = False) -> list[Event]:
    c = floated_company(state, cid)
    if not state.meeting or state.meeting[0] != cid:
        raise RuleError("hf.not_deciding", company=label(c))
    if president(c) != player:
        raise RuleError("hf.not_president", company=label(c))
    if modernize and (choice != "reinvest" or not state.flipped or c.side != "white"):
        raise RuleError("hf.cannot_modernize", company=label(c))
    events: list[Event]
    if choice == "dividend":
        if not 1 <= amount <= board().dots(c.row):
            raise RuleError("hf.bad_dividend", most=board().dots(c.row))
        events = pay_dividend(state, c, amount)
    elif choice == "reinvest":
        if c.row - 1 < 1:
            raise RuleError("hf.reinvest_red", company=label(c))
        events = reinvest(state, c)
        if modernize:
            c.side = "black"
            events.append(ev("modernized", company=label(c)))
    else:
        events = [ev("board_pass", company=label(c), player=who(state, player), timeout=timeout)]
    state.meeting.pop(0)
    state.cancel_timers("board", company=cid)
    if state.solo:
        trigger = "timeout" if timeout else choice if choice in ("dividend", "reinvest") else "pass"
        events += bull.react(state, c, player, now, trigger)
        events += bull.hedge_claims(state)
    return events


def pay_dividend(state: HfState, c: Company, dots: int) -> list[Event]:
    """Every share is paid `dots` (Aqua doubled by inflation; pearls after the flip, the president's
    shares first so they take the isotopes, fiduciary media issued when short), then the company
    drops a row per dot (5D1b)."""
    events: list[Event] = []
    holders = [h for h in c.holes if h is not None and h != BULL]
    issued = 0
    bank = isotope_bank.bank_of(state, c.holes[0]) if c.holes[0] else "main"  # the president's (5F6d)
    for h in holders:
        if state.flipped:
            issued += isotope_bank.dividend(state, h, dots, bank)[2]
        else:
            state.holders[h].aqua += inflation.aqua(state, dots)
    per_share = dots if state.flipped else inflation.aqua(state, dots)
    events.append(ev("dividend", company=label(c), amount=per_share, shares=len(holders),
                     issued=issued, flipped=state.flipped))
    return events + down(state, c, dots, "dividend")
