from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine.core import RuleError
from engine.core.votes import Vote


def vote() -> Vote:
    return Vote(choices=["yes", "no", "abstain"], eligible={"a": 3, "b": 2, "c": 1})


def test_weights_decide_and_ballots_can_change() -> None:
    v = vote()
    v.cast("a", "no")
    v.cast("b", "yes")
    v.cast("c", "yes")
    assert v.tally() == {"yes": 3, "no": 3, "abstain": 0} and not v.passes()  # a tie is not a majority
    assert v.passes(strict=False)
    v.cast("a", "abstain")
    assert v.passes() and v.missing() == set()


def test_quorum_and_supermajority() -> None:
    v = vote()
    v.cast("c", "yes")
    assert v.passes() and not v.passes(quorum=(1, 2))
    v.cast("a", "yes")
    v.cast("b", "no")
    assert v.passes(threshold=(2, 3)) is False and v.passes(threshold=(1, 2)) is True


def test_bad_ballots_are_refused_and_change_nothing() -> None:
    v = vote()
    for voter, choice, code in (("z", "yes", "core.not_a_voter"), ("a", "maybe", "core.bad_choice")):
        with pytest.raises(RuleError) as err:
            v.cast(voter, choice)
        assert err.value.code == code
    v.close()
    with pytest.raises(RuleError):
        v.cast("a", "yes")
    assert v.ballots == {}


@given(st.dictionaries(st.sampled_from("abc"), st.sampled_from(["yes", "no", "abstain"])))
def test_tally_counts_every_cast_weight_once(ballots: dict[str, str]) -> None:
    v = vote()
    for voter, choice in ballots.items():
        v.cast(voter, choice)
    assert sum(v.tally().values()) == sum(v.eligible[x] for x in ballots)
