"""Disputes (rule 100): a player files a formal contest; only then may the King issue a Royal Decree,
valid in later Giornate until a rule change settles the matter or another decree replaces it."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.nomic import roles
from engine.nomic.actions import Contest as ContestAction
from engine.nomic.actions import IssueDecree, RetireDecree
from engine.nomic.models import Audit, Contest, Decree, NomicState
from engine.nomic.ruleset import by_number, require


def contest(state: NomicState, actor: str, action: ContestAction) -> list[Event]:
    require(state, "decrees")
    c = Contest(id=len(state.contests) + 1, by=actor, text=action.text.strip(), giornata=state.giornata)
    state.contests.append(c)
    return [Event(key="nomic.contested", params={"player": state.name_of(actor), "contest": c.id,
                                                 "king": state.name_of(state.king)}),
            Event(key="nomic.contest_for_king", params={"player": state.name_of(actor), "contest": c.id},
                  to=[state.king], notify="action")]


def decree(state: NomicState, actor: str, action: IssueDecree) -> list[Event]:
    require(state, "decrees")
    events = roles.require_king(state, actor)
    c = next((x for x in state.contests if x.id == action.contest), None)
    if c is None:
        raise RuleError("nomic.no_contest", contest=action.contest)
    if c.decree is not None:
        raise RuleError("nomic.contest_decided", contest=c.id)
    old = None
    if action.replaces is not None:
        old = next((d for d in state.decrees if d.id == action.replaces and d.active), None)
        if old is None:
            raise RuleError("nomic.no_decree", decree=action.replaces)
    d = Decree(id=len(state.decrees) + 1, king=actor, contest=c.id, text=action.text.strip(), giornata=state.giornata)
    if old is not None:
        old.active, old.replaced_by = False, d.id
    state.decrees.append(d)
    c.decree = d.id
    return [*events, Event(key="nomic.decree", params={"player": state.name_of(actor), "decree": d.id,
                                                       "contest": c.id, "text": d.text})]


def retire(state: NomicState, actor: str, action: RetireDecree) -> list[Event]:
    roles.require_scribe(state, actor)
    d = next((x for x in state.decrees if x.id == action.decree and x.active), None)
    if d is None:
        raise RuleError("nomic.no_decree", decree=action.decree)
    rule = by_number(state, action.rule)
    d.active, d.retired_by_rule = False, rule.id
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="retire_decree",
                             detail={"decree": d.id}, rule=rule.id))
    return [Event(key="nomic.decree_retired", params={"decree": d.id, "number": rule.number})]
