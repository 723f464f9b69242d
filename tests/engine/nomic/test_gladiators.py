"""Gladiators (rule 1400), protectors (1500), schools (1600)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.nomic import GAME
from engine.nomic.gladiators import bout, fight
from engine.nomic.ledger import conserved
from engine.nomic.ruleset import param, variant
from tests.engine.nomic.helpers import A, B, C, D, act, enact, new_game, propose, rollover, vote


def test_bout_digit_by_digit() -> None:
    b = bout("12341", "21345")
    assert [(r.a, r.b, r.scorer, r.points) for r in b.rounds] == [
        (1, 2, "a", 3),  # one apart: the lower digit takes the sum
        (2, 1, "b", 3),
        (3, 3, None, 0),  # equal: nothing
        (4, 4, None, 0),
        (1, 5, "b", 6),  # more than one apart: the higher takes the sum
    ]
    assert (b.score_a, b.score_b, b.winner) == (3, 9, "b")
    assert bout("21345", "12341").winner == "a" and bout("12341", "21345").winner == "b"


def test_tie_goes_to_who_scored_first() -> None:
    b = bout("12333", "21333")
    assert (b.score_a, b.score_b, b.winner) == (3, 3, "a")
    assert bout("21333", "12333").winner == "b"


def test_buy_unique_and_usable_from_next_giornata() -> None:
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    with pytest.raises(RuleError) as err:
        act(s, C, {"type": "gladiator_buy", "name": "maximus", "magic": "55555"})
    assert err.value.code == "core.name_taken"
    with pytest.raises(RuleError) as err:
        act(s, C, {"type": "gladiator_buy", "name": "Spartaco", "magic": "12341"})
    assert err.value.code == "nomic.magic_taken"
    with pytest.raises(RuleError) as err:
        act(s, C, {"type": "gladiator_buy", "name": "Spartaco", "magic": "12346"})
    assert err.value.code == "core.bad_action"
    with pytest.raises(RuleError) as err:
        propose(s, B, enact("Protetta", protector="Maximus"))
    assert err.value.code == "nomic.gladiator_not_ready"
    assert s.treasure[B] == 2001 and s.crown == 0  # (2000 and Giornata 1's income) the price leaves at the next start, to the Crown
    rollover(s, filler=C)
    assert s.treasure[B] == 2001 - 500 + s.power[B] and s.crown == 500
    propose(s, B, enact("Protetta", protector="Maximus"))
    assert conserved(s)


def test_training_changes_one_or_two_digits_from_next_giornata() -> None:
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    rollover(s, filler=C)
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "gladiator_train", "gladiator": "Maximus", "magic": "22211"})
    assert err.value.code == "nomic.training_digits"
    act(s, B, {"type": "gladiator_train", "gladiator": "Maximus", "magic": "22341"})
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "gladiator_train", "gladiator": "Maximus", "magic": "32341"})
    assert err.value.code == "nomic.trained_already"
    assert s.gladiators[0].magic == "12341"  # still fights with the old number
    # the number it trains toward is its owner's to see (their private page), nobody else's
    assert GAME.view(s, B).me.training_numbers == {"Maximus": "22341"}
    assert GAME.view(s, C).me.training_numbers == {} and "22341" not in GAME.view(s, None).model_dump_json()
    rollover(s, filler=D)
    assert s.gladiators[0].magic == "22341"


def test_protector_penalty_champion_and_crown() -> None:
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    act(s, D, {"type": "gladiator_buy", "name": "Spartaco", "magic": "21345"})  # beats Maximus
    act(s, C, {"type": "gladiator_buy", "name": "Crixus", "magic": "11111"})
    rollover(s, filler=C)
    assert s.king == C and s.crown == 1500
    (p,) = propose(s, B, enact("Protetta", protector="Maximus"))
    vote(s, D, p, "against", champion="Spartaco")  # a champion that wins: no penalty
    vote(s, A, p, "against")  # no champion: 100 N to Bruno
    vote(s, C, p, "against", crown_pays=True)  # the King pays from the Crown Treasury
    with pytest.raises(RuleError) as err:
        vote(s, A, p, "against", crown_pays=True)
    assert err.value.code == "nomic.crown_cannot_pay"
    before = dict(s.treasure)
    rollover(s)
    gained = {x: s.treasure[x] - before[x] - s.power[x] for x in (A, B, C, D)}
    assert gained == {A: -100, B: 200, C: 0, D: 0}
    assert s.crown == 1400
    assert conserved(s)


def test_penalty_is_all_you_have_when_poorer() -> None:
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    act(s, A, {"type": "scribe_adjust", "player": "Dario", "amount": -1950, "reason": "fine"})
    rollover(s, filler=C)
    assert s.treasure[D] == 52
    (p,) = propose(s, B, enact("Protetta", protector="Maximus"))
    vote(s, D, p, "against")
    before = s.treasure[D]
    rollover(s)
    assert s.treasure[D] == before - 52 + s.power[D]


def test_champion_only_against_a_protected_proposal() -> None:
    s = new_game()
    act(s, D, {"type": "gladiator_buy", "name": "Spartaco", "magic": "21345"})
    rollover(s, filler=C)
    (p,) = propose(s, B, enact("Libera"))
    with pytest.raises(RuleError) as err:
        vote(s, D, p, "against", champion="Spartaco")
    assert err.value.code == "nomic.champion_unneeded"


def test_a_trainings_new_magic_number_is_not_in_the_log_of_others() -> None:
    action = {"type": "gladiator_train", "gladiator": "Maximus", "magic": "22341"}
    assert GAME.log_visible(action, B, B)
    assert not GAME.log_visible(action, B, C) and not GAME.log_visible(action, B, None)
    assert GAME.log_visible({"type": "gladiator_buy", "name": "Maximus", "magic": "12341"}, B, C)


def test_an_amendment_of_1400_changes_how_a_bout_is_scored() -> None:
    """Rule 1400's scoring is a mechanic a law changes (issue 38), like the price: digits one apart
    score for the lower one in the rulebook; amended to "the higher digit always scores", 11111 no
    longer beats 22222, and the champion named against a protector loses (the penalty is paid)."""
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "22222"})
    act(s, D, {"type": "gladiator_buy", "name": "Spartaco", "magic": "11111"})
    assert fight(s, "11111", "22222").winner == "a"  # the rulebook: one apart, the lower scores
    (p,) = propose(s, C, {"kind": "amend", "rule": 1400, "text": "Segna sempre la cifra maggiore.",
                          "change": {"set": {"bout_gap": 0, "bout_points": "digit_difference"}}})
    with pytest.raises(RuleError) as err:  # only the rule that governs the bout changes it
        propose(s, C, {"kind": "amend", "rule": 1500, "text": "x", "change": {"set": {"bout_gap": 2}}})
    assert err.value.code == "nomic.knob_not_governed"
    vote(s, B, p, "for")
    vote(s, D, p, "for")
    events = rollover(s)
    assert param(s, "bout_gap") == 0 and variant(s, "bout_points") == "digit_difference"
    assert any(e.key == "nomic.change_number" and e.params["knob"] == "bout_gap" for e in events)
    b = fight(s, "11111", "22222")
    assert (b.winner, b.score_a, b.score_b) == ("b", 0, 5)
    assert s.king == C  # Carla proposed: the next King; Bruno is a Courtier
    (q,) = propose(s, B, enact("Protetta", protector="Maximus"))
    vote(s, D, q, "against", champion="Spartaco")
    before = s.treasure[D]
    rollover(s)
    assert s.treasure[D] - before - s.power[D] == -100  # Spartaco lost under the amended scoring
