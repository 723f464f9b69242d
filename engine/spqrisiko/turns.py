"""The turn cycle: placement turns, a player's turn from reinforcements to its end, deadlines and timeouts."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from engine.core import Event, Msg, Timer
from engine.spqrisiko.autopilot import auto_eligible, back_from_autopilot, count_autoplayed, play_rest_of_turn
from engine.spqrisiko.board import board, symbol
from engine.spqrisiko.models import (
    NEUTRAL_IDS,
    SpqrState,
    Turn,
)
from engine.spqrisiko.orders import orders_due
from engine.spqrisiko.postures import play_by_orders
from engine.spqrisiko.reinforce import reinforcement_base
from engine.spqrisiko.scoring import score, time_up
from engine.spqrisiko.territory import alive_players, provinces_of


def set_turn_timer(state: SpqrState, now: datetime, hours: int) -> datetime:
    """The seat's turn timer: the turn's deadline lives there only (pause, extend and force move it)."""
    state.cancel_timers("turn")
    at = now + timedelta(hours=hours)
    state.add_timer("turn", at, player=state.order[state.current])
    return at


def start_placement_turn(state: SpqrState, now: datetime) -> list[Event]:
    player = state.order[state.current]
    deadline = set_turn_timer(state, now, state.settings.placement_hours)
    return [
        Event(
            key="spqrisiko.your_placement",
            to=[player],
            notify="turn",
            params={"player": state.name_of(player), "deadline": deadline},
        )
    ]


def auto_place(state: SpqrState, now: datetime) -> list[Event]:
    empty = sorted(p for p in board().provinces if p not in state.owner)
    own = state.rng.choice(empty)
    rest = [p for p in empty if p != own]
    neutral = state.rng.choice(rest) if rest and any(state.neutral_left.values()) else None
    return do_place(state, state.order[state.current], own, neutral, None, now)


def do_place(
    state: SpqrState,
    actor: str,
    own: str,
    neutral_prov: str | None,
    colour: str | None,
    now: datetime,
) -> list[Event]:
    state.owner[own] = actor
    state.legions[own] = 2
    params: dict[str, Any] = {"player": state.name_of(actor), "province": board().name(own)}
    key = "spqrisiko.placed"
    if neutral_prov is not None:
        colour = colour or max(
            state.neutral_left, key=lambda n: (state.neutral_left[n], -NEUTRAL_IDS.index(n))
        )
        count = min(3, state.neutral_left[colour])
        state.owner[neutral_prov] = colour
        state.legions[neutral_prov] = count
        state.neutral_left[colour] -= count
        key = "spqrisiko.placed_with_neutral"
        params.update(neutral=colour, neutral_province=board().name(neutral_prov), count=count)
    events = [Event(key=key, params=params)]
    if len(state.owner) == len(board().provinces):
        return events + begin_play(state, now)
    state.current = (state.current + 1) % len(state.order)
    return events + run_turns(state, now)


def begin_play(state: SpqrState, now: datetime) -> list[Event]:
    state.phase = "reinforce"
    state.round = 1
    state.current = 0
    events = [
        Event(key="spqrisiko.game_started", params={"order": [state.name_of(p) for p in state.order]})
    ]
    return events + run_turns(state, now)


def owed(state: SpqrState, player: str) -> list[Msg]:
    """What the seat on turn still has to do, in words for its ping and reminder."""
    if state.status != "active" or state.order[state.current] != player:
        return []
    if state.phase == "placement":
        return [Msg(key="spqrisiko.owed.place")]
    turn = state.turn
    if turn is None or turn.player != player:
        return []
    if turn.reinforcements > 0:
        return [Msg(key="spqrisiko.owed.reinforce", params={"count": turn.reinforcements})]
    if turn.conquest_move is not None:
        return [Msg(key="spqrisiko.owed.move_in")]
    return [Msg(key="spqrisiko.owed.play")]


def turn_ping(state: SpqrState, player: str) -> Event:
    """The channel's call to the seat on turn: who, what they owe, by when."""
    return Event(
        key="core.turn_ping",
        params={
            "who": player,
            "owed": [m.model_dump() for m in owed(state, player)],
            "deadline": state.deadline("turn", player=player),
        },
    )


def played_at_once(events: list[Event], player: str) -> list[Event]:
    """An absent seat's turn is played by the autopilot as it begins: no "your turn" message tells
    its player of a turn already over (the channel is told what the autopilot played)."""
    return [e for e in events if not (e.notify == "turn" and e.to == [player])]


def run_turns(state: SpqrState, now: datetime) -> list[Event]:
    """Start the current seat's turn; a seat on autopilot is played through right away.

    Recursion (autopilot turn -> end turn -> next seat) stops at the first seat a person plays.
    """
    if state.status != "active":
        return []
    player = state.order[state.current]
    if state.phase == "placement":
        events = start_placement_turn(state, now)
        if auto_eligible(state, player):
            count_autoplayed(state, player)
            events = played_at_once(events, player) + auto_place(state, now)
        else:
            events.append(turn_ping(state, player))
        return events
    events = start_turn(state, now)
    if state.status == "active" and auto_eligible(state, player):
        count_autoplayed(state, player)
        events = played_at_once(events, player) + autopilot_rest(state, now)
    elif state.status == "active":
        events.append(turn_ping(state, player))
    return events


