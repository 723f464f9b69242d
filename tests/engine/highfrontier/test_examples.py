"""Every worked example of the Module 5 rulebook, played through the engine's actions.

Where an example starts mid-game, `Table.place` sets up its past (where the tokens stand and who
holds which hole); everything the example then does is an action through `GAME.apply`.
"""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier.companies import is_bull, price, value
from engine.highfrontier.models import SPECULATORS, Loan
from tests.engine.highfrontier.helpers import Table, pid


def test_5b2b_a_fresh_launch_company_costs_1_and_serves_at_7() -> None:
    t = Table(2)
    t.give("Rosso", 1)
    t.do("Rosso", type="float", company="triangle1")
    assert (t.co("triangle1").row, value(t.state, t.co("triangle1")), price(t.state, t.co("triangle1"))) == (1, 1, 7)
    t.do("Rosso", type="turn_end")
    t.give("Bianco", 7)
    t.do("Bianco", type="service", company="triangle1")  # launching a mass-5 card to LEO
    assert t.aqua("Bianco") == 0 and t.co("triangle1").row == 2


def test_5b3g_a_loan_of_three_cubes_at_price_3() -> None:
    t = Table(2)
    t.place("hexagon1", 2, 5, ["Bianco"])
    assert price(t.state, t.co("hexagon1")) == 3
    t.do("Rosso", type="year")
    t.do("Rosso", type="year")  # third year
    t.do("Rosso", type="service", company="hexagon1", cubes=3)
    assert t.aqua("Rosso") == 12 - 3  # the 12 Aqua loan first, then the interest
    assert [(x.cubes, x.due) for x in t.state.holders[pid("Rosso")].loans] == [(3, 11)]
    assert t.co("hexagon1").row == 3
    with pytest.raises(RuleError) as err:  # not within the year it was taken
        t.do("Rosso", type="repay", cubes=1)
    assert err.value.code == "hf.cannot_repay"


def test_5b3g_a_second_loan_is_refused() -> None:
    t = Table(2)
    t.place("hexagon1", 2, 5, ["Bianco"])
    t.do("Rosso", type="service", company="hexagon1", cubes=1)
    t.do("Rosso", type="turn_end")
    t.do("Bianco", type="turn_end")
    with pytest.raises(RuleError) as err:
        t.do("Rosso", type="service", company="hexagon1", cubes=1)
    assert err.value.code == "hf.second_loan"


def test_5b5a_glory_then_a_paying_client_lift_the_launch_company_twice() -> None:
    t = Table(2)
    t.place("triangle1", 2, 1, ["Rosso"])
    t.do("Rosso", type="parade")
    assert t.co("triangle1").row == 3
    t.give("Rosso", 7)
    t.do("Rosso", type="service", company="triangle1")
    assert t.co("triangle1").row == 4 and t.aqua("Rosso") == 0


def test_5b5b_one_explosion_with_three_cards_lost_makes_the_launch_company_insolvent() -> None:
    t = Table(3)
    t.place("triangle1", 3, 1, ["Rosso", "Bianco"])
    t.do("Rosso", type="event_roll", roll=1, effect="explosion", cards_lost=3)
    assert not t.co("triangle1").floated
    assert [i.company for i in t.state.insolvencies] == ["triangle1"]
    assert "hf.angel_wanted" in t.event_keys()


def test_5b5c_reinvesting_at_the_right_edge_gives_a_sixth_share() -> None:
    t = Table(3)
    t.place("square1", 3, 8, ["Verde"])
    assert value(t.state, t.co("square1")) == 5 and is_bull(t.state, t.co("square1"))
    t.do("Rosso", type="event_roll", roll=2)
    assert t.state.meeting == ["square1"]
    t.do("Verde", type="board", company="square1", choice="reinvest")
    assert (t.co("square1").row, t.co("square1").col) == (2, 8)
    t.do("Verde", type="hedge", take="share")
    h = t.state.holders[pid("Verde")]
    assert h.share_tokens == 6 and h.hedge_shares == 1


