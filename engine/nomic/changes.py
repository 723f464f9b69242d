"""Structured changes (issue 28): a proposal may carry, besides its text, knobs to set and mechanics
to switch on or off. Checked against the declared ranges when proposed, applied when the law takes
effect (atomically with its numbering), announced as what changed in the game. preview.py tries them on
a copy of the state before the vote."""

from __future__ import annotations

from typing import Any

from engine.core import Event, RuleError
from engine.nomic.actions import ChangeSpec
from engine.nomic.models import Change, NomicState, Rule
from engine.nomic.ruleset import governor, in_force, knobs, knobs_of, mechanics, ordered, value


def validate(state: NomicState, kind: str, target: Rule | None, spec: ChangeSpec | None) -> Change | None:
    """The change a proposal may carry, or a RuleError. An amendment changes only what the amended
    rule governs (its knobs, its mechanics); a new law may take over any knob and switch any
    mechanic on, or off one that a rule in force declares. A repeal's effect is the repeal itself."""
    if spec is None or not (spec.set or spec.on or spec.off):
        return None
    if kind == "repeal":
        raise RuleError("nomic.change_repeal")
    for m in (*spec.on, *spec.off):
        if m not in mechanics():
            raise RuleError("nomic.no_mechanic", mechanic=m)
    if set(spec.on) & set(spec.off) or len(set(spec.on)) != len(spec.on) or len(set(spec.off)) != len(spec.off):
        raise RuleError("nomic.change_twice")
    declared = {m for r in state.rules for m in r.mechanics}
    if target is not None:  # an amendment
        declared = set(target.mechanics)
    for m in spec.off:
        if m not in declared:
            raise RuleError("nomic.change_not_declared", mechanic=m, number=target.number if target else 0)
    after = (set(target.mechanics) | set(spec.on)) - set(spec.off) if target is not None else None
    for name, v in spec.set.items():
        knob = knobs().get(name)
        if knob is None:
            raise RuleError("nomic.no_param", name=name)
        knob.check(v)
        if after is not None and target is not None and knob.mechanic not in after and name not in target.knobs:
            raise RuleError("nomic.knob_not_governed", name=name, number=target.number)
    low = spec.set.get("deposit_min", value(state, "deposit_min"))
    high = spec.set.get("deposit_max", value(state, "deposit_max"))
    if isinstance(low, int) and isinstance(high, int) and low > high:
        raise RuleError("nomic.param_range", name="deposit_min", low=1, high=high)
    return Change(set=dict(spec.set), on=list(spec.on), off=list(spec.off))


def apply(state: NomicState, rule: Rule, change: Change) -> list[Event]:
    """Apply a law's change to the law itself: it holds the knobs it sets, declares the mechanics it
    switches on and stops declaring those it switches off (with their knobs). It overrides no other
    rule: where a lower-numbered rule in force holds the same knob or declares the same mechanic, that
    rule prevails (rule 100) and the law's word waits until it goes. Returns an event for each
    part so overruled; the caller announces what did change (`snapshot`, `announce`)."""
    for m in change.off:
        if m in rule.mechanics:
            rule.mechanics.remove(m)
        for k in knobs_of(m):
            rule.knobs.pop(k.name, None)
    for m in change.on:
        if m not in rule.mechanics:
            rule.mechanics.append(m)
    for name, v in change.set.items():
        rule.knobs[name] = v
    events = []
    for name in change.set:
        gov = governor(state, name)
        if gov is not None and gov.id != rule.id:
            events.append(Event(key="nomic.change_overruled", params={"knob": name, "number": rule.number,
                                                                      "prevails": gov.number}))
    for m in change.off:
        still = next((r for r in ordered(state) if m in r.mechanics), None)
        if still is not None:
            events.append(Event(key="nomic.change_off_overruled", params={"mechanic": m, "number": rule.number,
                                                                          "prevails": still.number}))
    return events


Before = tuple[dict[str, int | str], set[str]]


def snapshot(state: NomicState) -> Before:
    """The knobs' values and the mechanics in force, to tell afterwards what a law changed."""
    return {name: value(state, name) for name in knobs()}, set(in_force(state))


def announce(state: NomicState, before: Before, number: int) -> list[Event]:
    """What changed in the game, one event per knob or mechanic (mechanics run from the next Giornata)."""
    events = []
    values, was = before
    for name, old in values.items():
        new = value(state, name)
        if new != old:  # said by the rule that governs it now (rule 100), else by the one that changed
            gov = governor(state, name)
            key = "nomic.change_variant" if knobs()[name].options else "nomic.change_number"
            events.append(Event(key=key, params={"knob": name, "old": old, "new": new,
                                                 "number": gov.number if gov is not None else number}))
    now = set(in_force(state))
    for m in mechanics():
        if (m in now) != (m in was):
            events.append(Event(key="nomic.change_on" if m in now else "nomic.change_off",
                                params={"mechanic": m, "number": number}))
    return events


def fatal(state: NomicState) -> bool:
    """Could the game not go on under the rules now in force (rule 2100)? No proposals, no voting,
    or the King's vote alone with no King."""
    on = set(in_force(state))
    if any(m.fatal and m.name not in on for m in mechanics().values()):
        return True
    return value(state, "vote_weight") == "king" and "king" not in on


def schema_of_changes() -> dict[str, Any]:
    """The change format published by `python -m engine schema nomic`."""
    return {
        "format": {"set": "{knob: number or option}", "on": "[mechanic]", "off": "[mechanic]"},
        "knobs": {k.name: {"mechanic": k.mechanic, "default": k.default,
                           **({"options": list(k.options)} if k.options else {"min": k.min, "max": k.max})}
                  for k in knobs().values()},
        "mechanics": {m.name: {"rule": m.rule, "requires": list(m.requires), "fatal": m.fatal}
                      for m in mechanics().values()},
        "amend": "only the knobs and mechanics of the amended rule",
        "enact": "any knob (the new law governs it from then), any mechanic on, off those a rule declares",
        "repeal": "no change: the repeal is the change",
    }


def lines(change: Change | None) -> list[tuple[str, str, int | str | None]]:
    """A change as (what, name, value) lines for the views: ("set", knob, value), ("on"|"off", mechanic, None)."""
    out: list[tuple[str, str, int | str | None]] = []
    if change is not None:
        out += [("set", k, v) for k, v in change.set.items()]
        out += [("on", m, None) for m in change.on] + [("off", m, None) for m in change.off]
    return out

