"""What the engine cannot judge, the Scribe corrects (rule 6), each act with a public reason in the
audit log: a law enacted by mistake struck, the result of a proposal overridden, a passed law held
under rule 2100 released or voided. A server moderator acts through the Scribe's desk."""

from __future__ import annotations

from typing import Literal

from engine.core import Event, RuleError
from engine.nomic import changes, chronicle, proposals, roles
from engine.nomic.actions import Override, Release, Strike
from engine.nomic.models import Audit, NomicState, Proposal
from engine.nomic.ruleset import by_id, by_number, in_force

Corrected = Literal["strike", "override", "held"]


def _audit(state: NomicState, actor: str, what: Corrected, reason: str, **detail: str | int) -> None:
    state.audit.append(Audit(giornata=state.giornata, by=actor, what=what,
                             detail={**detail, "reason": reason.strip()}))


def _take_effect(state: NomicState, prop: Proposal) -> list[Event]:
    """Apply a law now, outside a rollover: a correction takes effect at once, mechanics included."""
    live = prop.model_copy(deep=True)
    outcome, rule, events = proposals.enact(state, live)
    prop.outcome = outcome
    if rule is not None and prop.kind != "repeal":
        prop.result_number = rule.number
    state.mechanics = in_force(state)
    return events


def strike(state: NomicState, actor: str, action: Strike) -> list[Event]:
    roles.require_scribe(state, actor)
    rule = by_number(state, action.rule)
    before = changes.snapshot(state)
    chronicle.file_law(state, rule)
    state.to_delete = [r for r in state.to_delete if r != rule.id]
    events = changes.announce(state, before, rule.number)
    state.mechanics = in_force(state)
    _audit(state, actor, "strike", action.reason, number=rule.number, title=rule.title)
    return [Event(key="nomic.struck", params={"number": rule.number, "title": rule.title,
                                              "reason": action.reason.strip()}), *events]


def override(state: NomicState, actor: str, action: Override) -> list[Event]:
    """A proposal of the Giornata just closed: a rejected one passes now; a passed new law is struck
    and a passed repeal undone. An amendment's passing is undone by rewriting the text instead."""
    roles.require_scribe(state, actor)
    last = chronicle.read(state.chronicle[-1]).proposals if state.chronicle else []
    prop = next((p.model_copy(deep=True) for p in last if p.id == action.proposal), None)
    if prop is None:
        raise RuleError("nomic.override_which", proposal=action.proposal)
    events: list[Event] = []
    if action.passed:
        if prop.outcome not in ("rejected", "vetoed"):
            raise RuleError("nomic.override_same", proposal=prop.id)
        events = _take_effect(state, prop)
    else:
        if prop.outcome != "passed":
            raise RuleError("nomic.override_same", proposal=prop.id)
        if prop.kind == "amend":
            raise RuleError("nomic.override_amend", proposal=prop.id)
        before = changes.snapshot(state)
        if prop.kind == "enact":
            rule = by_id(state, f"p{prop.id}")
            if rule is not None:
                chronicle.file_law(state, rule)
        elif prop.rule is not None:
            chronicle.restore_law(state, prop.rule)
        events = changes.announce(state, before, prop.result_number or 0)
        state.mechanics = in_force(state)
        prop.outcome, prop.result_number = "rejected", None
    chronicle.rewrite_proposal(state, prop)
    _audit(state, actor, "override", action.reason, proposal=prop.id, outcome=prop.outcome)
    return [Event(key="nomic.overridden", params={"proposal": prop.id, "title": prop.title,
                                                  "outcome": prop.outcome, "reason": action.reason.strip()}),
            *events]


def release(state: NomicState, actor: str, action: Release) -> list[Event]:
    """Rule 2100: the Scribe lets a held law take effect, or voids it."""
    roles.require_scribe(state, actor)
    prop = next((p for p in state.held if p.id == action.proposal), None)
    if prop is None:
        raise RuleError("nomic.not_held", proposal=action.proposal)
    state.held.remove(prop)
    events: list[Event] = []
    if action.apply:
        events = _take_effect(state, prop)
    else:
        prop.outcome = "rejected"
    chronicle.rewrite_proposal(state, prop)
    _audit(state, actor, "held", action.reason, proposal=prop.id, outcome=prop.outcome)
    return [Event(key="nomic.released", params={"proposal": prop.id, "title": prop.title,
                                                "outcome": prop.outcome, "reason": action.reason.strip()}),
            *events]
