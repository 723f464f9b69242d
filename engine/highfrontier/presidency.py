"""Who presides (5B1): majority, parade, fiduciary, proxy fights (5C3) and negotiated cession."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.highfrontier.companies import (
    available_shares,
    count,
    ev,
    floated,
    is_bull,
    label,
    president,
    settle,
    up,
    value,
    who,
)
from engine.highfrontier.models import BULL, Company, HfState, ProxyFight
from engine.highfrontier.shares import floated_company


def tied(c: Company, holder: str) -> bool:
    pres = president(c)
    return pres is not None and pres != holder and count(c, holder) >= 1 and count(c, holder) == count(c, pres)


def take_apex(c: Company, holder: str) -> None:
    i = c.holes.index(holder)
    c.holes[0], c.holes[i] = c.holes[i], c.holes[0]


def parade(state: HfState, player: str, take: bool) -> list[Event]:
    """A glory parade (La): optionally preside where tied one to one (5B1b), then every company
    the player presides rises (5B5a)."""
    events: list[Event] = [ev("parade", player=who(state, player))]
    if take:
        for c in floated(state):
            if tied(c, player) and count(c, player) == 1:
                take_apex(c, player)
                events.append(ev("new_president", company=label(c), player=who(state, player), why="parade"))
    for c in floated(state):
        if president(c) == player:
            events += up(state, c, "parade")
    return events


def cede(state: HfState, player: str, cid: str, to: str) -> list[Event]:
    """A president without a majority hands the presidency to another holder (5B1d)."""
    c = floated_company(state, cid)
    if president(c) != player:
        raise RuleError("hf.not_president", company=label(c))
    if to not in c.holes or to == player:
        raise RuleError("hf.not_holder", company=label(c), player=who(state, to))
    if count(c, player) > count(c, to):
        raise RuleError("hf.has_majority", company=label(c))
    take_apex(c, to)
    return [ev("new_president", company=label(c), player=who(state, to), why="deal")]


def start_proxy(state: HfState, attacker: str, cid: str, target: str, delegates: int,
                now: datetime) -> list[Event]:
    """A proxy fight (5C3): delegates at least the printed value; the defender may counter."""
    c = floated_company(state, cid)
    if is_bull(state, c):
        raise RuleError("hf.bull_immune", company=label(c))
    if target == attacker or target not in c.holes:
        raise RuleError("hf.not_holder", company=label(c), player=who(state, target))
    if available_shares(state, attacker) < 1:
        raise RuleError("hf.no_share_left")
    if attacker != BULL and delegates < value(state, c):
        raise RuleError("hf.few_delegates", need=value(state, c))
    events = [ev("proxy_started", attacker=who(state, attacker), defender=who(state, target), company=label(c))]
    if target == BULL:  # the Bull defends on a 1 (5Le)
        roll = state.rng.die()
        events.append(ev("bull_defends", roll=roll, company=label(c)))
        return events + resolve_proxy(state, ProxyFight(attacker=attacker, defender=BULL, company=cid,
                                                        hole=c.holes.index(BULL)), roll == 1)
    state.proxy = ProxyFight(attacker=attacker, defender=target, company=cid, hole=c.holes.index(target))
    state.add_timer("proxy", now + timedelta(hours=state.settings.decision_hours), company=cid)
    return [*events, ev("proxy_ask", to=[target], notify="action", attacker=who(state, attacker), company=label(c))]


def resolve_proxy(state: HfState, fight: ProxyFight, countered: bool) -> list[Event]:
    state.proxy = None
    state.cancel_timers("proxy")
    c = state.companies[fight.company]
    if countered or not c.floated or fight.defender not in c.holes:
        return [ev("proxy_held", defender=who(state, fight.defender), company=label(c))]
    hole = c.holes.index(fight.defender)  # the top-most share of the defender
    c.holes[hole] = fight.attacker
    settle(c)
    if tied(c, fight.attacker):  # winning a proxy fight while tied makes you president (5B1c)
        take_apex(c, fight.attacker)
    return [ev("proxy_won", attacker=who(state, fight.attacker), defender=who(state, fight.defender),
               company=label(c), president=who(state, president(c)))]


def answer_proxy(state: HfState, player: str, counter: bool) -> list[Event]:
    fight = state.proxy
    if fight is None or fight.defender != player:
        raise RuleError("hf.nothing_to_answer")
    return resolve_proxy(state, fight, counter)
