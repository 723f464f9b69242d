"""Land battles and landings from the sea: dice, conquest, moving in, and eliminating a player."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from engine.core import Event, RuleError, finish_game
from engine.core.game import removed
from engine.spqrisiko.board import board
from engine.spqrisiko.models import (
    NEUTRAL_IDS,
    Attack,
    ConquestMove,
    Land,
    LastAttack,
    MoveIn,
    SpqrState,
)
from engine.spqrisiko.odds import attack_dice, compare
from engine.spqrisiko.phases import enter_phase
from engine.spqrisiko.territory import (
    alive_players,
    army_name,
    check_own,
    find_province,
    find_sea,
    garrison,
    provinces_of,
    ships_of,
)

MAX_ROLLS = 10_000  # a blitz ends long before; a guard against a logic slip


def roll(
    state: SpqrState, att: int, dfn: int, ties_to_defender: bool
) -> tuple[list[int], list[int], int, int]:
    a = sorted(state.rng.dice(att), reverse=True)
    d = sorted(state.rng.dice(dfn), reverse=True)
    la, ld = compare(a, d, ties_to_defender)
    return a, d, la, ld


def check_target(state: SpqrState, actor: str, target: str) -> str:
    defender = state.owner[target]
    if defender == actor:
        raise RuleError("spqrisiko.attack_own")
    if (
        defender not in NEUTRAL_IDS
        and len(provinces_of(state, defender)) == 1
        and state.round <= state.settings.protected_rounds
    ):
        raise RuleError(
            "spqrisiko.last_province_protected",
            player=state.name_of(defender),
            round=state.settings.protected_rounds,
        )
    return defender


def attack(state: SpqrState, actor: str, action: Attack, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    src, dst = find_province(state, action.from_province), find_province(state, action.to_province)
    check_own(state, actor, src)
    if not board().adjacent(src, dst):
        raise RuleError("spqrisiko.not_adjacent", a=board().name(src), b=board().name(dst))
    defender = check_target(state, actor, dst)
    stop = action.stop_at if action.rolls == "blitz" else 1
    if state.legions[src] < 2 or state.legions[src] <= stop:
        raise RuleError(
            "spqrisiko.too_few_legionaries", province=board().name(src), count=state.legions[src]
        )
    enter_phase(turn, "combat")
    record = LastAttack(kind="land", attacker=actor, defender=defender, origin=src, target=dst)
    dice = 0
    for _ in range(MAX_ROLLS):
        dice = attack_dice(state.legions[src], landing=False, stop_at=stop)  # never past the stop
        a, d, la, ld = roll(state, dice, min(3, state.legions[dst]), ties_to_defender=True)
        record.rolls.append([a, d])
        record.attacker_losses += la
        record.defender_losses += ld
        state.legions[src] -= la
        state.legions[dst] -= ld
        if state.legions[dst] == 0 or action.rolls == "once" or state.legions[src] <= stop:
            break
    events: list[Event] = []
    if state.legions[dst] == 0:
        record.conquered = True
        state.legions[src] -= dice  # the dice of the last roll march in
        state.legions[dst] = dice
        events += conquer(state, actor, defender, dst)
        turn.conquest_move = ConquestMove(origin=src, target=dst)
    state.last_attack = record
    params = {
        "player": state.name_of(actor),
        "defender": army_name(state, defender),
        "from": board().name(src),
        "to": board().name(dst),
        "rolls": len(record.rolls),
        "dice": record.rolls[-1],
        "dice_rolls": record.rolls,
        "lost": record.attacker_losses,
        "killed": record.defender_losses,
        "left": state.legions[src],
        "defenders_left": 0 if record.conquered else state.legions[dst],
        "conquered": record.conquered,
    }
    news = battle_news(defender, "spqrisiko.attack", "spqrisiko.attacked", params)
    return news + conquest_news(state, actor, dst, record.conquered) + events


def conquest_news(state: SpqrState, actor: str, province: str, conquered: bool) -> list[Event]:
    """A conquest said in words: who takes what, entering with how many."""
    if not conquered:
        return []
    params = {"player": state.name_of(actor), "province": board().name(province), "count": state.legions[province]}
    return [Event(key="spqrisiko.conquest", params=params)]


def battle_news(defender: str, public: str, private: str, params: dict[str, Any]) -> list[Event]:
    """A land battle's public event, and the same news told to the defender (unless neutral)."""
    out = [Event(key=public, params=params)]
    if defender not in NEUTRAL_IDS:
        out.append(Event(key=private, params=params, to=[defender], notify="info"))
    return out


