"""Weighted votes (DecameroNomic's proposals, High Frontier's board meetings): who voted what, with
how much weight, and whether a motion passed. Integer weights, no floating point: ties are exact."""

from __future__ import annotations

from pydantic import BaseModel, Field

from engine.core.errors import RuleError


class Ballot(BaseModel):
    choice: str
    weight: int = Field(ge=0)


class Vote(BaseModel):
    """An open vote. `choices` are stable ids ("yes", "no", "abstain", or candidates)."""

    choices: list[str]
    eligible: dict[str, int]  # voter -> weight
    ballots: dict[str, Ballot] = Field(default_factory=dict)
    closed: bool = False

    def cast(self, voter: str, choice: str) -> None:
        """Cast or change a ballot while the vote is open."""
        if self.closed:
            raise RuleError("core.vote_closed")
        if voter not in self.eligible:
            raise RuleError("core.not_a_voter")
        if choice not in self.choices:
            raise RuleError("core.bad_choice", choice=choice, choices=self.choices)
        self.ballots[voter] = Ballot(choice=choice, weight=self.eligible[voter])

    def tally(self) -> dict[str, int]:
        totals = dict.fromkeys(self.choices, 0)
        for ballot in self.ballots.values():
            totals[ballot.choice] += ballot.weight
        return totals

    def missing(self) -> set[str]:
        """Eligible voters who have not voted (for reminders and timeouts)."""
        return set(self.eligible) - set(self.ballots)

    def passes(self, *, yes: str = "yes", no: str = "no", threshold: tuple[int, int] = (1, 2),
               quorum: tuple[int, int] = (0, 1), strict: bool = True) -> bool:
        """Does `yes` win? `threshold` is the share of yes+no weight needed (strictly more than it
        when `strict`, e.g. a simple majority), `quorum` the share of all eligible weight that must
        have voted. Fractions as (numerator, denominator) keep the arithmetic exact."""
        totals = self.tally()
        cast = sum(b.weight for b in self.ballots.values())
        eligible = sum(self.eligible.values())
        if cast * quorum[1] < eligible * quorum[0]:
            return False
        decided = totals.get(yes, 0) + totals.get(no, 0)
        if decided == 0:
            return False
        lhs, rhs = totals.get(yes, 0) * threshold[1], decided * threshold[0]
        return lhs > rhs if strict else lhs >= rhs

    def close(self) -> dict[str, int]:
        self.closed = True
        return self.tally()
