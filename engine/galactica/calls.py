"""Who must act, and what they owe, in words: the channel's turn call (core.turn_ping) and the
reminders read it, so a change of hands is never a bare "Done."."""

from __future__ import annotations

from engine.core import Event, Msg
from engine.galactica import casino
from engine.galactica.models import GalacticaState


def owed(state: GalacticaState, player: str) -> list[Msg]:
    if state.status != "active":
        return []
    if state.phase == "order":
        return [Msg(key="galactica.owed.direction")] if player == state.starter else []
    battle = state.battle
    if battle is not None:
        side = next((s for s in (battle.attacker, battle.defender) if s.player == player and s.must_pick), None)
        return [Msg(key="galactica.owed.line", params={"cell": battle.cell, "size": state.settings.lineup})] \
            if side is not None else []
    if not state.order or state.order[state.current] != player:
        return []
    pending = state.pending
    if pending is not None:
        if pending.kind == "land":
            return [Msg(key="galactica.owed.land")]
        return [Msg(key="galactica.owed.lose", params={"count": pending.count})]
    cell = casino.owes_play(state, player)
    out = [Msg(key="galactica.owed.phase", params={"phase": state.phase})]
    if cell is not None:
        out.append(Msg(key="galactica.owed.casino", params={"cell": cell}))
    return out


def turn_ping(state: GalacticaState, player: str, timer: str = "turn") -> Event:
    """The channel's call: who, what they owe, by when (the turn's deadline, or the battle's)."""
    return Event(key="core.turn_ping", params={
        "who": player, "owed": [m.model_dump() for m in owed(state, player)],
        "deadline": state.deadline(timer)})