def conquer(state: SpqrState, actor: str, defender: str, province: str) -> list[Event]:
    assert state.turn is not None
    state.owner[province] = actor
    state.turn.conquered = True
    if defender in NEUTRAL_IDS or provinces_of(state, defender):
        return []
    # eliminated: cards to the conqueror, fleets leave the board
    state.eliminated.append(defender)
    cards = state.hands[defender]
    state.hands[actor].extend(cards)
    state.hands[defender] = []
    for fleet in state.ships.values():
        fleet.pop(defender, None)
    state.turn.eliminated_someone.append(defender)
    events = [
        Event(
            key="spqrisiko.eliminated",
            notify="info",
            params={"player": state.name_of(defender), "by": state.name_of(actor), "cards": len(cards)},
        )
    ]
    alive = alive_players(state)
    if len(alive) == 1:
        if not removed(state, alive[0]):  # a removed seat's autopilot may take the last army, never the game
            events.append(
                Event(
                    key="spqrisiko.victory",
                    notify="game_end",
                    params={"player": state.name_of(alive[0]), "points": state.points.get(alive[0], 0)},
                )
            )
        events.append(finish_game(state, alive, "last_standing"))
    return events


def move_in(state: SpqrState, actor: str, action: MoveIn, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    move = turn.conquest_move
    if move is None:
        raise RuleError("spqrisiko.no_conquest_move")
    if state.legions[move.origin] - action.count < garrison(state, move.origin):
        raise RuleError(
            "spqrisiko.garrison",
            province=board().name(move.origin),
            keep=garrison(state, move.origin),
        )
    state.legions[move.origin] -= action.count
    state.legions[move.target] += action.count
    turn.conquest_move = None
    return [
        Event(
            key="spqrisiko.moved_in",
            params={
                "player": state.name_of(actor),
                "count": action.count,
                "from": board().name(move.origin),
                "to": board().name(move.target),
            },
        )
    ]


def land(state: SpqrState, actor: str, action: Land, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    src, dst = find_province(state, action.from_province), find_province(state, action.to_province)
    check_own(state, actor, src)
    shared = board().shared_seas(src, dst)
    if action.sea is not None:
        sea = find_sea(action.sea)
        if sea not in shared:
            raise RuleError("spqrisiko.not_on_sea", province=board().name(dst), sea=board().name(sea))
        shared = [sea]
    if not shared:
        raise RuleError("spqrisiko.no_common_sea", a=board().name(src), b=board().name(dst))
    defender = check_target(state, actor, dst)
    good = [s for s in shared if ships_of(state, s, actor) > ships_of(state, s, defender)]
    if not good:
        raise RuleError("spqrisiko.no_naval_superiority", sea=board().name(shared[0]))
    if dst in turn.landed_on:
        raise RuleError("spqrisiko.already_landed", province=board().name(dst))
    if state.legions[src] - action.count < garrison(state, src):
        raise RuleError("spqrisiko.garrison", province=board().name(src), keep=garrison(state, src))
    enter_phase(turn, "combat")
    sea = good[0]
    turn.landed_on.append(dst)
    state.legions[src] -= action.count
    force = action.count
    record = LastAttack(kind="landing", attacker=actor, defender=defender, origin=src, target=dst)
    for _ in range(MAX_ROLLS):
        a, d, la, ld = roll(state, min(3, force), min(3, state.legions[dst]), ties_to_defender=True)
        record.rolls.append([a, d])
        record.attacker_losses += la
        record.defender_losses += ld
        force -= la
        state.legions[dst] -= ld
        if force == 0 or state.legions[dst] == 0:
            break
    events: list[Event] = []
    if state.legions[dst] == 0:
        record.conquered = True
        state.legions[dst] = force
        events += conquer(state, actor, defender, dst)
    state.last_attack = record
    params = {
        "player": state.name_of(actor),
        "defender": army_name(state, defender),
        "from": board().name(src),
        "to": board().name(dst),
        "sea": board().name(sea),
        "count": action.count,
        "rolls": len(record.rolls),
        "dice_rolls": record.rolls,
        "lost": record.attacker_losses,
        "killed": record.defender_losses,
        "left": force,
        "defenders_left": 0 if record.conquered else state.legions[dst],
        "conquered": record.conquered,
    }
    news = battle_news(defender, "spqrisiko.landing", "spqrisiko.landed_on_you", params)
    return news + conquest_news(state, actor, dst, record.conquered) + events