def test_5b6_an_angel_with_borrowed_aqua_saves_the_patents_company() -> None:
    t = Table(4)  # Rosso, Bianco, Verde (you), Viola
    t.place("square1", 1, 8, ["Verde", "Rosso", "Viola"])
    assert value(t.state, t.co("square1")) == 3
    t.give("Verde", 5)
    t.give("Bianco", 1)
    t.state.holders[pid("Bianco")].loans = [Loan(cubes=1, due=9, taken=1)]
    t.do("Rosso", type="dump", company="square1")
    assert t.aqua("Rosso") == 3 and not t.co("square1").floated
    with pytest.raises(RuleError) as err:  # the straw man
        t.do("Rosso", type="angel", company="square1")
    assert err.value.code == "hf.straw_man"
    with pytest.raises(RuleError):  # 5 Aqua: one short of twice 3
        t.do("Verde", type="angel", company="square1")
    t.do("Verde", type="offer", to=pid("Bianco"), get={"aqua": 1, "debt": 1})
    deal = t.state.deals[-1].id
    t.do("Bianco", type="accept", deal=deal)
    assert t.aqua("Verde") == 6 and t.state.holders[pid("Verde")].loans[0].cubes == 1
    assert t.state.holders[pid("Bianco")].loans == []
    t.do("Verde", type="angel", company="square1")
    t.do("Bianco", type="angel", company="square1", offer=False)
    t.do("Viola", type="angel", company="square1", offer=False)
    assert t.co("square1").floated and (t.co("square1").row, t.co("square1").col) == (1, 8) and t.co("square1").holes == [pid("Verde"), None, None]
    assert t.aqua("Verde") == 0 and t.state.default_holder is None


def test_5b8_capped_at_the_top_the_president_takes_a_cube() -> None:
    t = Table(3)
    t.place("triangle1", 7, 1, ["Verde"])
    t.give("Rosso", 7)
    t.do("Rosso", type="service", company="triangle1")
    assert t.co("triangle1").row == 7
    assert "hf.capped" in t.event_keys()
    t.do("Verde", type="hedge", take="cube")
    h = t.state.holders[pid("Verde")]
    assert (h.hedge_cubes, h.cubes_gained) == (1, 1)


def test_5c1a_float_for_one_then_a_second_buyer_lifts_it() -> None:
    t = Table(2)
    t.give("Rosso", 1)
    t.give("Bianco", 1)
    t.do("Rosso", type="float", company="triangle1")
    t.do("Rosso", type="turn_end")
    t.do("Bianco", type="buy", company="triangle1")
    assert t.co("triangle1").row == 2 and t.co("triangle1").holes == [pid("Rosso"), pid("Bianco"), None]
    assert t.aqua("Rosso") == t.aqua("Bianco") == 0


def test_5c2_fragmenting_the_patents_company() -> None:
    t = Table(2)
    t.place("square1", 2, 4, ["Bianco", "Rosso"])
    assert price(t.state, t.co("square1")) == 4
    t.do("Rosso", type="fragment", company="square1", side="black")
    old, new = t.co("square1"), t.co("square2")  # read after the move
    assert (old.row, old.col, old.holes) == (1, 4, [pid("Bianco"), None, None])
    assert (new.row, new.col, new.holes, new.side) == (1, 4, [pid("Rosso"), None, None], "black")
    t.do("Rosso", type="turn_end")
    with pytest.raises(RuleError) as err:  # ET services wait for the flip
        t.do("Bianco", type="service", company="square2")
    assert err.value.code == "hf.black_not_yet"




def test_5c5_a_proxy_fight_then_corruption_in_reply() -> None:
    t = Table(4)
    t.place("circle1", 2, 3, ["Viola", "Viola", "Bianco"])
    t.place("triangle1", 2, 2, ["Rosso", "Viola"])
    t.do("Rosso", type="first_isotope", domes={})
    assert t.co("circle1").col == 1 and value(t.state, t.co("circle1")) == 1  # one isotope after the flip
    t.do("Rosso", type="turn_end")
    with pytest.raises(RuleError) as err:
        t.do("Bianco", type="proxy", company="circle1", target=pid("Viola"), delegates=0)
    assert err.value.code == "hf.few_delegates"
    t.do("Bianco", type="proxy", company="circle1", target=pid("Viola"), delegates=1)
    assert pid("Viola") in __import__("engine.highfrontier", fromlist=["GAME"]).GAME.awaiting(t.state)
    t.do("Viola", type="proxy_answer", counter=False)
    assert t.co("circle1").holes[0] == pid("Bianco") and t.co("circle1").holes.count(pid("Bianco")) == 2
    t.do("Bianco", type="turn_end")
    t.do("Verde", type="turn_end")
    t.do("Viola", type="litigate", law="authority", company="triangle1", player=pid("Bianco"), other="circle1")
    assert t.co("circle1").holes[0] == pid("Viola")
    assert pid("Bianco") in t.co("triangle1").holes and pid("Viola") not in t.co("triangle1").holes


