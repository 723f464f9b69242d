"""Witnessed reports: a base-game event one player tells moves nothing until another player or a
moderator confirms it (or, with an objection window, until the window closes unopposed)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from engine.core import Event, RuleError
from engine.highfrontier.companies import ev, who
from engine.highfrontier.models import HfState, PendingReport

# the base-game events Araldo cannot see: told by one player, believed once witnessed. The turn's
# flow (turn end, year) is not witnessed: it moves no holdings and holding it would stall the table
WITNESSED = ("event_roll", "parade", "usurp", "bernal", "risk_one", "first_isotope", "isotopes",
             "contract_advance", "exodus", "new_banker", "default_token", "end_game", "wildcat", "rival_bank",
             "homeless", "rob", "ledger", "base_vp")
# what a turn allows once: a report withdrawn or rejected gives the turn its chance back
ONCE_A_TURN = {"parade": "paraded", "contract_advance": "advanced"}

Apply = Callable[[HfState, str, dict[str, Any], datetime], list[Event]]


def held_back(state: HfState, kind: str, moderator: bool) -> bool:
    """Whether a report waits for a witness: not in a solo game (nobody to witness), not from a
    moderator, not at a table that chose to trust its players."""
    return kind in WITNESSED and state.settings.reports != "trusted" and not moderator and not state.solo


def file(state: HfState, actor: str, action: dict[str, Any], now: datetime) -> list[Event]:
    state.report_seq += 1
    report = PendingReport(id=state.report_seq, by=actor, action=action, at=now)
    state.pending.append(report)
    hours = 0
    if state.settings.reports == "objection":
        hours = state.settings.objection_hours
        state.add_timer("report", now + timedelta(hours=hours), report=report.id)
    others = [p.id for p in state.players if p.id != actor and not p.left]
    return [ev("report_filed", report=report.id, player=who(state, actor), action=action,
               mode=state.settings.reports, hours=hours, to=None),
            ev("report_to_witness", to=others, notify="action", report=report.id, player=who(state, actor),
               action=action)]


def find(state: HfState, rid: int) -> PendingReport:
    report = next((r for r in state.pending if r.id == rid), None)
    if report is None:
        raise RuleError("hf.no_report", report=rid)
    return report


def rule(state: HfState, actor: str, rid: int, confirm: bool, moderator: bool, now: datetime,
         apply: Apply) -> list[Event]:
    """A witness's word on report `rid`: a confirmation applies it as its reporter's move; an
    objection holds it for a moderator; the reporter's own "no" withdraws it; a moderator's "no"
    rejects it."""
    report = find(state, rid)
    if confirm:
        if not moderator and actor == report.by:
            raise RuleError("hf.own_report")
        if not moderator and report.held:
            raise RuleError("hf.report_on_hold", report=rid)
        if moderator:  # a moderator need not play: the sentence names the role, not a seat
            head = ev("report_mod_confirmed", report=rid, by=who(state, report.by))
        else:
            head = ev("report_confirmed", report=rid, player=who(state, actor), by=who(state, report.by))
        return confirmed(state, report, head, now, apply)
    if moderator:
        drop(state, report)
        return [ev("report_rejected", report=rid, by=who(state, report.by))]
    if actor == report.by:
        drop(state, report)
        return [ev("report_withdrawn", report=rid, player=who(state, actor))]
    if report.held:
        raise RuleError("hf.report_on_hold", report=rid)
    report.held, report.objector = True, actor
    state.cancel_timers("report", report=rid)
    return [ev("report_held", report=rid, player=who(state, actor), by=who(state, report.by),
               notify="moderators")]


def confirmed(state: HfState, report: PendingReport, head: Event, now: datetime, apply: Apply) -> list[Event]:
    state.pending.remove(report)
    state.cancel_timers("report", report=report.id)
    return [head, *apply(state, report.by, report.action, now)]


def drop(state: HfState, report: PendingReport) -> None:
    state.pending.remove(report)
    state.cancel_timers("report", report=report.id)
    flag = ONCE_A_TURN.get(str(report.action.get("type")))
    if flag and state.order[state.current] == report.by:
        setattr(state, flag, False)


def window_closed(state: HfState, rid: int, now: datetime, apply: Apply) -> list[Event]:
    """The objection window ran out with nobody objecting: the report takes effect."""
    report = next((r for r in state.pending if r.id == rid and not r.held), None)
    if report is None:
        return []
    return confirmed(state, report, ev("report_unopposed", report=rid, by=who(state, report.by)), now, apply)
