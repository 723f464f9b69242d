"""Private property of laws (rule 2400): the author of an enacted law owns it, may delete it (gone
from the next Giornata) or hand it to another player at any time."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.nomic import chronicle, roles
from engine.nomic.actions import LawDelete, LawTransfer
from engine.nomic.models import NomicState, Rule, RuleEvent
from engine.nomic.ruleset import by_number, require


def _own(state: NomicState, actor: str, number: int) -> Rule:
    require(state, "property")
    rule = by_number(state, number)
    if rule.owner != actor:
        raise RuleError("nomic.not_owner", number=number)
    return rule


def delete(state: NomicState, actor: str, action: LawDelete) -> list[Event]:
    rule = _own(state, actor, action.rule)
    if rule.id in state.to_delete:
        raise RuleError("nomic.deleting_already", number=rule.number)
    state.to_delete.append(rule.id)
    return [Event(key="nomic.law_deleting", params={"player": state.name_of(actor), "number": rule.number,
                                                    "title": rule.title})]


def transfer(state: NomicState, actor: str, action: LawTransfer) -> list[Event]:
    rule = _own(state, actor, action.rule)
    to = roles.resolve(state, action.to)
    if to == actor:
        raise RuleError("nomic.bad_recipient")
    rule.owner = to
    rule.history.append(RuleEvent(kind="transferred", giornata=state.giornata, by=actor))
    return [Event(key="nomic.law_transferred", params={"player": state.name_of(actor), "to": state.name_of(to),
                                                       "number": rule.number, "title": rule.title})]


def apply_deletions(state: NomicState) -> list[Event]:
    events = []
    for rid in state.to_delete:
        rule = next((r for r in state.rules if r.id == rid), None)
        if rule is not None:
            chronicle.file_law(state, rule)
            events.append(Event(key="nomic.law_deleted", params={"number": rule.number, "title": rule.title}))
    state.to_delete = []
    return events
