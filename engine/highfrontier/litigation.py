"""Litigation (5B7): the market effect of a lobby action, by the law lobbied, once per turn."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.highfrontier import money
from engine.highfrontier.companies import ev, label, left, president, settle, who
from engine.highfrontier.insolvency import give_default
from engine.highfrontier.models import HfState
from engine.highfrontier.presidency import take_apex, tied
from engine.highfrontier.shares import floated_company

LOBBY_AQUA = 1  # waived after the flip


def litigate(state: HfState, player: str, law: str, cid: str | None, target: str | None,
             other: str | None) -> list[Event]:
    if player in state.lobby_done:
        raise RuleError("hf.lobby_done")
    if state.constitution_year == state.year:
        raise RuleError("hf.constitution")
    disgraced = state.default_holder == player
    if disgraced and law in ("honor", "authority", "equality"):
        raise RuleError("hf.disgraced")
    if law == "authority" and state.banker == player:
        raise RuleError("hf.banker_no_corruption")
    events: list[Event] = []
    if law == "honor":  # fiduciary: tied for the presidency, you preside
        c = floated_company(state, cid or "")
        if not tied(c, player):
            raise RuleError("hf.not_tied", company=label(c))
        if president(c) == state.banker:
            raise RuleError("hf.banker_immune")
        take_apex(c, player)
        events.append(ev("new_president", company=label(c), player=who(state, player), why="honor"))
    elif law == "unity":  # tort: hand your default token on
        if not disgraced or target is None or target == player or target not in state.holders:
            raise RuleError("hf.no_tort")
        events += give_default(state, target)
    elif law == "authority":  # corruption: swap one of your shares with another player's elsewhere
        mine, theirs = floated_company(state, cid or ""), floated_company(state, other or "")
        if player not in mine.holes or target is None or target == player or target not in theirs.holes \
                or mine.id == theirs.id:
            raise RuleError("hf.bad_swap")
        # the top-most share of each: a president's share carries the apex with it
        i, j = mine.holes.index(player), theirs.holes.index(target)
        mine.holes[i], theirs.holes[j] = target, player
        settle(mine)
        settle(theirs)
        events.append(ev("corruption", player=who(state, player), other=who(state, target),
                         company=label(mine), other_company=label(theirs)))
    elif law == "equality":  # antitrust: one column left
        events += left(state, floated_company(state, cid or ""), 1, "antitrust")
    elif law == "liberty":
        state.constitution_year = state.year
    if not state.flipped:
        paid = money.charge(state, player, LOBBY_AQUA)
        events.insert(0, ev("lobby", player=who(state, player), law=law, paid=paid))
    else:
        events.insert(0, ev("lobby", player=who(state, player), law=law, paid=0))
    state.lobby_done.append(player)
    return events
