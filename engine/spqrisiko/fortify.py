"""The end of a turn: one fortifying move, or ending the turn outright."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.spqrisiko.board import board
from engine.spqrisiko.models import (
    EndTurn,
    Fortify,
    SpqrState,
)
from engine.spqrisiko.phases import enter_phase
from engine.spqrisiko.territory import check_own, find_province, garrison
from engine.spqrisiko.turns import end_turn


def fortify(state: SpqrState, actor: str, action: Fortify, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    src, dst = find_province(state, action.from_province), find_province(state, action.to_province)
    check_own(state, actor, src)
    check_own(state, actor, dst)
    if not board().adjacent(src, dst):
        raise RuleError("spqrisiko.not_adjacent", a=board().name(src), b=board().name(dst))
    if state.legions[src] - action.count < garrison(state, src):
        raise RuleError("spqrisiko.garrison", province=board().name(src), keep=garrison(state, src))
    enter_phase(turn, "fortify")
    state.legions[src] -= action.count
    state.legions[dst] += action.count
    events = [
        Event(
            key="spqrisiko.fortified",
            params={
                "player": state.name_of(actor),
                "count": action.count,
                "from": board().name(src),
                "to": board().name(dst),
            },
        )
    ]
    return events + end_turn(state, now)


def end_turn_action(state: SpqrState, actor: str, action: EndTurn, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    if turn.reinforcements > 0:
        raise RuleError("spqrisiko.reinforcements_left", count=turn.reinforcements)
    return end_turn(state, now)
