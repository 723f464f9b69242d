"""Conceding (issue 42): a player leaves the game of their own will and ranks last. The game goes on
for the others (each game treats the seat as it treats one a moderator removed: `Game.on_kick`), and
ends when one player is left, who wins it: at once, the last conceder's seat never played."""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

from engine.core.draw import close, settle
from engine.core.model import Event, GameState

CONCESSION_REASON = "concession"


class Concede(BaseModel):
    type: Literal["core_concede"] = "core_concede"


def concede(game: Any, state: GameState, actor: str, now: datetime) -> list[Event]:
    seat = state.player(actor)
    assert seat is not None and not seat.left  # the core refuses a player already gone
    seat.left = True
    state.conceded.append(actor)
    state.away.pop(actor, None)
    state.orders.pop(actor, None)
    events = [Event(key="core.conceded", params={"player": seat.name})]
    if len(game.in_play(state)) <= 1:  # nobody left to play against: the game ends here, before the
        # seat's autopilot plays a turn (and calls the winner to a turn of a game already over)
        close(state)
        return [*events, game.finish(state, game.in_play(state), CONCESSION_REASON)]
    events += game.on_kick(state, actor, now)
    if state.status != "active":  # the game's own rules ended it
        return events
    if state.draw is not None:
        if state.draw.by == actor or len(game.in_play(state)) < 2:
            events.append(Event(key="core.draw.withdrawn", params={"player": seat.name}))
            close(state)
        else:
            state.draw.agreed = [p for p in state.draw.agreed if p != actor]
            events += settle(game, state)
    left = game.in_play(state)
    if state.status == "active" and len(left) <= 1:
        events.append(game.finish(state, left, CONCESSION_REASON))
    return events