def test_5c5_dumping_into_insolvency_and_an_angel_who_dumps_to_pay() -> None:
    t = Table(3)  # Rosso (you), Bianco, Verde (the angel)
    t.place("circle1", 2, 3, ["Rosso", "Rosso", "Bianco"])
    t.place("triangle1", 1, 1, ["Verde"])
    t.give("Verde", 1)
    t.do("Rosso", type="dump", company="circle1", count=2)
    assert t.aqua("Rosso") == 2 + 1 and not t.co("circle1").floated
    t.do("Verde", type="dump", company="triangle1")  # to pay the angel's price
    assert t.aqua("Verde") == 2 and not t.co("triangle1").floated
    t.do("Rosso", type="angel", company="triangle1", offer=False)
    t.do("Bianco", type="angel", company="triangle1", offer=False)
    assert t.state.default_holder == pid("Verde")  # president of the launch company nobody saved
    t.do("Verde", type="angel", company="circle1")
    t.do("Bianco", type="angel", company="circle1", offer=False)
    finao = t.co("circle1")
    assert finao.floated and finao.row == 1 and finao.holes[0] == pid("Verde") and t.aqua("Verde") == 0
    assert t.state.default_holder == pid("Verde")
    with pytest.raises(RuleError) as err:  # no buying back what you dumped this turn
        t.do("Rosso", type="buy", company="circle1")
    assert err.value.code == "hf.dumped_this_turn"


def test_5d1_dividends_then_a_parade_swap() -> None:
    t = Table(4)
    t.place("triangle1", 4, 1, ["Rosso", "Viola"])
    t.do("Rosso", type="parade")
    assert t.co("triangle1").row == 5
    t.do("Rosso", type="event_roll", roll=5)
    with pytest.raises(RuleError):  # at most the four dots of row 5
        t.do("Rosso", type="board", company="triangle1", choice="dividend", amount=5)
    t.do("Rosso", type="board", company="triangle1", choice="dividend", amount=3)
    assert t.aqua("Rosso") == t.aqua("Viola") == 3 and t.co("triangle1").row == 2
    t.do("Viola", type="parade", take_presidency=True)
    assert t.co("triangle1").holes[0] == pid("Viola") and t.co("triangle1").row == 3


def test_5d2_reinvesting_until_row_1() -> None:
    t = Table(3)  # Rosso, Bianco, Verde: Verde floats FINAO
    t.give("Verde", 1)
    t.give("Rosso", 5)
    t.do("Rosso", type="turn_end")
    t.do("Bianco", type="turn_end")
    t.do("Verde", type="float", company="circle1")
    t.do("Verde", type="turn_end")
    t.do("Rosso", type="buy", company="circle1")
    assert (t.co("circle1").row, t.co("circle1").col) == (2, 3)
    t.do("Rosso", type="event_roll", roll=3)
    t.do("Verde", type="board", company="circle1", choice="reinvest")
    assert (t.co("circle1").row, t.co("circle1").col) == (1, 4)
    t.do("Rosso", type="turn_end")
    t.do("Bianco", type="turn_end")
    t.do("Verde", type="turn_end")
    t.do("Rosso", type="service", company="circle1", malf="close_pass")  # 4 Aqua, a malf
    assert t.aqua("Rosso") == 0 and t.co("circle1").row == 2 and t.state.holders[pid("Rosso")].malfs == ["close_pass"]
    t.do("Rosso", type="event_roll", roll=4)
    t.do("Verde", type="board", company="circle1", choice="reinvest")
    assert (t.co("circle1").row, t.co("circle1").col) == (1, 5)
    t.do("Rosso", type="event_roll", roll=4)  # row 1 takes no board decision
    assert t.state.meeting == [] and "hf.your_board" not in t.event_keys()