def start_turn(state: SpqrState, now: datetime) -> list[Event]:
    player = state.order[state.current]
    state.phase = "reinforce"
    state.turn = Turn(player=player)
    events = score(state, player)
    if state.status != "active":
        return events
    held = provinces_of(state, player)
    state.turn.reinforcements = reinforcement_base(len(held))
    bonus = sorted(p for p in held if p in state.colossei)
    for p in bonus:  # a colosseum's legionary has to go in its own province
        state.legions[p] += 1
    deadline = set_turn_timer(state, now, state.settings.turn_hours)
    events.append(
        Event(
            key="spqrisiko.your_turn",
            to=[player],
            notify="turn",
            params={
                "player": state.name_of(player),
                "round": state.round,
                "reinforcements": state.turn.reinforcements,
                "colosseum_bonus": len(bonus),
                "deadline": deadline,
            },
        )
    )
    return events


def end_turn(state: SpqrState, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    player = turn.player
    events: list[Event] = []
    card = None
    if turn.conquered:
        card = state.deck.draw(state.rng)
        if card is not None:
            state.hands[player].append(card)
            events.append(Event(key="spqrisiko.card_drawn", to=[player], params={"card": symbol(card)}))
    events.append(
        Event(
            key="spqrisiko.turn_ended", params={"player": state.name_of(player), "card": card is not None}
        )
    )
    state.turn = None
    alive = alive_players(state)
    if not alive:
        return events
    for _ in range(len(state.order)):
        state.current = (state.current + 1) % len(state.order)
        if state.current == 0:
            state.round += 1
        if state.order[state.current] not in state.eliminated:
            break
    return events + run_turns(state, now)


def autopilot_rest(state: SpqrState, now: datetime) -> list[Event]:
    """Finish the current turn for its player, whose deadline lapsed or who is away: by their
    standing orders if they left some, else spread the reinforcements on the borders; end it."""
    turn = state.turn
    assert turn is not None
    orders = orders_due(state, turn.player, now, lapsed=True)
    played = play_by_orders(state, orders, now) if orders is not None else play_rest_of_turn(state)
    return played + end_turn(state, now) if state.status == "active" else played


def on_timer(state: SpqrState, timer: Timer, now: datetime) -> list[Event]:
    if timer.kind == "time_limit":
        return time_up(state)
    if timer.kind != "turn":
        return []
    player = state.order[state.current]
    state.timeouts[player] = state.timeouts.get(player, 0) + 1
    events = [
        Event(
            key="spqrisiko.timeout", to=[player], notify="turn", params={"player": state.name_of(player)}
        )
    ]
    if state.timeouts[player] >= state.settings.timeouts_to_autopilot and player not in state.autopilot:
        state.autopilot.append(player)
        events.append(  # public, and the notifier calls the server's moderator role to it
            Event(
                key="spqrisiko.autopilot_timeouts",
                params={"player": state.name_of(player), "count": state.timeouts[player]},
                notify="moderators",
            )
        )
    if state.phase == "placement":
        return events + auto_place(state, now)
    return events + autopilot_rest(state, now)


def on_away(state: SpqrState, player: str, until: datetime | None, now: datetime) -> list[Event]:
    """A declared absence (the platform's `/away`, a logged `core_away` move) puts the seat on
    autopilot at once; a return takes it off. Repeating either changes nothing."""
    if player in state.eliminated:
        return []
    if until is None:
        if player not in state.autopilot:
            return []
        state.timeouts[player] = 0
        return back_from_autopilot(state, player)
    if player in state.autopilot:
        return []
    state.autopilot.append(player)
    events = [
        Event(key="spqrisiko.autopilot_on", params={"player": state.name_of(player), "reason": "away"})
    ]
    return events + play_seat_now(state, player, now)


def on_kick(state: SpqrState, player: str, now: datetime) -> list[Event]:
    """A kicked seat is played by the autopilot; if it is that seat's turn, the turn is played at
    once, as for a declared absence, instead of waiting out the deadline."""
    if player not in state.autopilot:
        state.autopilot.append(player)
    if player in state.eliminated:
        return []
    return play_seat_now(state, player, now)


def play_seat_now(state: SpqrState, player: str, now: datetime) -> list[Event]:
    """If it is `player`'s turn and the seat is on autopilot (with someone left to play against),
    the autopilot plays the turn (or the placement) right away."""
    if state.status != "active" or state.order[state.current] != player or not auto_eligible(state, player):
        return []
    count_autoplayed(state, player)
    if state.phase == "placement":
        return auto_place(state, now)
    return autopilot_rest(state, now)
