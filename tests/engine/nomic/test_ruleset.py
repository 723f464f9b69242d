"""The ruleset as data (rules 1, 100, 2600), mechanics bound to rules, property (2400), the Scribe's desk."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.nomic import GAME
from engine.nomic.ruleset import declared, knobs, mechanics, param, shipped_rules, text_only, texts
from tests.engine.nomic.helpers import A, B, C, D, act, enact, new_game, proposal, propose, rollover, vote

RULEBOOK_NUMBERS = [1, 2, 3, 4, 6, 7, 2600, 1700, 10, 100, 2100, 300, 600, 2500, 1300, 1400, 1500, 1600, 1800,
                    1900, 2000, 2200, 2300, 2400, 2700]


def test_shipped_ruleset_every_rule_in_both_languages() -> None:
    rules = shipped_rules()
    assert [r.number for r in rules] == RULEBOOK_NUMBERS
    assert all(all(texts(r)) for r in rules)  # title and text in Italian and English
    assert next(r for r in rules if r.number == 1400).title == "I Gladiatori"
    # every rule governs something or says why not; every mechanic and knob has its rule
    assert all(bool(declared()[r.number]) != (r.number in text_only()) for r in rules)
    assert {m for ms in declared().values() for m in ms} == set(mechanics())
    assert {k.mechanic for k in knobs().values()} <= set(mechanics())
    s = new_game()
    assert [r.number for r in GAME.view(s, None).rules][:3] == [1, 2, 3]  # rule 100: lower first


def test_simultaneous_approvals_numbered_in_submission_order_and_reordered() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    (q,) = propose(s, C, {"kind": "amend", "rule": 1400, "text": "Gladiators fight at dawn."})
    (r,) = propose(s, D, enact("Silenzio"))
    for pid in (p, q, r):
        for voter in (A, B, C, D):
            if voter != proposal(s, pid).author:
                vote(s, voter, pid, "for")
    rollover(s)
    numbers = {x: proposal(s, x).result_number for x in (p, q, r)}
    assert numbers == {p: 2800, q: 2900, r: 3000}  # the next hundred each, in submission order
    amended = next(x for x in s.rules if x.id == "1400")
    assert amended.number == 2900 and amended.history[-1].kind == "amended"
    assert "gladiators" in s.mechanics  # an amended rule keeps its mechanic
    with pytest.raises(RuleError) as err:
        act(s, B if s.scribe != B else A, {"type": "scribe_reorder", "numbers": [3000, 2900, 2800]})
    assert err.value.code == "nomic.not_scribe"
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "scribe_reorder", "numbers": [3000, 2900, 2700]})
    assert err.value.code == "nomic.reorder_set"
    act(s, A, {"type": "scribe_reorder", "numbers": [3000, 2900, 2800]})
    by_title = {x.title: x.number for x in s.rules}
    assert by_title["Silenzio"] == 2800 and by_title["Cortesia"] == 3000 and amended.number == 2900
    assert s.audit[-1].what == "reorder"


def test_repealing_1400_switches_gladiators_off_from_the_next_giornata() -> None:
    s = new_game()
    (p,) = propose(s, B, {"kind": "repeal", "rule": 1400})
    for voter in (C, D):
        vote(s, voter, p, "for")
    act(s, C, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})  # still in force today
    rollover(s)
    assert proposal(s, p).outcome == "passed" and not any(r.id == "1400" for r in s.rules)
    for mechanic in ("gladiators", "protectors", "schools"):
        assert mechanic not in s.mechanics
    with pytest.raises(RuleError) as err:
        act(s, D, {"type": "gladiator_buy", "name": "Spartaco", "magic": "21345"})
    assert err.value.code == "nomic.mechanic_off" and err.value.params["rule"] == 1400
    with pytest.raises(RuleError) as err:
        act(s, C, {"type": "gladiator_train", "gladiator": "Maximus", "magic": "22341"})
    assert err.value.code == "nomic.mechanic_off"
    assert not any(x.type.startswith("gladiator") for x in GAME.legal_actions(s, C))


def test_repeal_then_amend_of_the_same_rule_lapses() -> None:
    s = new_game()
    (p,) = propose(s, B, {"kind": "repeal", "rule": 2700})
    (q,) = propose(s, C, {"kind": "amend", "rule": 2700, "text": "No bribes."})
    for pid in (p, q):
        vote(s, D, pid, "for")
    rollover(s)
    assert proposal(s, p).outcome == "passed" and proposal(s, q).outcome == "lapsed"
    assert "bribes" not in s.mechanics


def test_letter_limits() -> None:
    s = new_game()
    with pytest.raises(RuleError) as err:
        propose(s, B, enact("Uno"), enact("Due"), enact("Tre"))
    assert err.value.code == "nomic.too_many_proposals"
    propose(s, B, enact("Uno"), enact("Due"))
    propose(s, B, enact("Tre"))
    with pytest.raises(RuleError) as err:
        propose(s, B, enact("Quattro"))
    assert err.value.code == "nomic.too_many_letters"
    with pytest.raises(RuleError) as err:
        propose(s, A, enact("Regale"))
    assert err.value.code == "nomic.king_cannot"
    with pytest.raises(RuleError) as err:
        propose(s, C, enact("uno"))  # "Uno" may pass: no second law of that title
    assert err.value.code == "core.name_taken"


def test_titles_and_fields_are_checked() -> None:
    s = new_game()
    with pytest.raises(RuleError) as err:
        propose(s, B, enact("il re"))
    assert err.value.code == "core.name_taken"
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "propose", "proposals": [{"kind": "enact", "title": "X", "text": "Y", "extra": 1}]})
    assert err.value.code == "core.bad_action" and "extra" in err.value.params["detail"]
    with pytest.raises(RuleError) as err:
        propose(s, B, {"kind": "repeal", "rule": 9999})
    assert err.value.code == "nomic.no_rule"


def test_property_delete_from_next_giornata_and_transfer() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Mia"))
    vote(s, C, p, "for")
    rollover(s)
    law = next(r for r in s.rules if r.title == "Mia")
    assert law.owner == B
    act(s, B, {"type": "law_transfer", "rule": law.number, "to": "Carla"})
    law = next(r for r in s.rules if r.title == "Mia")
    assert law.owner == C
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "law_delete", "rule": law.number})
    assert err.value.code == "nomic.not_owner"
    act(s, C, {"type": "law_delete", "rule": law.number})
    assert any(r.title == "Mia" for r in s.rules)  # still in force this Giornata
    rollover(s, filler=C if s.king != C else D)
    assert not any(r.title == "Mia" for r in s.rules)


def test_parameters_change_only_after_an_amendment_with_audit() -> None:
    s = new_game()
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "scribe_param", "name": "king_weight", "value": 3, "rule": 10})
    assert err.value.code == "nomic.param_rule"
    (p,) = propose(s, B, {"kind": "amend", "rule": 10, "text": "The King's vote counts three times."})
    vote(s, C, p, "for")
    rollover(s)
    number = proposal(s, p).result_number
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "scribe_param", "name": "king_weight", "value": 11, "rule": number})
    assert err.value.code == "nomic.param_range"
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "scribe_param", "name": "bribe_threshold", "value": 500, "rule": number})
    assert err.value.code == "nomic.param_rule" and err.value.params["governs"] == 2700
    act(s, A, {"type": "scribe_param", "name": "king_weight", "value": 3, "rule": number})
    assert param(s, "king_weight") == 3
    assert s.audit[-1].what == "param" and s.audit[-1].rule == "10"
    assert s.audit[-1].detail == {"name": "king_weight", "old": 2, "new": 3}


def test_scribe_imports_and_edits_text() -> None:
    s = new_game()
    act(s, A, {"type": "scribe_import", "rules": [
        {"number": 1400, "title": "I Gladiatori", "text": "Testo ufficiale del gruppo."},
        {"number": 2750, "title": "Legge dimenticata", "text": "Una legge del gruppo."}]})
    glad = next(r for r in s.rules if r.number == 1400)
    assert texts(glad)[1:] == ("Testo ufficiale del gruppo.", None, None) and glad.id == "1400"
    assert s.last_number == 2750
    (p,) = propose(s, B, enact("Dopo"))
    vote(s, C, p, "for")
    rollover(s)
    assert proposal(s, p).result_number == 2800
    act(s, A, {"type": "scribe_text", "rule": 2800, "text": "Testo corretto."})
    assert next(r for r in s.rules if r.number == 2800).text == "Testo corretto."
    act(s, A, {"type": "scribe_text", "rule": 10, "text": "Il Re vota doppio."})
    assert GAME.view(s, None).rules[next(i for i, r in enumerate(GAME.view(s, None).rules) if r.number == 10)].text_en is None
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "scribe_text", "rule": 2800, "text": "Mio."})
    assert err.value.code == "nomic.not_scribe"


def test_decree_needs_a_contest_and_replaces_the_old_one() -> None:
    s = new_game()
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "decree", "contest": 1, "text": "Così è."})
    assert err.value.code == "nomic.no_contest"
    act(s, B, {"type": "contest", "text": "Can the King vote?"})
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "decree", "contest": 1, "text": "Sì."})
    assert err.value.code == "nomic.not_king"
    act(s, A, {"type": "decree", "contest": 1, "text": "Yes: rule 10 is lower than 1700."})
    act(s, C, {"type": "contest", "text": "Again?"})
    act(s, A, {"type": "decree", "contest": 2, "text": "Still yes.", "replaces": 1})
    assert [d.active for d in s.decrees] == [False, True] and s.decrees[0].replaced_by == 2
    act(s, A, {"type": "scribe_retire_decree", "decree": 2, "rule": 1700})
    assert not s.decrees[1].active and s.decrees[1].retired_by_rule == "1700"


def test_rule_2100_declared_by_the_scribe() -> None:
    s = new_game()
    with pytest.raises(RuleError):
        act(s, B, {"type": "scribe_impossible", "player": "Carla", "reason": "paradox"})
    events = act(s, A, {"type": "scribe_impossible", "player": "Carla", "reason": "paradox"})
    assert s.status == "finished" and s.winners == [C] and s.end_reason == "impossible"
    assert events[-1].key == "core.ended"
