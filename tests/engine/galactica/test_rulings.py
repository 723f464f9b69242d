"""Every ruling of docs/rules/galactica.md that settles a contradiction of the alpha rulebook (issue 27),
and battles told exchange by exchange, with scripted dice."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import t
from engine.core import RuleError
from engine.core.rng import Rng
from engine.galactica import GAME
from engine.galactica.fleets import fleet_at, new_fleet
from engine.galactica.galaxy import CORNERS, START_TILE
from engine.galactica.ground_combat import ground_battle
from engine.galactica.models import Fleet, GalacticaState
from tests.engine.galactica.helpers import at, check, cur, give_planet, new_game, place, started


@pytest.fixture
def scripted(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Dice from a script: tests push the faces they need, in the order the engine throws them."""
    faces: list[int] = []
    monkeypatch.setattr(Rng, "dice", lambda self, count, sides=6: [faces.pop(0) for _ in range(count)])
    yield faces


def _face_off(attacker: dict[str, int], defender: dict[str, int], **settings: object) -> tuple[GalacticaState, str, str]:
    state = started(2, seed=3, **settings)
    me = cur(state)
    other = next(p for p in state.order if p != me)
    state.fleets = []
    place(state, "E4", "space-01")
    place(state, "E3", "space-02")
    new_fleet(state, me, "E3", attacker)
    new_fleet(state, other, "E4", defender)
    new_fleet(state, other, state.corners[other], {"fighter": 1})  # keeps the defender in the game
    state.phase = "movement"
    return state, me, other


def test_a_battle_is_told_exchange_by_exchange(scripted: list[int]) -> None:
    state, me, other = _face_off({"torpedo": 1}, {"fighter": 1})
    # exchange 1: my torpedo boat rolls 1 (x3 = 3), their fighter blocks 4: holds.
    # exchange 2: their fighter strikes (defending: once) 6 against my block 2 (x2 = 4): my boat is gone.
    scripted += [1, 4, 6, 2]
    events = GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    told = [e for e in events if e.key == "galactica.exchange"]
    assert [e.params["n"] for e in told] == [1, 2]
    first, second = (e.params for e in told)
    assert first["strikes"] == "1" and first["blocks"] == "4" and first["pairs"] == "3≤4" and first["killed"] == []
    assert second["striker"] == "P2" or second["striker"] == state.name_of(other)
    assert second["strikes"] == "6" and second["pairs"] == "6>4"
    assert second["killed"] == [{"key": "galactica.n.torpedo", "params": {"count": 1, "n": 1}}]
    result = next(e for e in events if e.key == "galactica.battle_result")
    assert result.params["winner"] == state.name_of(other) and result.params["exchanges"] == 2
    # kept: the last battle, every exchange, for the map and for /galactica battle
    assert state.last_battle is not None and len(state.last_battle.exchanges) == 2
    assert state.last_battle.exchanges[1].killed == ["torpedo"]
    assert all(e.to is None for e in told)  # public
    check(state)


def test_defending_fighters_strike_once_attacking_twice(scripted: list[int]) -> None:
    """§10 turn 2 ("ognuna tira il proprio dado una sola volta") over §8's fighters twice "nel proprio
    turno": a fighter rolls twice when its side attacks, once when it strikes back."""
    state, me, _ = _face_off({"fighter": 1}, {"fighter": 1})
    scripted += [1, 1, 6,  # attacker: two dice, block 6: holds
                 2, 1,  # defender strikes back with one die: 2 > 1, the attacker's fighter falls
                 ]
    events = GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    told = [e.params for e in events if e.key == "galactica.exchange"]
    assert told[0]["strikes"] == "1·1" and told[1]["strikes"] == "2"
    assert not scripted


def test_defending_fighters_twice_is_a_setting(scripted: list[int]) -> None:
    state, me, _ = _face_off({"fighter": 1}, {"fighter": 1}, defending_fighters_twice=True)
    scripted += [1, 1, 6, 2, 2, 1]
    events = GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    told = [e.params for e in events if e.key == "galactica.exchange"]
    assert told[1]["strikes"] == "2·2"


