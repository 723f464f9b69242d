"""One test (or more) per ruling in docs/rules/spqrisiko.md."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest

from engine.core import RuleError
from engine.core.moderation import Away as CoreAway
from engine.spqrisiko import GAME, card_set_reward, reinforcement_base, scoring, turns
from engine.spqrisiko.board import board
from engine.spqrisiko.models import (
    Attack,
    Convert,
    EndTurn,
    Fortify,
    Land,
    MoveFleet,
    MoveIn,
    NavalAttack,
    Place,
    PlayCards,
    Reinforce,
)
from tests.engine.spqrisiko.helpers import at, cur, give, new_game, own_all, random_game, skip_reinforcements


def rule_error(state, actor, action, code: str) -> None:
    before = state.model_dump()
    with pytest.raises(RuleError) as err:
        GAME.apply(state, actor, action, at(1))
    assert err.value.code == code
    assert state.model_dump() == before


# ---- players and setup --------------------------------------------------------------------------
def test_player_count_and_neutrals() -> None:
    with pytest.raises(RuleError):
        new_game(2)
    s3, s4, s5 = new_game(3), new_game(4), new_game(5)
    assert s3.neutral_left == {"neutral-1": 27, "neutral-2": 27}
    assert s4.neutral_left == {"neutral-1": 24}
    assert s4.owner == {"roma": "neutral-1"} and s4.legions["roma"] == 3
    assert s5.neutral_left == {} and len(s5.armies) == 5
    assert len(s3.armies) == len(s4.armies) == 5


def test_order_by_dice_with_rerolled_ties() -> None:
    for seed in range(20):
        s = new_game(5, seed=seed)
        assert sorted(s.order) == sorted(p.id for p in s.players)
        first = s.order_rolls[0]
        ranked = sorted(first, key=lambda p: -first[p])
        # players with a strictly higher first roll come earlier
        for a in s.order:
            for b in s.order:
                if first[a] > first[b]:
                    assert s.order.index(a) < s.order.index(b)
        assert ranked


def test_placement_with_neutrals_then_alone() -> None:
    s = new_game(4)
    p = cur(s)
    rule_error(s, p, Place(province="etruria"), "spqrisiko.neutral_needed")
    rule_error(s, p, Place(province="roma", neutral_province="etruria"), "spqrisiko.province_taken")
    rule_error(s, p, Place(province="Atlantis", neutral_province="etruria"), "spqrisiko.unknown_province")
    other = s.order[1]
    rule_error(s, other, Place(province="apulia", neutral_province="etruria"), "core.not_your_turn")
    GAME.apply(s, p, Place(province="ÉTRURIA", neutral_province="campania"), at(1))
    assert s.owner["etruria"] == p and s.legions["etruria"] == 2
    assert s.owner["campania"] == "neutral-1" and s.legions["campania"] == 3
    assert s.neutral_left["neutral-1"] == 21 and cur(s) == other
    n = 1
    while any(s.neutral_left.values()):  # 7 more neutral placements
        empty = [x for x in board().provinces if x not in s.owner]
        GAME.apply(s, cur(s), Place(province=empty[0], neutral_province=empty[1]), at(n))
        n += 1
    assert n == 8
    empty = [x for x in board().provinces if x not in s.owner]
    rule_error(s, cur(s), Place(province=empty[0], neutral_province=empty[1]), "spqrisiko.no_neutrals_left")
    while s.phase == "placement":
        empty = [x for x in board().provinces if x not in s.owner]
        GAME.apply(s, cur(s), Place(province=empty[0]), at(n))
        n += 1
    assert len(s.owner) == len(board().provinces)
    assert s.round == 1 and s.turn is not None and s.turn.player == s.order[0]
    # starting legionaries not placed stay in the supply: 2 per own province, 3 per neutral one
    for prov, army in s.owner.items():
        assert s.legions[prov] == (3 if army.startswith("neutral") else 2)


def test_random_setup_fills_the_board() -> None:
    s = random_game(3)
    assert len(s.owner) == len(board().provinces)
    neutral = [p for p, a in s.owner.items() if a.startswith("neutral")]
    assert sum(s.legions[p] for p in neutral) == 54
    assert s.phase == "reinforce" and s.turn is not None


# ---- reinforcements -----------------------------------------------------------------------------
@pytest.mark.parametrize(("held", "got"), [(1, 1), (2, 1), (3, 3), (11, 3), (12, 4), (13, 4), (14, 5), (30, 10)])
def test_reinforcement_table(held: int, got: int) -> None:
    assert reinforcement_base(held) == got


@pytest.mark.parametrize(("symbols", "reward"), [
    (["legionario"] * 3, (8, 0, 0)),
    (["legionario", "nave", "vessillo"], (12, 1, 0)),
    (["vessillo"] * 3, (14, 0, 0)),  # "three vessilli": 8 + 6
    (["nave"] * 3, (8, 3, 0)),  # "three ships": 8 + 3 ships
    (["colosseo"] * 3, (8, 0, 3)),
    (["legionario", "colosseo", "nave"], (10, 1, 1)),
])
def test_card_sets(symbols: list[str], reward: tuple[int, int, int]) -> None:
    assert card_set_reward(symbols) == reward


def test_invalid_card_set() -> None:
    with pytest.raises(RuleError) as err:
        card_set_reward(["nave", "nave", "vessillo"])
    assert err.value.code == "spqrisiko.bad_card_set"


def test_play_three_ships_places_ships_and_discards() -> None:
    s = random_game(3)
    p = cur(s)
    s.hands[p] = ["nave:1", "nave:2", "nave:3", "vessillo:1"]
    s.deck.draw_pile = [c for c in s.deck.draw_pile if c not in s.hands[p]]
    before = s.turn.reinforcements
    coast = GAME.ship_seas(s, p)
    rule_error(s, p, PlayCards(symbols=["nave", "nave", "vessillo"]), "spqrisiko.bad_card_set")
    rule_error(s, p, PlayCards(symbols=["vessillo"] * 3), "spqrisiko.cards_not_in_hand")
    GAME.apply(s, p, PlayCards(symbols=["nave"] * 3, ship_seas=[coast[0]]), at(1))
    assert s.turn.reinforcements == before + 8
    assert sum(f.get(p, 0) for f in s.ships.values()) == 3
    assert s.ships[coast[0]][p] >= 1
    assert s.hands[p] == ["vessillo:1"] and len(s.deck.discard) == 3
    s.hands[p] += ["vessillo:2", "vessillo:3"]
    rule_error(s, p, PlayCards(symbols=["vessillo"] * 3), "spqrisiko.cards_already_played")


def test_three_vessilli_give_14() -> None:
    s = random_game(3)
    p = cur(s)
    s.hands[p] = ["vessillo:1", "vessillo:2", "vessillo:3"]
    before = s.turn.reinforcements
    GAME.apply(s, p, PlayCards(symbols=["vessillo"] * 3), at(1))
    assert s.turn.reinforcements == before + 14


def test_colosseum_placement_rule_and_income() -> None:
    s = random_game(3)
    p = cur(s)
    own_all(s, "neutral-1", 3)
    give(s, p, {"roma": 3, "etruria": 3, "campania": 3, "gallia_cisalpina": 3})
    s.colossei = ["apulia"]  # borders roma and campania
    s.hands[p] = ["colosseo:1", "colosseo:2", "colosseo:3"]
    rule_error(s, p, PlayCards(symbols=["colosseo"] * 3, colosseum_provinces=["roma"]),
               "spqrisiko.colosseum_not_here")
    GAME.apply(s, p, PlayCards(symbols=["colosseo"] * 3, colosseum_provinces=["etruria"]), at(1))
    # etruria placed; gallia_cisalpina borders etruria, so no more room: the other two are lost
    assert s.colossei == ["apulia", "etruria"]
    # at the start of their next turn: +1 point and +1 legionary for the colosseum
    skip_reinforcements(s)
    s.legions["etruria"] = 3
    s.points[p] = 0
    s.turn.player = p
    turns.end_turn(s, at(2))
    while cur(s) != p:
        skip_reinforcements(s)
        GAME.apply(s, cur(s), EndTurn(), at(3))
    assert s.legions["etruria"] == 4
    assert s.last_scoring["colossei"] == 1


def test_reinforce_and_convert() -> None:
    s = random_game(3)
    p = cur(s)
    own_all(s, "neutral-1", 3)
    give(s, p, {"roma": 5, "etruria": 2})
    s.turn.reinforcements = 3
    rule_error(s, p, Reinforce(province="campania", count=1), "spqrisiko.not_your_province")
    rule_error(s, p, Reinforce(province="roma", count=4), "spqrisiko.too_many_reinforcements")
    rule_error(s, p, EndTurn(), "spqrisiko.reinforcements_left")
    GAME.apply(s, p, Reinforce(province="roma", count=3), at(1))
    assert s.legions["roma"] == 8
    # 3 legionaries -> ship (roma borders enemies: keeps 2)
    GAME.apply(s, p, Convert(what="legionaries_to_ship", province="roma", sea="mare tyrrhenum"), at(1))
    assert s.legions["roma"] == 5 and s.ships["mare_tyrrhenum"][p] == 1
    rule_error(s, p, Convert(what="legionaries_to_ship", province="etruria", sea="mare_tyrrhenum"),
               "spqrisiko.garrison")
    rule_error(s, p, Convert(what="ship_to_legionaries", province="roma", sea="mare_adriaticum"),
               "spqrisiko.not_on_sea")
    GAME.apply(s, p, Convert(what="ship_to_legionaries", province="etruria", sea="mare_tyrrhenum"), at(1))
    assert s.legions["etruria"] == 4 and "mare_tyrrhenum" not in s.ships["mare_tyrrhenum"]
    assert s.ships["mare_tyrrhenum"].get(p, 0) == 0


# ---- scoring ------------------------------------------------------------------------------------
def test_scoring_each_item() -> None:
    s = random_game(3)
    a, b, c = s.order
    own_all(s, "neutral-1", 1)
    # a: 5 connected mainland provinces; b: 4 connected + Sicilia, c: 2
    give(s, a, {"gallia_narbonensis": 2, "aquitania": 2, "gallia_lugdunensis": 2, "gallia_belgica": 2,
                "germania": 2})
    give(s, b, {"roma": 2, "etruria": 2, "campania": 2, "apulia": 2, "sicilia": 2, "sardinia": 2})
    give(s, c, {"creta": 2, "cyprus": 2})
    s.ships = {sea: {} for sea in board().seas}
    s.ships["mare_tyrrhenum"] = {a: 2, b: 2}  # tie: nobody controls it
    s.ships["mare_germanicum"] = {a: 1}
    s.ships["mare_aegaeum"] = {c: 3, b: 1}
    s.colossei = ["roma"]
    s.points = dict.fromkeys(s.order, 0)
    scoring.score(s, a)
    assert s.last_scoring == {"empire": 1, "provinces": 0, "colossei": 0, "seas": 0, "total": 1}
    scoring.score(s, b)  # most provinces (6 v 5) and a colosseum; empire 4 < 5
    assert s.last_scoring == {"empire": 0, "provinces": 1, "colossei": 1, "seas": 0, "total": 2}
    s.ships["mare_ionium"] = {c: 1}
    scoring.score(s, c)  # two seas v one
    assert s.last_scoring["seas"] == 1
    give(s, b, {"bruttium": 2})  # b's empire now 5 == a's 5: tie, no point for either
    scoring.score(s, a)
    assert s.last_scoring["empire"] == 0


def test_victory_at_target_on_scoring() -> None:
    s = random_game(3, target_points=3)
    nxt = s.order[1]
    s.points[nxt] = 2
    s.colossei = [p for p, o in s.owner.items() if o == nxt][:1]
    skip_reinforcements(s)
    events = GAME.apply(s, cur(s), EndTurn(), at(1))
    assert s.status == "finished" and s.winners == [nxt]
    assert any(e.key == "spqrisiko.victory" for e in events)


def test_time_limit_most_points_then_provinces() -> None:
    s = random_game(3, time_limit_hours=5, turn_hours=48)
    a, b, c = s.order
    s.points = {a: 3, b: 3, c: 1}
    give(s, b, {"roma": 2})
    events = GAME.advance(s, at(5 * 60))
    assert s.status == "finished"
    assert s.winners == [a] if len(GAME.provinces_of(s, a)) > len(GAME.provinces_of(s, b)) else [b]
    assert any(e.key == "spqrisiko.time_up" for e in events)


# ---- combat -------------------------------------------------------------------------------------
def battle_state(seed: int | None = None):
    s = random_game(3) if seed is None else random_game(3, seed=seed)
    a, b, _ = s.order
    own_all(s, "neutral-1", 1)
    give(s, a, {"roma": 10, "etruria": 2, "campania": 2})
    give(s, b, {"apulia": 3, "bruttium": 3, "sicilia": 3})
    skip_reinforcements(s)
    s.round = 5
    return s, a, b


def test_attack_validation() -> None:
    s, a, b = battle_state()
    rule_error(s, a, Attack(from_province="roma", to_province="etruria"), "spqrisiko.attack_own")
    rule_error(s, a, Attack(from_province="roma", to_province="bruttium"), "spqrisiko.not_adjacent")
    rule_error(s, a, Attack(from_province="apulia", to_province="roma"), "spqrisiko.not_your_province")
    s.legions["campania"] = 1
    rule_error(s, a, Attack(from_province="campania", to_province="apulia"), "spqrisiko.too_few_legionaries")
    rule_error(s, a, Attack(from_province="roma", to_province="nowhere"), "spqrisiko.unknown_province")
    rule_error(s, b, Attack(from_province="apulia", to_province="roma"), "core.not_your_turn")
    s.turn.reinforcements = 2
    rule_error(s, a, Attack(from_province="roma", to_province="apulia"), "spqrisiko.reinforcements_left")


def test_attack_once_dice_and_losses() -> None:
    s, a, _b = battle_state()
    GAME.apply(s, a, Attack(from_province="roma", to_province="apulia", rolls="once"), at(1))
    la = s.last_attack
    assert la is not None and len(la.rolls) == 1
    att, dfn = la.rolls[0]
    assert len(att) == 3 and len(dfn) == 3
    assert la.attacker_losses + la.defender_losses == 3
    assert s.legions["roma"] == 10 - la.attacker_losses
    from engine.spqrisiko.odds import compare
    assert att == sorted(att, reverse=True) and dfn == sorted(dfn, reverse=True)
    # highest against highest, ties to the defender
    expected_def = sum(1 for x, y in zip(att, dfn, strict=True) if x > y)
    assert compare(att, dfn) == (3 - expected_def, expected_def) == (la.attacker_losses, la.defender_losses)


def test_blitz_conquest_moves_last_dice_then_more() -> None:
    s, a, b = battle_state()
    s.legions["roma"] = 40
    s.legions["apulia"] = 1
    events = GAME.apply(s, a, Attack(from_province="roma", to_province="apulia", rolls="blitz"), at(1))
    assert s.owner["apulia"] == a and s.legions["apulia"] == 3  # three dice in the last roll
    assert s.legions["roma"] == 37
    assert any(e.key == "spqrisiko.attacked" and e.to == [b] and e.notify == "info" for e in events)
    GAME.apply(s, a, MoveIn(count=10), at(2))
    assert s.legions["apulia"] == 13 and s.legions["roma"] == 27
    rule_error(s, a, MoveIn(count=1), "spqrisiko.no_conquest_move")


def test_blitz_stops_at() -> None:
    s, a, b = battle_state()
    s.legions["roma"] = 6
    s.legions["apulia"] = 60
    GAME.apply(s, a, Attack(from_province="roma", to_province="apulia", rolls="blitz", stop_at=3), at(1))
    assert s.legions["roma"] == 3 and s.owner["apulia"] == b


@pytest.mark.parametrize("seed", range(12))
def test_blitz_never_rolls_past_its_stop(seed: int) -> None:
    """From 7 with stop_at 2 the attacker keeps at least 2, whatever the dice (a 2-dice roll from 3
    could once leave 1): near the stop fewer dice are rolled."""
    s, a, b = battle_state(seed=seed)
    s.legions["roma"] = 7
    s.legions["apulia"] = 30
    GAME.apply(s, a, Attack(from_province="roma", to_province="apulia", rolls="blitz", stop_at=2), at(1))
    assert s.legions["roma"] == 2 and s.owner["apulia"] == b
    assert all(len(att) <= 7 - 2 for att, _ in s.last_attack.rolls)


def test_conquest_from_four_leaves_one() -> None:
    s, a, _b = battle_state()
    s.legions["campania"] = 4
    s.legions["apulia"] = 1
    for _ in range(50):
        if s.owner["apulia"] == a or s.legions["campania"] < 2:
            break
        GAME.apply(s, a, Attack(from_province="campania", to_province="apulia"), at(1))
    if s.owner["apulia"] == a:
        assert s.legions["campania"] + s.legions["apulia"] <= 4
        assert s.legions["campania"] >= 1


def test_garrison_rule_on_fortify_and_move_in() -> None:
    s, a, _b = battle_state()
    rule_error(s, a, Fortify(from_province="campania", to_province="roma", count=1), "spqrisiko.garrison")
    rule_error(s, a, Fortify(from_province="roma", to_province="apulia", count=1),
               "spqrisiko.not_your_province")
    rule_error(s, a, Fortify(from_province="etruria", to_province="campania", count=1), "spqrisiko.not_adjacent")
    GAME.apply(s, a, Fortify(from_province="roma", to_province="campania", count=8), at(1))
    assert s.legions["roma"] == 2 and s.legions["campania"] == 10
    assert cur(s) != a  # fortify ends the turn


def test_fortify_inland_keeps_one() -> None:
    s, a, _b = battle_state()
    give(s, a, {"gallia_cisalpina": 3, "venetia": 3, "raetia": 3, "noricum": 3, "germania": 3,
                "gallia_belgica": 3, "gallia_lugdunensis": 3, "gallia_narbonensis": 3, "aquitania": 3,
                "tarraconensis": 3, "dalmatia": 3, "pannonia": 3})
    # raetia borders only a's provinces: may go down to 1
    GAME.apply(s, a, Fortify(from_province="raetia", to_province="noricum", count=2), at(1))
    assert s.legions["raetia"] == 1


def test_last_province_protected_until_round_4_ends() -> None:
    s, a, b = battle_state()
    give(s, b, {"bruttium": 1, "sicilia": 1})
    s.owner["bruttium"] = "neutral-1"
    s.owner["sicilia"] = "neutral-1"
    s.round = 4
    rule_error(s, a, Attack(from_province="roma", to_province="apulia"), "spqrisiko.last_province_protected")
    s.round = 5
    s.legions["roma"] = 60
    s.legions["apulia"] = 1
    s.hands[b] = ["nave:1", "vessillo:1"]
    s.hands[a] = []
    events = GAME.apply(s, a, Attack(from_province="roma", to_province="apulia", rolls="blitz"), at(1))
    assert b in s.eliminated
    assert sorted(s.hands[a]) == ["nave:1", "vessillo:1"] and s.hands[b] == []
    assert any(e.key == "spqrisiko.eliminated" for e in events)


def test_last_player_standing_wins() -> None:
    s, a, b = battle_state()
    c = s.order[2]
    s.eliminated.append(c)
    for p, o in list(s.owner.items()):
        if o == b and p != "apulia":
            s.owner[p] = "neutral-1"
    s.legions["roma"] = 60
    s.legions["apulia"] = 1
    GAME.apply(s, a, Attack(from_province="roma", to_province="apulia", rolls="blitz"), at(1))
    assert s.status == "finished" and s.winners == [a]


def test_card_after_conquest_and_deck_reshuffle() -> None:
    s, a, _b = battle_state()
    s.legions["roma"] = 60
    s.legions["apulia"] = 1
    GAME.apply(s, a, Attack(from_province="roma", to_province="apulia", rolls="blitz"), at(1))
    s.deck.discard = list(s.deck.draw_pile)
    s.deck.draw_pile = []
    events = GAME.apply(s, a, EndTurn(), at(2))
    assert len(s.hands[a]) == 1
    assert any(e.key == "spqrisiko.card_drawn" and e.to == [a] for e in events)
    assert len(s.deck.draw_pile) + len(s.deck.discard) + sum(len(h) for h in s.hands.values()) == 55


# ---- ships and landings -------------------------------------------------------------------------
def test_fleet_move_once_and_naval_combat() -> None:
    s, a, b = battle_state()
    s.ships["mare_tyrrhenum"] = {a: 5, b: 2}
    rule_error(s, a, MoveFleet(from_sea="mare_tyrrhenum", to_sea="mare_aegaeum", count=1), "spqrisiko.not_adjacent")
    rule_error(s, a, MoveFleet(from_sea="mare_tyrrhenum", to_sea="mare_ionium", count=6), "spqrisiko.no_ships")
    GAME.apply(s, a, MoveFleet(from_sea="mare_tyrrhenum", to_sea="mare_ionium", count=1), at(1))
    rule_error(s, a, MoveFleet(from_sea="mare_ionium", to_sea="mare_tyrrhenum", count=1),
               "spqrisiko.fleet_already_moved")
    GAME.apply(s, a, NavalAttack(sea="mare_tyrrhenum", defender=s.name_of(b), rolls="blitz"),
               at(2))
    la = s.last_attack
    assert la is not None and la.kind == "naval"
    # the combat stops on the first roll that sinks nothing, or when a fleet is gone
    last_a, last_d = la.rolls[-1]
    from engine.spqrisiko.odds import compare
    gone = s.ships["mare_tyrrhenum"].get(a, 0) == 0 or s.ships["mare_tyrrhenum"].get(b, 0) == 0
    assert gone or compare(last_a, last_d, False) == (0, 0)
    for roll_a, roll_d in la.rolls[:-1]:
        assert compare(roll_a, roll_d, False) != (0, 0)
    rule_error(s, a, NavalAttack(sea="mare_tyrrhenum", defender=b), "spqrisiko.naval_done")
    # land combat closes naval combat
    GAME.apply(s, a, Attack(from_province="roma", to_province="apulia"), at(3))
    s.ships["mare_ionium"] = {a: 1, b: 1}
    rule_error(s, a, NavalAttack(sea="mare_ionium", defender=b), "spqrisiko.naval_after_land")
    rule_error(s, a, MoveFleet(from_sea="mare_ionium", to_sea="mare_tyrrhenum", count=1),
               "spqrisiko.fleet_already_moved")


def test_naval_ties_sink_nothing() -> None:
    from engine.spqrisiko.odds import compare
    assert compare([6, 5, 1], [6, 5, 1], ties_to_defender=False) == (0, 0)
    assert compare([6, 5, 1], [6, 5, 1], ties_to_defender=True) == (3, 0)
    assert compare([6, 2], [5, 2, 2], ties_to_defender=False) == (0, 1)


def test_landing_rules() -> None:
    s, a, b = battle_state()
    # roma and sicilia share the Mare Tyrrhenum
    rule_error(s, a, Land(from_province="roma", to_province="sicilia", count=3), "spqrisiko.no_naval_superiority")
    s.ships["mare_tyrrhenum"] = {a: 2, b: 2}
    rule_error(s, a, Land(from_province="roma", to_province="sicilia", count=3), "spqrisiko.no_naval_superiority")
    s.ships["mare_tyrrhenum"] = {a: 3, b: 2}
    rule_error(s, a, Land(from_province="roma", to_province="creta", count=3), "spqrisiko.no_common_sea")
    rule_error(s, a, Land(from_province="roma", to_province="sicilia", count=9), "spqrisiko.garrison")
    s.legions["sicilia"] = 1
    s.legions["roma"] = 30
    GAME.apply(s, a, Land(from_province="roma", to_province="sicilia", count=20), at(1))
    la = s.last_attack
    assert la is not None and la.kind == "landing"
    if la.conquered:
        assert s.owner["sicilia"] == a and s.legions["sicilia"] == 20 - la.attacker_losses
    assert s.legions["roma"] == 10
    code = "spqrisiko.attack_own" if la.conquered else "spqrisiko.already_landed"
    rule_error(s, a, Land(from_province="roma", to_province="sicilia", count=2), code)


def test_landing_fights_to_the_end() -> None:
    s, a, b = battle_state()
    s.ships["mare_tyrrhenum"] = {a: 1}
    s.legions["roma"] = 5
    s.legions["sicilia"] = 50
    GAME.apply(s, a, Land(from_province="roma", to_province="sicilia", count=3), at(1))
    assert s.owner["sicilia"] == b
    assert s.last_attack is not None and s.last_attack.attacker_losses == 3
    assert s.legions["roma"] == 2


# ---- turns, deadlines, autopilot ----------------------------------------------------------------
def test_wrong_phase() -> None:
    s, a, _b = battle_state()
    GAME.apply(s, a, Attack(from_province="roma", to_province="apulia"), at(1))
    rule_error(s, a, Reinforce(province="roma", count=1), "spqrisiko.wrong_phase")
    rule_error(s, a, MoveFleet(from_sea="mare_tyrrhenum", to_sea="mare_ionium", count=1), "spqrisiko.no_ships")
    s2 = new_game(3)
    rule_error(s2, cur(s2), EndTurn(), "spqrisiko.wrong_phase")


def test_timeout_autopilot_and_three_strikes() -> None:
    s = random_game(3, turn_hours=1)
    first = cur(s)
    mine = GAME.provinces_of(s, first)
    before = sum(s.legions[p] for p in mine)
    reinf = s.turn.reinforcements
    events = GAME.advance(s, at(60))
    assert any(e.key == "spqrisiko.timeout" and e.to == [first] and e.notify == "turn" for e in events)
    assert sum(s.legions[p] for p in mine) == before + reinf
    assert cur(s) != first
    # three rounds of timeouts: every seat on autopilot, moderators told by a public event
    events = GAME.advance(s, at(60 * 9))
    ons = [e for e in events if e.key == "spqrisiko.autopilot_timeouts"]
    assert len(ons) == 3 and all(e.to is None for e in ons)
    assert set(s.autopilot) == set(s.order)


def away(until: datetime | None) -> dict[str, str | None]:
    return {"type": "core_away", "until": until.isoformat() if until else None}


def test_away_plays_turns_at_once_until_back() -> None:
    s = random_game(3)
    a, b, c = s.order
    events = GAME.apply(s, b, away(at(60 * 24 * 7)), at(1))
    assert any(e.key == "spqrisiko.autopilot_on" for e in events)
    again = GAME.apply(s, b, away(at(60 * 24 * 8)), at(1))  # declaring again changes nothing
    assert not any(e.key == "spqrisiko.autopilot_on" for e in again) and s.autopilot.count(b) == 1
    skip_reinforcements(s)
    events = GAME.apply(s, a, EndTurn(), at(2))
    assert any(e.key == "spqrisiko.autopilot_turn" for e in events)
    assert cur(s) == c  # b's turn was played through immediately
    back = GAME.apply(s, b, away(None), at(3))
    assert b not in s.autopilot and any(e.key == "spqrisiko.autopilot_off" for e in back)
    assert not any(e.key == "spqrisiko.autopilot_off" for e in GAME.apply(s, b, away(None), at(3)))


def test_away_on_own_turn_finishes_it() -> None:
    s = random_game(3)
    a = cur(s)
    GAME.apply(s, a, away(at(60 * 24)), at(1))
    assert cur(s) != a


def test_hand_is_private() -> None:
    s = random_game(3)
    a, b, _ = s.order
    s.hands[a] = ["nave:1", "vessillo:2"]
    mine = GAME.view(s, a)
    assert mine.hand == ["nave", "vessillo"]
    assert GAME.view(s, b).hand == []
    public = GAME.view(s, None)
    assert public.hand is None and public.hand_sizes[a] == 2
    assert "nave:1" not in public.model_dump_json()


def test_deadline_and_awaiting() -> None:
    s = random_game(3, turn_hours=24)
    assert GAME.awaiting(s) == {cur(s)}
    assert GAME.next_deadline(s) == at(0) + timedelta(hours=24)
    assert GAME.headline(s).key == "spqrisiko.headline.turn"


def test_legal_actions_are_legal_for_current_player() -> None:
    s, a, b = battle_state()
    s.ships["mare_tyrrhenum"] = {a: 3, b: 1}
    s.hands[a] = ["nave:1", "nave:2", "nave:3"]
    for action in GAME.legal_actions(s, a):
        copy = s.model_copy(deep=True)
        GAME.apply(copy, a, action, at(1))
    assert GAME.legal_actions(s, b) == [CoreAway(until=s.clock + timedelta(days=7))]


# ---- a seat a moderator removed never wins (issue 38) ----------------------------------------------
def test_a_removed_seat_does_not_win_at_the_time_limit() -> None:
    s = random_game(3, time_limit_hours=5, turn_hours=48)
    a, b, c = s.order
    kicked = b if cur(s) != b else c
    GAME.apply(s, "mod", {"type": "mod_kick", "player": kicked}, at(1), moderator=True)
    s.points = {a: 1, b: 1, c: 1, kicked: 9}
    GAME.advance(s, at(5 * 60))
    assert s.status == "finished" and s.end_reason == "time_limit"
    assert kicked not in s.winners and s.winners


def test_a_removed_seat_reaching_the_target_does_not_end_the_game() -> None:
    s = random_game(3, target_points=3)
    nxt = s.order[1]
    GAME.apply(s, "mod", {"type": "mod_kick", "player": nxt}, at(1), moderator=True)
    assert s.status == "active" and cur(s) != nxt  # the kicked seat's turn comes next, played by its autopilot
    s.points[nxt] = 2
    s.colossei = [p for p, o in s.owner.items() if o == nxt][:1]
    skip_reinforcements(s)
    events = GAME.apply(s, cur(s), EndTurn(), at(2))
    assert s.points[nxt] >= 3
    assert s.status == "active" and not any(e.key == "spqrisiko.victory" for e in events)
