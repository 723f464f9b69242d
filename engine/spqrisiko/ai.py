"""Representative legal actions (buttons, fuzz tests) and a simple greedy player (benchmarks, demos)."""

from __future__ import annotations

from datetime import timedelta
from itertools import combinations

from pydantic import BaseModel

from engine.core.moderation import Away as CoreAway
from engine.spqrisiko.board import CARD_SYMBOLS, board, symbol
from engine.spqrisiko.models import (
    NEUTRAL_IDS,
    PHASE_ORDER,
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
    SpqrState,
)
from engine.spqrisiko.territory import borders_enemy, garrison, provinces_of, ships_of


def playable_sets(hand: list[str]) -> list[list[str]]:
    """Distinct valid three-card sets (by symbol) the hand can make."""
    counts = {s: sum(1 for c in hand if symbol(c) == s) for s in CARD_SYMBOLS}
    sets = [[s, s, s] for s in CARD_SYMBOLS if counts[s] >= 3]
    sets += [list(trio) for trio in combinations(CARD_SYMBOLS, 3) if all(counts[s] >= 1 for s in trio)]
    return sets


def _phase_ok(state: SpqrState, phase: str) -> bool:
    assert state.turn is not None
    return PHASE_ORDER.index(state.turn.phase) <= PHASE_ORDER.index(phase)


def attack_options(state: SpqrState, actor: str) -> list[tuple[str, str]]:
    """(from, to) pairs a land attack may use now, strongest odds first."""
    b = board()
    out: list[tuple[int, str, str]] = []
    for src in provinces_of(state, actor):
        if state.legions[src] < 2:
            continue
        for dst in b.provinces[src].land:
            defender = state.owner.get(dst)
            if defender is None or defender == actor or _protected(state, defender):
                continue
            out.append((state.legions[dst] - state.legions[src], src, dst))
    return [(s, d) for _, s, d in sorted(out)]


def _protected(state: SpqrState, defender: str) -> bool:
    return (
        defender not in NEUTRAL_IDS
        and len(provinces_of(state, defender)) == 1
        and state.round <= state.settings.protected_rounds
    )


def legal_actions(state: SpqrState, actor: str) -> list[BaseModel]:
    if state.status != "active" or actor in state.eliminated or state.player(actor) is None:
        return []
    # declaring an absence (or coming back) is open to anyone at any time; a week ahead is a fair sample
    away: list[BaseModel] = [CoreAway(until=None if actor in state.autopilot else state.clock + timedelta(days=7))]
    if actor != state.order[state.current]:
        return away
    b = board()
    out: list[BaseModel] = []
    if state.phase == "placement":
        empty = sorted(p for p in b.provinces if p not in state.owner)
        neutrals = any(state.neutral_left.values()) and len(empty) > 1
        for i in range(min(3, len(empty))):
            own = empty[(i * 7) % len(empty)]
            other = next((p for p in reversed(empty) if p != own), None) if neutrals else None
            out.append(Place(province=own, neutral_province=other))
        return out + away
    turn = state.turn
    assert turn is not None
    mine = sorted(provinces_of(state, actor))
    movable = {p: state.legions[p] - garrison(state, p) for p in mine}
    if turn.conquest_move is not None:
        spare = movable[turn.conquest_move.origin]
        out += [MoveIn(count=n) for n in sorted({1, spare}) if 1 <= n <= spare]
    if turn.phase == "reinforce":
        if turn.reinforcements > 0:
            border = [p for p in mine if borders_enemy(state, p)] or mine
            for p in border[:3]:
                out.append(Reinforce(province=p, count=turn.reinforcements))
            out.append(Reinforce(province=border[-1], count=1))
        if turn.sets_played < state.settings.card_sets_per_turn:
            out += [PlayCards.model_validate({"symbols": s}) for s in playable_sets(state.hands[actor])]
        for sea, fleet in sorted(state.ships.items()):
            if fleet.get(actor, 0) > 0:
                coast = [p for p in b.seas[sea].coasts if state.owner.get(p) == actor]
                if coast:
                    out.append(Convert(what="ship_to_legionaries", province=coast[0], sea=sea))
                    break
        rich = [p for p in mine if movable[p] >= 3 and b.provinces[p].seas]
        if rich:
            out.append(
                Convert(what="legionaries_to_ship", province=rich[0], sea=b.provinces[rich[0]].seas[0])
            )
    if turn.reinforcements > 0:
        return out + away
    if _phase_ok(state, "naval") and not turn.fleet_moved:
        for sea, fleet in sorted(state.ships.items()):
            if fleet.get(actor, 0) > 0 and b.seas[sea].seas:
                out.append(MoveFleet(from_sea=sea, to_sea=b.seas[sea].seas[0], count=fleet[actor]))
    if _phase_ok(state, "naval_combat"):
        for sea, fleet in sorted(state.ships.items()):
            open_here = turn.naval_battle is not None and turn.naval_battle.sea == sea
            if fleet.get(actor, 0) < 1 or (sea in turn.naval_done and not open_here):
                continue
            for enemy, n in sorted(fleet.items()):
                if enemy != actor and n > 0 and (not open_here or turn.naval_battle.defender == enemy):  # type: ignore[union-attr]
                    out += [NavalAttack(sea=sea, defender=enemy, rolls=r) for r in ("once", "blitz")]
    if _phase_ok(state, "combat"):
        for src, dst in attack_options(state, actor)[:6]:
            out.append(Attack(from_province=src, to_province=dst, rolls="once"))
            out.append(Attack(from_province=src, to_province=dst, rolls="blitz"))
        for src in mine:
            if movable[src] < 1:
                continue
            for sea in b.provinces[src].seas:
                for dst in b.seas[sea].coasts:
                    defender = state.owner.get(dst)
                    if (
                        defender is None
                        or defender == actor
                        or dst in turn.landed_on
                        or _protected(state, defender)
                    ):
                        continue
                    if ships_of(state, sea, actor) > ships_of(state, sea, defender):
                        out.append(Land(from_province=src, to_province=dst, sea=sea, count=movable[src]))
    for src in mine:
        if movable[src] < 1:
            continue
        for dst in b.provinces[src].land:
            if state.owner.get(dst) == actor:
                out.append(Fortify(from_province=src, to_province=dst, count=movable[src]))
                break
        if len(out) > 40:
            break
    out.append(EndTurn())
    return out + away


def choose_action(state: SpqrState, actor: str) -> BaseModel:
    """A greedy player: cards first, reinforce the strongest front, attack with clear odds, end."""
    b = board()
    if state.phase == "placement":
        empty = sorted(p for p in b.provinces if p not in state.owner)
        neutral = empty[-1] if any(state.neutral_left.values()) and len(empty) > 1 else None
        return Place(province=empty[0], neutral_province=neutral)
    turn = state.turn
    assert turn is not None
    if turn.phase == "reinforce" and turn.sets_played < state.settings.card_sets_per_turn:
        sets = playable_sets(state.hands[actor])
        if sets:
            return PlayCards.model_validate({"symbols": sets[0]})
    if turn.reinforcements > 0:
        mine = provinces_of(state, actor)
        border = [p for p in mine if borders_enemy(state, p)] or mine
        best = max(border, key=lambda p: (state.legions[p], p))
        return Reinforce(province=best, count=turn.reinforcements)
    if _phase_ok(state, "combat"):
        for src, dst in attack_options(state, actor):
            if state.legions[src] >= state.legions[dst] + 3:
                return Attack(from_province=src, to_province=dst, rolls="blitz", stop_at=2)
    return EndTurn()