def _assault(tanks: int, defenders: int, turrets: int, **settings: object) -> tuple[GalacticaState, str, str]:
    state = started(2, seed=3, **settings)
    me = cur(state)
    other = next(p for p in state.order if p != me)
    give_planet(state, other, "E4", "vulcania", *(["turret"] * turrets))
    state.planets["vulcania"].tanks = defenders
    return state, me, other


def test_a_turret_backs_the_defending_tanks(scripted: list[int]) -> None:
    """§7: the Turret "aggiunge attacco ai carri difensori": while one stands, each defending tank's
    strike gets +1 (`turret_tank_bonus`), even when the tanks are enough to keep it out of the line."""
    state, me, other = _assault(1, 2, 1)
    scripted += [1, 6, 6,  # my one tank strikes 1 against 6 and 6: holds
                 3, 3, 4,  # their two tanks strike 3+1 and 3+1 against my block 4: holds
                 1, 6, 6, 6, 6, 1]  # then my tank falls
    events = ground_battle(state, "vulcania", me, 1)
    told = [e for e in events if e.key == "galactica.ground_exchange"]
    assert told[1].params["pairs"] == "4≤4 · 4"
    scripted.clear()
    state, me, other = _assault(1, 2, 1)
    scripted += [1, 6, 6, 3, 3, 3]
    events = ground_battle(state, "vulcania", me, 1)
    assert [e.params["pairs"] for e in events if e.key == "galactica.ground_exchange"][1] == "4>3 · 4"
    assert state.planets["vulcania"].owner == other
    state, me, _ = _assault(1, 2, 0)  # no turret: plain tanks, 3 against 3 holds
    scripted += [1, 6, 6, 3, 3, 3, 1, 6, 6, 6, 6, 1]
    events = ground_battle(state, "vulcania", me, 1)
    assert [e.params["pairs"] for e in events if e.key == "galactica.ground_exchange"][1] == "3≤3 · 3"


def test_turret_bonus_off(scripted: list[int]) -> None:
    state, me, _ = _assault(1, 2, 1, turret_tank_bonus=0)
    scripted += [1, 6, 6, 3, 3, 3, 1, 6, 6, 6, 6, 1]
    events = ground_battle(state, "vulcania", me, 1)
    assert [e.params["pairs"] for e in events if e.key == "galactica.ground_exchange"][1] == "3≤3 · 3"


def test_all_four_corners_start_face_up() -> None:
    """§2: "le uniche caselle visibili sono nei 4 angoli": every corner, taken or not."""
    for n in (2, 3, 4):
        state = new_game(n)
        assert all(state.board.get(c) == START_TILE for c in CORNERS)
        assert len(state.board) == 4
        check(state)


def test_asteroids_never_take_the_last_fighter() -> None:
    """A 3-loss card on a 3-fighter fleet: literally the whole fleet; ruled: it keeps one fighter."""
    for seed in range(6):  # whatever card comes up, a lone fleet of fighters always survives
        state = started(2, seed=seed)
        me = cur(state)
        fleet = fleet_at(state, me, state.corners[me])
        assert fleet is not None
        fleet.ships = {"fighter": 3}
        place(state, "E4", "asteroids-01")
        fleet.cell = "E3"
        place(state, "E3", "space-02")
        state.phase = "movement"
        for _ in range(12):
            GAME.apply(state, me, {"type": "move", "fleet": fleet.cell, "path": ["E4" if fleet.cell == "E3" else "E3"]},
                       at(1))
            fleet = next(f for f in state.fleets if f.owner == me)  # apply worked on a copy
            assert fleet.ships.get("fighter", 0) >= 1 and fleet.cell in ("E3", "E4")
            fleet.moved = False
        check(state)


