"""Nomica (rule 600), the deferred ledger (1900), the bank (2200), the Crown (2300), quarantine (2000)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.nomic import GAME
from engine.nomic.ledger import available, conserved
from tests.engine.nomic.helpers import A, B, C, D, act, new_game, rollover


def test_deferred_ledger_with_a_deposit_maturing() -> None:
    s = new_game()
    act(s, B, {"type": "deposit", "amount": 1000, "giornate": 1})
    act(s, B, {"type": "give", "to": "Carla", "amount": 300})
    # rule 1900: the treasure stays frozen for the whole Giornata, the gains wait too
    assert (s.treasure[B], s.treasure[C]) == (2001, 2001)  # with Giornata 1's income (rule 2500)
    assert available(s, B) == 701
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "give", "to": "Carla", "amount": 702})
    assert err.value.code == "nomic.not_enough"
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "deposit", "amount": 100, "giornate": 2})
    assert err.value.code == "nomic.deposit_open"
    rollover(s, filler=C)  # Giornata 2: the deposit's only Giornata
    assert s.treasure[B] == 2001 - 1000 - 300 + 1  # plus the economic power income
    assert s.treasure[C] == 2001 + 300 + 1
    assert s.deposits and conserved(s)
    rollover(s, filler=D)  # Giornata 3: back with 10%
    assert s.treasure[B] == 702 + 1 + 1100
    assert not s.deposits and conserved(s)


def test_deposit_limits_and_interest_by_length() -> None:
    s = new_game()
    for amount in (99, 5001):
        with pytest.raises(RuleError) as err:
            act(s, B, {"type": "deposit", "amount": amount, "giornate": 1})
        assert err.value.code == "nomic.deposit_range"
    with pytest.raises(RuleError) as err:
        act(s, B, {"type": "deposit", "amount": 100, "giornate": 5})
    assert err.value.code == "core.bad_action"
    act(s, B, {"type": "deposit", "amount": 155, "giornate": 4})
    act(s, C, {"type": "deposit", "amount": 1000, "giornate": 3})
    back = {}
    for filler in (C, D, A, B, C):
        for e in rollover(s, filler=filler):
            if e.key == "nomic.deposit_back":
                back[e.params["player"]] = (s.giornata, e.params["interest"])
    # requested in G1: 3 Giornate are G2-G4, back at G5; 4 are G2-G5, back at G6 (80%, rounded down)
    assert back == {"Carla": (5, 500), "Bruno": (6, 124)}


def test_crown_collects_losses_not_paid_to_players() -> None:
    s = new_game()
    act(s, B, {"type": "gladiator_buy", "name": "Maximus", "magic": "12341"})
    act(s, C, {"type": "gladiator_buy", "name": "Spartaco", "magic": "21345"})
    assert s.crown == 0
    rollover(s, filler=C)
    assert s.crown == 1000 and conserved(s)


def test_quarantine_then_expulsion() -> None:
    s = new_game()  # Anna is the Scribe
    act(s, A, {"type": "scribe_adjust", "player": "Dario", "amount": -2500, "reason": "debt"})
    events = rollover(s, filler=B)
    assert s.treasure[D] == -498 and s.quarantined == [D]
    assert any(e.key == "nomic.you_are_quarantined" and e.to == [D] for e in events)
    with pytest.raises(RuleError) as err:
        act(s, D, {"type": "give", "to": "Anna", "amount": 1})
    assert err.value.code == "nomic.quarantined"
    assert GAME.legal_actions(s, D) == []  # no gladiators to give up
    rollover(s, filler=C)
    assert D in s.expelled and s.player(D).left and D not in s.quarantined
    with pytest.raises(RuleError) as err:
        act(s, D, {"type": "give", "to": "Anna", "amount": 1})
    assert err.value.code == "core.not_a_player"
    assert conserved(s)


def test_quarantine_surrender_readmits() -> None:
    s = new_game()
    act(s, D, {"type": "gladiator_buy", "name": "Spartaco", "magic": "21345"})
    act(s, D, {"type": "gladiator_buy", "name": "Crixus", "magic": "11111"})
    act(s, A, {"type": "scribe_adjust", "player": "Dario", "amount": -1300, "reason": "debt"})
    rollover(s, filler=B)
    assert s.treasure[D] == 2001 - 1000 - 1300 + 1 and s.quarantined == [D]
    with pytest.raises(RuleError) as err:  # giving all up is enough: no selling one by one
        act(s, D, {"type": "quarantine_offer", "gladiator": "Spartaco", "to": "Anna", "price": 300})
    assert err.value.code == "nomic.surrender_enough"
    act(s, D, {"type": "surrender"})
    assert not [g for g in s.gladiators if g.owner == D]
    rollover(s, filler=C)
    assert s.treasure[D] == -298 + 400 + 1 and D not in s.quarantined and D not in s.expelled


def test_quarantine_sale_one_by_one_then_the_rest_surrendered() -> None:
    s = new_game()
    act(s, D, {"type": "gladiator_buy", "name": "Spartaco", "magic": "21345"})
    act(s, D, {"type": "gladiator_buy", "name": "Crixus", "magic": "11111"})
    act(s, A, {"type": "scribe_adjust", "player": "Dario", "amount": -2000, "reason": "debt"})
    rollover(s, filler=B)
    assert s.treasure[D] == -998  # two gladiators give 400: not enough, so he may sell
    with pytest.raises(RuleError) as err:
        act(s, D, {"type": "quarantine_offer", "gladiator": "Spartaco", "to": "Anna", "price": 200})
    assert err.value.code == "nomic.offer_low"
    act(s, D, {"type": "quarantine_offer", "gladiator": "Spartaco", "to": "Anna", "price": 900})
    act(s, A, {"type": "quarantine_buy", "offer": 1})
    assert next(g for g in s.gladiators if g.name == "Spartaco").owner == A
    rollover(s, filler=C)  # Crixus was not sold: given up for 200
    assert s.treasure[D] == -998 + 900 + 200 + 1
    assert not [g for g in s.gladiators if g.owner == D] and D not in s.expelled
    assert conserved(s)


def offers_hold(s) -> None:  # type: ignore[no-untyped-def]
    """Every player's offers pass the action model and apply (on a copy) or are refused in words."""
    import copy

    for pid in s.player_ids():
        for action in GAME.legal_actions(s, pid):
            GAME.parse_action(action.model_dump(mode="json"))
            try:
                GAME.apply(copy.deepcopy(s), pid, action.model_dump(mode="json"), s.clock)
            except RuleError:
                pass


