"""A draw by agreement (issue 42): any seated player proposes it, every player still seated must agree
before its deadline, and one refusal ends the proposal. The deadline is a timer of the game's own
queue, so pause, extend and the scheduler treat it like every other deadline."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel

from engine.core.errors import RuleError
from engine.core.model import DrawProposal, Event, GameState

DRAW_TIMER = "core_draw"
DRAW_HOURS = 48  # long enough for a table that plays once a day, short enough not to hang over the game
DRAW_REASON = "draw"


class DrawAnswer(BaseModel):
    """Propose a draw, or agree to / refuse the one proposed."""

    type: Literal["core_draw"] = "core_draw"
    answer: Literal["propose", "agree", "refuse"]


def draw_move(game: Any, state: GameState, actor: str, answer: str, now: datetime) -> list[Event]:
    name = state.name_of(actor)
    pending = state.draw
    if answer == "propose":
        if pending is not None:
            raise RuleError("core.draw.pending", player=state.name_of(pending.by))
        if actor not in game.in_play(state):
            raise RuleError("core.draw.out")
        if len(game.in_play(state)) < 2:
            raise RuleError("core.draw.alone")
        state.draw = DrawProposal(by=actor, agreed=[actor])
        until = now + timedelta(hours=DRAW_HOURS)
        state.add_timer(DRAW_TIMER, until)
        others = [p for p in game.in_play(state) if p != actor]
        return [Event(key="core.draw.proposed", params={"player": name, "until": until,
                                                         "waiting": [state.name_of(p) for p in others]}),
                Event(key="core.draw.asked", params={"player": name, "until": until}, to=others, notify="action")]
    if pending is None:
        raise RuleError("core.draw.none")
    if actor not in game.in_play(state):
        raise RuleError("core.draw.out")
    if answer == "refuse":
        close(state)
        return [Event(key="core.draw.refused", params={"player": name})]
    if actor in pending.agreed:
        raise RuleError("core.draw.already_agreed")
    pending.agreed.append(actor)
    return [Event(key="core.draw.agreed_by", params={"player": name}), *settle(game, state)]


def settle(game: Any, state: GameState) -> list[Event]:
    """The draw, once every player still in play has agreed (a concession may be what completes it)."""
    pending = state.draw
    seated = game.in_play(state)
    if pending is None or state.status != "active" or len(seated) < 2:
        return []
    if any(p not in pending.agreed for p in seated):
        return []
    close(state)
    game.finish(state, [], DRAW_REASON)
    return [Event(key="core.ended_draw", params={"players": [state.name_of(p) for p in seated]}, notify="game_end")]


def close(state: GameState) -> None:
    state.draw = None
    state.cancel_timers(DRAW_TIMER)


def lapsed(game: Any, state: GameState) -> list[Event]:
    """The deadline came before every player agreed: the game goes on."""
    pending = state.draw
    state.draw = None
    if pending is None:
        return []
    missing = [state.name_of(p) for p in game.in_play(state) if p not in pending.agreed]
    return [Event(key="core.draw.lapsed", params={"waiting": missing})]
