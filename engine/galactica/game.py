"""Imperium Galactica: the engine contract, wired to one module per mechanic."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Game, GameMeta, Msg, Player, Rng, RuleError, Timer
from engine.core.deck import Deck
from engine.galactica import (
    actions as a,
)
from engine.galactica import (
    buildings,
    casino,
    elimination,
    ground_combat,
    market,
    movement,
    planets,
    postures,
    production,
    space_combat,
    trade,
    turns,
)
from engine.galactica.asteroids import asteroid_cards, lose
from engine.galactica.fleets import fleet_by_id, new_fleet
from engine.galactica.galaxy import CORNERS, START_TILE
from engine.galactica.market import market_cards
from engine.galactica.models import PHASES, Faction, GalacticaSettings, GalacticaState
from engine.galactica.orders import GalacticaOrders, describe_orders, orders_sample
from engine.galactica.planets import planet_cards
from engine.galactica.tiles import all_tiles

# actions the current player takes in its own turn, and the phases they belong to
PHASE_OF: dict[type, tuple[str, ...]] = {
    a.Produce: ("production",),
    a.Load: ("production", "movement"),
    a.Move: ("movement",),
    a.Colonize: ("movement",),
    a.Build: ("building",),
    a.TradeOffer: ("building",),
    a.MarketDraw: ("movement", "building"),
    a.MarketDecide: ("movement", "building"),
    a.MarketRaw: ("movement", "building"),
    a.CasinoBet: ("production", "movement", "building"),
    a.CasinoLeave: ("production", "movement", "building"),
    a.EndPhase: ("production", "movement", "building"),
}


class Galactica(Game[GalacticaState]):
    meta = GameMeta(kind="galactica", name="Imperium Galactica", min_players=2, max_players=4,
                    rules_path="docs/rules/galactica.md", rulebook="004_1b07315ac5f67a23.txt")
    state_model = GalacticaState
    settings_model = GalacticaSettings
    action_model = a.GalacticaAction
    # a trade offer's terms stay with its maker in /game log (the receiver reads them in its DM and
    # panel), as the view keeps them between the two factions
    private_actions = frozenset({"trade_offer"})
    # standing orders give a lapsed or absent seat an autopilot (orders.py, postures.py)
    orders_model = GalacticaOrders

    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> GalacticaState:
        rng = Rng(seed=seed)
        state = GalacticaState(game="galactica", seed=seed, rng=rng, players=players, created_at=now, clock=now,
                               settings=settings)
        corners = list(CORNERS) if len(players) > 2 else list(CORNERS[:2])
        if len(players) == 3:
            state.rng.shuffle(corners)
        pile = list(all_tiles())
        state.rng.shuffle(pile)
        state.tile_pile = pile
        state.planet_pile = sorted(planet_cards())
        state.asteroids = Deck.shuffled(sorted(asteroid_cards()), state.rng)
        mpile = sorted(market_cards())
        state.rng.shuffle(mpile)
        state.market_pile = mpile
        for corner in CORNERS:  # ruling: all four corners start face up, taken or not (rulebook §2)
            state.board[corner] = START_TILE
        for player, corner in zip(players, corners, strict=False):
            state.corners[player.id] = corner
            state.factions[player.id] = Faction(ndri=settings.start_ndri)
            ships = {"fighter": settings.start_fighters, "colony": settings.start_colony_ships}
            new_fleet(state, player.id, corner, ships)
        turns.roll_for_order(state, now)
        return state

    # ---- actions -------------------------------------------------------------------
    def handle(self, state: GalacticaState, actor: str, action: Any, now: datetime) -> list[Event]:
        events = self._dispatch(state, actor, action, now)
        events += self._after(state, now)
        return self._not_called(state, events + self._by_orders(state, now))

    def _by_orders(self, state: GalacticaState, now: datetime) -> list[Event]:
        """The seat on turn, if its standing orders speak for it now, played by them."""
        return postures.autoplay(state, now, self._dispatch, self._after)

    @staticmethod
    def _not_called(state: GalacticaState, events: list[Event]) -> list[Event]:
        """An absent seat whose standing orders play its turn as it begins is not called to it: no
        mention in the channel, no "your turn" DM, for a turn its orders played in the same moment."""
        dropped: set[int] = set()
        for i, event in enumerate(events):
            if event.key != "galactica.orders_away_turn":
                continue
            name = event.params.get("player")
            for j in range(i - 1, -1, -1):
                earlier = events[j]
                if earlier.key == "core.turn_ping" and state.name_of(str(earlier.params.get("who"))) == name:
                    dropped.add(j)
                elif earlier.key == "galactica.turn" and earlier.to and state.name_of(earlier.to[0]) == name:
                    dropped.add(j)
                    break  # the start of that turn
        return [e for i, e in enumerate(events) if i not in dropped]

    def on_away(self, state: GalacticaState, player: str, until: datetime | None, now: datetime) -> list[Event]:
        return self._by_orders(state, now)

    def on_orders(self, state: GalacticaState, player: str, now: datetime) -> list[Event]:
        return self._by_orders(state, now)  # orders left while away, on one's own turn, play it now

    def describe_orders(self, state: GalacticaState, player: str, orders: Any) -> list[dict[str, Any]]:
        return describe_orders(state, player, orders)

    def orders_sample(self, state: GalacticaState, player: str) -> dict[str, Any] | None:
        return orders_sample(state, player)

    def _dispatch(self, state: GalacticaState, actor: str, action: Any, now: datetime) -> list[Event]:
        if isinstance(action, a.ChooseDirection):
            return turns.choose_direction(state, actor, action.direction, now)
        if state.phase == "order":
            raise RuleError("galactica.order_first", player=state.name_of(state.starter or ""))
        if isinstance(action, a.PickLine):
            return space_combat.pick(state, actor, {str(t): n for t, n in action.ships.items()})
        if isinstance(action, a.TradeAnswer):
            return trade.answer(state, actor, action.offer, action.accept)
        if actor != turns.current(state):
            raise RuleError("core.not_your_turn", player=state.name_of(turns.current(state)))
        if state.battle is not None:
            raise RuleError("galactica.battle_open")
        state.acted = True
        state.factions[actor].missed = 0
        if isinstance(action, a.LoseShips | a.Land):
            return self._decide(state, actor, action, now)
        if state.pending is not None:
            raise RuleError("galactica.decision_open")
        if state.phase not in PHASE_OF[type(action)]:
            raise RuleError("galactica.wrong_phase", phase=state.phase)
        handler: Callable[..., list[Event]] = self._handlers()[type(action)]
        return handler(state, actor, action, now)

    def _handlers(self) -> dict[type, Callable[..., list[Event]]]:
        return {
            a.Produce: lambda s, p, x, now: production.produce(s, p, x.planet, x.unit, x.count),
            a.Load: lambda s, p, x, now: _load(s, p, x.fleet, x.tanks),
            a.Move: lambda s, p, x, now: movement.move(s, p, x.fleet, x.path, x.ships, x.tanks, now),
            a.Colonize: lambda s, p, x, now: _colonize(s, p, x.fleet),
            a.Build: lambda s, p, x, now: buildings.build(s, p, x.planet, x.slot, x.building),
            a.TradeOffer: lambda s, p, x, now: trade.offer(s, p, x.to, x.give, x.want, x.at),
            a.MarketDraw: lambda s, p, x, now: market.draw(s, p, x.fleet),
            a.MarketDecide: lambda s, p, x, now: market.decide(s, p, x.buy),
            a.MarketRaw: lambda s, p, x, now: market.raw(s, p, x.fleet, x.resource, x.amount),
            a.CasinoBet: lambda s, p, x, now: casino.bet(s, p, x.fleet, x.amount),
            a.CasinoLeave: lambda s, p, x, now: casino.leave(s, p, x.fleet),
            a.EndPhase: lambda s, p, x, now: turns.end_phase(s, p, now, x.phase),
        }

    def _decide(self, state: GalacticaState, actor: str, action: Any, now: datetime) -> list[Event]:
        pending = state.pending
        want = "asteroid_loss" if isinstance(action, a.LoseShips) else "land"
        if pending is None or pending.kind != want:
            raise RuleError("galactica.nothing_to_decide")
        fleet = fleet_by_id(state, pending.fleet)
        assert fleet is not None
        if isinstance(action, a.Land):
            return ground_combat.land(state, fleet, action.tanks)
        told = lose(state, fleet, {str(t): n for t, n in action.ships.items()})
        return told + movement.go_on(state, fleet, now)

    def _after(self, state: GalacticaState, now: datetime) -> list[Event]:
        """Eliminations, the end of the game, and a turn whose player has just been knocked out."""
        events = elimination.knock_out(state)
        done = elimination.winners(state)
        if done is not None:
            return [*events, self.finish(state, *done)]
        if state.order and state.factions[turns.current(state)].out:
            events += turns.end_turn(state, now)
            return events + self._after(state, now)
        return events

    def on_timer(self, state: GalacticaState, timer: Timer, now: datetime) -> list[Event]:
        if timer.kind == "battle":
            events = space_combat.auto_pick(state, now)
        elif timer.kind == "turn":
            if state.phase == "order":
                events = turns.choose_direction(state, state.starter or "", "clockwise", now)
            elif self.orders_due(state, turns.current(state), now, lapsed=True) is not None:
                state.orders_turn = turns.current(state)  # its orders play the rest of the turn
                events = [Event(key="galactica.orders_turn", params={"player": state.name_of(state.orders_turn)})]
            else:
                events = turns.end_turn(state, now, timed_out=True)
        else:
            return []
        events += self._after(state, now)
        return self._not_called(state, events + self._by_orders(state, now))

    def in_play(self, state: GalacticaState) -> list[str]:
        """A faction already out of the galaxy has no say in a draw (docs/rules/galactica.md)."""
        return [p for p in state.active_player_ids() if not state.factions[p].out]

    def on_kick(self, state: GalacticaState, player: str, now: datetime) -> list[Event]:
        """A kicked faction leaves the galaxy: its fleets and planets' flags go."""
        state.factions[player].last_loss = "kicked"
        state.fleets = [f for f in state.fleets if f.owner != player]
        for planet in state.planets.values():
            if planet.owner == player:
                planet.owner = None
                planet.tanks = 0
        for key, planet in state.planets.items():
            if planet.owner is None and key not in state.planet_pile:
                state.planet_pile.append(key)
        events: list[Event] = []
        if state.battle is not None and player in (state.battle.attacker.player, state.battle.defender.player):
            state.battle = None
            state.cancel_timers("battle")
        if state.phase == "order" and state.starter == player:
            # clockwise from the starter, whose turn is skipped: who left is called to no turn
            events.append(turns.set_order(state, player, "clockwise"))
            events += turns.next_turn(state, now)
        return events + self._after(state, now)

    # ---- reading -------------------------------------------------------------------
    def final_scores(self, state: GalacticaState) -> dict[str, float]:
        return elimination.standing_scores(state)

    def awaiting(self, state: GalacticaState) -> set[str]:
        if state.status != "active":
            return set()
        if state.phase == "order":
            return {state.starter or ""}
        if state.battle is not None:
            return {s.player for s in (state.battle.attacker, state.battle.defender) if s.must_pick}
        return {turns.current(state)}

    def next_up(self, state: GalacticaState) -> str | None:
        if state.status != "active" or not state.order or state.phase == "order":
            return None
        n = len(state.order)
        after = [state.order[(state.current + k) % n] for k in range(1, n)]
        return next((p for p in after if not state.factions[p].out), None)

    def owed(self, state: GalacticaState, player: str) -> list[Msg]:
        from engine.galactica.calls import owed

        return owed(state, player)

    def turn_deadline(self, state: GalacticaState) -> datetime | None:
        return state.deadline("turn")

    def hidden_piles(self, state: GalacticaState) -> list[list[Any]]:
        """The tiles not yet explored, and the market cards nobody has drawn (their top slice of the pile)."""
        return [state.tile_pile, state.market_pile[: market.unseen(state)]]

    def reseed_hidden(self, state: GalacticaState) -> None:
        state.rng.shuffle(state.tile_pile)
        top = state.market_pile[: market.unseen(state)]
        state.rng.shuffle(top)
        state.market_pile[: len(top)] = top

    def view(self, state: GalacticaState, viewer: str | None) -> BaseModel:
        from engine.galactica.views import build_view

        return build_view(state, viewer)

    def start_events(self, state: GalacticaState) -> list[Event]:
        return [turns.order_told(state)] if state.order_rolls else []

    def as_logged(self, state: GalacticaState, action: BaseModel) -> BaseModel:
        if isinstance(action, a.EndPhase) and action.phase is None and state.phase in PHASES:
            return a.EndPhase(phase=state.phase)  # type: ignore[arg-type]  # the log says which phase it closed
        return action

    def legal_actions(self, state: GalacticaState, actor: str) -> list[BaseModel]:
        from engine.galactica.legal import legal_actions

        return legal_actions(state, actor)

    def headline(self, state: GalacticaState) -> Msg:
        if state.status != "active":
            return Msg(key="core.headline.finished")
        if state.phase == "order":
            return Msg(key="galactica.headline.order", params={"player": state.name_of(state.starter or "")})
        return Msg(key="galactica.headline", params={"player": state.name_of(turns.current(state)),
                                                     "phase": state.phase, "round": state.round})


