"""The consequences of a law before the vote: the pending proposals tallied under the current rules
and under the rules with that law in force, both on copies of the state (the state is untouched)."""

from __future__ import annotations

from copy import deepcopy

from pydantic import BaseModel

from engine.nomic import proposals, voting
from engine.nomic.models import NomicState
from engine.nomic.ruleset import in_force


class Consequence(BaseModel):
    """How a pending proposal would fare under the rules a proposal would bring, against now."""

    proposal: int
    letter: int
    passed_now: bool
    for_now: int
    against_now: int
    passed_then: bool
    for_then: int
    against_then: int


def consequences(state: NomicState, pid: int) -> list[Consequence]:
    """Computed on copies of the state: the pending proposals (with the votes cast so far) tallied
    under the current rules and under the rules with proposal `pid` in force."""
    prop = next((p for p in proposals.pending(state) if p.id == pid), None)
    if prop is None or prop.change is None:
        return []
    now, then = deepcopy(state), deepcopy(state)
    target = next(p for p in proposals.pending(then) if p.id == pid)
    proposals.enact(then, target)
    then.mechanics = in_force(then)
    out = []
    for p in sorted(proposals.pending(now), key=lambda x: x.id):
        if p.id == pid:
            continue
        q = next(x for x in proposals.pending(then) if x.id == p.id)
        a, b = voting.decide(now, p), voting.decide(then, q)
        if (a, p.votes_for, p.votes_against) != (b, q.votes_for, q.votes_against):
            out.append(Consequence(proposal=p.id, letter=p.letter, passed_now=a, for_now=p.votes_for,
                                   against_now=p.votes_against, passed_then=b, for_then=q.votes_for,
                                   against_then=q.votes_against))
    return out
