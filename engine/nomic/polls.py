"""Top Polls (rule 1800): ratings 1-10 given with a vote; at the tally the best average (at least
the minimum) earns its author the prize in economic power, once per author however many tie."""

from __future__ import annotations

from fractions import Fraction

from engine.core import Event
from engine.nomic.models import NomicState, Proposal
from engine.nomic.ruleset import param


def averages(props: list[Proposal]) -> dict[int, Fraction]:
    out = {}
    for p in props:
        ratings = [b.rating for b in p.ballots.values() if b.rating is not None]
        if ratings:
            out[p.id] = Fraction(sum(ratings), len(ratings))
    return out


def prize(state: NomicState, props: list[Proposal]) -> list[Event]:
    avg = averages(props)
    if not avg:
        return []
    best = max(avg.values())
    if best < param(state, "polls_min_average"):
        return []
    amount = param(state, "polls_prize")
    events, paid = [], set()
    for p in props:
        if avg.get(p.id) == best and p.author not in paid:
            paid.add(p.author)
            state.power[p.author] = state.power.get(p.author, 0) + amount
            events.append(Event(key="nomic.polls_prize", params={
                "player": state.name_of(p.author), "proposal": p.id, "title": p.title, "amount": amount,
                "average": f"{float(best):.2f}"}))
    return events
