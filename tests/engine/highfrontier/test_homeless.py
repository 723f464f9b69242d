"""The homeless isotope bank (5F1b): a bank whose Factory is destroyed panics, keeps transacting, may
be robbed, and lapses when a new bank is created (5F6, 5F6e)."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier import GAME, isotope_bank, wildcat
from engine.highfrontier.models import SPECULATORS
from tests.engine.highfrontier.helpers import NAMES, Table, pid
from tests.engine.highfrontier.play import check
from tests.engine.highfrontier.test_wildcat import flipped

W = "wildcat:"


def name(player: str) -> str:
    return next(n for n in NAMES if pid(n) == player)


def settle_deflation(t: Table) -> None:
    """Everyone owing shares after the panic lobbies the centrist law instead (5G3b)."""
    while t.state.deflation_order:
        t.do(name(t.state.deflation_order[0]), type="deflate")


def test_5f1b_a_destroyed_factory_leaves_the_bank_homeless_and_panics() -> None:
    t = flipped()
    s = t.state
    assert s.vault(pid("Rosso")).blue == 1 and s.vault(pid("Bianco")).model_dump() == {"gold": 1, "blue": 1}
    events = t.do("Verde", type="homeless", bank="main", cause="combat")
    keys = [e.key for e in events]
    assert s.homeless == ["main"] and s.banker == pid("Bianco")  # the bank and its banker remain
    assert keys[0] == "hf.homeless" and events[0].params == {"bank": "main", "cause": "combat", "player": "Bianco"}
    assert "hf.panic" in keys and next(e for e in events if e.key == "hf.panic").params["why"] == "homeless"
    # 5G3b: every fiduciary pearl goes, and a share is owed per pearl lost
    assert all(v.blue == 0 for v in s.vaults.values())
    assert s.deflation == {pid("Rosso"): 1, pid("Bianco"): 1}
    check(s)


def test_5f1b_the_homeless_bank_keeps_transacting() -> None:
    t = flipped()
    s = t.state
    t.do("Verde", type="homeless", bank="main", cause="new_venus")
    settle_deflation(t)
    t.do("Bianco", type="ledger", kind="pearls", amount=1, income=False)  # Bianco's isotope pays
    assert s.vault(pid("Bianco")).gold == 0 and s.vault(SPECULATORS).gold == 1
    t.do("Verde", type="ledger", kind="pearls", amount=1)  # and the speculators still pay out
    assert s.vault(pid("Verde")).gold == 1 and s.vault(SPECULATORS).gold == 0
    assert "main" in GAME.view(s, None).homeless
    check(s)


def test_5f1b_refusals_change_nothing() -> None:
    t = Table(3)
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="homeless", bank="main", cause="comets")
    assert err.value.code == "hf.not_flipped"
    t = flipped()
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="homeless", bank="wildcat", cause="comets")
    assert err.value.code == "hf.no_wildcat"
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="rob", bank="main", victim=pid("Bianco"), isotopes=1)
    assert err.value.code == "hf.not_homeless"  # a bank with its Factory cannot be robbed
    t.do("Verde", type="homeless", bank="main", cause="goldilocks")
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="rob", bank="main", victim=pid("Bianco"), isotopes=1)
    assert err.value.code == "hf.wait"  # the panic's deflation comes first
    settle_deflation(t)
    before = t.state.model_dump(exclude={"clock"})
    for who, action, code in (
        ("Rosso", {"type": "homeless", "bank": "main", "cause": "combat"}, "hf.already_homeless"),
        ("Verde", {"type": "new_banker"}, "hf.homeless_no_move"),  # no Factory left to anchor a Bernal on
        ("Bianco", {"type": "rob", "bank": "main", "victim": pid("Bianco"), "isotopes": 1}, "hf.rob_yourself"),
        ("Rosso", {"type": "rob", "bank": "main", "victim": "9999", "isotopes": 1}, "hf.no_such_vault"),
        ("Rosso", {"type": "rob", "bank": "main", "victim": pid("Bianco"), "isotopes": 2}, "hf.rob_short"),
        ("Rosso", {"type": "rob", "bank": "main", "victim": SPECULATORS, "isotopes": 1}, "hf.rob_short"),
        ("Rosso", {"type": "wildcat", "isotopes": {pid("Rosso"): 1}, "remove": "wildcat"}, "hf.homeless_lapses"),
    ):
        t.turn_to(who)  # the reporter's own turn: what is refused is the report itself
        before = t.state.model_dump(exclude={"clock"})
        with pytest.raises(RuleError) as err:
            t.do(who, **action)
        assert err.value.code == code
        assert t.state.model_dump(exclude={"clock"}) == before


def test_5f1b_a_homeless_bank_s_vaults_can_be_robbed() -> None:
    t = flipped()
    s = t.state
    t.do("Verde", type="homeless", bank="main", cause="combat")
    settle_deflation(t)
    removed = s.removed.gold
    events = t.do("Rosso", type="rob", bank="main", victim=pid("Bianco"), isotopes=1)
    assert [e.key for e in events] == ["hf.robbed"]
    assert events[0].params == {"player": "Rosso", "victim": "Bianco", "isotopes": 1, "bank": "main"}
    assert s.vault(pid("Bianco")).gold == 0 and s.removed.gold == removed + 1  # into Rosso's stack
    t.do("Verde", type="isotopes", delta=2)  # Verde delivers two isotopes, the speculators earn one
    t.do("Verde", type="ledger", kind="pearls", amount=1, income=False)
    events = t.do("Bianco", type="rob", bank="main", victim=SPECULATORS, isotopes=1)
    assert [e.key for e in events] == ["hf.robbed_speculators"] and s.vault(SPECULATORS).gold == 0
    check(s)


def test_5f6e_a_new_bank_makes_the_homeless_bank_lapse() -> None:
    t = flipped()
    s = t.state
    t.do("Verde", type="homeless", bank="main", cause="combat")
    settle_deflation(t)
    t.do("Bianco", type="ledger", kind="pearls", amount=1, income=False)  # the speculators hold an isotope
    t.do("Rosso", type="isotopes", delta=2)
    # Verde's new Factory refines an isotope where Rosso also keeps one: the new bank replaces the old
    events = t.do("Verde", type="wildcat", isotopes={pid("Verde"): 1, pid("Rosso"): 1})
    keys = [e.key for e in events]
    assert keys[0] == "hf.bank_lapsed" and "hf.bank_replaced" in keys
    assert {"player": "Rosso", "gold": 2, "blue": 0} in [e.params for e in events if e.key == "hf.bank_removed_vault"]
    assert s.homeless == [] and s.wildcat is None  # still a single bank, now Verde's
    assert s.banker == pid("Verde") and s.ratio_credit == 0
    assert s.vault(pid("Rosso")).model_dump() == {"gold": 1, "blue": 0}  # only what sits at the new site
    assert s.vault(pid("Verde")).gold == 1
    assert (s.vault(SPECULATORS).gold, s.vault(SPECULATORS).blue) == (1, 3)  # board moved, fresh fiduciary
    check(s)


def test_5f6e_with_two_banks_the_homeless_one_lapses_not_the_poorer() -> None:
    t = flipped()
    s = t.state
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    t.do("Bianco", type="isotopes", delta=3)  # the main bank is the richer one: 4 isotopes against 1
    t.do("Verde", type="bank", bank="wildcat")
    t.do("Verde", type="homeless", bank="main", cause="comets")
    settle_deflation(t)
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    assert err.value.code == "hf.already_banker"  # nobody banks for both banks
    t.do("Verde", type="wildcat", isotopes={pid("Verde"): 2})
    assert s.banker == pid("Verde") and s.wildcat == pid("Rosso") and s.homeless == []
    assert isotope_bank.isotope_total(s, "main") == 2 and isotope_bank.isotope_total(s, "wildcat") == 1
    # whoever paid through the lapsed bank now pays through the one that took its place
    assert isotope_bank.bank_of(s, pid("Bianco")) == "main" and isotope_bank.bank_of(s, pid("Verde")) == "wildcat"
    check(s)


def test_5f6e_a_richer_bernal_replaces_the_homeless_bank() -> None:
    t = flipped()
    s = t.state
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 3})  # wildcat 3 isotopes, main 1
    t.do("Bianco", type="homeless", bank="wildcat", cause="combat")
    settle_deflation(t)
    with pytest.raises(RuleError) as err:
        t.do("Verde", type="rival_bank", isotopes=4, remove="main")
    assert err.value.code == "hf.homeless_lapses"
    events = t.do("Verde", type="rival_bank", isotopes=4)
    assert "hf.bank_lapsed" in [e.key for e in events]
    assert s.wildcat == pid("Verde") and s.banker == pid("Bianco") and s.homeless == []
    assert s.vault(W + pid("Rosso")).gold == 0 and s.vault(W + pid("Verde")).gold == 4
    check(s)


def test_5f6e_between_two_homeless_banks_the_poorer_lapses() -> None:
    t = flipped()
    s = t.state
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})  # a tie: one isotope each
    t.do("Verde", type="homeless", bank="main", cause="combat")
    settle_deflation(t)
    t.do("Verde", type="homeless", bank="wildcat", cause="combat")
    settle_deflation(t)
    assert s.homeless == ["main", "wildcat"]
    with pytest.raises(RuleError) as err:
        t.do("Verde", type="wildcat", isotopes={pid("Verde"): 1})
    assert err.value.code == "hf.rival_tie"
    t.do("Verde", type="wildcat", isotopes={pid("Verde"): 1}, remove="wildcat")
    assert s.homeless == ["main"] and s.wildcat == pid("Verde") and s.banker == pid("Bianco")
    check(s)


def test_5f6f_a_homeless_bank_gives_no_badge() -> None:
    t = flipped()
    s = t.state
    assert wildcat.badge(s) == pid("Bianco")
    t.do("Rosso", type="homeless", bank="main", cause="combat")
    assert wildcat.badge(s) is None  # the badge goes with a Bernal colony, and this bank has no home


def test_a_snapshot_from_before_homeless_banks_still_loads() -> None:
    t = flipped()
    old = GAME.dump_state(t.state)
    del old["homeless"]
    migrated = GAME.load_state(GAME.migrate_state(old, 1))
    assert migrated.homeless == [] and GAME.dump_state(migrated) == GAME.dump_state(t.state)
