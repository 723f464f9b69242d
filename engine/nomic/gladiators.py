"""Gladiators (rule 1400) and their schools (rule 1600): unique names and magic numbers, combat
digit by digit, purchases and training that take effect from the next Giornata."""

from __future__ import annotations

from pydantic import BaseModel

from engine.core import Event, RuleError
from engine.core.names import check_name, find_by_name
from engine.nomic import ledger
from engine.nomic.actions import BuyGladiator, TrainGladiator
from engine.nomic.models import Gladiator, NomicState
from engine.nomic.ruleset import param, require, variant


class Round(BaseModel):
    a: int
    b: int
    scorer: str | None  # "a", "b" or None when the digits are equal
    points: int


class Bout(BaseModel):
    a: str
    b: str
    rounds: list[Round]
    score_a: int
    score_b: int
    winner: str  # "a" or "b"


RULEBOOK_GAP, RULEBOOK_POINTS = 1, "digit_sum"  # rule 1400 as shipped (knobs bout_gap, bout_points)


def bout(a: str, b: str, gap: int = RULEBOOK_GAP, points: str = RULEBOOK_POINTS) -> Bout:
    """Rule 1400's combat between two magic numbers, digit by digit. Digits apart by `gap` or less
    (one, in the rulebook): the lower digit scores; further apart: the higher. The scorer takes the
    digits' sum (the rulebook), their difference, or one point. The higher score wins; on a tie the
    first to score. Equal numbers cannot meet (they are unique); if they do, nobody scores and "a" is
    reported the winner of a bout that was never fought."""
    rounds: list[Round] = []
    score = {"a": 0, "b": 0}
    first: str | None = None
    for da, db in zip((int(c) for c in a), (int(c) for c in b), strict=True):
        scorer: str | None = None
        apart = abs(da - db)
        if apart:
            higher, lower = ("a", "b") if da > db else ("b", "a")
            scorer = lower if apart <= gap else higher
        won = {"digit_sum": da + db, "digit_difference": apart, "one_point": 1}[points] if scorer else 0
        if scorer:
            score[scorer] += won
            first = first or scorer
        rounds.append(Round(a=da, b=db, scorer=scorer, points=won))
    winner = ("a" if score["a"] > score["b"] else "b") if score["a"] != score["b"] else first or "a"
    return Bout(a=a, b=b, rounds=rounds, score_a=score["a"], score_b=score["b"], winner=winner)


def fight(state: NomicState, a: str, b: str) -> Bout:
    """A bout under the scoring of the rules in force (rule 1400's knobs, a law may change them)."""
    return bout(a, b, param(state, "bout_gap"), variant(state, "bout_points"))


def beats(state: NomicState, a: str, b: str) -> bool:
    return a != b and fight(state, a, b).winner == "a"


def names(state: NomicState) -> dict[str, str]:
    return {g.id: g.name for g in state.gladiators}


def find(state: NomicState, name: str) -> Gladiator:
    gid = find_by_name(name, names(state))
    gladiator = next((g for g in state.gladiators if g.id == gid), None)
    if gladiator is None:
        raise RuleError("nomic.no_gladiator", name=name)
    return gladiator


def usable(state: NomicState, g: Gladiator) -> bool:
    return g.available_from <= state.giornata


def own_usable(state: NomicState, player: str, name: str) -> Gladiator:
    g = find(state, name)
    if g.owner != player:
        raise RuleError("nomic.not_your_gladiator", name=g.name)
    if not usable(state, g):
        raise RuleError("nomic.gladiator_not_ready", name=g.name, giornata=g.available_from)
    return g


def _magic_taken(state: NomicState, magic: str, skip: str | None = None) -> bool:
    return any(magic in (g.magic, g.training) for g in state.gladiators if g.id != skip)


def buy(state: NomicState, actor: str, action: BuyGladiator) -> list[Event]:
    require(state, "gladiators")
    name = check_name(action.name, names(state).values())
    if _magic_taken(state, action.magic):
        raise RuleError("nomic.magic_taken", magic=action.magic)
    price = param(state, "gladiator_price")
    ledger.spend(state, actor, price)
    ledger.lose(state, actor, price, "gladiator")
    state.gladiator_seq += 1
    gid = f"g{state.gladiator_seq}"
    state.gladiators.append(Gladiator(id=gid, name=name, magic=action.magic, owner=actor,
                                      available_from=state.giornata + 1))
    return [Event(key="nomic.gladiator_bought", params={
        "player": state.name_of(actor), "gladiator": name, "magic": action.magic, "price": price,
        "giornata": state.giornata + 1})]


def train(state: NomicState, actor: str, action: TrainGladiator) -> list[Event]:
    require(state, "schools")
    g = own_usable(state, actor, action.gladiator)
    if state.trained_in.get(actor) == state.giornata:
        raise RuleError("nomic.trained_already")
    changed = sum(1 for x, y in zip(g.magic, action.magic, strict=True) if x != y)
    most = param(state, "training_digits")
    if not 1 <= changed <= most:
        raise RuleError("nomic.training_digits", most=most)
    if _magic_taken(state, action.magic, skip=g.id):
        raise RuleError("nomic.magic_taken", magic=action.magic)
    price = param(state, "training_price")
    ledger.spend(state, actor, price)
    ledger.lose(state, actor, price, "training")
    g.training = action.magic
    state.trained_in[actor] = state.giornata
    return [Event(key="nomic.gladiator_training", params={
        "player": state.name_of(actor), "gladiator": g.name, "price": price})]


def graduate(state: NomicState) -> list[Event]:
    """At the rollover: trained gladiators take their new magic number."""
    events = []
    for g in state.gladiators:
        if g.training:
            g.magic, g.training = g.training, None
            events.append(Event(key="nomic.gladiator_trained", params={
                "player": state.name_of(g.owner), "gladiator": g.name, "magic": g.magic}))
    return events
