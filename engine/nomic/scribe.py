"""The Humble Scribe's desk (rules 1, 6 and 600): the authoritative text of rules, the numbering
of laws approved together, parameters after an amendment, ledger corrections. Every act is audited."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.core.names import check_name
from engine.nomic import ledger, roles
from engine.nomic.actions import Adjust, ImportRules, Reorder, RuleText, SetParam
from engine.nomic.models import Audit, NomicState, Rule, RuleEvent
from engine.nomic.ruleset import by_id, by_number, params, rewrite


def rule_text(state: NomicState, actor: str, action: RuleText) -> list[Event]:
    roles.require_scribe(state, actor)
    rule = by_number(state, action.rule)
    if action.title is not None:
        rule.title = check_name(action.title, [r.title for r in state.rules if r.id != rule.id])
    rewrite(rule, action.text.strip())
    rule.history.append(RuleEvent(kind="edited", giornata=state.giornata, by=actor))
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="rule_text", rule=rule.id,
                             detail={"number": rule.number}))
    return [Event(key="nomic.rule_edited", params={"number": rule.number, "title": rule.title})]


def import_rules(state: NomicState, actor: str, action: ImportRules) -> list[Event]:
    """The group's own authoritative text over Araldo's summaries: a listed number updates that
    rule, an unknown number adds one (a law the group had that Araldo does not know)."""
    roles.require_scribe(state, actor)
    numbers = [r.number for r in action.rules]
    if len(set(numbers)) != len(numbers):
        raise RuleError("nomic.import_duplicate")
    updated = added = 0
    for item in action.rules:
        rule = next((r for r in state.rules if r.number == item.number), None)
        if rule is None:
            rule = Rule(id=f"i{item.number}", number=item.number, title=item.title.strip(), text="")
            state.rules.append(rule)
            added += 1
        else:
            updated += 1
        rule.title = item.title.strip()
        rewrite(rule, item.text.strip())
        rule.history.append(RuleEvent(kind="imported", giornata=state.giornata, by=actor))
        state.last_number = max(state.last_number, item.number)
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="import",
                             detail={"updated": updated, "added": added}))
    return [Event(key="nomic.rules_imported", params={"updated": updated, "added": added})]


def reorder(state: NomicState, actor: str, action: Reorder) -> list[Event]:
    """Rule 1: the Scribe orders the numbers of laws approved together (at the last rollover)."""
    roles.require_scribe(state, actor)
    together = [r for rid in state.last_approved if (r := by_id(state, rid)) is not None]
    current = sorted(r.number for r in together)
    if sorted(action.numbers) != current or len(current) < 2:
        raise RuleError("nomic.reorder_set", numbers=current)
    by_num = {r.number: r for r in together}
    for new, old in zip(current, action.numbers, strict=True):
        rule = by_num[old]
        if rule.number != new:
            rule.history.append(RuleEvent(kind="renumbered", giornata=state.giornata, by=actor, number=old))
            rule.number = new
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="reorder",
                             detail={"order": ",".join(str(n) for n in action.numbers)}))
    return [Event(key="nomic.reordered", params={"numbers": [f"{o}→{n}" for n, o in zip(
        current, action.numbers, strict=True) if n != o]})]


def set_param(state: NomicState, actor: str, action: SetParam) -> list[Event]:
    """A number changes only after a rule change: the cited rule must be in force, have been enacted
    or amended in this game, and either set that number or be a new law."""
    roles.require_scribe(state, actor)
    spec = params().get(action.name)
    if spec is None:
        raise RuleError("nomic.no_param", name=action.name)
    rule = by_number(state, action.rule)
    changed = any(e.kind in ("enacted", "amended") for e in rule.history)
    if not changed or not (rule.id == spec.rule or rule.id.startswith("p")):
        raise RuleError("nomic.param_rule", name=action.name, number=action.rule)
    if not spec.min <= action.value <= spec.max:
        raise RuleError("nomic.param_range", name=action.name, low=spec.min, high=spec.max)
    if (action.name == "deposit_min" and action.value > state.params["deposit_max"]) or \
            (action.name == "deposit_max" and action.value < state.params["deposit_min"]):
        raise RuleError("nomic.param_range", name=action.name, low=spec.min, high=spec.max)
    old = state.params[action.name]
    state.params[action.name] = action.value
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="param", rule=rule.id,
                             detail={"name": action.name, "old": old, "new": action.value}))
    return [Event(key="nomic.param_set", params={"name": action.name, "old": old, "new": action.value,
                                                 "number": rule.number})]


def adjust(state: NomicState, actor: str, action: Adjust) -> list[Event]:
    roles.require_scribe(state, actor)
    if action.amount == 0:
        raise RuleError("nomic.adjust_zero")
    pid = roles.resolve(state, action.player)
    ledger.adjust(state, pid, action.amount, "adjust")
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="adjust",
                             detail={"player": state.name_of(pid), "amount": action.amount,
                                     "reason": action.reason.strip()}))
    return [Event(key="nomic.adjusted", params={"player": state.name_of(pid), "amount": action.amount,
                                                "reason": action.reason.strip()})]
