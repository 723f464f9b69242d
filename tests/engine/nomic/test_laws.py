"""Laws that change the game (issue 28): structured changes applied when the law takes effect,
mechanics that are their own, repeals with defined effects, rule 2100's hold, the Scribe's
corrections, and the consequences of a change computed before the vote."""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.core import GameRecord, LogEntry, RuleError, replay
from engine.nomic import GAME
from engine.nomic.preview import consequences, preview
from engine.nomic.ruleset import all_values, governor, param, variant
from tests.engine.nomic.helpers import T0, A, B, C, D, act, enact, new_game, players, proposal, propose, rollover, vote


def amend(rule: int, text: str = "Amended.", **change: Any) -> dict[str, Any]:
    return {"kind": "amend", "rule": rule, "text": text, "change": change}


def passes(s: Any, pid: int, *voters: str) -> None:
    for v in voters:
        vote(s, v, pid, "for")


def test_amending_1700_to_one_vote_each_changes_the_next_letters_outcome() -> None:
    s = new_game()  # Anna King (weight 2): 2 for 3 against by heads, but by treasure 4002 against 4002
    (p,) = propose(s, B, amend(1700, "One player, one vote.", set={"vote_weight": "one_each"}))
    passes(s, p, C, D)
    events = rollover(s)
    assert proposal(s, p).outcome == "passed" and variant(s, "vote_weight") == "one_each"
    assert any(e.key == "nomic.change_variant" and e.params["knob"] == "vote_weight" for e in events)
    king = s.king
    author = next(x for x in (B, C, D) if x != king)
    (q,) = propose(s, author, enact("Cortesia"))
    against = [x for x in (A, B, C, D) if x not in (king, author)]
    vote(s, against[0], q, "against")
    vote(s, king, q, "for")
    rollover(s, filler=against[1])
    # one each, the King's twice: 3 for, 1 against (by treasure the same votes would weigh ~2:1 too,
    # so check the totals are heads, not Nomica)
    assert (proposal(s, q).votes_for, proposal(s, q).votes_against) == (3, 1)
    assert proposal(s, q).outcome == "passed"


def test_a_tie_by_treasure_becomes_a_pass_by_heads() -> None:
    s = new_game()
    (p,) = propose(s, B, amend(1700, "One player, one vote.", set={"vote_weight": "one_each"}))
    (q,) = propose(s, C, amend(10, "The King is one of us.", set={"king_weight": 1}))
    passes(s, p, C, D)
    passes(s, q, B, D)
    rollover(s)
    king = s.king
    others = [x for x in (A, B, C, D) if x != king]
    s.treasure[others[1]] = 5000  # the richest votes against: by treasure the law would fail
    (r,) = propose(s, others[0], enact("Uguaglianza"))
    vote(s, others[1], r, "against")
    vote(s, others[2], r, "for")
    rollover(s, filler=others[1])
    assert (proposal(s, r).votes_for, proposal(s, r).votes_against) == (2, 1)
    assert proposal(s, r).outcome == "passed"


def test_a_monarchy_law_makes_the_kings_vote_alone_decide() -> None:
    s = new_game()
    (p,) = propose(s, B, amend(1700, "Only the King's vote counts.", set={"vote_weight": "king"}) | {"title": "Monarchia"})
    passes(s, p, C, D)
    rollover(s)
    law = next(r for r in s.rules if r.title == "Monarchia")  # rule 1700, amended (a new law would yield to it)
    assert governor(s, "vote_weight") is law and variant(s, "vote_weight") == "king"
    king = s.king
    others = [x for x in (A, B, C, D) if x != king]
    (q,) = propose(s, others[0], enact("Tutti contro"))
    (r,) = propose(s, others[1], enact("Il Re solo"))
    vote(s, others[1], q, "for")
    vote(s, others[2], q, "for")
    vote(s, king, q, "against")
    vote(s, others[0], r, "against")
    vote(s, others[2], r, "against")
    vote(s, king, r, "for")
    rollover(s, filler=others[2])
    assert proposal(s, q).outcome == "rejected" and proposal(s, r).outcome == "passed"


