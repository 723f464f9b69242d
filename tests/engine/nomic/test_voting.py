"""Votes (rule 1700), the King's weight and veto (rule 10), growth (1300), polls (1800), bribes (2700)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.nomic import GAME
from tests.engine.nomic.helpers import DAY, T0, A, B, C, D, act, enact, new_game, proposal, propose, rollover, vote


def test_majority_of_treasures_strictly_greater() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, C, p, "against")
    rollover(s)  # 2001 for, 2001 against (2000 and Giornata 1's income): not strictly more
    assert proposal(s, p).outcome == "rejected"
    assert (proposal(s, p).votes_for, proposal(s, p).votes_against) == (2001, 2001)


def test_kings_vote_counts_double() -> None:
    s = new_game()  # Anna is King
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, C, p, "for")
    vote(s, A, p, "against")
    rollover(s)
    assert (proposal(s, p).votes_for, proposal(s, p).votes_against) == (4002, 4002)
    assert proposal(s, p).outcome == "rejected"
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, C, p, "against")
    vote(s, D, p, "against")
    vote(s, A, p, "for")
    rollover(s)
    assert (proposal(s, p).votes_for, proposal(s, p).votes_against) == (6003, 4002)
    assert proposal(s, p).outcome == "passed"


def test_veto_once_per_giornata() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    (q,) = propose(s, C, enact("Gentilezza"))
    for voter in (C, D):
        vote(s, voter, p, "for")
    act(s, A, {"type": "veto", "proposal": p})
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "veto", "proposal": q})
    assert err.value.code == "nomic.veto_used"
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "veto", "proposal": q})
    assert err.value.code == "nomic.not_king"
    rollover(s)
    assert proposal(s, p).outcome == "vetoed" and proposal(s, q).outcome == "passed"
    assert s.vetoes_used == 0  # a new Giornata, a new veto
    king = s.king
    (r,) = propose(s, next(x for x in (B, C, D) if x != king), enact("Terza"))
    act(s, king, {"type": "veto", "proposal": r})
    assert proposal(s, r).vetoed


def test_second_half_needs_half_the_players_voting() -> None:
    s = new_game()  # 4 players: at least 2 must vote on a late proposal
    late = T0 + 8 * DAY
    (p,) = propose(s, B, enact("Tarda"), at=late)
    (q,) = propose(s, C, enact("Tardissima"), at=late)
    (e,) = propose(s, D, enact("Presto"), at=T0 + DAY)
    assert proposal(s, p).second_half and not proposal(s, e).second_half
    vote(s, A, q, "abstain", at=late + DAY)  # a second voter, even abstaining, makes the quorum
    rollover(s)
    assert proposal(s, p).outcome == "rejected"  # only its author voted
    assert proposal(s, q).outcome == "passed"
    assert proposal(s, e).outcome == "passed"  # first half: no quorum needed


def test_second_half_follows_the_giornata_timer() -> None:
    s = new_game()
    # /mod extend moves the Giornata's end, not the vote reminder that comes first in the queue
    GAME.apply(s, A, {"type": "mod_extend", "minutes": 3 * 24 * 60}, T0, moderator=True)
    assert s.deadline("giornata") == T0 + 17 * DAY
    (p,) = propose(s, B, enact("Non ancora tarda"), at=T0 + 8 * DAY)  # 9 of 17 days left
    assert not proposal(s, p).second_half


def test_last_vote_counts_and_whole_letter_answered_together() -> None:
    s = new_game()
    p, q = propose(s, B, enact("Una"), enact("Due"))
    letter = proposal(s, p).letter
    with pytest.raises(RuleError) as err:
        act(s, C, {"type": "vote", "letter": letter, "items": [{"proposal": p, "choice": "for"}]})
    assert err.value.code == "nomic.whole_letter"
    act(s, C, {"type": "vote", "letter": letter, "items": [{"proposal": p, "choice": "against"},
                                                          {"proposal": q, "choice": "against"}]})
    act(s, D, {"type": "vote", "letter": letter, "items": [{"proposal": p, "choice": "against"},
                                                          {"proposal": q, "choice": "for"}]})
    act(s, C, {"type": "vote", "letter": letter, "items": [{"proposal": p, "choice": "for"},
                                                          {"proposal": q, "choice": "for"}]})
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "vote", "letter": letter, "items": [{"proposal": p, "choice": "for"},
                                                              {"proposal": q, "choice": "for"}]})
    assert err.value.code == "nomic.own_letter"
    rollover(s)
    assert proposal(s, p).outcome == "passed" and proposal(s, q).outcome == "passed"


def test_growth_once_per_voter_and_not_for_the_authors_own_vote() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Crescita"))
    assert s.power[B] == 1
    vote(s, C, p, "for")
    vote(s, C, p, "against")
    vote(s, C, p, "for")
    assert (s.power[B], s.power[C]) == (4, 4)
    vote(s, D, p, "for")
    assert (s.power[B], s.power[D]) == (7, 4)


def test_polls_best_average_and_ties() -> None:
    s = new_game(5)
    (p,) = propose(s, B, enact("Prima"))
    (q,) = propose(s, C, enact("Seconda"))
    (r,) = propose(s, D, enact("Terza"))
    (x,) = propose(s, B, enact("Quarta"))
    for voter, ratings in ((A, (8, 9, 5, 8)), ("1005", (8, 7, 5, 8))):
        for pid, rating in zip((p, q, r, x), ratings, strict=True):
            vote(s, voter, pid, "abstain", rating=rating)
    before = dict(s.power)
    rollover(s)
    # p, q and x average 8; r 5. B wrote two of the best, yet is rewarded once
    assert s.power[B] - before[B] == 10 and s.power[C] - before[C] == 10 and s.power[D] == before[D]


def test_polls_need_an_average_of_six() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Mediocre"))
    vote(s, C, p, "for", rating=6)
    vote(s, D, p, "for", rating=5)
    before = s.power[B]
    rollover(s)
    assert s.power[B] == before  # 5.5


def test_bribe_turns_a_vote_in_favour_and_it_stays() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Corrotta"))
    vote(s, C, p, "against")
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "bribe", "proposal": p, "to": "Carla", "amount": 399})
    assert err.value.code == "nomic.bribe_small"
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "bribe", "proposal": p, "to": "Dario", "amount": 400})
    assert err.value.code == "nomic.bribe_not_against"  # Dario has not voted against
    act(s, B, {"type": "bribe", "proposal": p, "to": "Carla", "amount": 400})
    assert proposal(s, p).ballots[C].choice == "for"
    with pytest.raises(RuleError) as err:
        vote(s, C, p, "against")
    assert err.value.code == "nomic.bribed_vote"
    assert s.treasure[B] == 2001  # paid at the next Giornata's start (rule 1900)
    rollover(s)
    assert s.treasure[B] == 2001 - 400 + s.power[B] and s.treasure[C] == 2001 + 400 + s.power[C]


def test_rating_only_with_a_vote_and_in_range() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Voto"))
    with pytest.raises(RuleError) as err:
        vote(s, C, p, "for", rating=11)
    assert err.value.code == "core.bad_action"


def test_without_rule_10_the_king_has_no_vote() -> None:
    """Rule 1700 gives the vote to the Courtiers; only rule 10 gives the King one. Repealed, the King's
    vote is refused in words, he is not waited for, and nothing he cast before weighs."""
    s = new_game()  # Anna is King
    (p,) = propose(s, B, {"kind": "repeal", "rule": 10})
    vote(s, C, p, "for")
    rollover(s)
    assert "king_powers" not in s.mechanics and s.king == B  # Bruno proposed: the next King
    (q,) = propose(s, C, enact("Cortesia"))
    with pytest.raises(RuleError) as err:
        vote(s, B, q, "against")
    assert err.value.code == "nomic.king_no_vote"
    assert B not in GAME.awaiting(s) and not any(x.type == "vote" for x in GAME.legal_actions(s, B))
    proposal(s, q).ballots[B] = proposal(s, q).ballots[C].model_copy(update={"choice": "against"})
    vote(s, D, q, "against")
    rollover(s, filler=D)
    # Carla's 2002 (2000 and two incomes) for, Dario's against; the King's ballot weighs nothing
    assert proposal(s, q).votes_against == s.history[-2].treasure[D]
    assert proposal(s, q).votes_for == s.history[-2].treasure[C]


def test_a_law_weighing_the_kings_vote_alone_gives_him_a_vote_without_rule_10() -> None:
    s = new_game()
    p, _ = propose(s, B, {"kind": "repeal", "rule": 10},
                   {"kind": "amend", "rule": 1700, "text": "Decide il Re.", "change": {"set": {"vote_weight": "king"}}})
    act(s, C, {"type": "vote", "letter": 1, "items": [{"proposal": p, "choice": "for"},
                                                     {"proposal": p + 1, "choice": "for"}]})
    rollover(s)
    assert "king_powers" not in s.mechanics and s.king == B
    (q,) = propose(s, C, enact("Cortesia"))
    vote(s, B, q, "for")  # accepted: the voting law gives the King the only vote
    rollover(s, filler=D)
    assert proposal(s, q).outcome == "passed"
