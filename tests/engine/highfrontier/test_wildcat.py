"""The wildcat isotope bank (5F6): creation and starting funds, the bank choice for payments, the
rival Bernal colony that removes the poorer bank, and the end-game bank."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier import isotope_bank, scoring, wildcat
from engine.highfrontier.models import RESERVE, SPECULATORS
from tests.engine.highfrontier.helpers import Table, pid
from tests.engine.highfrontier.play import check

W = "wildcat:"


def flipped(n: int = 3) -> Table:
    """Bianco's factory flipped the market with three companies floating."""
    t = Table(n)
    t.place("triangle1", 3, 2, ["Rosso"])
    t.place("circle1", 2, 3, ["Bianco", "Rosso"])
    t.place("square1", 4, 2, ["Verde"])
    t.do("Bianco", type="first_isotope", domes={pid("Rosso"): 1, pid("Bianco"): 1})
    return t


def test_5f6_example_the_second_bank_on_okyrhoe() -> None:
    t = flipped()
    # Rosso's new factory refines an isotope D: the wildcat bank opens there
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    s = t.state
    assert s.wildcat == pid("Rosso") and s.banker == pid("Bianco")
    assert (s.vault(W + pid("Rosso")).gold, s.vault(W + pid("Rosso")).blue) == (1, 0)  # no dome fiduciary
    assert (s.vault(W + SPECULATORS).gold, s.vault(W + SPECULATORS).blue) == (0, 3)  # three companies
    assert isotope_bank.isotope_total(s, "wildcat") == 1 and isotope_bank.isotope_total(s, "main") == 1
    assert "hf.wildcat_bank" in t.event_keys()
    check(s)


def test_5f6_refusals_change_nothing() -> None:
    t = Table(3)
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    assert err.value.code == "hf.not_flipped"
    t = flipped()
    before = t.state.model_dump(exclude={"clock"})
    for who, action, code in (
        ("Rosso", {"type": "wildcat", "isotopes": {}}, "hf.wildcat_no_isotope"),  # no isotope at the site
        ("Bianco", {"type": "wildcat", "isotopes": {pid("Bianco"): 1}}, "hf.already_banker"),
        ("Rosso", {"type": "wildcat", "isotopes": {pid("Rosso"): 1, "9999": 1}}, "hf.bad_isotopes"),
        ("Rosso", {"type": "bank", "bank": "wildcat"}, "hf.no_wildcat"),
        ("Rosso", {"type": "rival_bank", "isotopes": 5}, "hf.no_wildcat"),
        ("Rosso", {"type": "isotopes", "delta": 1, "bank": "wildcat"}, "hf.no_wildcat"),
    ):
        t.turn_to(who)  # the reporter's own turn: what is refused is the report itself
        before = t.state.model_dump(exclude={"clock"})
        with pytest.raises(RuleError) as err:
            t.do(who, **action)
        assert err.value.code == code
        assert t.state.model_dump(exclude={"clock"}) == before
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    with pytest.raises(RuleError) as err:
        t.do("Verde", type="wildcat", isotopes={pid("Verde"): 1})
    assert err.value.code == "hf.two_banks"  # only two banks (5F6e)
    with pytest.raises(RuleError) as err:
        t.do("Verde", type="bank", bank="main")
    assert err.value.code == "hf.same_bank"


def test_5f6c_d_payments_go_through_the_chosen_bank() -> None:
    t = flipped()
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 2})
    s = t.state
    t.do("Rosso", type="bank", bank="wildcat")
    # 5F6c: buying a share pays the wildcat speculators from Rosso's wildcat vault (value 2 here)
    main_before = s.vault(pid("Rosso")).model_dump()
    t.do("Rosso", type="buy", company="square1")
    paid = 2 - s.vault(W + pid("Rosso")).gold
    assert paid > 0 and s.vault(W + SPECULATORS).gold == paid
    assert s.vault(pid("Rosso")).model_dump() == main_before  # the main vault is untouched
    # 5F6d: the president's dividend comes out of the bank the president chose, for every holder
    t.do("Rosso", type="turn_end")
    t.do("Verde", type="bank", bank="wildcat")
    spec = isotope_bank.pearls(s, W + SPECULATORS)
    rosso_main = isotope_bank.pearls(s, pid("Rosso"))
    t.do("Bianco", type="event_roll", roll=5)
    names = {pid(n): n for n in ("Rosso", "Bianco", "Verde")}
    while s.meeting:
        cid = s.meeting[0]
        name = names[str(s.companies[cid].holes[0])]
        if cid == "square1":
            t.do(name, type="board", company=cid, choice="dividend", amount=1)
        else:
            t.do(name, type="board", company=cid, choice="pass")
    assert isotope_bank.pearls(s, W + SPECULATORS) == spec - 2  # Verde's share and Rosso's
    assert isotope_bank.pearls(s, W + pid("Verde")) == 1
    assert isotope_bank.pearls(s, pid("Rosso")) == rosso_main  # nothing in Rosso's main vault
    check(s)


def test_5f6d_a_dump_is_refused_when_the_chosen_speculators_are_short() -> None:
    t = flipped()
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    s = t.state
    isotope_bank.move(s, W + SPECULATORS, RESERVE, blue=3)  # the wildcat speculators are empty
    t.do("Rosso", type="bank", bank="wildcat")
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="dump", company="triangle1", count=1)
    assert err.value.code == "hf.speculators_short"
    t.do("Rosso", type="bank", bank="main")
    t.do("Rosso", type="dump", company="triangle1", count=1)  # the main speculators can pay
    assert "hf.dumped" in t.event_keys()


