"""The Humble Scribe's desk (rules 1, 6 and 600): the authoritative text of rules, the numbering
of laws approved together, parameters after an amendment, ledger corrections. Every act is audited."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.core.names import check_name
from engine.nomic import changes, ledger, roles
from engine.nomic.actions import MAX_AMOUNT, Adjust, ImportRules, Reorder, RuleText, SetParam
from engine.nomic.models import Audit, NomicState, Rule, RuleEvent
from engine.nomic.ruleset import by_id, by_number, declared, governor, knobs, knobs_of, param, rewrite, value


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
    before = changes.snapshot(state)  # a rule back with a lower number may prevail (rule 100)
    numbers = [r.number for r in action.rules]
    if len(set(numbers)) != len(numbers):
        raise RuleError("nomic.import_duplicate")
    updated = added = 0
    for item in action.rules:
        rule = next((r for r in state.rules if r.number == item.number), None)
        if rule is None:  # a rulebook number comes back with what it governs (its mechanics, their knobs)
            ms = list(declared().get(item.number, ()))
            rule = Rule(id=f"i{item.number}", number=item.number, title=item.title.strip(), text="", mechanics=ms,
                        knobs={k.name: k.default for m in ms for k in knobs_of(m)})
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
    return [Event(key="nomic.rules_imported", params={"updated": updated, "added": added}),
            *changes.announce(state, before, action.rules[0].number)]


def reorder(state: NomicState, actor: str, action: Reorder) -> list[Event]:
    """Rule 1: the Scribe orders the numbers of laws approved together (at the last rollover)."""
    roles.require_scribe(state, actor)
    if state.reordered:
        raise RuleError("nomic.reordered_already")
    together = [r for rid in state.last_approved if (r := by_id(state, rid)) is not None]
    current = sorted(r.number for r in together)
    if sorted(action.numbers) != current or len(current) < 2:
        raise RuleError("nomic.reorder_set", numbers=current)
    before = changes.snapshot(state)  # new numbers may change which law prevails (rule 100)
    by_num = {r.number: r for r in together}
    for new, old in zip(current, action.numbers, strict=True):
        rule = by_num[old]
        if rule.number != new:
            rule.history.append(RuleEvent(kind="renumbered", giornata=state.giornata, by=actor, number=old))
            rule.number = new
    state.reordered = True
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="reorder",
                             detail={"order": ",".join(str(n) for n in action.numbers)}))
    return [Event(key="nomic.reordered", params={"numbers": [f"{o}→{n}" for n, o in zip(
        current, action.numbers, strict=True) if n != o]}), *changes.announce(state, before, current[0])]


def set_param(state: NomicState, actor: str, action: SetParam) -> list[Event]:
    """A knob changes by the Scribe's hand only after a rule change that says so in words: the
    cited rule must be the one governing that knob, and must have been enacted or amended in this
    game (a proposal carrying its change needs no Scribe at all)."""
    roles.require_scribe(state, actor)
    knob = knobs().get(action.name)
    if knob is None:
        raise RuleError("nomic.no_param", name=action.name)
    rule = by_number(state, action.rule)
    gov = governor(state, action.name)
    changed = any(e.kind in ("enacted", "amended") for e in rule.history)
    if gov is None or gov.id != rule.id or not changed:
        raise RuleError("nomic.param_rule", name=action.name, number=action.rule,
                        governs=gov.number if gov else 0)
    new = knob.check(action.value)
    if (action.name == "deposit_min" and isinstance(new, int) and new > param(state, "deposit_max")) or \
            (action.name == "deposit_max" and isinstance(new, int) and new < param(state, "deposit_min")):
        raise RuleError("nomic.param_range", name=action.name, low=knob.min, high=knob.max)
    old = value(state, action.name)
    rule.knobs[action.name] = new  # the governing rule's word; higher rules keep theirs (rule 100)
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="param", rule=rule.id,
                             detail={"name": action.name, "old": old, "new": new}))
    key = "nomic.param_set_variant" if knob.options else "nomic.param_set"
    return [Event(key=key, params={"name": action.name, "old": old, "new": new, "number": rule.number})]


def adjust(state: NomicState, actor: str, action: Adjust) -> list[Event]:
    roles.require_scribe(state, actor)
    if action.amount == 0:
        raise RuleError("nomic.adjust_zero")
    if abs(action.amount) > MAX_AMOUNT:  # a treasure has no ceiling, one correction has (rule 600)
        raise RuleError("nomic.adjust_range", most=MAX_AMOUNT)
    pid = roles.resolve(state, action.player)
    ledger.adjust(state, pid, action.amount, "adjust")
    state.audit.append(Audit(giornata=state.giornata, by=actor, what="adjust",
                             detail={"player": state.name_of(pid), "amount": action.amount,
                                     "reason": action.reason.strip()}))
    return [Event(key="nomic.adjusted", params={"player": state.name_of(pid), "amount": action.amount,
                                                "reason": action.reason.strip()})]
