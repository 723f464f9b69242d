"""The consequences of a proposal before the vote (issue 28, and for repeals issue 38): what it would
change in the game (knobs, mechanics, a lower rule that would prevail under rule 100) and how the
pending proposals would fare, tallied under the current rules and under the rules with that proposal
in force, both on copies of the state (the state is untouched). Every proposal changes what is in
force (enact, amend, repeal), so every one has a preview, a repeal's above all."""

from __future__ import annotations

from copy import deepcopy

from pydantic import BaseModel, Field

from engine.core import Event
from engine.nomic import giornata, proposals, voting
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


class Preview(BaseModel):
    """What a pending proposal would do if it took effect now."""

    proposal: int
    game: list[Event] = Field(default_factory=list)  # as the Gazette would say it (changes.announce)
    votes: list[Consequence] = Field(default_factory=list)


def preview(state: NomicState, pid: int) -> Preview:
    """Computed on copies of the state: proposal `pid` applied as the tally would apply it (its
    number, its change, or the repeal), what that changes in the game, and the other pending
    proposals (with the votes cast so far) tallied before and after."""
    prop = next((p for p in proposals.pending(state) if p.id == pid), None)
    if prop is None:
        return Preview(proposal=pid)
    if giornata.would_stop(state, prop):  # it would not take effect but wait for the Scribe (rule 2100)
        return Preview(proposal=pid, game=[Event(key="nomic.preview_held", params={"proposal": pid})])
    now, then = deepcopy(state), deepcopy(state)
    target = next(p for p in proposals.pending(then) if p.id == pid)
    _, _, game = proposals.enact(then, target)
    then.mechanics = in_force(then)
    votes = []
    for p in sorted(proposals.pending(now), key=lambda x: x.id):
        if p.id == pid:
            continue
        q = next(x for x in proposals.pending(then) if x.id == p.id)
        a, b = voting.decide(now, p), voting.decide(then, q)
        if (a, p.votes_for, p.votes_against) != (b, q.votes_for, q.votes_against):
            votes.append(Consequence(proposal=p.id, letter=p.letter, passed_now=a, for_now=p.votes_for,
                                     against_now=p.votes_against, passed_then=b, for_then=q.votes_for,
                                     against_then=q.votes_against))
    return Preview(proposal=pid, game=game, votes=votes)


def consequences(state: NomicState, pid: int) -> list[Consequence]:
    """The pending proposals whose outcome or totals proposal `pid` would change (see `preview`)."""
    return preview(state, pid).votes
