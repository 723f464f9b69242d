"""Space and ground combat: the rulebook's example, the line rules, cannons and turrets last, odds."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from engine.core import RuleError
from engine.galactica import GAME
from engine.galactica.exchange import settle
from engine.galactica.fleets import fleet_at
from engine.galactica.ground_combat import defender_line
from engine.galactica.models import GalacticaSettings
from engine.galactica.odds import exchange_odds
from tests.engine.galactica.helpers import at, check, cur, give_planet, place, started

S = GalacticaSettings()


def test_rulebook_combat_example() -> None:
    """A: 2 fighters and a torpedo boat; B: a torpedo boat and a colony ship. Fighters roll twice (3 and 5
    are the rolls the example shows; the other two are low), the torpedo boat 2 x 3 = 6. B blocks with
    1 x 2 = 2 (torpedo boat) and 4 x 3 = 12 (colony ship). 6 v 12 holds, 5 v 2 destroys the ship that
    rolled the 2: B's torpedo boat (the example's text names the ships the other way round)."""
    striker = ["fighter", "fighter", "torpedo"]
    receiver = ["torpedo", "colony"]
    strikes, blocks, killed = settle(striker, receiver, [3, 1, 5, 2, 2], [1, 4], S)
    assert strikes[:3] == [6, 5, 3]
    assert blocks == [12, 2]
    assert [receiver[i] for i in killed] == ["torpedo"]
    one_roll = GalacticaSettings(fighter_strike_rolls=1)
    strikes, blocks, killed = settle(striker, receiver, [3, 5, 2], [1, 4], one_roll)
    assert strikes == [6, 5, 3] and [receiver[i] for i in killed] == ["torpedo"]


def test_one_kill_per_pair_and_ties_hold() -> None:
    _, _, killed = settle(["torpedo"], ["fighter", "fighter", "fighter"], [6], [1, 1, 1], S)
    assert len(killed) == 1
    _, _, killed = settle(["fighter"], ["fighter"], [3, 3], [3], S)  # 3 v 3: defence holds
    assert killed == []


def test_cannons_and_turrets_fall_last() -> None:
    # the hit lands on the cannon's low block, but a fighter still stands in the line: the fighter goes
    _, _, killed = settle(["torpedo", "torpedo", "torpedo"], ["fighter", "cannon"], [1, 1, 1], [6, 1], S)
    assert killed == [0]
    _, blocks, _ = settle(["torpedo"], ["cannon"], [1], [4], S)
    assert blocks == [8]  # cannons block 2x
    assert defender_line(3, 2, 3) == ["tank", "tank", "tank"]
    assert defender_line(2, 2, 3) == ["tank", "tank"]
    assert defender_line(1, 2, 3) == ["tank", "turret"]  # fewer than two tanks: a turret joins
    assert defender_line(0, 2, 3) == ["turret"]
    _, _, killed = settle(["tank", "tank"], ["tank", "turret"], [6, 6], [5, 1], S)
    assert killed == [0] or sorted(killed) == [0, 1]


def test_exchange_odds_are_exact() -> None:
    odds = exchange_odds(["torpedo"], ["fighter"])
    # 3d > d' : count pairs (d, d') with 3d > d'
    wins = sum(1 for d in range(1, 7) for e in range(1, 7) if 3 * d > e)
    assert odds == {0: Fraction(36 - wins, 36), 1: Fraction(wins, 36)}
    big = exchange_odds(["fighter", "fighter", "torpedo"], ["torpedo", "colony"])
    assert sum(big.values()) == 1 and set(big) == {0, 1, 2}
    assert exchange_odds(["colony"], ["fighter"]) == {0: Fraction(1), 1: Fraction(0)}
    # a fighter strikes twice: its better die must beat the block, 1 - (1+4+9+16+25+36)/216
    assert exchange_odds(["fighter"], ["fighter"])[1] == Fraction(125, 216)
    # a cannon blocks 2x: a torpedo boat (3x) beats it when 3d > 2e
    wins = sum(1 for d in range(1, 7) for e in range(1, 7) if 3 * d > 2 * e)
    assert exchange_odds(["torpedo"], ["cannon"])[1] == Fraction(wins, 36)


def _battle_ready(defender_ships: dict[str, int], attacker_ships: dict[str, int]):
    state = started(2, seed=3)
    me = cur(state)
    other = next(p for p in state.order if p != me)
    mine = fleet_at(state, me, state.corners[me])
    assert mine is not None
    mine.ships = dict(attacker_ships)
    place(state, "E4", "space-01")
    place(state, "E3", "space-02")
    mine.cell = "E3"
    theirs = next(f for f in state.fleets if f.owner == other)
    theirs.cell, theirs.ships = "E4", dict(defender_ships)
    state.phase = "movement"
    return state, me, other


def test_space_battle_through_the_engine() -> None:
    state, me, other = _battle_ready({"fighter": 2, "torpedo": 2}, {"fighter": 3, "torpedo": 2})
    GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    assert state.battle is not None and GAME.awaiting(state) == {me, other}
    with pytest.raises(RuleError) as err:
        GAME.apply(state, me, {"type": "pick_line", "ships": {"fighter": 4}}, at(2))
    assert err.value.code == "galactica.bad_line"
    GAME.apply(state, me, {"type": "pick_line", "ships": {"fighter": 1, "torpedo": 2}}, at(2))
    assert state.battle is not None and GAME.awaiting(state) == {other}
    GAME.apply(state, other, {"type": "pick_line", "ships": {"fighter": 1, "torpedo": 2}}, at(3))
    assert state.battle is None
    fleets = {f.owner for f in state.fleets if f.cell == "E4"}
    assert len(fleets) == 1  # one side is gone: no retreat
    check(state)


def test_battle_deadline_forms_the_lines() -> None:
    state, me, other = _battle_ready({"fighter": 2, "torpedo": 2}, {"fighter": 1})
    GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    assert state.battle is not None and GAME.awaiting(state) == {other}
    GAME.advance(state, at(1 + 61))
    assert state.battle is None
    check(state)


def test_undefended_planet_falls_to_a_torpedo_boat() -> None:
    state, me, other = _battle_ready({"fighter": 1}, {"fighter": 1, "torpedo": 1})
    theirs = next(f for f in state.fleets if f.owner == other)
    theirs.cell = state.corners[other]
    give_planet(state, other, "E4", "vulcania")
    state.board.pop("E4", None)
    state.tile_pile.append("space-01")
    state.board["E4"] = "planet-vulcania"
    events = GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    assert state.planets["vulcania"].owner == me
    lost = [e for e in events if e.key == "galactica.planet_lost"]
    assert lost and lost[0].to == [other] and lost[0].notify == "info"
    check(state)


def test_ground_assault_with_tanks() -> None:
    state, me, other = _battle_ready({"fighter": 1}, {"fighter": 1, "colony": 1})
    theirs = next(f for f in state.fleets if f.owner == other)
    theirs.cell = state.corners[other]
    state.board.pop("E4")
    state.tile_pile.append("space-01")
    give_planet(state, other, "E4", "vulcania", "turret")
    state.planets["vulcania"].tanks = 1
    fleet = fleet_at(state, me, "E3")
    assert fleet is not None
    fleet.tanks = 3
    GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    assert state.pending is not None and state.pending.kind == "land"
    with pytest.raises(RuleError) as bad:
        GAME.apply(state, me, {"type": "land", "tanks": 4}, at(2))
    assert bad.value.code == "galactica.not_enough_tanks"
    GAME.apply(state, me, {"type": "land", "tanks": 3}, at(2))
    assert state.pending is None
    planet = state.planets["vulcania"]
    if planet.owner == me:
        assert planet.tanks >= 1 and "turret" not in planet.buildings
    else:
        assert planet.tanks + planet.buildings.count("turret") >= 1
    check(state)


def _cannon_fight(seed: int, attacker: dict[str, int], defender: dict[str, int]) -> tuple[Any, list[Any], Any]:
    """A space battle fought by the battle code: (the defender's side, the events, the battle kept)."""
    from engine.galactica import space_combat
    from engine.galactica.models import Battle, Side

    state = started(2, seed=seed)
    a_player, d_player = state.order
    a, d = Side(player=a_player, units=dict(attacker)), Side(player=d_player, units=dict(defender))
    space_combat.fill(a, 3, space_combat.STRIKE_ORDER)
    space_combat.fill(d, 3, space_combat.BLOCK_ORDER)
    state.battle = Battle(cell="E4", attacker=a, defender=d, from_cell="E3")
    events = space_combat.fight(state)
    return d, events, state.battles[-1]


def test_a_fallen_cannon_leaves_no_ghost_in_the_line() -> None:
    """Three cannons against three fighters: after a cannon falls, the line holds only the cannons still
    standing (a lost cannon used to be put back in the ship line and counted twice)."""
    for seed in range(1, 30):
        d, _, battle = _cannon_fight(seed, {"fighter": 3}, {"cannon": 3})
        standing = 3
        for ex in battle.exchanges:
            if ex.receiver == d.player:
                assert len(ex.blocks) <= standing, (seed, ex)
                standing -= ex.killed.count("cannon")
        assert d.units["cannon"] >= 0


def test_lines_that_can_never_destroy_anything_end_at_once_in_a_stand_off() -> None:
    """A colony ship against three colony ships with a cannon behind them: neither line can ever hit (the
    cannon has no place), so the attacker turns back without ten thousand empty exchanges."""
    _, events, battle = _cannon_fight(1, {"colony": 1}, {"colony": 3, "cannon": 1})
    assert battle.exchanges == []
    assert any(e.key == "galactica.battle_result" and e.params["winner"] == "-" for e in events)
