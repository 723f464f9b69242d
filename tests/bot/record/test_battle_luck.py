"""Galactica's space and ground combat count in a player's dice luck: each exchange's units destroyed
against the exact mean of its dice, read back from the battle the game keeps in its state."""

from __future__ import annotations

import pytest

from bot.record.battles import expected_kills, read_dice
from bot.record.luck import Luck, watcher
from engine.galactica.exchange import settle
from engine.galactica.models import Battle, Exchange, GalacticaSettings, Side
from engine.galactica.odds import exchange_odds


class _State:
    def __init__(self, battles: list[Battle]) -> None:
        self.battles, self.settings, self.players = battles, GalacticaSettings(), []


def _exchange(striker: str, receiver: str, s_line: list[str], r_line: list[str], s_dice: list[int],
              r_dice: list[int], bonus: int = 0) -> Exchange:
    strikes, blocks, killed = settle(s_line, r_line, s_dice, r_dice, GalacticaSettings(), tank_bonus=bonus)
    return Exchange(striker=striker, receiver=receiver, rolls=s_dice, block_rolls=r_dice, strikes=strikes,
                    blocks=blocks, killed=[r_line[i] for i in killed])


def test_a_known_ground_battle_counts_expected_and_actual_for_each_striker() -> None:
    # 1 tank lands on a planet held by 1 tank and no turret: the attacker rolls 5 against 3, a kill
    battle = Battle(kind="ground", cell="c", planet="p", attacker=Side(player="11", units={"tank": 1}),
                    defender=Side(player="22", units={"tank": 1, "turret": 0}),
                    exchanges=[_exchange("11", "22", ["tank"], ["tank"], [5], [3])])
    tally: dict[str, Luck] = {}
    watch = watcher("galactica")
    watch(_State([battle]), [], tally)
    watch(_State([battle]), [], tally)  # the same battle seen again counts once
    assert tally["11"].rolls == 1 and tally["11"].actual == 1
    assert tally["11"].expected == pytest.approx(15 / 36)  # one die above another
    assert "22" not in tally  # the defender never struck


def test_a_turret_backed_defender_and_a_space_battle_use_the_engine_odds() -> None:
    # the defending tank strikes with +1 (a standing turret): 2 tanks and the turret's dice against 2 tanks
    ground = _exchange("22", "11", ["tank", "turret"], ["tank", "tank"], [4, 1], [4, 6], bonus=1)
    battle = Battle(kind="ground", cell="c", planet="p", attacker=Side(player="11", units={"tank": 2}),
                    defender=Side(player="22", units={"tank": 1, "turret": 1}), exchanges=[ground])
    # space: two fighters (two dice each) and a torpedo strike three fighters; then the reply
    space = Battle(kind="space", cell="d", attacker=Side(player="11", units={"fighter": 2, "torpedo": 1}),
                   defender=Side(player="22", units={"fighter": 3}),
                   exchanges=[_exchange("11", "22", ["fighter", "fighter", "torpedo"], ["fighter"] * 3,
                                        [6, 1, 2, 2, 3], [5, 5, 1]),
                              _exchange("22", "11", ["fighter"] * 3, ["fighter", "fighter", "torpedo"],
                                        [3, 3, 3, 3, 3, 3], [1, 1, 1])])
    tally: dict[str, Luck] = {}
    watcher("galactica")(_State([battle, space]), [], tally)
    s = GalacticaSettings()
    # the turret strikes with its multiplier, the tank with its bonus: exact by enumeration
    plain = {k: float(p) for k, p in exchange_odds(["fighter", "fighter", "torpedo"], ["fighter"] * 3, s).items()}
    reply = {k: float(p) for k, p in exchange_odds(["fighter"] * 3, ["fighter", "fighter", "torpedo"], s).items()}
    ground_mean = _brute([(1, 1), (2, 0)], [(1, 0), (1, 0)])
    assert tally["22"].rolls == 2 and tally["11"].rolls == 1
    assert tally["11"].expected == pytest.approx(sum(k * p for k, p in plain.items()))
    assert tally["22"].expected == pytest.approx(ground_mean + sum(k * p for k, p in reply.items()))
    assert tally["11"].actual == 3  # strikes 9·6·2 against blocks 5·5·1: three hits
    assert tally["22"].actual == len(ground.killed) + len(space.exchanges[1].killed)


def _brute(strikes: list[tuple[int, int]], blocks: list[tuple[int, int]]) -> float:
    from itertools import product

    total = 0.0
    for sd in product(range(1, 7), repeat=len(strikes)):
        for bd in product(range(1, 7), repeat=len(blocks)):
            s = sorted((d * m + a for d, (m, a) in zip(sd, strikes, strict=True)), reverse=True)
            b = sorted((d * m + a for d, (m, a) in zip(bd, blocks, strict=True)), reverse=True)
            total += sum(x > y for x, y in zip(s, b, strict=False))
    return total / 6 ** (len(strikes) + len(blocks))


@pytest.mark.parametrize(("strikes", "blocks"), [
    ([(1, 0)], [(1, 0)]), ([(1, 0)] * 3 + [(3, 0)], [(2, 0), (3, 0)]), ([(0, 0), (2, 0)], [(2, 0)]),
    ([(1, 1), (2, 0)], [(1, 0)] * 3)])
def test_expected_kills_equal_the_enumerated_mean(strikes, blocks) -> None:
    assert expected_kills(tuple(sorted(strikes)), tuple(sorted(blocks))) == pytest.approx(_brute(strikes, blocks))


def test_dice_are_read_back_from_their_values() -> None:
    assert read_dice([2, 6], [6, 6], ((1, 0), (3, 0))) == ((1, 0), (3, 0))
    assert read_dice([4, 1], [8, 1], ((1, 0), (2, 0))) == ((1, 0), (2, 0))
    assert read_dice([4], [9], ((1, 0), (2, 0))) is None
