"""The battle odds players read (`/galactica odds`, engine/galactica/battle_odds.py) against an independent
Markov chain of the exchange rules (tests/engine/galactica/markov.py), to 1e-9, on space and ground
line-ups under the default settings and under designers' variants; and against the battle code itself:
the real fights, played many times, end as often as the odds say."""

from __future__ import annotations

import math
from collections import Counter
from typing import Any

import pytest

from engine.core import RuleError
from engine.galactica import space_combat
from engine.galactica.battle_odds import ground_odds, odds_of, space_odds
from engine.galactica.line_ups import LineUp
from engine.galactica.models import Battle, GalacticaSettings, Side
from tests.engine.galactica.markov import Rules, ground_battle, space_battle

SPACE: list[tuple[dict[str, int], dict[str, int], dict[str, Any]]] = [
    ({"fighter": 1}, {"fighter": 1}, {}),
    ({"fighter": 2}, {"fighter": 2}, {}),
    ({"fighter": 3}, {"fighter": 3}, {}),
    ({"torpedo": 1}, {"fighter": 2}, {}),
    ({"fighter": 2, "torpedo": 1}, {"torpedo": 1, "colony": 1}, {}),
    ({"fighter": 4}, {"fighter": 1, "torpedo": 2}, {}),
    ({"torpedo": 2}, {"cannon": 2}, {}),
    ({"fighter": 3}, {"fighter": 1, "cannon": 2}, {}),
    ({"fighter": 2, "colony": 1}, {"colony": 2, "cannon": 1}, {}),
    ({"fighter": 1, "torpedo": 1, "colony": 1}, {"fighter": 2, "torpedo": 1}, {}),
    ({"fighter": 5}, {"fighter": 2, "torpedo": 1, "cannon": 1}, {}),
    ({"torpedo": 3, "fighter": 1}, {"torpedo": 2, "colony": 1, "fighter": 1}, {}),
    ({"colony": 1}, {"colony": 1}, {}),  # nobody can hit: a stand-off
    ({"colony": 1}, {"colony": 3, "cannon": 1}, {}),  # the cannon waits behind three colony ships: a stand-off
    ({"fighter": 2}, {"fighter": 2}, {"defending_fighters_twice": True}),
    ({"fighter": 2, "torpedo": 1}, {"fighter": 3}, {"fighter_strike_rolls": 1}),
    ({"fighter": 3}, {"torpedo": 1, "cannon": 2}, {"cannon_multiplier": 3}),
    ({"fighter": 3, "torpedo": 1}, {"fighter": 2, "colony": 1}, {"lineup": 2}),
    ({"fighter": 2}, {"cannon": 1}, {"cannon_multiplier": 6}),  # two fighters never beat a 6x block
]
GROUND: list[tuple[int, int, int, dict[str, Any]]] = [
    (1, 1, 0, {}),
    (3, 2, 0, {}),
    (4, 1, 1, {}),
    (2, 0, 2, {}),
    (5, 3, 1, {}),
    (3, 1, 2, {"turret_tank_bonus": 0}),
    (4, 2, 1, {"turret_multiplier": 3, "turret_tank_bonus": 2}),
    (6, 4, 0, {"lineup": 2}),
]


def rules_for(settings: GalacticaSettings) -> Rules:
    return Rules(fighter_rolls=settings.fighter_strike_rolls, cannon=settings.cannon_multiplier,
                 turret=settings.turret_multiplier, lineup=settings.lineup,
                 fighters_twice_defending=settings.defending_fighters_twice, tank_bonus=settings.turret_tank_bonus)


def keyed(outcomes: Any) -> dict[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]], float]:
    out: dict[Any, float] = {}
    for o in outcomes:
        key = (tuple(sorted(o.attacker_left.items())), tuple(sorted(o.defender_left.items())))
        out[key] = out.get(key, 0.0) + o.chance
    return out


