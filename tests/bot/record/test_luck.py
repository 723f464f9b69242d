"""Dice luck is exact: each roll's inflicted losses against the mean of SPQRisiko's own odds for it."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.record.luck import Luck, SpqrBattles
from engine.spqrisiko.odds import roll_outcomes


def test_a_battle_counts_each_roll_for_both_sides() -> None:
    battle = SimpleNamespace(kind="land", attacker="1", defender="2",
                             rolls=[[[6, 5, 4], [3, 2]], [[2, 1], [6]]])
    tally: dict[str, Luck] = {}
    watch = SpqrBattles()
    watch(SimpleNamespace(last_attack=battle), tally)
    watch(SimpleNamespace(last_attack=battle), tally)  # the same battle seen again counts once
    three_two, two_one = roll_outcomes(3, 2, True), roll_outcomes(2, 1, True)
    assert tally["1"].rolls == 2 and tally["2"].rolls == 2
    # the attacker won the first roll outright (2 killed) and lost the second (0 killed)
    assert tally["1"].actual == 2
    assert tally["1"].expected == pytest.approx(sum(ld * p for _, ld, p in three_two) +
                                                sum(ld * p for _, ld, p in two_one))
    assert tally["2"].actual == 1
    assert tally["2"].expected == pytest.approx(sum(la * p for la, _, p in three_two) +
                                                sum(la * p for la, _, p in two_one))


def test_naval_ties_sink_nothing() -> None:
    battle = SimpleNamespace(kind="naval", attacker="1", defender="2", rolls=[[[4], [4]]])
    tally: dict[str, Luck] = {}
    SpqrBattles()(SimpleNamespace(last_attack=battle), tally)
    assert tally["1"].actual == 0 and tally["2"].actual == 0
    assert tally["1"].expected == pytest.approx(15 / 36)