def test_a_treasure_past_a_billion_has_no_ceiling_and_the_scribes_offered_fine_stays_in_bounds() -> None:
    """Issue 38 (random play, seed 13, step 133): a treasure grown past 10^9 made the Scribe's offered
    fine, -(treasure + 1000), fail its own bound, and the Scribe's panel with it. A treasure has no
    ceiling (rule 600); one correction moves at most 10^9 N, and so does the fine offered."""
    s = new_game()
    act(s, A, {"type": "scribe_adjust", "player": "Bruno", "amount": 10**9, "reason": "premio"})
    act(s, A, {"type": "scribe_adjust", "player": "Bruno", "amount": 10**9, "reason": "ancora"})
    rollover(s, filler=C)
    assert s.treasure[B] > 2 * 10**9 and conserved(s) and s.scribe == A
    fines = [x for x in GAME.legal_actions(s, s.scribe) if x.type == "scribe_adjust" and x.amount < 0]
    assert [x.amount for x in fines] == [-(10**9)] and fines[0].player == B
    offers_hold(s)
    act(s, s.scribe, fines[0].model_dump(mode="json"))
    with pytest.raises(RuleError) as err:  # beyond one correction's bound: refused in words
        act(s, s.scribe, {"type": "scribe_adjust", "player": "Bruno", "amount": -(10**9 + 1), "reason": "troppo"})
    assert err.value.code == "nomic.adjust_range" and err.value.params == {"most": 10**9}


def test_the_scribes_offered_rewrite_of_a_longest_text_stays_in_bounds() -> None:
    s = new_game()
    act(s, A, {"type": "scribe_import", "rules": [{"number": n, "title": f"Lunga {n}", "text": "x" * 16000}
                                                  for n in (1, 2, 3, 4, 6, 7)]})
    texts = [x for x in GAME.legal_actions(s, A) if x.type == "scribe_text"]
    assert texts and all(len(x.text) <= 16000 for x in texts)
    offers_hold(s)