def test_asteroid_choice_keeps_a_fighter() -> None:
    from engine.galactica.asteroids import choices, default_loss

    fleet = Fleet(id="f", owner="1", cell="A1", ships={"fighter": 1, "torpedo": 2})
    picks = choices(fleet, 2, spare=True)
    assert picks == [{"torpedo": 2}]
    assert default_loss(fleet, 2) == {"torpedo": 2}
    assert default_loss(fleet, 2, spare=False) == {"fighter": 1, "torpedo": 1}
    assert {"fighter": 1, "torpedo": 1} in choices(fleet, 2, spare=False)


def test_asteroid_literal_reading_is_a_setting() -> None:
    """Off, a card may wipe the fleet (the alpha's literal reading), for designers to compare."""
    lost_any = False
    for seed in range(30):
        state = started(2, seed=seed, asteroids_spare_last_fighter=False)
        me = cur(state)
        fleet = fleet_at(state, me, state.corners[me])
        assert fleet is not None
        fleet.ships = {"fighter": 1}
        place(state, "E3", "space-02")
        place(state, "E4", "asteroids-01")
        fleet.cell = "E3"
        state.phase = "movement"
        GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
        lost_any = lost_any or not any(f.owner == me for f in state.fleets)
    assert lost_any


def test_a_faction_without_planets_or_fighters_can_rebuild() -> None:
    """Left with a colony ship alone and no planet, the faction may still fly it and colonise."""
    state = started(2)
    me = cur(state)
    fleet = fleet_at(state, me, state.corners[me])
    assert fleet is not None
    fleet.ships = {"colony": 1}
    GAME.apply(state, me, {"type": "end_phase"}, at(1))
    from engine.galactica.galaxy import grid

    step = grid().neighbours(fleet.cell)[0]
    fleet = fleet_at(state, me, state.corners[me])  # apply worked on a copy
    assert fleet is not None
    fleet.ships = {"colony": 1, "torpedo": 1}
    legal = [a for a in GAME.legal_actions(state, me) if a.type == "move"]  # type: ignore[attr-defined]
    assert legal
    for option in legal:  # every move offered is playable (no detachment of fighters it lacks)
        GAME.apply(state.model_copy(deep=True), me, option, at(2))
    fleet.ships = {"colony": 1}
    GAME.apply(state, me, {"type": "move", "fleet": fleet.cell, "path": [step]}, at(2))
    assert fleet_at(state, me, step) is not None
    strict = started(2, planetless_fleets_move=False)
    me = cur(strict)
    f2 = fleet_at(strict, me, strict.corners[me])
    assert f2 is not None
    f2.ships = {"colony": 1}
    GAME.apply(strict, me, {"type": "end_phase"}, at(1))
    with pytest.raises(RuleError) as err:
        GAME.apply(strict, me, {"type": "move", "fleet": f2.cell, "path": [step]}, at(2))
    assert err.value.code == "galactica.needs_fighter"


def test_a_faction_with_a_fighter_left_still_needs_it_to_move() -> None:
    state = started(2)
    me = cur(state)
    GAME.apply(state, me, {"type": "end_phase"}, at(1))
    corner = state.corners[me]
    from engine.galactica.galaxy import grid

    with pytest.raises(RuleError):
        GAME.apply(state, me, {"type": "move", "fleet": corner, "path": [grid().neighbours(corner)[0]],
                               "ships": {"colony": 1}}, at(2))


def test_elimination_records_its_cause(scripted: list[int]) -> None:
    state, me, other = _face_off({"torpedo": 3}, {"fighter": 1})
    state.fleets = [f for f in state.fleets if not (f.owner == other and f.cell != "E4")]
    scripted += [6, 6, 6, 1]  # 18, 18, 18 against 1: the last ship of the defender falls
    events = GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    out = next(e for e in events if e.key == "galactica.eliminated")
    assert out.params["cause"] == "battle"
    assert state.factions[other].out_cause == "battle" and state.factions[other].out_round == state.round
    assert state.status == "finished" and state.winners == [me]