def test_enact_validates_its_change_against_the_declared_ranges() -> None:
    s = new_game()
    for change, code in (({"set": {"king_weight": 11}}, "nomic.param_range"),
                         ({"set": {"vote_weight": "dice"}}, "nomic.knob_option"),
                         ({"set": {"nothing": 1}}, "nomic.no_param"),
                         ({"on": ["dragons"]}, "nomic.no_mechanic"),
                         ({"on": ["bank"], "off": ["bank"]}, "nomic.change_twice")):
        with pytest.raises(RuleError) as err:
            propose(s, B, {**enact("Prova"), "change": change})
        assert err.value.code == code
    with pytest.raises(RuleError) as err:  # an amendment changes only what its rule governs
        propose(s, B, amend(300, set={"king_weight": 3}))
    assert err.value.code == "nomic.knob_not_governed"
    with pytest.raises(RuleError) as err:
        propose(s, B, {"kind": "repeal", "rule": 300, "change": {"set": {"letters": 3}}})
    assert err.value.code == "nomic.change_repeal"
    assert s.proposals == []  # nothing half-made


def test_three_letters_lets_the_third_letter_through_with_no_scribe_step() -> None:
    s = new_game()
    (p,) = propose(s, B, amend(300, "Tre lettere.", set={"letters": 3}))
    passes(s, p, C, D)
    rollover(s)
    assert param(s, "letters") == 3 and not any(a.what == "param" for a in s.audit)
    author = next(x for x in (B, C, D) if x != s.king)
    for i in range(3):
        propose(s, author, enact(f"Legge {i}"))
    with pytest.raises(RuleError) as err:
        propose(s, author, enact("Legge 4"))
    assert err.value.code == "nomic.too_many_letters" and err.value.params["most"] == 3


def test_the_scribe_cannot_set_the_kings_weight_citing_an_unrelated_law() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia", "Be kind."))
    (q,) = propose(s, C, {"kind": "amend", "rule": 10, "text": "The King's vote counts three times."})
    passes(s, p, C, D)
    passes(s, q, B, D)
    rollover(s)
    cortesia = next(r for r in s.rules if r.title == "Cortesia").number
    with pytest.raises(RuleError) as err:
        act(s, s.scribe, {"type": "scribe_param", "name": "king_weight", "value": 10, "rule": cortesia})
    assert err.value.code == "nomic.param_rule" and param(s, "king_weight") == 2
    ten = proposal(s, q).result_number
    act(s, s.scribe, {"type": "scribe_param", "name": "king_weight", "value": 3, "rule": ten})
    assert param(s, "king_weight") == 3


def test_repealing_7_ends_succession_and_the_kings_powers() -> None:
    s = new_game()
    (p,) = propose(s, B, {"kind": "repeal", "rule": 7})
    passes(s, p, C, D)
    events = rollover(s)  # no proposal from anyone else: with rule 7 the game would end (no King)
    assert s.status == "active" and s.king == "" and "king" not in s.mechanics
    assert "king_powers" not in s.mechanics and "decrees" not in s.mechanics
    assert any(e.key == "nomic.change_off" and e.params["mechanic"] == "king" for e in events)
    assert not any(e.key == "nomic.new_king" for e in events)
    (q,) = propose(s, A, enact("Tutti uguali"))  # Anna, King before, is a courtier now
    vote(s, B, q, "for")
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "veto", "proposal": q})
    assert err.value.code == "nomic.mechanic_off"
    rollover(s)
    assert s.king == "" and s.status == "active" and proposal(s, q).votes_for == s.history[-2].treasure[A] \
        + s.history[-2].treasure[B]


