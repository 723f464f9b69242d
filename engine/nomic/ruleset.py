"""The ruleset as data (rules 1 and 2600): numbers, titles, texts, owners, history, and what each
rule governs: the mechanics it declares and the knobs (numbers, variants) those mechanics read."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel

from engine.core import RuleError
from engine.core.datafiles import load_data
from engine.nomic.models import NomicState, Rule, RuleEvent

Value = int | str


class Mechanic(BaseModel):
    name: str
    rule: int  # the shipped rule that declares it (its number in the rulebook)
    requires: tuple[str, ...] = ()
    fatal: bool = False  # without it the game cannot go on (rule 2100)


class Knob(BaseModel):
    """A number (with its range) or a variant (with its options) a mechanic reads from the rule in force."""

    name: str
    mechanic: str
    default: Value
    min: int | None = None
    max: int | None = None
    options: tuple[str, ...] = ()

    def check(self, value: Value) -> Value:
        """The value if it is within the declared range or options, else a RuleError."""
        if self.options:
            if not isinstance(value, str) or value not in self.options:
                raise RuleError("nomic.knob_option", knob=self.name, options=list(self.options))
            return value
        if isinstance(value, bool) or not isinstance(value, int) or self.min is None or self.max is None \
                or not self.min <= value <= self.max:
            raise RuleError("nomic.param_range", name=self.name, low=self.min, high=self.max)
        return value


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = load_data("nomic", "ruleset.toml")
    return data


@cache
def declared() -> dict[int, tuple[str, ...]]:
    """Shipped rule number -> the mechanics it declares (empty for text-only rules)."""
    return {r["number"]: tuple(r.get("mechanics", ())) for r in _data()["rule"]}


@cache
def text_only() -> dict[int, tuple[str, str]]:
    """Shipped rule number -> why Araldo runs nothing of it (Italian, English)."""
    return {r["number"]: (r["text_only"][0], r["text_only"][1]) for r in _data()["rule"] if "text_only" in r}


@cache
def mechanics() -> dict[str, Mechanic]:
    home = {m: n for n, ms in declared().items() for m in ms}
    return {name: Mechanic(name=name, rule=home[name], requires=tuple(spec.get("requires", ())),
                           fatal=spec.get("fatal", False))
            for name, spec in _data()["mechanics"].items()}


@cache
def knobs() -> dict[str, Knob]:
    return {name: Knob(name=name, mechanic=k["mechanic"], default=k["default"], min=k.get("min"), max=k.get("max"),
                       options=tuple(k.get("options", ()))) for name, k in _data()["knobs"].items()}


def knobs_of(mechanic: str) -> list[Knob]:
    return [k for k in knobs().values() if k.mechanic == mechanic]


def shipped_rules() -> list[Rule]:
    rules = []
    for r in _data()["rule"]:
        history = [RuleEvent(kind="shipped", note=note) for note in r.get("history", [])]
        ms = list(declared()[r["number"]])
        rules.append(Rule(id=str(r["number"]), number=r["number"], title=r["title"], text="", shipped=True,
                          history=history, mechanics=ms,
                          knobs={k.name: k.default for m in ms for k in knobs_of(m)}))
    return rules


@cache
def _shipped_texts() -> dict[str, tuple[str, str, str]]:
    return {str(r["number"]): (r["it"], r["title_en"], r["en"]) for r in _data()["rule"]}


def texts(rule: Rule) -> tuple[str, str, str | None, str | None]:
    """(title, text, English title, English text) of a rule; English only for Araldo's own summaries."""
    if rule.shipped:
        text, title_en, text_en = _shipped_texts()[rule.id]
        return rule.title, text, title_en, text_en
    return rule.title, rule.text, None, None


def rewrite(rule: Rule, text: str) -> None:
    """The rule's text is now the group's own (amended, rewritten or imported)."""
    rule.text, rule.shipped = text, False


def by_number(state: NomicState, number: int) -> Rule:
    rule = next((r for r in state.rules if r.number == number), None)
    if rule is None:
        raise RuleError("nomic.no_rule", number=number)
    return rule


def by_id(state: NomicState, rule_id: str) -> Rule | None:
    return next((r for r in state.rules if r.id == rule_id), None)


def next_number(state: NomicState) -> int:
    """Rule 1/2600: the next hundred above the highest number in use or last assigned."""
    top = max([state.last_number, *(r.number for r in state.rules)])
    return (top // 100 + 1) * 100


def renumber(state: NomicState, rule: Rule) -> int:
    number = next_number(state)
    rule.number = number
    state.last_number = number
    return number


def ordered(state: NomicState) -> list[Rule]:
    """Rule 100: on a conflict the lower number prevails, so the ruleset reads in that order."""
    return sorted(state.rules, key=lambda r: r.number)


def in_force(state: NomicState) -> list[str]:
    """The mechanics some rule in force declares, whose required mechanics run too (they run from
    the next Giornata). A mechanic is its own: whichever rule declares it switches it on."""
    on = {m for r in state.rules for m in r.mechanics if m in mechanics()}
    changed = True
    while changed:
        keep = {m for m in on if all(x in on for x in mechanics()[m].requires)}
        changed, on = keep != on, keep
    return [name for name in mechanics() if name in on]


def running(state: NomicState, mechanic: str) -> bool:
    return mechanic in state.mechanics


def require(state: NomicState, mechanic: str) -> None:
    if mechanic not in state.mechanics:
        raise RuleError("nomic.mechanic_off", mechanic=mechanic, rule=mechanics()[mechanic].rule)


def governor(state: NomicState, name: str) -> Rule | None:
    """The rule that governs a knob: of the rules in force holding a value for it, the lowest-numbered
    (rule 100: on a conflict the lower number prevails; every rulebook rule holds the knobs of what it
    declares), else the first declaring its mechanic; None when no rule in force speaks of it. A higher
    rule's value waits: it applies if the lower one goes (repealed, struck, renumbered above it)."""
    rules = ordered(state)
    held = next((r for r in rules if name in r.knobs), None)
    if held is not None:
        return held
    mechanic = knobs()[name].mechanic
    return next((r for r in rules if mechanic in r.mechanics), None)


def value(state: NomicState, name: str) -> Value:
    """A knob's value read from the lowest-numbered rule holding it; the rulebook's when none does."""
    rule = next((r for r in ordered(state) if name in r.knobs), None)
    return rule.knobs[name] if rule is not None else knobs()[name].default


def param(state: NomicState, name: str) -> int:
    v = value(state, name)
    assert isinstance(v, int), name
    return v


def variant(state: NomicState, name: str) -> str:
    return str(value(state, name))


def all_values(state: NomicState) -> dict[str, Value]:
    return {name: value(state, name) for name in knobs()}


def rule_label(state: NomicState, rule_id: str) -> str:
    """The current number of a rule (by stable id), for messages; the id if it is gone."""
    rule = by_id(state, rule_id)
    return str(rule.number) if rule else rule_id