def test_5e3c_the_flip_creates_the_isotope_bank() -> None:
    t = Table(2)  # Rosso (you) and Bianco (the banker)
    t.place("triangle1", 3, 2, ["Rosso"])
    t.place("circle1", 2, 3, ["Bianco"])
    t.give("Rosso", 10)
    t.do("Bianco", type="first_isotope", domes={pid("Rosso"): 1, pid("Bianco"): 1})
    s = t.state
    assert s.flipped and t.aqua("Rosso") == 0 and s.banker == pid("Bianco")
    assert (s.vault(SPECULATORS).blue, s.vault(SPECULATORS).gold) == (2, 0)
    assert (s.vault(pid("Rosso")).blue, s.vault(pid("Rosso")).gold) == (1, 0)
    assert (s.vault(pid("Bianco")).blue, s.vault(pid("Bianco")).gold) == (1, 1)
    assert (t.co("triangle1").row, t.co("triangle1").col) == (3, 1)


def test_5f5_dividends_pay_the_isotope_to_the_president_and_issue_fiduciary_media() -> None:
    t = Table(4)
    t.place("circle1", 3, 2, ["Viola", "Rosso", "Bianco"])
    t.do("Rosso", type="first_isotope", domes={})  # Rosso banks: speculators get 1 fiduciary
    t.do("Rosso", type="isotopes", delta=1)
    t.do("Rosso", type="cash_ratio", blue=1)  # 5F2b: the banker retires it
    t.do("Rosso", type="ledger", kind="pearls", amount=1, income=False)  # one isotope to the speculators
    assert (t.state.vault(SPECULATORS).gold, t.state.vault(SPECULATORS).blue) == (1, 0)
    t.do("Rosso", type="event_roll", roll=2)
    t.do("Viola", type="board", company="circle1", choice="dividend", amount=1)
    s = t.state
    assert s.vault(pid("Viola")).gold == 1
    assert s.vault(pid("Rosso")).blue == 1 and s.vault(pid("Bianco")).blue == 1
    assert s.vault(SPECULATORS).gold == 0 and t.co("circle1").row == 2


def test_5g2_post_flip_movement_is_unchanged() -> None:
    t = Table(3)
    t.place("circle1", 3, 3, ["Rosso", "Verde"])
    t.do("Rosso", type="first_isotope", domes={pid("Rosso"): 2, pid("Bianco"): 1})
    assert (t.co("circle1").row, t.co("circle1").col) == (3, 1)
    t.do("Rosso", type="event_roll", roll=2)
    t.do("Rosso", type="board", company="circle1", choice="reinvest")
    assert (t.co("circle1").row, t.co("circle1").col) == (2, 2)
    t.do("Rosso", type="service", company="circle1")  # 2 pearls to avoid a risk roll
    assert t.state.vault(pid("Rosso")).blue == 0 and t.co("circle1").row == 3
    t.do("Rosso", type="turn_end")
    t.do("Bianco", type="buy", company="circle1")  # one pearl
    assert t.co("circle1").row == 4 and t.state.vault(pid("Bianco")).blue == 0
    t.do("Bianco", type="event_roll", roll=5)
    t.do("Rosso", type="board", company="circle1", choice="dividend", amount=3)
    assert t.co("circle1").row == 1
    assert all(t.state.vault(p).gold + t.state.vault(p).blue >= 3 for p in (pid("Rosso"), pid("Verde")))
    with pytest.raises(RuleError) as err:  # the speculators have no pearl left to buy it (5C5d)
        t.do("Verde", type="dump", company="circle1")
    assert err.value.code == "hf.speculators_short"
    t.do("Bianco", type="ledger", kind="pearls", amount=1, income=False)
    t.do("Verde", type="dump", company="circle1")  # one more hole and it is insolvent
    assert not t.co("circle1").floated