def agree(ours: dict[Any, float], theirs: dict[Any, float]) -> None:
    for key in set(ours) | set(theirs):
        assert ours.get(key, 0.0) == pytest.approx(theirs.get(key, 0.0), abs=1e-9), key
    assert sum(ours.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize(("attacker", "defender", "changes"), SPACE)
def test_space_odds_match_an_independent_markov_chain(attacker: dict[str, int], defender: dict[str, int],
                                                      changes: dict[str, Any]) -> None:
    settings = GalacticaSettings(**changes)
    agree(keyed(space_odds(attacker, defender, settings).outcomes),
          space_battle(attacker, defender, rules_for(settings)))


@pytest.mark.parametrize(("tanks", "held", "turrets", "changes"), GROUND)
def test_ground_odds_match_an_independent_markov_chain(tanks: int, held: int, turrets: int,
                                                       changes: dict[str, Any]) -> None:
    settings = GalacticaSettings(**changes)
    theirs = {((("tank", a),) if a else (), tuple(sorted(((("tank", d),) if d else ()) + ((("turret", r),) if r else ()))))
              : p for (a, d, r), p in ground_battle(tanks, held, turrets, rules_for(settings)).items()}
    agree(keyed(ground_odds(tanks, held, turrets, settings).outcomes), theirs)


def test_enough_line_ups_are_checked() -> None:
    assert len(SPACE) + len(GROUND) >= 20


def test_what_the_odds_say_of_the_ends() -> None:
    odds = space_odds({"colony": 1}, {"colony": 1})
    assert odds.chance("none") == 1.0 and odds.chance("attacker") == 0.0
    odds = space_odds({"fighter": 3}, {"fighter": 3})
    rows = odds.by_units_left()
    assert [r[:2] for r in rows] == [("attacker", 3), ("attacker", 2), ("attacker", 1), ("defender", 1),
                                     ("defender", 2), ("defender", 3)]
    assert sum(r[2] for r in rows) == pytest.approx(1.0)
    assert odds.expected_left("attacker") == pytest.approx(sum(n * p for w, n, p in rows if w == "attacker"))


def test_a_given_line_is_checked_as_a_pick_is() -> None:
    with pytest.raises(RuleError) as err:
        space_odds({"fighter": 2, "torpedo": 2}, {"fighter": 1}, attacker_line={"fighter": 3})
    assert err.value.code == "galactica.bad_line"
    picked = space_odds({"fighter": 2, "torpedo": 2}, {"fighter": 3}, attacker_line={"fighter": 2, "torpedo": 1})
    assert picked.attacker_line == ["fighter", "fighter", "torpedo"]
    with pytest.raises(RuleError) as err:
        odds_of(LineUp(kind="space", attacker={"fighter": 1}), GalacticaSettings())
    assert err.value.code == "galactica.odds_sides"
    with pytest.raises(RuleError) as err:
        odds_of(LineUp(kind="ground", defender={"tank": 1}), GalacticaSettings())
    assert err.value.code == "galactica.odds_ground_sides"


def _fight_once(attacker: dict[str, int], defender: dict[str, int], seed: int) -> tuple[Any, Any]:
    from tests.engine.galactica.helpers import started

    state = started(2, seed=seed)
    a_player, d_player = state.order
    a = Side(player=a_player, units=dict(attacker))
    d = Side(player=d_player, units=dict(defender))
    space_combat.fill(a, state.settings.lineup, space_combat.STRIKE_ORDER)
    space_combat.fill(d, state.settings.lineup, space_combat.BLOCK_ORDER)
    state.battle = Battle(cell="E4", attacker=a, defender=d, from_cell="E3")
    space_combat.fight(state)
    return tuple(sorted((t, n) for t, n in a.units.items() if n)), tuple(sorted((t, n) for t, n in d.units.items() if n))


@pytest.mark.parametrize(("attacker", "defender"), [
    ({"fighter": 2, "torpedo": 1}, {"fighter": 1, "torpedo": 1, "cannon": 1}),
    ({"fighter": 3}, {"colony": 1, "cannon": 2}),
])
def test_the_battles_end_as_often_as_the_odds_say(attacker: dict[str, int], defender: dict[str, int]) -> None:
    """The real fights (the battle code, its dice) over many seeds: every end within four standard errors."""
    runs = 600
    seen = Counter(_fight_once(attacker, defender, seed) for seed in range(runs))
    for key, p in keyed(space_odds(attacker, defender).outcomes).items():
        spread = 4 * math.sqrt(p * (1 - p) / runs) + 1 / runs
        assert abs(seen[key] / runs - p) <= spread, (key, seen[key] / runs, p)
    assert set(seen) <= set(keyed(space_odds(attacker, defender).outcomes))


def test_a_line_up_too_big_for_exact_odds_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from engine.galactica import battle_odds

    monkeypatch.setattr(battle_odds, "MAX_POSITIONS", 10)
    with pytest.raises(RuleError) as err:
        space_odds({"fighter": 6}, {"fighter": 6})
    assert err.value.code == "galactica.odds_too_big"


def test_the_board_gives_the_line_ups() -> None:
    """A fleet and the cell it attacks (the fleet there and its planet's cannons), a planet's ground
    defences, the battle waiting for its lines and the landing waiting for its tanks; counts given
    replace the board's."""
    from engine.galactica.fleets import new_fleet
    from engine.galactica.line_ups import from_board
    from tests.engine.galactica.helpers import give_planet, started

    state = started(2, seed=5)
    me, other = state.order
    new_fleet(state, me, "E3", {"fighter": 3, "torpedo": 1}, tanks=2)
    give_planet(state, other, "E4", "vulcania", "cannon", "cannon", "turret")
    state.planets["vulcania"].tanks = 3
    new_fleet(state, other, "E4", {"fighter": 2})
    up = from_board(state, "space", "e3", "E4", me)
    assert (up.attacker, up.defender) == ({"fighter": 3, "torpedo": 1}, {"fighter": 2, "cannon": 2})
    assert (up.attacker_name, up.defender_name, up.cell) == (state.name_of(me), state.name_of(other), "E4")
    ground = from_board(state, "ground", "E3", "Vulcania", me)
    assert (ground.attacker, ground.defender, ground.cell) == ({"tank": 2}, {"tank": 3, "turret": 1}, "Vulcania")
    changed = up.given({"fighter": 5, "torpedo": None}, {"cannon": 0})
    assert (changed.attacker, changed.defender) == ({"fighter": 5, "torpedo": 1}, {"fighter": 2})
    for fleet, target, code in (("E5", "E4", "galactica.odds_no_fleet"), ("E3", "Z9", "galactica.bad_cell"),
                                ("E3", "A1", "galactica.odds_nobody")):
        with pytest.raises(RuleError) as err:
            from_board(state, "space", fleet, target, me)
        assert err.value.code == code
    with pytest.raises(RuleError) as err:
        from_board(state, "ground", "E3", "E3", me)
    assert err.value.code == "galactica.odds_no_planet"
    # a battle waiting for its lines: the odds start from it, with a line already picked
    attacker = Side(player=me, units={"fighter": 3, "torpedo": 1}, line=["fighter", "fighter", "torpedo"])
    defender = Side(player=other, units={"fighter": 4, "torpedo": 1}, must_pick=True)
    state.battle = Battle(cell="E4", attacker=attacker, defender=defender, from_cell="E3")
    waiting = from_board(state, "space", None, None, me)
    assert waiting.attacker_line == {"fighter": 2, "torpedo": 1} and waiting.defender_line is None
    assert odds_of(waiting, state.settings).attacker_line == ["fighter", "fighter", "torpedo"]
    # a landing waiting for its tanks
    from engine.galactica.models import Pending

    state.battle = None
    mine = next(f for f in state.fleets if f.cell == "E3")
    state.pending = Pending(kind="land", fleet=mine.id, planet="vulcania")
    landing = from_board(state, "ground", None, None, me)
    assert (landing.attacker, landing.defender, landing.cell) == ({"tank": 2}, {"tank": 3, "turret": 1}, "Vulcania")
