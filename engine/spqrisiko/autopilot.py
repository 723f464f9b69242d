"""Seats on autopilot (away, kicked, or three missed turns): who is on it, and coming back from it."""

from __future__ import annotations

from engine.core import Event
from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrState
from engine.spqrisiko.territory import alive_players, borders_enemy, provinces_of


def auto_eligible(state: SpqrState, player: str) -> bool:
    """Autopilot seats play at once, unless every seat is on autopilot (then deadlines drive it)."""
    humans = [p for p in alive_players(state) if not away_seat(state, p)]
    return away_seat(state, player) and bool(humans)


def away_seat(state: SpqrState, player: str) -> bool:
    seat = state.player(player)
    return player in state.autopilot or (seat is not None and seat.left)


def count_autoplayed(state: SpqrState, player: str) -> None:
    """The autopilot plays this seat's turn at once: one more for the players' record (not for a seat a
    moderator removed: that player is no longer at the table)."""
    seat = state.player(player)
    if seat is not None and not seat.left:
        state.autoplayed[player] = state.autoplayed.get(player, 0) + 1


def back_from_autopilot(state: SpqrState, actor: str) -> list[Event]:
    if actor in state.autopilot:
        state.autopilot.remove(actor)
        return [Event(key="spqrisiko.autopilot_off", params={"player": state.name_of(actor)})]
    return []


def play_rest_of_turn(state: SpqrState) -> list[Event]:
    """What the autopilot does with a turn: drop a pending conquest move or naval battle and spread
    the reinforcements left one by one over the border provinces (all provinces if none borders)."""
    turn = state.turn
    assert turn is not None
    turn.conquest_move = None
    turn.naval_battle = None
    player = turn.player
    mine = sorted(provinces_of(state, player))
    border = [p for p in mine if borders_enemy(state, p)] or mine
    placed: dict[str, int] = {}
    i = 0
    while turn.reinforcements > 0 and border:
        p = border[i % len(border)]
        state.legions[p] += 1
        placed[p] = placed.get(p, 0) + 1
        turn.reinforcements -= 1
        i += 1
    turn.reinforcements = 0
    events = [
        Event(  # with nothing left to place, the words say so ("0 reinforcements spread (none)" did not)
            key="spqrisiko.autopilot_turn" if placed else "spqrisiko.autopilot_turn_bare",
            params={
                "player": state.name_of(player),
                "placed": sum(placed.values()),
                "provinces": len(placed),
                "where": [f"{board().name(p)} +{n}" for p, n in sorted(placed.items())],
            },
        )
    ]
    return events
