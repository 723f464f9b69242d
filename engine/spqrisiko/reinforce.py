"""Reinforcements: legionaries for provinces held, placing them, converting between ships and legionaries."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.spqrisiko.board import board
from engine.spqrisiko.models import (
    Convert,
    Reinforce,
    SpqrState,
)
from engine.spqrisiko.territory import add_ships, check_own, find_province, find_sea, garrison, ships_of


def reinforcement_base(provinces: int) -> int:
    """Legionaries for the provinces held: 1 under 3, 3 for 3-11, then one per 3 held.

    "One per 3" is rounded to the nearest whole number, (n + 1) // 3, the only simple reading that
    gives the rulebook's 12 -> 4, 13 -> 4, 14 -> 5 (plain floor would give 14 -> 4).
    """
    if provinces < 3:
        return 1
    if provinces <= 11:
        return 3
    return (provinces + 1) // 3


def reinforce(state: SpqrState, actor: str, action: Reinforce, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    if turn.phase != "reinforce":
        raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
    prov = find_province(state, action.province)
    check_own(state, actor, prov)
    if action.count > turn.reinforcements:
        raise RuleError("spqrisiko.too_many_reinforcements", count=action.count, left=turn.reinforcements)
    state.legions[prov] += action.count
    turn.reinforcements -= action.count
    return [
        Event(
            key="spqrisiko.reinforced",
            params={
                "player": state.name_of(actor),
                "province": board().name(prov),
                "count": action.count,
                "left": turn.reinforcements,
            },
        )
    ]


def convert(state: SpqrState, actor: str, action: Convert, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    if turn.phase != "reinforce":
        raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
    prov = find_province(state, action.province)
    sea = find_sea(action.sea)
    check_own(state, actor, prov)
    if sea not in board().provinces[prov].seas:
        raise RuleError("spqrisiko.not_on_sea", province=board().name(prov), sea=board().name(sea))
    if action.what == "ship_to_legionaries":
        key = "spqrisiko.converted_ship"
        if ships_of(state, sea, actor) < 1:
            raise RuleError("spqrisiko.no_ships", sea=board().name(sea))
        add_ships(state, sea, actor, -1)
        state.legions[prov] += 2
    else:
        if state.legions[prov] - 3 < garrison(state, prov):
            raise RuleError(
                "spqrisiko.garrison", province=board().name(prov), keep=garrison(state, prov)
            )
        key = "spqrisiko.converted_legionaries"
        state.legions[prov] -= 3
        add_ships(state, sea, actor, 1)
    return [
        Event(
            key=key,
            params={
                "player": state.name_of(actor),
                "province": board().name(prov),
                "sea": board().name(sea),
            },
        )
    ]
