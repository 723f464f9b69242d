"""Who must act now, what they owe and by when: the channel's call whenever that changes."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, Msg
from engine.highfrontier import insolvency
from engine.highfrontier.companies import label, president
from engine.highfrontier.models import BULL, HfState

Calls = dict[str, tuple[tuple[str, ...], datetime | None]]  # player -> (what they owe, deadline)


def owed(state: HfState, pid: str) -> list[Msg]:
    """What `pid` still has to do now, in words (the call, the reminder)."""
    return [m for m, _ in due_items(state, pid)]


def due_items(state: HfState, pid: str) -> list[tuple[Msg, datetime | None]]:
    if state.status != "active":
        return []
    out: list[tuple[Msg, datetime | None]] = []
    if state.proxy is not None and state.proxy.defender == pid:
        out.append((Msg(key="hf.owed.proxy", params={"company": label(state.companies[state.proxy.company])}),
                    state.deadline("proxy")))
    for ins in state.insolvencies:
        if pid in insolvency.eligible(state, ins) and pid not in ins.offers and pid not in ins.declined:
            out.append((Msg(key="hf.owed.angel", params={"company": label(state.companies[ins.company])}),
                        state.deadline("angel", company=ins.company)))
    if state.meeting and president(state.companies[state.meeting[0]]) == pid:
        cid = state.meeting[0]
        out.append((Msg(key="hf.owed.board", params={"company": label(state.companies[cid])}),
                    state.deadline("board", company=cid)))
    if state.deflation_order and state.deflation_order[0] == pid:
        out.append((Msg(key="hf.owed.deflate", params={"shares": state.deflation.get(pid, 0)}),
                    state.deadline("deflation", player=pid)))
    if state.loan_due == pid:
        out.append((Msg(key="hf.owed.loan"), state.deadline("loan", player=pid)))
    if state.bull_pick is not None and state.order[0] == pid:
        out.append((Msg(key="hf.owed.bull_pick"), state.deadline("bull_pick")))
    if pid in state.flip_repay:
        out.append((Msg(key="hf.owed.flip_repay"), state.deadline("flip_repay", player=pid)))
    busy = state.meeting or state.insolvencies or state.proxy or state.deflation or state.bull_pick \
        or state.flip_repay or state.meeting_roll
    if not out and not busy and state.order[state.current] == pid:
        out.append((Msg(key="hf.owed.turn"), None))  # an open turn: no deadline in Module 5
    return out


def called(state: HfState) -> Calls:
    if state.status != "active":
        return {}
    out: Calls = {}
    for pid in state.order:
        if pid == BULL:
            continue
        items = due_items(state, pid)
        if items:
            dues = [d for _, d in items if d is not None]
            out[pid] = (tuple(m.key for m, _ in items), min(dues) if dues else None)
    return out


def pings(state: HfState, before: Calls) -> list[Event]:
    """A public call for every player newly called (or called for something else) since `before`:
    with a mention, what they owe and the deadline (an open turn has none)."""
    events: list[Event] = []
    for pid, (keys, due) in called(state).items():
        if before.get(pid, ((), None))[0] == keys:
            continue
        params = {"who": pid, "owed": [m.model_dump() for m in owed(state, pid)], "deadline": due}
        events.append(Event(key="core.turn_ping" if due is not None else "hf.call", params=params))
    return events
