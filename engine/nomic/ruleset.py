"""The ruleset as data (rules 1 and 2600): numbers, titles, texts, owners, history; which mechanic
each rule creates; the numeric parameters and the rule that sets each one."""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import BaseModel

from engine.core import RuleError
from engine.core.datafiles import load_data
from engine.nomic.models import NomicState, Rule, RuleEvent


class Param(BaseModel):
    default: int
    rule: str  # id of the rule that sets it
    min: int
    max: int


@cache
def _data() -> dict[str, Any]:
    data: dict[str, Any] = load_data("nomic", "ruleset.toml")
    return data


@cache
def mechanics() -> dict[str, tuple[str, ...]]:
    """mechanic -> ids of the rules that must all be in force for it to run."""
    return {name: tuple(str(n) for n in rules) for name, rules in _data()["mechanics"].items()}


@cache
def params() -> dict[str, Param]:
    return {name: Param(default=p["default"], rule=str(p["rule"]), min=p["min"], max=p["max"])
            for name, p in _data()["params"].items()}


def shipped_rules() -> list[Rule]:
    rules = []
    for r in _data()["rule"]:
        history = [RuleEvent(kind="shipped", note=note) for note in r.get("history", [])]
        rules.append(Rule(id=str(r["number"]), number=r["number"], title=r["title"], text="", shipped=True,
                          history=history))
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
    """The mechanics whose rules all exist now (they run from the next Giornata)."""
    ids = {r.id for r in state.rules}
    return [name for name, needs in mechanics().items() if all(n in ids for n in needs)]


def running(state: NomicState, mechanic: str) -> bool:
    return mechanic in state.mechanics


def require(state: NomicState, mechanic: str) -> None:
    if mechanic not in state.mechanics:
        raise RuleError("nomic.mechanic_off", mechanic=mechanic, rule=mechanics()[mechanic][0])


def param(state: NomicState, name: str) -> int:
    return state.params[name]


def rule_label(state: NomicState, rule_id: str) -> str:
    """The current number of a rule (by stable id), for messages; the id if it is gone."""
    rule = by_id(state, rule_id)
    return str(rule.number) if rule else rule_id
