"""SPQRisiko wired to the engine contract (see docs/rules/spqrisiko.md for every ruling).

Each rule lives in the module named after its mechanic: setup.py (order of play, neutrals,
placement), turns.py (the turn cycle, deadlines, timeouts), autopilot.py (seats played by the
bot), reinforce.py (legionaries and conversions), cards.py (card sets), naval.py (fleets and naval
battles), combat.py (land battles, landings, conquest), fortify.py (the turn's last move),
scoring.py (victory points, time limit), territory.py (who holds what), views.py (what players
see), ai.py (legal moves and a greedy player), odds.py (battle odds).
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Game, GameMeta, Msg, Player, RuleError, Timer
from engine.spqrisiko import ai, territory, turns, views
from engine.spqrisiko import orders as standing
from engine.spqrisiko.autopilot import back_from_autopilot
from engine.spqrisiko.board import Board, board
from engine.spqrisiko.cards import play_cards
from engine.spqrisiko.combat import attack, land, move_in
from engine.spqrisiko.fortify import end_turn_action, fortify
from engine.spqrisiko.models import (
    KIND,
    Attack,
    Convert,
    EndTurn,
    Fortify,
    Land,
    MoveFleet,
    MoveIn,
    NavalAttack,
    Place,
    PlayCards,
    Reinforce,
    SpqrAction,
    SpqrSettings,
    SpqrState,
    SpqrView,
)
from engine.spqrisiko.naval import move_fleet, naval_attack
from engine.spqrisiko.reinforce import convert, reinforce
from engine.spqrisiko.scoring import scored
from engine.spqrisiko.setup import new_game, place


class SpqRisiko(Game[SpqrState]):
    meta = GameMeta(
        kind=KIND,
        name="SPQRisiko",
        min_players=3,
        max_players=5,
        rules_path="docs/rules/spqrisiko.md",
        rulebook="shared/seeds/001_58e61d4919867f4e.txt",
    )
    state_model = SpqrState
    settings_model = SpqrSettings
    action_model = SpqrAction
    # 2: the turn's deadline lives in its timer only (turn_deadline dropped)
    state_version = 2
    # standing orders steer the autopilot of a lapsed or absent seat (orders.py, postures.py)
    orders_model = standing.SpqrOrders
    clock_ends = frozenset({"time_limit"})  # the time limit ends the game for all, no one's missed deadline
    score_format = "points"  # the victory points

    # lookups the cogs, renderers and tests ask the game for
    current_player = staticmethod(territory.current_player)
    alive = staticmethod(territory.alive_players)
    provinces_of = staticmethod(territory.provinces_of)
    borders_enemy = staticmethod(territory.borders_enemy)
    garrison = staticmethod(territory.garrison)
    ships_of = staticmethod(territory.ships_of)
    sea_controller = staticmethod(territory.sea_controller)
    largest_empire = staticmethod(territory.largest_empire)
    colossus_sites = staticmethod(territory.colossus_sites)
    ship_seas = staticmethod(territory.ship_seas)

    @staticmethod
    def board() -> Board:
        return board()

    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> SpqrState:
        if not isinstance(settings, SpqrSettings):
            settings = SpqrSettings.model_validate(settings or {})
        if not self.meta.min_players <= len(players) <= self.meta.max_players:
            raise RuleError("spqrisiko.player_count", min=self.meta.min_players, max=self.meta.max_players)
        return new_game(settings, players, seed, now)

    def handle(self, state: SpqrState, actor: str, action: Any, now: datetime) -> list[Event]:
        if actor in state.eliminated:
            raise RuleError("spqrisiko.eliminated_player")
        current = state.order[state.current]
        if actor != current:
            raise RuleError("core.not_your_turn", player=state.name_of(current))
        events = back_from_autopilot(state, actor)
        state.timeouts[actor] = 0
        if isinstance(action, Place):
            return events + place(state, actor, action, now)
        if state.phase == "placement" or state.turn is None:
            raise RuleError("spqrisiko.wrong_phase", phase=state.phase)
        turn = state.turn
        if not isinstance(action, MoveIn):
            turn.conquest_move = None
        if not isinstance(action, NavalAttack) and turn.naval_battle is not None:
            turn.naval_done.append(turn.naval_battle.sea)
            turn.naval_battle = None
        return events + self._dispatch(state, actor, action, now)

    def _dispatch(self, state: SpqrState, actor: str, action: Any, now: datetime) -> list[Event]:
        # exact class -> handler, as in Impero (no action model subclasses another)
        handlers: dict[type[BaseModel], Callable[[SpqrState, str, Any, datetime], list[Event]]] = {
            PlayCards: play_cards,
            Reinforce: reinforce,
            Convert: convert,
            MoveFleet: move_fleet,
            NavalAttack: naval_attack,
            Attack: attack,
            MoveIn: move_in,
            Land: land,
            Fortify: fortify,
            EndTurn: end_turn_action,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise RuleError("core.bad_action", detail=str(getattr(action, "type", "?")))
        return handler(state, actor, action, now)

    def check_orders(self, state: SpqrState, player: str, orders: Any) -> None:
        standing.check_orders(state, player, orders)

    def describe_orders(self, state: SpqrState, player: str, orders: Any) -> list[dict[str, Any]]:
        return standing.describe_orders(state, player, orders)

    def orders_sample(self, state: SpqrState, player: str) -> dict[str, Any] | None:
        return standing.orders_sample(state, player)

    def in_play(self, state: SpqrState) -> list[str]:
        """An eliminated Empire has no say in a draw (docs/rules/spqrisiko.md)."""
        return [p for p in state.active_player_ids() if p not in state.eliminated]

    def on_kick(self, state: SpqrState, player: str, now: datetime) -> list[Event]:
        return turns.on_kick(state, player, now)

    def owed(self, state: SpqrState, player: str) -> list[Msg]:
        return turns.owed(state, player)

    def autopilot_turns(self, state: SpqrState) -> dict[str, int]:
        return dict(state.autoplayed)

    def awaiting(self, state: SpqrState) -> set[str]:
        player = territory.current_player(state)
        return {player} if player else set()

    def next_up(self, state: SpqrState) -> str | None:
        player = territory.current_player(state)
        if player is None:
            return None
        i = state.order.index(player)
        after = [p for p in state.order[i + 1:] + state.order[:i] if p not in state.eliminated]
        return after[0] if after else None

    def migrate_state(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        if from_version == 1:  # the copy of the turn timer's moment: the timer holds it
            data = {k: v for k, v in data.items() if k != "turn_deadline"}
            from_version = 2
        return super().migrate_state(data, from_version)

    def on_timer(self, state: SpqrState, timer: Timer, now: datetime) -> list[Event]:
        return turns.on_timer(state, timer, now)

    def on_away(self, state: SpqrState, player: str, until: datetime | None, now: datetime) -> list[Event]:
        return turns.on_away(state, player, until, now)

    def view(self, state: SpqrState, viewer: str | None) -> SpqrView:
        return views.game_view(state, viewer)

    def headline(self, state: SpqrState) -> Msg:
        return views.headline(state)

    def start_events(self, state: SpqrState) -> list[Event]:
        """A setup that placed every army at random began the first turn: its points are told, as at
        every turn's start (a table placing by hand scores the first turn with the last placement)."""
        if state.phase == "placement" or not state.last_scoring:
            return []
        return [scored(state, state.order[state.current])]

    def legal_actions(self, state: SpqrState, actor: str) -> list[BaseModel]:
        return ai.legal_actions(state, actor)