def _load(state: GalacticaState, player: str, raw_cell: str, tanks: int) -> list[Event]:
    from engine.galactica.fleets import capacity, own_fleet

    fleet = own_fleet(state, player, raw_cell)
    key = planets.planet_at(state, fleet.cell)
    if key is None or state.planets[key].owner != player:
        raise RuleError("galactica.not_on_own_planet", cell=fleet.cell)
    planet = state.planets[key]
    if tanks == 0 or (tanks > 0 and tanks > planet.tanks) or (tanks < 0 and -tanks > fleet.tanks):
        raise RuleError("galactica.bad_count", count=tanks)
    if fleet.tanks + tanks > capacity(fleet.ships):
        raise RuleError("galactica.cannot_carry", tanks=fleet.tanks + tanks)
    fleet.tanks += tanks
    planet.tanks -= tanks
    return [Event(key="galactica.loaded" if tanks > 0 else "galactica.unloaded",
                  params={"player": state.name_of(player), "tanks": abs(tanks), "planet": planets.card(key).name})]


def _colonize(state: GalacticaState, player: str, raw_cell: str) -> list[Event]:
    from engine.galactica.fleets import own_fleet

    return planets.colonize(state, player, own_fleet(state, player, raw_cell).cell)


__all__ = ["Galactica"]