def test_repeal_then_reimport_of_1400_brings_gladiators_back() -> None:
    s = new_game()
    (p,) = propose(s, B, {"kind": "repeal", "rule": 1400})
    passes(s, p, C, D)
    rollover(s, filler=C)
    assert "gladiators" not in s.mechanics
    act(s, s.scribe, {"type": "scribe_import", "rules": [
        {"number": 1400, "title": "I Gladiatori", "text": "Tornano i Gladiatori."}]})
    with pytest.raises(RuleError) as err:  # from the next Giornata, like any rule change
        act(s, C, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    assert err.value.code == "nomic.mechanic_off"
    rollover(s, filler=D if s.king != D else C)
    # rules 1500 and 1600 stayed: with gladiators back, protectors and schools run again too
    assert {"gladiators", "protectors", "schools"} <= set(s.mechanics)
    act(s, C, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    assert param(s, "gladiator_price") == 500


def test_a_new_law_switches_a_mechanic_back_on() -> None:
    s = new_game()
    (p,) = propose(s, B, {"kind": "repeal", "rule": 2700})
    passes(s, p, C, D)
    rollover(s, filler=C)
    assert "bribes" not in s.mechanics
    author = next(x for x in (B, C, D) if x != s.king)
    (q,) = propose(s, author, {**enact("Tangenti di nuovo"), "change": {"on": ["bribes"],
                                                                       "set": {"bribe_threshold": 250}}})
    passes(s, q, *[x for x in (A, B, C, D) if x not in (author, s.king)][:2])
    rollover(s, filler=author)
    assert "bribes" in s.mechanics and param(s, "bribe_threshold") == 250


def test_repealing_2600_waits_for_the_scribe_under_rule_2100() -> None:
    s = new_game()
    (p,) = propose(s, B, {"kind": "repeal", "rule": 2600})
    passes(s, p, C, D)
    events = rollover(s, filler=C)
    assert proposal(s, p).outcome == "held" and any(r.id == "2600" for r in s.rules)
    assert "proposals" in s.mechanics
    assert any(e.key == "nomic.held_for_scribe" and e.to == [s.scribe] for e in events)
    with pytest.raises(RuleError):
        act(s, B if s.scribe != B else C, {"type": "scribe_release", "proposal": p, "apply": True, "reason": "x"})
    act(s, s.scribe, {"type": "scribe_release", "proposal": p, "apply": False, "reason": "The game goes on."})
    assert proposal(s, p).outcome == "rejected" and s.held == [] and s.audit[-1].what == "held"
    assert s.audit[-1].detail["reason"] == "The game goes on."


def test_the_scribe_strikes_a_law_and_overrides_a_result_with_a_public_reason() -> None:
    s = new_game()
    # rule 300 repealed first, so the new law governs the letters (else 300 would prevail, rule 100)
    p0, p = propose(s, B, {"kind": "repeal", "rule": 300},
                    {**enact("Errore"), "change": {"on": ["letter_limits"], "set": {"letters": 5}}})
    (q,) = propose(s, C, enact("Respinta"))
    act(s, C, {"type": "vote", "letter": 1, "items": [{"proposal": x, "choice": "for"} for x in (p0, p)]})
    act(s, D, {"type": "vote", "letter": 1, "items": [{"proposal": x, "choice": "for"} for x in (p0, p)]})
    vote(s, D, q, "against")
    vote(s, A, q, "against")
    rollover(s)
    assert param(s, "letters") == 5 and proposal(s, q).outcome == "rejected"
    number = proposal(s, p).result_number
    events = act(s, s.scribe, {"type": "scribe_strike", "rule": number, "reason": "Counted twice."})
    assert events[0].key == "nomic.struck" and events[0].params["reason"] == "Counted twice."
    assert param(s, "letters") == 2 and not any(r.title == "Errore" for r in s.rules)
    act(s, s.scribe, {"type": "scribe_override", "proposal": q, "passed": True, "reason": "Miscounted."})
    assert proposal(s, q).outcome == "passed" and any(r.title == "Respinta" for r in s.rules)
    assert [a.what for a in s.audit[-2:]] == ["strike", "override"]
    with pytest.raises(RuleError) as err:
        act(s, s.scribe, {"type": "scribe_override", "proposal": q, "passed": True, "reason": "Again."})
    assert err.value.code == "nomic.override_same"


def test_a_protector_on_each_proposal_of_a_two_proposal_letter() -> None:
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    act(s, B, {"type": "gladiator_buy", "name": "Crixus", "magic": "54321"})
    rollover(s, filler=C)
    author = B if s.king != B else C
    p, q = propose(s, author, enact("Uno", protector="Maximus"), amend(300, set={"letters": 3}) |
                   {"protector": "Crixus"})
    assert [proposal(s, x).protector for x in (p, q)] == ["g1", "g2"]


def test_the_consequence_of_a_change_is_computed_on_a_copy_before_the_vote() -> None:
    s = new_game()
    s.treasure[D] = 9000  # Dario alone outweighs everyone by treasure
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, C, p, "for")
    vote(s, D, p, "against")
    (q,) = propose(s, C, amend(1700, "One player, one vote.", set={"vote_weight": "one_each"}))
    before = s.model_dump_json()
    (c,) = consequences(s, q)
    assert s.model_dump_json() == before  # the state is untouched
    assert (c.proposal, c.passed_now, c.passed_then) == (p, False, True)
    assert (c.for_now, c.against_now, c.for_then, c.against_then) == (4002, 9000, 2, 1)


def test_joining_by_asking_and_a_replay_of_a_game_that_changed_its_rules() -> None:
    s = new_game()
    log = []

    def do(actor: str, action: dict[str, Any]) -> None:
        log.append(LogEntry(at=s.clock, actor=actor, action=action))
        act(s, actor, action)

    do(A, {"type": "scribe_admit", "user": "900003", "name": "Gino", "asked": True})
    do(B, {"type": "propose", "proposals": [amend(1700, "One player, one vote.", set={"vote_weight": "one_each"}),
                                            amend(300, "Tre lettere.", set={"letters": 3})]})
    do(C, {"type": "vote", "letter": 1, "items": [{"proposal": 1, "choice": "for"}, {"proposal": 2, "choice": "for"}]})
    do(D, {"type": "vote", "letter": 1, "items": [{"proposal": 1, "choice": "for"}, {"proposal": 2, "choice": "for"}]})
    do(C, {"type": "propose", "proposals": [enact("Filler")]})
    end = s.deadline("giornata")
    assert end is not None
    GAME.advance(s, end)
    assert s.player("900003") is not None and variant(s, "vote_weight") == "one_each" and param(s, "letters") == 3
    do("900003", {"type": "propose", "proposals": [enact("Benvenuto")]})
    record = GameRecord(game="nomic", seed=7, settings={}, created_at=T0, players=players(4), log=log,
                        advanced_to=s.clock)
    rebuilt = replay(GAME, record, until=s.clock)
    assert GAME.dump_state(rebuilt) == GAME.dump_state(s)


def test_a_letter_of_any_mix_built_one_proposal_at_a_time_each_with_its_protector() -> None:
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    act(s, B, {"type": "gladiator_buy", "name": "Crixus", "magic": "54321"})
    rollover(s, filler=C)
    author = B if s.king != B else C
    (p,) = propose(s, author, amend(1700, "Un voto a testa.", set={"vote_weight": "one_each"}) | {"protector": "Maximus"})
    letter = proposal(s, p).letter
    events = act(s, author, {"type": "propose", "letter": letter, "proposals": [
        {"kind": "repeal", "rule": 2700, "protector": "Crixus"}]})
    assert events[0].key == "nomic.letter_added" and len(s.letters[-1].proposals) == 2
    assert [x.protector for x in s.proposals] == ["g1", "g2"] and {x.letter for x in s.proposals} == {letter}
    with pytest.raises(RuleError) as err:  # the letter is full (2 proposals, rule 300)
        act(s, author, {"type": "propose", "letter": letter, "proposals": [enact("Terza")]})
    assert err.value.code == "nomic.too_many_proposals"
    voter = next(x for x in (A, B, C, D) if x not in (author,))
    act(s, voter, {"type": "vote", "letter": letter, "items": [
        {"proposal": x.id, "choice": "for"} for x in s.proposals]})
    (q,) = propose(s, author, enact("Nuova"))
    with pytest.raises(RuleError) as err:  # answered: what the voters read is final
        act(s, author, {"type": "propose", "letter": proposal(s, q).letter - 1, "proposals": [enact("Tardi")]})
    assert err.value.code == "nomic.letter_answered"
    with pytest.raises(RuleError) as err:
        act(s, voter if voter != s.king else D, {"type": "propose", "letter": proposal(s, q).letter,
                                                 "proposals": [enact("Altrui")]})
    assert err.value.code == "nomic.no_letter"


def test_the_late_quorum_leaves_quarantined_players_out() -> None:
    s = new_game(5)
    act(s, A, {"type": "scribe_adjust", "player": "Elena", "amount": -5000, "reason": "debt"})
    rollover(s, filler=B)
    assert s.quarantined == ["1005"]
    end = s.deadline("giornata")
    assert end is not None
    late = end - (end - s.clock) / 4  # second half
    author = next(x for x in (B, C, D) if x != s.king)
    (p,) = propose(s, author, enact("Tardiva"), at=late)
    voter = next(x for x in (A, B, C, D) if x not in (author,))
    vote(s, voter, p, "for", at=late)
    rollover(s)
    # four players can vote (Elena cannot): two votes are half of them, rounded down
    assert proposal(s, p).second_half and proposal(s, p).outcome == "passed"


def test_the_scribe_orders_the_laws_approved_together_once() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Uno"))
    (q,) = propose(s, C, enact("Due"))
    passes(s, p, C, D)
    passes(s, q, B, D)
    rollover(s)
    numbers = sorted(proposal(s, x).result_number for x in (p, q))
    act(s, s.scribe, {"type": "scribe_reorder", "numbers": numbers[::-1]})
    with pytest.raises(RuleError) as err:
        act(s, s.scribe, {"type": "scribe_reorder", "numbers": numbers})
    assert err.value.code == "nomic.reordered_already"


def test_a_version_2_snapshot_moves_its_numbers_onto_the_rules() -> None:
    s = new_game()
    (p,) = propose(s, B, amend(10, "Il Re vota triplo."))
    passes(s, p, C, D)
    rollover(s)
    act(s, s.scribe, {"type": "scribe_param", "name": "king_weight", "value": 3,
                      "rule": proposal(s, p).result_number})
    today = GAME.dump_state(s)
    old = json.loads(json.dumps(today))  # as version 2 wrote it: one table of numbers, no declarations
    old["params"] = {k: v for k, v in all_values(s).items() if isinstance(v, int)}
    for rule in old["rules"]:
        rule.pop("mechanics", None)
        rule.pop("knobs", None)
    old["mechanics"] = [m for m in old["mechanics"] if m not in ("king", "giornata", "joining", "proposals")]
    migrated = GAME.load_state(GAME.migrate_state(old, 2))
    assert param(migrated, "king_weight") == 3 and migrated.mechanics == s.mechanics
    assert GAME.dump_state(migrated) == today


def test_rule_100_a_new_law_yields_to_a_lower_rule_on_its_knob_and_prevails_once_it_is_lower() -> None:
    """Issue 38: "Due terzi" (majority: two thirds) while rule 1700 says more for than against. Rule
    100: the lower number prevails, so 1700 holds and the Gazette says so; the law's word waits. Once
    1700 is amended (text only) it takes a number above the law's: now the law is the lower one."""
    s = new_game()
    (p,) = propose(s, B, {**enact("Due terzi"), "change": {"set": {"majority": "two_thirds"}}})
    passes(s, p, C, D)
    events = rollover(s)
    law = next(r for r in s.rules if r.title == "Due terzi")
    assert variant(s, "majority") == "simple" and governor(s, "majority").id == "1700"
    assert law.knobs == {"majority": "two_thirds"}  # its word waits for 1700 to go
    said = next(e for e in events if e.key == "nomic.change_overruled")
    assert said.params == {"knob": "majority", "number": law.number, "prevails": 1700}
    assert not any(e.key == "nomic.change_variant" for e in events)
    author = next(x for x in (B, C, D) if x != s.king)
    (q,) = propose(s, author, amend(1700, "I Cortigiani votano ancora."))
    passes(s, q, *[x for x in (A, B, C, D) if x not in (author, s.king)])
    events = rollover(s, filler=author)
    assert proposal(s, q).result_number > law.number
    assert variant(s, "majority") == "two_thirds" and governor(s, "majority") is not None
    assert governor(s, "majority").id == law.id
    changed = next(e for e in events if e.key == "nomic.change_variant")
    assert changed.params == {"knob": "majority", "old": "simple", "new": "two_thirds", "number": law.number}


def test_rule_100_a_new_law_cannot_switch_off_what_a_lower_rule_declares() -> None:
    s = new_game()
    (p,) = propose(s, B, {**enact("Niente tangenti"), "change": {"off": ["bribes"]}})
    passes(s, p, C, D)
    events = rollover(s)
    assert "bribes" in s.mechanics
    said = next(e for e in events if e.key == "nomic.change_off_overruled")
    assert said.params["prevails"] == 2700 and said.params["mechanic"] == "bribes"


def test_a_repeal_is_previewed_before_the_vote_like_any_change() -> None:
    """Issue 38: repealing rule 10 would turn Carla's law from a tie into a pass (the King's double
    vote against would weigh nothing): the preview says so, and that the King's powers would go."""
    s = new_game()  # Anna King
    (p,) = propose(s, B, {"kind": "repeal", "rule": 10})
    (q,) = propose(s, C, enact("Cortesia"))
    vote(s, A, q, "against")
    vote(s, D, q, "for")
    before = s.model_dump_json()
    pv = preview(s, p)
    assert s.model_dump_json() == before  # the state is untouched
    (c,) = pv.votes
    assert (c.proposal, c.passed_now, c.passed_then) == (q, False, True)
    assert (c.for_now, c.against_now, c.for_then, c.against_then) == (4002, 4002, 4002, 0)
    assert [(e.key, e.params["mechanic"]) for e in pv.game] == [("nomic.change_off", "king_powers")]
    assert consequences(s, p) == pv.votes
    plain = preview(s, q)  # a law with no change: nothing in the game, no other outcome
    assert plain.game == [] and plain.votes == []
    overruled = propose(s, D, {**enact("Due terzi"), "change": {"set": {"majority": "two_thirds"}}})[0]
    assert [e.key for e in preview(s, overruled).game] == ["nomic.change_overruled"]
    stop = propose(s, D, {"kind": "repeal", "rule": 2600})[0]  # no proposals: it would wait (rule 2100)
    assert [e.key for e in preview(s, stop).game] == ["nomic.preview_held"] and preview(s, stop).votes == []


def test_rule_100_follows_the_scribes_reordering_of_laws_passed_together() -> None:
    """Two laws passed together speak of the same knob (bribes repealed first, so no lower rule does):
    the lower-numbered one holds, and when the Scribe orders their numbers the other way, it changes,
    said in the Gazette."""
    s = new_game()
    (r,) = propose(s, D, {"kind": "repeal", "rule": 2700})
    passes(s, r, B, C)
    rollover(s, filler=C)
    author = next(x for x in (B, C, D) if x != s.king)
    others = [x for x in (A, B, C, D) if x not in (author, s.king)]
    p, q = propose(s, author, {**enact("Tangenti care"), "change": {"on": ["bribes"], "set": {"bribe_threshold": 900}}},
                   {**enact("Tangenti modiche"), "change": {"on": ["bribes"], "set": {"bribe_threshold": 500}}})
    for voter in others:
        act(s, voter, {"type": "vote", "letter": proposal(s, p).letter,
                       "items": [{"proposal": x, "choice": "for"} for x in (p, q)]})
    rollover(s, filler=author)
    first, second = proposal(s, p).result_number, proposal(s, q).result_number
    assert first < second and param(s, "bribe_threshold") == 900
    together = sorted(r.number for r in s.rules if r.id in s.last_approved)  # the filler law passed too
    wanted = [second, first] + [n for n in together if n not in (first, second)]
    events = act(s, s.scribe, {"type": "scribe_reorder", "numbers": wanted})
    assert param(s, "bribe_threshold") == 500
    assert any(e.key == "nomic.change_number" and e.params["new"] == 500 for e in events)