def _at_the_casino(**settings: object) -> tuple[GalacticaState, str, str]:
    state = started(2, seed=3, **settings)
    me = cur(state)
    other = next(p for p in state.order if p != me)
    place(state, "F3", "casino-1")
    new_fleet(state, me, "F3", {"fighter": 1, "torpedo": 2}, tanks=4)
    new_fleet(state, other, "F3", {"fighter": 1})
    state.phase = "building"
    return state, me, other


def test_ships_and_tanks_are_traded_at_a_casino() -> None:
    """§9 phase 4: "materie prime, navi o carri" change hands; the two fleets meet at a Casino."""
    state, me, other = _at_the_casino()
    state.factions[other].ndri = 30_000
    events = GAME.apply(state, me, {"type": "trade_offer", "to": state.name_of(other), "at": "f3",
                                    "give": {"torpedo": 1, "tank": 2}, "want": {"ndri": 20_000}}, at(1))
    offered = next(e for e in events if e.key == "galactica.trade_offered")
    assert {"key": "galactica.n.torpedo", "params": {"count": 1, "n": 1}} in offered.params["give"]
    ndri = state.factions[me].ndri
    GAME.apply(state, other, {"type": "trade_answer", "offer": 1, "accept": True}, at(2))
    mine, theirs = fleet_at(state, me, "F3"), fleet_at(state, other, "F3")
    assert mine is not None and theirs is not None
    assert mine.ships == {"fighter": 1, "torpedo": 1} and mine.tanks == 2
    assert theirs.ships == {"fighter": 1, "torpedo": 1} and theirs.tanks == 2
    assert state.factions[me].ndri == ndri + 20_000 and state.factions[other].ndri == 10_000
    check(state)


def test_unit_trades_are_refused_whole() -> None:
    state, me, other = _at_the_casino()
    name = state.name_of(other)
    with pytest.raises(RuleError) as err:  # not at a Casino
        GAME.apply(state, me, {"type": "trade_offer", "to": name, "give": {"torpedo": 1}, "want": {}}, at(1))
    assert err.value.code == "galactica.trade_at_casino"
    # the receiver cannot carry two tanks with a lone fighter: refused at acceptance, nothing moves
    GAME.apply(state, me, {"type": "trade_offer", "to": name, "at": "F3", "give": {"tank": 2}, "want": {}}, at(1))
    before = state.model_dump_json()
    with pytest.raises(RuleError) as err:
        GAME.apply(state, other, {"type": "trade_answer", "offer": 1, "accept": True}, at(2))
    assert err.value.code == "galactica.cannot_carry"
    assert state.model_dump_json() == before
    off, me2, other2 = _at_the_casino(trade_units=False)
    with pytest.raises(RuleError) as err:
        GAME.apply(off, me2, {"type": "trade_offer", "to": off.name_of(other2), "at": "F3",
                              "give": {"fighter": 1}, "want": {}}, at(1))
    assert err.value.code == "galactica.no_unit_trade"


def test_the_latest_battles_stay_in_the_game() -> None:
    from engine.galactica.models import Battle, Side
    from engine.galactica.telling import BATTLES_KEPT, keep

    state = started(2)
    for n in range(BATTLES_KEPT + 3):
        keep(state, Battle(cell=f"C{n % 7 + 1}", attacker=Side(player="a"), defender=Side(player="b")))
    assert len(state.battles) == BATTLES_KEPT and state.last_battle == state.battles[-1]
    assert state.battles[0].cell == f"C{3 % 7 + 1}"  # the oldest went first


def test_a_gift_asks_nothing_in_return_in_words() -> None:
    """An offer that asks for nothing says "nulla" / "nothing", not the lists' "nessuno" (nobody)."""
    state, me, other = _at_the_casino()
    events = GAME.apply(state, me, {"type": "trade_offer", "to": state.name_of(other), "give": {"ndri": 1000},
                                    "want": {}}, at(1))
    offered = next(e for e in events if e.key == "galactica.trade_offered")
    assert "chiede in cambio: nulla." in t(offered.key, "it", **offered.params)
    assert "asks in return: nothing." in t(offered.key, "en", **offered.params)
