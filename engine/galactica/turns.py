"""Turn order and the phases of a turn (rulebook sections 3 and 9).

Everyone rolls a die; the lowest (ties roll again) starts and picks clockwise or counter-clockwise.
A turn is collection (automatic), production, movement, then building and trade, each closed by
the player, under one deadline (24 h by default). On timeout the player only collects and the
turn ends; after three timeouts in a row the moderators are called."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.galactica import asteroids, calls, casino, ground_combat, market, movement, space_combat, trade
from engine.galactica.fleets import fleet_by_id, fleets_of
from engine.galactica.models import PHASES, GalacticaState
from engine.galactica.production import collect


def roll_for_order(state: GalacticaState, now: datetime) -> list[Event]:
    rolls = {p: state.rng.die() for p in state.player_ids()}
    state.order_rolls = dict(rolls)
    state.order_rerolls = []
    tied = [p for p, r in rolls.items() if r == min(rolls.values())]
    while len(tied) > 1:  # the lowest roll again among themselves
        again = {p: state.rng.die() for p in tied}
        state.order_rerolls.append(again)
        tied = [p for p, r in again.items() if r == min(again.values())]
    state.starter = tied[0]
    state.phase = "order"
    state.add_timer("turn", now + timedelta(hours=state.settings.turn_hours), player=state.starter)
    return [order_told(state), Event(key="galactica.choose_direction", params={}, to=[state.starter], notify="turn"),
            calls.turn_ping(state, state.starter)]


def order_told(state: GalacticaState) -> Event:
    """The turn-order dice as the table sees them: every roll, and each tie's roll again."""
    def said(rolls: dict[str, int]) -> list[str]:
        return [f"{state.name_of(p)} {r}" for p, r in rolls.items()]
    params: dict[str, object] = {"rolls": said(state.order_rolls), "player": state.name_of(state.starter or "")}
    if not state.order_rerolls:
        return Event(key="galactica.order_rolled", params=params)
    again = " → ".join(", ".join(said(r)) for r in state.order_rerolls)
    return Event(key="galactica.order_rolled_tie", params={**params, "again": again})


def choose_direction(state: GalacticaState, player: str, direction: str, now: datetime) -> list[Event]:
    if state.phase != "order":
        raise RuleError("galactica.order_chosen")
    if player != state.starter:
        raise RuleError("core.not_your_turn", player=state.name_of(state.starter or ""))
    return [set_order(state, player, direction), *start_turn(state, now)]


def set_order(state: GalacticaState, player: str, direction: str) -> Event:
    """The order of play from the starter `player` in `direction`, the starter's turn first."""
    seats = state.player_ids()
    i = seats.index(player)
    ring = seats[i:] + seats[:i]
    state.order = ring if direction == "clockwise" else [ring[0], *reversed(ring[1:])]
    state.current = 0
    state.cancel_timers("turn")
    names = [state.name_of(p) for p in state.order]
    return Event(key="galactica.order_set", params={"players": names, "direction": direction})


def current(state: GalacticaState) -> str:
    return state.order[state.current] if state.order else (state.starter or "")


def start_turn(state: GalacticaState, now: datetime) -> list[Event]:
    player = current(state)
    state.phase = "production"
    state.acted = False
    state.orders_turn = None
    state.market_draws = 0
    trade.lapse(state, player)
    for fleet in fleets_of(state, player):
        fleet.moved = False
    state.cancel_timers("turn")
    state.add_timer("turn", now + timedelta(hours=state.settings.turn_hours), player=player)
    events = [Event(key="galactica.turn", params={"player": state.name_of(player), "round": state.round},
                    to=[player], notify="turn")]
    events += collect(state, player)
    return [*events, calls.turn_ping(state, player)]


def end_phase(state: GalacticaState, player: str, now: datetime, phase: str | None = None) -> list[Event]:
    if phase is not None and phase != state.phase:
        raise RuleError("galactica.phase_passed", phase=phase)
    if state.battle is not None or state.pending is not None:
        raise RuleError("galactica.decision_open")
    if state.phase == "building":
        owed = casino.owes_play(state, player)
        if owed is not None:
            raise RuleError("galactica.must_play_casino", cell=owed)
        return end_turn(state, now)
    done = state.phase
    state.phase = PHASES[PHASES.index(state.phase) + 1]  # type: ignore[assignment]
    return [Event(key="galactica.phase_done", params={"player": state.name_of(player), "done": done,
                                                      "phase": state.phase})]


def settle_open(state: GalacticaState, now: datetime) -> list[Event]:
    """Close whatever the turn left open, the way a timeout does: default lines, no landing,
    the cheapest ships to the asteroids."""
    events: list[Event] = []
    for _ in range(100):
        if state.battle is not None:
            events += space_combat.auto_pick(state, now)
        elif state.pending is not None:
            fleet = fleet_by_id(state, state.pending.fleet)
            if fleet is None:
                state.pending = None
            elif state.pending.kind == "land":
                events += ground_combat.land(state, fleet, 0)
            else:
                events += asteroids.lose(state, fleet, asteroids.default_loss(
                    fleet, state.pending.count, state.settings.asteroids_spare_last_fighter))
                events += movement.go_on(state, fleet, now)
        else:
            break
    return events


def end_turn(state: GalacticaState, now: datetime, *, timed_out: bool = False, by_orders: bool = False) -> list[Event]:
    """End the current turn; a timed-out one counts as missed (`by_orders`: its standing orders played it)."""
    player = current(state)
    events = settle_open(state, now)
    market.discard(state)
    events += casino.end_turn(state, player)
    faction = state.factions[player]
    if timed_out and not state.acted:
        faction.missed += 1
        key = "galactica.orders_turn_done" if by_orders else "galactica.timed_out"
        events.append(Event(key=key, params={"player": state.name_of(player)}))
        if faction.missed % state.settings.missed_turns_alert == 0:
            events.append(Event(key="galactica.missed_turns", params={"player": state.name_of(player),
                                                                      "count": faction.missed},
                                notify="moderators"))
    elif timed_out:  # the time ran out after some play: what was played stays, and the table is told the turn passed
        events.append(Event(key="galactica.timed_out_acted", params={"player": state.name_of(player)}))
    if not timed_out:
        events.append(Event(key="galactica.turn_done", params={"player": state.name_of(player)}))
    return events + next_turn(state, now)


def next_turn(state: GalacticaState, now: datetime) -> list[Event]:
    events: list[Event] = []
    if all(state.factions[p].out for p in state.order):
        return events
    while True:
        state.current = (state.current + 1) % len(state.order)
        if state.current == 0:
            events += casino.roll(state)
            state.round += 1
        if not state.factions[current(state)].out:
            break
    if state.settings.max_rounds and state.round > state.settings.max_rounds:
        return events  # the round limit: the game ends with the last round (game.py `_after`), no turn begins
    return events + start_turn(state, now)