def test_5f6e_a_richer_bernal_colony_removes_the_poorer_bank() -> None:
    t = flipped()
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 3, pid("Verde"): 1})
    s = t.state
    t.do("Bianco", type="isotopes", delta=1)  # main bank: 2 isotopes, wildcat: 4
    isotope_bank.move(s, W + SPECULATORS, RESERVE, blue=1)
    with pytest.raises(RuleError) as err:
        t.do("Verde", type="rival_bank", isotopes=4)  # must be more than every bank
    assert err.value.code == "hf.rival_short"
    with pytest.raises(RuleError) as err:
        t.do("Verde", type="rival_bank", isotopes=5, remove="wildcat")
    assert err.value.code == "hf.rival_not_lowest"
    t.do("Verde", type="rival_bank", isotopes=5)
    # the main bank (2 isotopes) goes: fiduciary discarded, isotopes back into the stacks
    assert s.banker == pid("Verde") and s.wildcat == pid("Rosso")
    assert s.vault(pid("Bianco")).model_dump() == {"gold": 0, "blue": 0}
    assert s.vault(pid("Rosso")).model_dump() == {"gold": 0, "blue": 0}
    assert s.vault(pid("Verde")).gold == 5
    assert (s.vault(SPECULATORS).gold, s.vault(SPECULATORS).blue) == (0, 3)  # new funds (5F6b)
    assert isotope_bank.isotope_total(s, "wildcat") == 4
    assert "hf.bank_removed" in t.event_keys()
    check(s)


def test_5f6e_the_speculators_isotopes_move_with_the_board() -> None:
    t = flipped()
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    s = t.state
    # Bianco pays 2 in the main bank: his fiduciary pearl, then his isotope, to the speculators
    t.do("Bianco", type="ledger", kind="pearls", amount=2, income=False)
    assert s.vault(SPECULATORS).gold == 1
    # a tie: the main bank's isotope is the speculators' one, the wildcat's is Rosso's
    assert isotope_bank.isotope_total(s, "main") == isotope_bank.isotope_total(s, "wildcat") == 1
    with pytest.raises(RuleError) as err:
        t.do("Verde", type="rival_bank", isotopes=2)
    assert err.value.code == "hf.rival_tie"
    t.do("Verde", type="rival_bank", isotopes=2, remove="main")
    assert s.vault(SPECULATORS).gold == 1 and s.vault(pid("Verde")).gold == 2
    assert isotope_bank.isotope_total(s, "main") == 3
    check(s)


def test_5f6f_only_the_richer_bank_gives_the_badge() -> None:
    t = flipped()
    s = t.state
    assert wildcat.exodus_bank(s) == "main"
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    assert wildcat.exodus_bank(s) == "main" and wildcat.badge(s) == pid("Bianco")  # tie: the first bank
    t.do("Rosso", type="isotopes", delta=1, bank="wildcat")
    assert wildcat.exodus_bank(s) == "wildcat" and wildcat.badge(s) == pid("Rosso")
    assert scoring.score(s, pid("Rosso")).banker == 0  # the badge VP is the solitaire's (5Ll)


def test_5f6a_a_panic_runs_on_both_banks() -> None:
    t = flipped()
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    s = t.state
    t.do("Rosso", type="bank", bank="wildcat")
    t.do("Rosso", type="ledger", kind="pearls", amount=1, income=False)  # wildcat speculators: +1 gold
    t.do("Rosso", type="ledger", kind="pearls", amount=1)  # paid back with a wildcat fiduciary
    assert s.vault(W + pid("Rosso")).blue == 1
    t.do("Rosso", type="exodus")  # a desperate leap: anarchy and bank panic (5G3)
    assert s.vault(W + pid("Rosso")).model_dump() == {"gold": 1, "blue": 0}  # the run got an isotope
    assert all(v.blue == 0 for v in s.vaults.values())
    assert s.deflation.get(pid("Rosso"), 0) == 1  # the main-bank dome fiduciary was lost
    check(s)


def test_5f5d_the_wildcat_banker_answers_isotopes_added_to_the_wildcat_bank() -> None:
    t = flipped()
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    s = t.state
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="cash_ratio", blue=1)  # no isotope added to the wildcat bank yet
    assert err.value.code == "hf.cash_ratio"
    t.do("Verde", type="isotopes", delta=1, bank="wildcat")
    assert s.ratio_credit == 0  # the main banker gets nothing to answer
    t.do("Rosso", type="cash_ratio", blue=1)
    assert s.vault(W + SPECULATORS).blue == 2 and s.vault(SPECULATORS).blue == 3
    check(s)


def test_negotiated_pearls_stay_in_the_giver_s_chosen_bank() -> None:
    t = flipped()
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 2})
    s = t.state
    t.do("Rosso", type="bank", bank="wildcat")
    t.do("Rosso", type="offer", to=pid("Verde"), give={"gold": 2})
    t.do("Verde", type="accept", deal=s.deals[-1].id)
    assert s.vault(W + pid("Verde")).gold == 2 and s.vault(W + pid("Rosso")).gold == 0
    assert s.vault(pid("Verde")).gold == 0
    check(s)