def test_5g3_a_bank_panic_run_deflation_and_recession() -> None:
    t = Table(3, 5)  # Rosso (first player), Bianco (banker), Giallo
    t.state.players[2].name = "Giallo"
    t.place("square1", 2, 3, ["Rosso", "Rosso"], side="black")  # Unicorn ET
    t.place("circle1", 1, 3, ["Bianco", "Verde"])  # FINAO
    t.place("hexagon1", 1, 4, ["Verde"])  # the loan company
    t.do("Bianco", type="first_isotope", domes={pid("Rosso"): 2, pid("Bianco"): 2})
    assert t.co("hexagon1").col == 4
    t.do("Bianco", type="isotopes", delta=1)
    t.do("Bianco", type="cash_ratio", blue=1)
    t.do("Bianco", type="offer", to=pid("Verde"), give={"gold": 1})
    t.do("Verde", type="accept", deal=t.state.deals[-1].id)
    t.do("Verde", type="ledger", kind="pearls", amount=1, income=False)
    spec = t.state.vault(SPECULATORS)
    assert (spec.blue, spec.gold) == (2, 1)
    t.state.companies["hexagon1"].col = 2  # the example's loan company stands one column from the edge
    t.do("Bianco", type="event_roll", roll=6, effect="anarchy")
    assert t.state.vault(pid("Bianco")).gold == 2  # the run: one fiduciary for the last isotope
    assert all(v.blue == 0 for v in t.state.vaults.values())  # deflation
    assert t.state.deflation == {pid("Rosso"): 2, pid("Bianco"): 1}
    t.do("Rosso", type="deflate", company="square1")
    t.do("Rosso", type="deflate", company="square1")
    assert not t.co("square1").floated
    t.do("Bianco", type="deflate", company="circle1")
    assert not t.co("circle1").floated
    for who in ("Rosso", "Bianco", "Verde"):
        t.do(who, type="angel", company="square1", offer=False)
    for who in ("Rosso", "Bianco", "Verde"):
        t.do(who, type="angel", company="circle1", offer=False)
    assert t.co("hexagon1").col == 1  # recession, stopped by the board's left edge
    assert t.state.default_holder == pid("Bianco")  # FINAO went last
    assert "hf.meeting_over" in t.event_keys()


def test_5h_company_victory_points() -> None:
    t = Table(2)
    t.place("circle1", 4, 1, ["Rosso", "Rosso", "Bianco"])
    t.place("triangle1", 4, 2, ["Rosso", "Bianco"])
    t.place("square1", 2, 2, ["Bianco", "Rosso"])
    from engine.highfrontier.scoring import score
    s = score(t.state, pid("Rosso"))
    assert (s.shares, s.presidencies, s.total) == (4, 6, 10)
    t.do("Rosso", type="end_game")
    assert t.state.status == "finished" and t.state.winners == [pid("Rosso")]


def test_5b6c_with_two_angels_the_president_picks_the_archangel() -> None:
    t = Table(4)
    t.place("square1", 1, 8, ["Verde", "Rosso"])
    for who in ("Bianco", "Viola"):
        t.give(who, 6)
    t.do("Rosso", type="dump", company="square1")
    t.do("Bianco", type="angel", company="square1")
    t.do("Viola", type="angel", company="square1")
    t.do("Verde", type="angel", company="square1", offer=False)
    assert t.state.insolvencies and "hf.archangel" in t.event_keys()
    with pytest.raises(RuleError):
        t.do("Bianco", type="angel_pick", company="square1", player=pid("Bianco"))
    t.do("Verde", type="angel_pick", company="square1", player=pid("Viola"))
    assert t.co("square1").holes[0] == pid("Viola") and t.aqua("Viola") == 0 and t.aqua("Bianco") == 6


def test_5b3c_launching_to_a_non_monetization_bernal_costs_double_even_after_the_flip() -> None:
    t = Table(2)
    t.place("triangle1", 2, 1, ["Bianco"])
    t.give("Rosso", 14)
    t.do("Rosso", type="service", company="triangle1", bernal=True)
    assert t.aqua("Rosso") == 0 and t.co("triangle1").row == 3
    t.do("Rosso", type="turn_end")
    with pytest.raises(RuleError) as err:
        t.do("Bianco", type="service", company="triangle1", deluxe=True)
    assert err.value.code == "hf.finao_only"
