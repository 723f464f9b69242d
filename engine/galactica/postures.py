"""A seat played by its standing orders: which moves each posture allows, and the loop that plays them.

The orders play the current seat when its turn lapsed (the turn timer fired: `state.orders_turn`
names the seat until its turn ends) or while its player is away, unless every faction still in is
away (then the deadlines drive the game, as without orders). Every move goes through the game's own
dispatch, so the rules refuse what they always refuse, and each is announced in the channel as the
player's standing orders. A battle that waits on another player's line pauses the play; the battle's
answer or its timer resumes it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from pydantic import BaseModel

from engine.core import Event, RuleError
from engine.galactica import actions as a
from engine.galactica import turns
from engine.galactica.autopilot import choose_action
from engine.galactica.fleets import fleet_at, fleets_at
from engine.galactica.galaxy import grid
from engine.galactica.legal import legal_actions
from engine.galactica.models import GalacticaState
from engine.galactica.orders import GalacticaOrders, orders_due
from engine.galactica.planets import planets_of

MAX_STEPS = 300  # a turn's moves are far fewer; a guard against a choice that changes nothing
# what economy lets the autopilot do: produce, build, and answer what the game asks of the seat
ECONOMY = frozenset({"produce", "build", "end_phase", "casino_bet", "casino_leave", "market_decide",
                     "pick_line", "lose_ships", "land", "trade_answer", "choose_direction"})

Step = Callable[[GalacticaState, str, BaseModel, datetime], list[Event]]


def homes(state: GalacticaState, player: str) -> set[str]:
    """The cells a defending fleet keeps to: its planets, and its corner."""
    cells = {state.planets[k].cell for k in planets_of(state, player)}
    corner = state.corners.get(player)
    return cells | ({corner} if corner else set())


def _homeward(state: GalacticaState, player: str, move: a.Move, home: set[str]) -> bool:
    fleet = fleet_at(state, player, move.fleet)
    if fleet is None or move.ships is not None or not home:
        return False
    g = grid()
    end = move.path[-1]
    hostile = any(f.owner != player for f in fleets_at(state, end))
    if hostile and end not in home:  # it may fight only on a planet of its own
        return False
    here = min(g.distance(fleet.cell, h) for h in home)
    return min(g.distance(end, h) for h in home) < here


def allowed(state: GalacticaState, player: str, posture: str) -> list[BaseModel]:
    """The legal moves the posture lets the autopilot choose from."""
    options = legal_actions(state, player)
    if posture == "full":
        return options
    home = homes(state, player)
    return [o for o in options if o.type in ECONOMY  # type: ignore[attr-defined]
            or (posture == "defend" and isinstance(o, a.Move) and _homeward(state, player, o, home))]


def speaking(state: GalacticaState, player: str, now: datetime) -> GalacticaOrders | None:
    """The orders that play `player`'s turn now, if any."""
    if state.orders_turn == player:
        return orders_due(state, player, now, lapsed=True)
    orders = orders_due(state, player, now, lapsed=False)
    if orders is None:
        return None
    present = [p for p in state.order if not state.factions[p].out and not _absent(state, p, now)]
    return orders if present else None


def _absent(state: GalacticaState, player: str, now: datetime) -> bool:
    until = state.away.get(player)
    seat = state.player(player)
    return (until is not None and until > now) or (seat is not None and seat.left)


def _others_to_answer(state: GalacticaState, player: str) -> bool:
    battle = state.battle
    return battle is not None and any(s.must_pick and s.player != player for s in (battle.attacker, battle.defender))


def autoplay(state: GalacticaState, now: datetime, dispatch: Step, after: Callable[[GalacticaState, datetime],
             list[Event]]) -> list[Event]:
    """Play the current seat by its orders for as long as they speak for it (see the module doc)."""
    events: list[Event] = []
    for _ in range(MAX_STEPS):
        if state.status != "active" or state.phase == "order" or _others_to_answer(state, turns.current(state)):
            return events
        player = turns.current(state)
        orders = speaking(state, player, now)
        if orders is None and state.orders_turn == player and state.battle is None:  # cancelled mid-turn
            state.orders_turn = None  # the lapse's plain rule: the turn passes
            events += turns.end_turn(state, now, timed_out=True) + after(state, now)
            continue
        if orders is None:
            return events
        action = choose_action(state, player, allowed(state, player, orders.posture))
        if action is None:
            break
        lapsed = state.orders_turn == player
        if not lapsed and not state.acted:  # an away seat's turn: said once, as a lapse's is (game.py)
            events.append(Event(key="galactica.orders_away_turn", params={"player": state.name_of(player)}))
        if isinstance(action, a.EndPhase) and state.phase == "building" and state.battle is None:
            events += close(state, now, after, lapsed=lapsed)
            continue
        missed = state.factions[player].missed
        try:
            done = dispatch(state, player, action, now)
        except RuleError:  # pragma: no cover - the autopilot picks among legal actions
            break
        if lapsed:
            state.factions[player].missed = missed
        said = [] if isinstance(action, a.EndPhase) else [_said(state, player, action)]  # phase_done says it
        events += [*said, *done, *after(state, now)]
    # stuck (no choice, or too many): a lapsed turn must not stay open without its deadline
    if state.status == "active" and state.orders_turn == turns.current(state) and state.battle is None:
        events += close(state, now, after, lapsed=True)
    return events


def close(state: GalacticaState, now: datetime, after: Callable[[GalacticaState, datetime], list[Event]],
          *, lapsed: bool) -> list[Event]:
    """End the turn the orders played; a lapsed turn stays a missed turn, whoever played it."""
    state.orders_turn = None
    if lapsed:
        state.acted = False
    return turns.end_turn(state, now, timed_out=lapsed, by_orders=True) + after(state, now)


def _said(state: GalacticaState, player: str, action: BaseModel) -> Event:
    """What the orders did, in the log's own words for the move (from where to where, what, on which planet)."""
    data = action.model_dump(mode="json")
    kind = data.pop("type")
    did = {"key": f"log.galactica.{kind}", "params": {k: "-" if v is None else v for k, v in data.items()}}
    return Event(key="galactica.orders_acted", params={"player": state.name_of(player), "what": kind, "did": [did]})
