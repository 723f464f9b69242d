"""Fleets: moving a fleet and naval battles."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.spqrisiko.board import board
from engine.spqrisiko.combat import MAX_ROLLS, roll
from engine.spqrisiko.models import (
    PHASE_ORDER,
    LastAttack,
    MoveFleet,
    NavalAttack,
    NavalBattle,
    SpqrState,
)
from engine.spqrisiko.phases import enter_phase
from engine.spqrisiko.territory import add_ships, find_player, find_sea, ships_of


def move_fleet(state: SpqrState, actor: str, action: MoveFleet, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    src, dst = find_sea(action.from_sea), find_sea(action.to_sea)
    if turn.fleet_moved:
        raise RuleError("spqrisiko.fleet_already_moved")
    if dst not in board().seas[src].seas:
        raise RuleError("spqrisiko.not_adjacent", a=board().name(src), b=board().name(dst))
    have = ships_of(state, src, actor)
    if action.count > have:
        raise RuleError("spqrisiko.no_ships", sea=board().name(src))
    enter_phase(turn, "naval")
    add_ships(state, src, actor, -action.count)
    add_ships(state, dst, actor, action.count)
    turn.fleet_moved = True
    return [
        Event(
            key="spqrisiko.fleet_moved",
            params={
                "player": state.name_of(actor),
                "count": action.count,
                "from": board().name(src),
                "to": board().name(dst),
            },
        )
    ]


def naval_attack(state: SpqrState, actor: str, action: NavalAttack, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    sea = find_sea(action.sea)
    enemy = find_player(state, action.defender)
    battle = turn.naval_battle
    if battle is not None and (battle.sea != sea or battle.defender != enemy):
        turn.naval_done.append(battle.sea)
        turn.naval_battle = battle = None
    if PHASE_ORDER.index(turn.phase) > PHASE_ORDER.index("naval_combat"):
        raise RuleError("spqrisiko.naval_after_land")
    if battle is None and sea in turn.naval_done:
        raise RuleError("spqrisiko.naval_done", sea=board().name(sea))
    if enemy == actor:
        raise RuleError("spqrisiko.attack_own")
    if ships_of(state, sea, actor) < 1:
        raise RuleError("spqrisiko.no_ships", sea=board().name(sea))
    if ships_of(state, sea, enemy) < 1:
        raise RuleError("spqrisiko.no_enemy_ships", sea=board().name(sea), player=state.name_of(enemy))
    enter_phase(turn, "naval_combat")
    record = LastAttack(kind="naval", attacker=actor, defender=enemy, origin=sea, target=sea)
    sank = True
    for _ in range(MAX_ROLLS):
        mine, theirs = ships_of(state, sea, actor), ships_of(state, sea, enemy)
        a, d, la, ld = roll(state, min(3, mine), min(3, theirs), ties_to_defender=False)
        record.rolls.append([a, d])
        record.attacker_losses += la
        record.defender_losses += ld
        add_ships(state, sea, actor, -la)
        add_ships(state, sea, enemy, -ld)
        sank = la + ld > 0
        both = ships_of(state, sea, actor) > 0 and ships_of(state, sea, enemy) > 0
        if not sank or not both:
            sank = False
            break
        if action.rolls == "once":
            break
    state.last_attack = record
    if sank:
        turn.naval_battle = NavalBattle(sea=sea, defender=enemy)
    else:
        turn.naval_battle = None
        turn.naval_done.append(sea)
    params = {
        "player": state.name_of(actor),
        "defender": state.name_of(enemy),
        "sea": board().name(sea),
        "rolls": len(record.rolls),
        "dice_rolls": record.rolls,
        "lost": record.attacker_losses,
        "sunk": record.defender_losses,
        "left": ships_of(state, sea, actor),
        "enemy_left": ships_of(state, sea, enemy),
        "can_continue": sank,
    }
    return [
        Event(key="spqrisiko.naval_battle", params=params),
        Event(key="spqrisiko.naval_attacked", params=params, to=[enemy], notify="info"),
    ]
