"""Dice luck is exact: each roll's inflicted losses against the mean of SPQRisiko's own odds for it;
Galactica's Casino rolls against their 8 chances in 36."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.record.luck import GalacticaCasino, Luck, SpqrBattles
from engine.core import Event
from engine.spqrisiko.odds import roll_outcomes


def test_a_battle_counts_each_roll_for_both_sides() -> None:
    battle = SimpleNamespace(kind="land", attacker="1", defender="2",
                             rolls=[[[6, 5, 4], [3, 2]], [[2, 1], [6]]])
    tally: dict[str, Luck] = {}
    watch = SpqrBattles()
    watch(SimpleNamespace(last_attack=battle), [], tally)
    watch(SimpleNamespace(last_attack=battle), [], tally)  # the same battle seen again counts once
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
    SpqrBattles()(SimpleNamespace(last_attack=battle), [], tally)
    assert tally["1"].actual == 0 and tally["2"].actual == 0
    assert tally["1"].expected == pytest.approx(15 / 36)


def test_casino_rolls_count_for_every_stake() -> None:
    state = SimpleNamespace(players=[SimpleNamespace(id="1", name="Ada"), SimpleNamespace(id="2", name="Bo")])
    tally: dict[str, Luck] = {}
    rolls = [Event(key="galactica.casino_roll", params={"dice": [3, 4], "total": 7, "players": ["Ada", "Bo"]}),
             Event(key="galactica.casino_won", params={"player": "Ada", "amount": 2000}),
             Event(key="galactica.casino_roll", params={"dice": [1, 1], "total": 2, "players": ["Ada"]})]
    GalacticaCasino()(state, rolls, tally)
    assert (tally["1"].rolls, tally["1"].actual) == (2, 1) and (tally["2"].rolls, tally["2"].actual) == (1, 1)
    assert tally["1"].expected == pytest.approx(2 * 8 / 36) and tally["2"].expected == pytest.approx(8 / 36)
