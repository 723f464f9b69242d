"""L'Alba degli Isotopi (5J): every line of table 5Jj and of 5Jj's set-up that Araldo keeps, checked
against the rulebook's text."""

from __future__ import annotations

import pytest

from engine.core import RuleError
from engine.highfrontier.companies import label
from engine.highfrontier.market import board
from engine.highfrontier.models import SPECULATORS
from tests.engine.highfrontier.helpers import Table, pid

# 5Jj row 5, in the rulebook's words: the company names of each faction's two free shares
ROW_5 = {"grey": {"patents", "launch"}, "red": {"loans", "finao"}, "white": {"launch", "loans"},
         "yellow": {"launch", "finao"}, "purple": {"patents", "loans"}, "green": {"patents", "finao"}}


@pytest.mark.parametrize("factions", [["grey", "red", "white"], ["yellow", "purple", "green"],
                                      ["red", "yellow"], ["green", "grey"]])
def test_5jj_each_faction_starts_with_its_two_shares_and_two_fiduciary_pearls(factions: list[str]) -> None:
    names = ("Rosso", "Bianco", "Verde")[: len(factions)]
    t = Table(len(factions), setup="dawn", factions=factions)
    s = t.state
    assert s.flipped  # "on the post-monetization side"
    for who, faction in zip(names, factions, strict=True):
        me = pid(who)
        assert s.holders[me].faction == faction
        held = {label(c)[:-1] for c in s.companies.values() if c.floated and me in c.holes}
        assert held == ROW_5[faction]  # row 5: two free shares in the companies named
        assert sum(c.holes.count(me) for c in s.companies.values()) == 2
        assert (s.vault(me).blue, t.aqua(who)) == (2, 0)  # row 6: 2 blue pearls; "you start without Aqua"
        h = s.holders[me]  # hedge funds: two shares and two cubes there, three shares in the reserve
        assert (h.hedge_shares, h.hedge_cubes, h.share_tokens) == (2, 2, 5)
    floated = [c for c in s.companies.values() if c.floated]
    assert s.vault(SPECULATORS).blue == len(floated)  # "equal to the number of floating companies"


def test_5jj_a_company_rises_a_row_for_each_share_after_the_first_and_the_first_player_presides() -> None:
    t = Table(2, setup="dawn", factions=["grey", "yellow"])  # both hold a launch share
    launch = t.co("triangle1")
    assert launch.row == 2 and launch.holes[:2] == [pid("Rosso"), pid("Bianco")]
    assert launch.col == board().float_col(True, "triangle")


def test_5jj_the_banker_drawn_at_random_gets_one_isotope() -> None:
    bankers = set()
    for seed in range(12):
        t = Table(3, seed=seed, setup="dawn")
        s = t.state
        assert s.banker in s.order
        assert s.vault(s.banker).gold == 1  # "place 1 Isotope (gold pearl) in their isotope vault"
        assert all(s.vault(p).gold == 0 for p in s.order if p != s.banker)
        bankers.add(s.banker)
    assert len(bankers) > 1  # at random


def test_5ja_the_dawn_needs_two_players() -> None:
    with pytest.raises(RuleError):
        Table(1, setup="dawn")
