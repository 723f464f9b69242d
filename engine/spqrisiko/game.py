"""SPQRisiko rules as Araldo applies them (see docs/rules/spqrisiko.md for every ruling)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Game, GameMeta, Msg, Player, Rng, RuleError, Timer
from engine.core.deck import Deck
from engine.spqrisiko.board import Board, board, fold, symbol
from engine.spqrisiko.board import all_cards as deck_cards
from engine.spqrisiko.models import (
    NEUTRAL_IDS,
    PHASE_ORDER,
    ArmyView,
    Attack,
    ConquestMove,
    Convert,
    EndTurn,
    Fortify,
    Land,
    LastAttack,
    MoveFleet,
    MoveIn,
    NavalAttack,
    NavalBattle,
    Place,
    PlayCards,
    PlayerView,
    ProvinceView,
    Reinforce,
    SeaView,
    SpqrAction,
    SpqrSettings,
    SpqrState,
    SpqrView,
    Turn,
    TurnView,
)
from engine.spqrisiko.odds import compare

KIND = "spqrisiko"
MAX_ROLLS = 10_000  # a blitz ends long before; a guard against a logic slip


def reinforcement_base(provinces: int) -> int:
    """Legionaries for the provinces held: 1 under 3, 3 for 3-11, then one per 3 held.

    "One per 3" is rounded to the nearest whole number, (n + 1) // 3, the only simple reading that
    gives the rulebook's 12 -> 4, 13 -> 4, 14 -> 5 (plain floor would give 14 -> 4).
    """
    if provinces < 3:
        return 1
    if provinces <= 11:
        return 3
    return (provinces + 1) // 3


def card_set_reward(symbols: Sequence[str]) -> tuple[int, int, int]:
    """(legionaries, ships, colossei) for three cards; raises on an invalid set."""
    if len(symbols) != 3:
        raise RuleError("spqrisiko.bad_card_set")
    distinct = len(set(symbols))
    if distinct == 1:
        base = 8
    elif distinct == 3:
        base = 10
    else:
        raise RuleError("spqrisiko.bad_card_set")
    legionaries = base + 2 * symbols.count("vessillo")
    return legionaries, symbols.count("nave"), symbols.count("colosseo")


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

    # ---- setup ---------------------------------------------------------------------------------
    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> SpqrState:
        if not isinstance(settings, SpqrSettings):
            settings = SpqrSettings.model_validate(settings or {})
        if not self.meta.min_players <= len(players) <= self.meta.max_players:
            raise RuleError("spqrisiko.player_count", min=self.meta.min_players, max=self.meta.max_players)
        b = board()
        ids = [p.id for p in players]
        neutrals = list(NEUTRAL_IDS[: max(0, 5 - len(players))])
        state = SpqrState(
            game=KIND,
            seed=seed,
            rng=Rng(seed=seed),
            players=players,
            created_at=now,
            clock=now,
            settings=settings,
            order=[],
            armies=ids + neutrals,
        )
        state.order = self._roll_order(state, ids)
        state.ships = {s: {} for s in b.seas}
        state.points = dict.fromkeys(ids, 0)
        state.hands = {p: [] for p in ids}
        state.neutral_left = dict.fromkeys(neutrals, settings.neutral_legionaries)
        if len(neutrals) == 1 and settings.neutral_on_roma > 0:
            roma = min(settings.neutral_on_roma, settings.neutral_legionaries)
            state.owner["roma"] = neutrals[0]
            state.legions["roma"] = roma
            state.neutral_left[neutrals[0]] -= roma
        state.deck = Deck.shuffled(deck_cards(), state.rng)
        if settings.time_limit_hours:
            state.add_timer("time_limit", now + timedelta(hours=settings.time_limit_hours))
        if settings.setup == "random":
            while state.phase == "placement":
                self._auto_place(state, now)
        else:
            self._start_placement_turn(state, now)
        return state

    def _roll_order(self, state: SpqrState, ids: list[str]) -> list[str]:
        """One die each, highest first; tied players re-roll among themselves."""

        def rank(group: list[str]) -> list[str]:
            if len(group) <= 1:
                return group
            rolls = {p: state.rng.die() for p in group}
            state.order_rolls.append(rolls)
            out: list[str] = []
            for value in sorted(set(rolls.values()), reverse=True):
                out.extend(rank([p for p in group if rolls[p] == value]))
            return out

        return rank(list(ids))

    # ---- helpers -------------------------------------------------------------------------------
    @staticmethod
    def board() -> Board:
        return board()

    def current_player(self, state: SpqrState) -> str | None:
        if state.status != "active" or not state.order:
            return None
        return state.order[state.current]

    def alive(self, state: SpqrState) -> list[str]:
        return [p for p in state.order if p not in state.eliminated]

    def provinces_of(self, state: SpqrState, army: str) -> list[str]:
        return [p for p, o in state.owner.items() if o == army]

    def _province(self, state: SpqrState, text: str) -> str:
        pid = board().resolve_province(text)
        if pid is None:
            raise RuleError("spqrisiko.unknown_province", name=text)
        return pid

    def _sea(self, text: str) -> str:
        sid = board().resolve_sea(text)
        if sid is None:
            raise RuleError("spqrisiko.unknown_sea", name=text)
        return sid

    def _player(self, state: SpqrState, text: str) -> str:
        for p in state.players:
            if text == p.id or fold(text) == fold(p.name):
                return p.id
        raise RuleError("spqrisiko.unknown_player", name=text)

    def _army_name(self, state: SpqrState, army: str) -> str:
        return army if army in NEUTRAL_IDS else state.name_of(army)

    def borders_enemy(self, state: SpqrState, province: str) -> bool:
        me = state.owner.get(province)
        return any(state.owner.get(n) not in (None, me) for n in board().provinces[province].land)

    def garrison(self, state: SpqrState, province: str) -> int:
        """The fewest legionaries a province may be left with by a voluntary move."""
        return 2 if self.borders_enemy(state, province) else 1

    def ships_of(self, state: SpqrState, sea: str, army: str) -> int:
        return state.ships.get(sea, {}).get(army, 0)

    def sea_controller(self, state: SpqrState, sea: str) -> str | None:
        fleet = {p: n for p, n in state.ships.get(sea, {}).items() if n > 0}
        if not fleet:
            return None
        best = max(fleet.values())
        leaders = [p for p, n in fleet.items() if n == best]
        return leaders[0] if len(leaders) == 1 else None

    def largest_empire(self, state: SpqrState, army: str) -> int:
        """Size of the largest land-connected group of the army's mainland provinces."""
        b = board()
        mine = {p for p in self.provinces_of(state, army) if not b.provinces[p].island}
        best = 0
        seen: set[str] = set()
        for start in mine:
            if start in seen:
                continue
            stack, size = [start], 0
            seen.add(start)
            while stack:
                node = stack.pop()
                size += 1
                for n in b.provinces[node].land:
                    if n in mine and n not in seen:
                        seen.add(n)
                        stack.append(n)
            best = max(best, size)
        return best

    def colossus_sites(self, state: SpqrState, army: str) -> list[str]:
        """Provinces of `army` where a colosseum may go: none there nor in any land neighbour."""
        b = board()
        have = set(state.colossei)
        return sorted(
            p
            for p in self.provinces_of(state, army)
            if p not in have and not any(n in have for n in b.provinces[p].land)
        )

    def ship_seas(self, state: SpqrState, army: str) -> list[str]:
        b = board()
        return sorted({s for p in self.provinces_of(state, army) for s in b.provinces[p].seas})

    def _add_ships(self, state: SpqrState, sea: str, army: str, n: int) -> None:
        fleet = state.ships.setdefault(sea, {})
        fleet[army] = fleet.get(army, 0) + n
        if fleet[army] <= 0:
            del fleet[army]

    # ---- turn flow -----------------------------------------------------------------------------
    def _deadline(self, state: SpqrState, now: datetime, hours: int) -> None:
        state.cancel_timers("turn")
        at = now + timedelta(hours=hours)
        state.add_timer("turn", at, player=state.order[state.current])
        state.turn_deadline = at

    def _start_placement_turn(self, state: SpqrState, now: datetime) -> list[Event]:
        player = state.order[state.current]
        self._deadline(state, now, state.settings.placement_hours)
        return [
            Event(
                key="spqrisiko.your_placement",
                to=[player],
                notify="turn",
                params={"player": state.name_of(player), "deadline": state.turn_deadline},
            )
        ]

    def _auto_place(self, state: SpqrState, now: datetime) -> list[Event]:
        empty = sorted(p for p in board().provinces if p not in state.owner)
        own = state.rng.choice(empty)
        rest = [p for p in empty if p != own]
        neutral = state.rng.choice(rest) if rest and any(state.neutral_left.values()) else None
        return self._do_place(state, state.order[state.current], own, neutral, None, now)

    def _do_place(
        self,
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
            return events + self._begin_play(state, now)
        state.current = (state.current + 1) % len(state.order)
        return events + self._run_turns(state, now)

    def _begin_play(self, state: SpqrState, now: datetime) -> list[Event]:
        state.phase = "reinforce"
        state.round = 1
        state.current = 0
        events = [
            Event(key="spqrisiko.game_started", params={"order": [state.name_of(p) for p in state.order]})
        ]
        return events + self._run_turns(state, now)

    def _auto_eligible(self, state: SpqrState, player: str) -> bool:
        """Autopilot seats play at once, unless every seat is on autopilot (then deadlines drive it)."""
        humans = [p for p in self.alive(state) if not self._away_seat(state, p)]
        return self._away_seat(state, player) and bool(humans)

    def _away_seat(self, state: SpqrState, player: str) -> bool:
        seat = state.player(player)
        return player in state.autopilot or (seat is not None and seat.left)

    def _run_turns(self, state: SpqrState, now: datetime) -> list[Event]:
        """Start the current seat's turn; a seat on autopilot is played through right away.

        Recursion (autopilot turn -> end turn -> next seat) stops at the first seat a person plays.
        """
        if state.status != "active":
            return []
        player = state.order[state.current]
        if state.phase == "placement":
            events = self._start_placement_turn(state, now)
            if self._auto_eligible(state, player):
                events += self._auto_place(state, now)
            return events
        events = self._start_turn(state, now)
        if state.status == "active" and self._auto_eligible(state, player):
            events += self._autopilot_rest(state, now)
        return events

    def _start_turn(self, state: SpqrState, now: datetime) -> list[Event]:
        player = state.order[state.current]
        state.phase = "reinforce"
        state.turn = Turn(player=player)
        events = self._score(state, player)
        if state.status != "active":
            return events
        held = self.provinces_of(state, player)
        state.turn.reinforcements = reinforcement_base(len(held))
        bonus = sorted(p for p in held if p in state.colossei)
        for p in bonus:  # a colosseum's legionary has to go in its own province
            state.legions[p] += 1
        self._deadline(state, now, state.settings.turn_hours)
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
                    "deadline": state.turn_deadline,
                },
            )
        )
        return events

    def _score(self, state: SpqrState, player: str) -> list[Event]:
        others = [p for p in self.alive(state) if p != player]
        need = state.settings.min_empire

        def empire(a: str) -> int:
            size = self.largest_empire(state, a)
            return size if size >= need else 0

        mine = empire(player)
        emp = 1 if mine > 0 and all(mine > empire(o) for o in others) else 0
        count = len(self.provinces_of(state, player))
        prov = 1 if all(count > len(self.provinces_of(state, o)) for o in others) else 0
        col = sum(1 for p in state.colossei if state.owner.get(p) == player)

        def seas(a: str) -> int:
            return sum(1 for s in board().seas if self.sea_controller(state, s) == a)

        my_seas = seas(player)
        sea = 1 if my_seas > 0 and all(my_seas > seas(o) for o in others) else 0
        total = emp + prov + col + sea
        state.points[player] = state.points.get(player, 0) + total
        state.last_scoring = {"empire": emp, "provinces": prov, "colossei": col, "seas": sea, "total": total}
        events = [
            Event(
                key="spqrisiko.scored",
                params={
                    "player": state.name_of(player),
                    "empire": emp,
                    "provinces": prov,
                    "colossei": col,
                    "seas": sea,
                    "gained": total,
                    "points": state.points[player],
                    "target": state.settings.target_points,
                },
            )
        ]
        if state.points[player] >= state.settings.target_points:
            events.append(
                Event(
                    key="spqrisiko.victory",
                    notify="game_end",
                    params={"player": state.name_of(player), "points": state.points[player]},
                )
            )
            events.append(self.finish(state, [player], "target"))
        return events

    def _end_turn(self, state: SpqrState, now: datetime) -> list[Event]:
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
        alive = self.alive(state)
        if not alive:
            return events
        for _ in range(len(state.order)):
            state.current = (state.current + 1) % len(state.order)
            if state.current == 0:
                state.round += 1
            if state.order[state.current] not in state.eliminated:
                break
        return events + self._run_turns(state, now)

    # ---- the contract --------------------------------------------------------------------------
    def handle(self, state: SpqrState, actor: str, action: Any, now: datetime) -> list[Event]:
        if actor in state.eliminated:
            raise RuleError("spqrisiko.eliminated_player")
        current = state.order[state.current]
        if actor != current:
            raise RuleError("core.not_your_turn", player=state.name_of(current))
        events = self._back(state, actor)
        state.timeouts[actor] = 0
        if isinstance(action, Place):
            return events + self._place(state, actor, action, now)
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
            PlayCards: self._play_cards,
            Reinforce: self._reinforce,
            Convert: self._convert,
            MoveFleet: self._move_fleet,
            NavalAttack: self._naval_attack,
            Attack: self._attack,
            MoveIn: self._move_in,
            Land: self._land,
            Fortify: self._fortify,
            EndTurn: self._end_action,
        }
        handler = handlers.get(type(action))
        if handler is None:
            raise RuleError("core.bad_action", detail=str(getattr(action, "type", "?")))
        return handler(state, actor, action, now)

    def _back(self, state: SpqrState, actor: str) -> list[Event]:
        if actor in state.autopilot:
            state.autopilot.remove(actor)
            return [Event(key="spqrisiko.autopilot_off", params={"player": state.name_of(actor)})]
        return []

    def on_away(self, state: SpqrState, player: str, until: datetime | None, now: datetime) -> list[Event]:
        """A declared absence (the platform's `/away`, a logged `core_away` move) puts the seat on
        autopilot at once; a return takes it off. Repeating either changes nothing."""
        if player in state.eliminated:
            return []
        if until is None:
            if player not in state.autopilot:
                return []
            state.timeouts[player] = 0
            return self._back(state, player)
        if player in state.autopilot:
            return []
        state.autopilot.append(player)
        events = [
            Event(key="spqrisiko.autopilot_on", params={"player": state.name_of(player), "reason": "away"})
        ]
        if state.order[state.current] == player and self._auto_eligible(state, player):
            if state.phase == "placement":
                events += self._auto_place(state, now)
            else:
                events += self._autopilot_rest(state, now)
        return events

    def _phase(self, turn: Turn, phase: str) -> None:
        """Move the turn on to `phase`; earlier steps cannot come back."""
        if PHASE_ORDER.index(phase) < PHASE_ORDER.index(turn.phase):
            raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
        if phase != "reinforce" and turn.reinforcements > 0:
            raise RuleError("spqrisiko.reinforcements_left", count=turn.reinforcements)
        turn.phase = phase  # type: ignore[assignment]

    # ---- placement -------------------------------------------------------------------------------
    def _place(self, state: SpqrState, actor: str, action: Place, now: datetime) -> list[Event]:
        if state.phase != "placement":
            raise RuleError("spqrisiko.wrong_phase", phase=state.phase)
        own = self._province(state, action.province)
        if own in state.owner:
            raise RuleError("spqrisiko.province_taken", province=board().name(own))
        empty = [p for p in board().provinces if p not in state.owner and p != own]
        neutral: str | None = None
        colour: str | None = None
        if any(state.neutral_left.values()) and empty:
            if action.neutral_province is None:
                raise RuleError("spqrisiko.neutral_needed")
            neutral = self._province(state, action.neutral_province)
            if neutral in state.owner or neutral == own:
                raise RuleError("spqrisiko.province_taken", province=board().name(neutral))
            if action.neutral is not None:
                colour = action.neutral if action.neutral in state.neutral_left else None
                if colour is None or state.neutral_left[colour] <= 0:
                    raise RuleError("spqrisiko.no_such_neutral", neutral=action.neutral)
        elif action.neutral_province is not None:
            raise RuleError("spqrisiko.no_neutrals_left")
        return self._do_place(state, actor, own, neutral, colour, now)

    # ---- reinforcements --------------------------------------------------------------------------
    def _play_cards(self, state: SpqrState, actor: str, action: PlayCards, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        if turn.phase != "reinforce":
            raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
        if turn.sets_played >= state.settings.card_sets_per_turn:
            raise RuleError("spqrisiko.cards_already_played")
        symbols = list(action.symbols)
        legionaries, ships, colossei = card_set_reward(symbols)
        hand = list(state.hands[actor])
        used: list[str] = []
        for sym in symbols:
            card = next((c for c in hand if symbol(c) == sym), None)
            if card is None:
                raise RuleError("spqrisiko.cards_not_in_hand", card=sym)
            hand.remove(card)
            used.append(card)
        seas = [self._sea(s) for s in action.ship_seas]
        sites = [self._province(state, p) for p in action.colosseum_provinces]
        if len(seas) > ships or len(sites) > colossei:
            raise RuleError("spqrisiko.too_many_targets")
        allowed_seas = self.ship_seas(state, actor)
        for s in seas:
            if s not in allowed_seas:
                raise RuleError("spqrisiko.ship_not_here", sea=board().name(s))
        state.hands[actor] = hand
        state.deck.discard_cards(used)
        placed_ships: list[str] = []
        for i in range(ships):
            target = seas[i] if i < len(seas) else self._best_sea(state, actor)
            if target is not None:  # no coast: the ship is lost
                self._add_ships(state, target, actor, 1)
                placed_ships.append(board().name(target))
        placed_col: list[str] = []
        for i in range(colossei):
            free = self.colossus_sites(state, actor)
            if i < len(sites):
                if sites[i] not in free:
                    raise RuleError("spqrisiko.colosseum_not_here", province=board().name(sites[i]))
                target_p: str | None = sites[i]
            else:
                target_p = self._best_colosseum(state, actor, free)
            if target_p is not None:
                state.colossei.append(target_p)
                placed_col.append(board().name(target_p))
        turn.reinforcements += legionaries
        turn.sets_played += 1
        return [
            Event(
                key="spqrisiko.cards_played",
                params={
                    "player": state.name_of(actor),
                    "cards": symbols,
                    "legionaries": legionaries,
                    "ships": placed_ships,
                    "colossei": placed_col,
                    "lost": ships + colossei - len(placed_ships) - len(placed_col),
                },
            )
        ]

    def _best_sea(self, state: SpqrState, actor: str) -> str | None:
        options = self.ship_seas(state, actor)
        if not options:
            return None
        b = board()

        def weight(s: str) -> tuple[int, str]:
            return (-sum(1 for p in b.seas[s].coasts if state.owner.get(p) == actor), s)

        return min(options, key=weight)

    def _best_colosseum(self, state: SpqrState, actor: str, free: list[str]) -> str | None:
        if not free:
            return None
        return max(free, key=lambda p: (state.legions.get(p, 0), p))

    def _reinforce(self, state: SpqrState, actor: str, action: Reinforce, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        if turn.phase != "reinforce":
            raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
        prov = self._province(state, action.province)
        if state.owner.get(prov) != actor:
            raise RuleError("spqrisiko.not_your_province", province=board().name(prov))
        if action.count > turn.reinforcements:
            raise RuleError("spqrisiko.too_many_reinforcements", count=action.count, left=turn.reinforcements)
        state.legions[prov] += action.count
        turn.reinforcements -= action.count
        return [
            Event(
                key="spqrisiko.reinforced",
                params={
                    "player": state.name_of(actor),
                    "province": board().name(prov),
                    "count": action.count,
                    "left": turn.reinforcements,
                },
            )
        ]

    def _convert(self, state: SpqrState, actor: str, action: Convert, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        if turn.phase != "reinforce":
            raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
        prov = self._province(state, action.province)
        sea = self._sea(action.sea)
        if state.owner.get(prov) != actor:
            raise RuleError("spqrisiko.not_your_province", province=board().name(prov))
        if sea not in board().provinces[prov].seas:
            raise RuleError("spqrisiko.not_on_sea", province=board().name(prov), sea=board().name(sea))
        if action.what == "ship_to_legionaries":
            key = "spqrisiko.converted_ship"
            if self.ships_of(state, sea, actor) < 1:
                raise RuleError("spqrisiko.no_ships", sea=board().name(sea))
            self._add_ships(state, sea, actor, -1)
            state.legions[prov] += 2
        else:
            if state.legions[prov] - 3 < self.garrison(state, prov):
                raise RuleError(
                    "spqrisiko.garrison", province=board().name(prov), keep=self.garrison(state, prov)
                )
            key = "spqrisiko.converted_legionaries"
            state.legions[prov] -= 3
            self._add_ships(state, sea, actor, 1)
        return [
            Event(
                key=key,
                params={
                    "player": state.name_of(actor),
                    "province": board().name(prov),
                    "sea": board().name(sea),
                },
            )
        ]

    # ---- ships ---------------------------------------------------------------------------------
    def _move_fleet(self, state: SpqrState, actor: str, action: MoveFleet, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        src, dst = self._sea(action.from_sea), self._sea(action.to_sea)
        if turn.fleet_moved:
            raise RuleError("spqrisiko.fleet_already_moved")
        if dst not in board().seas[src].seas:
            raise RuleError("spqrisiko.not_adjacent", a=board().name(src), b=board().name(dst))
        have = self.ships_of(state, src, actor)
        if action.count > have:
            raise RuleError("spqrisiko.no_ships", sea=board().name(src))
        self._phase(turn, "naval")
        self._add_ships(state, src, actor, -action.count)
        self._add_ships(state, dst, actor, action.count)
        turn.fleet_moved = True
        return [
            Event(
                key="spqrisiko.fleet_moved",
                params={
                    "player": state.name_of(actor),
                    "count": action.count,
                    "from": board().name(src),
                    "to": board().name(dst),
                },
            )
        ]

    def _roll(
        self, state: SpqrState, att: int, dfn: int, ties_to_defender: bool
    ) -> tuple[list[int], list[int], int, int]:
        a = sorted(state.rng.dice(att), reverse=True)
        d = sorted(state.rng.dice(dfn), reverse=True)
        la, ld = compare(a, d, ties_to_defender)
        return a, d, la, ld

    def _naval_attack(self, state: SpqrState, actor: str, action: NavalAttack, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        sea = self._sea(action.sea)
        enemy = self._player(state, action.defender)
        battle = turn.naval_battle
        if battle is not None and (battle.sea != sea or battle.defender != enemy):
            turn.naval_done.append(battle.sea)
            turn.naval_battle = battle = None
        if PHASE_ORDER.index(turn.phase) > PHASE_ORDER.index("naval_combat"):
            raise RuleError("spqrisiko.naval_after_land")
        if battle is None and sea in turn.naval_done:
            raise RuleError("spqrisiko.naval_done", sea=board().name(sea))
        if enemy == actor:
            raise RuleError("spqrisiko.attack_own")
        if self.ships_of(state, sea, actor) < 1:
            raise RuleError("spqrisiko.no_ships", sea=board().name(sea))
        if self.ships_of(state, sea, enemy) < 1:
            raise RuleError("spqrisiko.no_enemy_ships", sea=board().name(sea), player=state.name_of(enemy))
        self._phase(turn, "naval_combat")
        record = LastAttack(kind="naval", attacker=actor, defender=enemy, origin=sea, target=sea)
        sank = True
        for _ in range(MAX_ROLLS):
            mine, theirs = self.ships_of(state, sea, actor), self.ships_of(state, sea, enemy)
            a, d, la, ld = self._roll(state, min(3, mine), min(3, theirs), ties_to_defender=False)
            record.rolls.append([a, d])
            record.attacker_losses += la
            record.defender_losses += ld
            self._add_ships(state, sea, actor, -la)
            self._add_ships(state, sea, enemy, -ld)
            sank = la + ld > 0
            both = self.ships_of(state, sea, actor) > 0 and self.ships_of(state, sea, enemy) > 0
            if not sank or not both:
                sank = False
                break
            if action.rolls == "once":
                break
        state.last_attack = record
        if sank:
            turn.naval_battle = NavalBattle(sea=sea, defender=enemy)
        else:
            turn.naval_battle = None
            turn.naval_done.append(sea)
        params = {
            "player": state.name_of(actor),
            "defender": state.name_of(enemy),
            "sea": board().name(sea),
            "rolls": len(record.rolls),
            "lost": record.attacker_losses,
            "sunk": record.defender_losses,
            "left": self.ships_of(state, sea, actor),
            "enemy_left": self.ships_of(state, sea, enemy),
            "can_continue": sank,
        }
        return [
            Event(key="spqrisiko.naval_battle", params=params),
            Event(key="spqrisiko.naval_attacked", params=params, to=[enemy], notify="info"),
        ]

    # ---- land combat ---------------------------------------------------------------------------
    def _check_target(self, state: SpqrState, actor: str, target: str) -> str:
        defender = state.owner[target]
        if defender == actor:
            raise RuleError("spqrisiko.attack_own")
        if (
            defender not in NEUTRAL_IDS
            and len(self.provinces_of(state, defender)) == 1
            and state.round <= state.settings.protected_rounds
        ):
            raise RuleError(
                "spqrisiko.last_province_protected",
                player=state.name_of(defender),
                round=state.settings.protected_rounds,
            )
        return defender

    def _attack(self, state: SpqrState, actor: str, action: Attack, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        src, dst = self._province(state, action.from_province), self._province(state, action.to_province)
        if state.owner.get(src) != actor:
            raise RuleError("spqrisiko.not_your_province", province=board().name(src))
        if not board().adjacent(src, dst):
            raise RuleError("spqrisiko.not_adjacent", a=board().name(src), b=board().name(dst))
        defender = self._check_target(state, actor, dst)
        stop = action.stop_at if action.rolls == "blitz" else 1
        if state.legions[src] < 2 or state.legions[src] <= stop:
            raise RuleError(
                "spqrisiko.too_few_legionaries", province=board().name(src), count=state.legions[src]
            )
        self._phase(turn, "combat")
        record = LastAttack(kind="land", attacker=actor, defender=defender, origin=src, target=dst)
        dice = 0
        for _ in range(MAX_ROLLS):
            dice = min(3, state.legions[src] - 1)
            a, d, la, ld = self._roll(state, dice, min(3, state.legions[dst]), ties_to_defender=True)
            record.rolls.append([a, d])
            record.attacker_losses += la
            record.defender_losses += ld
            state.legions[src] -= la
            state.legions[dst] -= ld
            if state.legions[dst] == 0 or action.rolls == "once" or state.legions[src] <= stop:
                break
        events: list[Event] = []
        if state.legions[dst] == 0:
            record.conquered = True
            state.legions[src] -= dice  # the dice of the last roll march in
            state.legions[dst] = dice
            events += self._conquer(state, actor, defender, dst)
            turn.conquest_move = ConquestMove(origin=src, target=dst)
        state.last_attack = record
        params = {
            "player": state.name_of(actor),
            "defender": self._army_name(state, defender),
            "from": board().name(src),
            "to": board().name(dst),
            "rolls": len(record.rolls),
            "dice": record.rolls[-1],
            "lost": record.attacker_losses,
            "killed": record.defender_losses,
            "left": state.legions[src],
            "defenders_left": 0 if record.conquered else state.legions[dst],
            "conquered": record.conquered,
        }
        return self._battle_news(defender, "spqrisiko.attack", "spqrisiko.attacked", params) + events

    def _battle_news(self, defender: str, public: str, private: str, params: dict[str, Any]) -> list[Event]:
        """A land battle's public event, and the same news told to the defender (unless neutral)."""
        out = [Event(key=public, params=params)]
        if defender not in NEUTRAL_IDS:
            out.append(Event(key=private, params=params, to=[defender], notify="info"))
        return out

    def _conquer(self, state: SpqrState, actor: str, defender: str, province: str) -> list[Event]:
        assert state.turn is not None
        state.owner[province] = actor
        state.turn.conquered = True
        if defender in NEUTRAL_IDS or self.provinces_of(state, defender):
            return []
        # eliminated: cards to the conqueror, fleets leave the board
        state.eliminated.append(defender)
        cards = state.hands[defender]
        state.hands[actor].extend(cards)
        state.hands[defender] = []
        for fleet in state.ships.values():
            fleet.pop(defender, None)
        state.turn.eliminated_someone.append(defender)
        events = [
            Event(
                key="spqrisiko.eliminated",
                notify="info",
                params={"player": state.name_of(defender), "by": state.name_of(actor), "cards": len(cards)},
            )
        ]
        alive = self.alive(state)
        if len(alive) == 1:
            events.append(
                Event(
                    key="spqrisiko.victory",
                    notify="game_end",
                    params={"player": state.name_of(alive[0]), "points": state.points.get(alive[0], 0)},
                )
            )
            events.append(self.finish(state, alive, "last_standing"))
        return events

    def _move_in(self, state: SpqrState, actor: str, action: MoveIn, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        move = turn.conquest_move
        if move is None:
            raise RuleError("spqrisiko.no_conquest_move")
        if state.legions[move.origin] - action.count < self.garrison(state, move.origin):
            raise RuleError(
                "spqrisiko.garrison",
                province=board().name(move.origin),
                keep=self.garrison(state, move.origin),
            )
        state.legions[move.origin] -= action.count
        state.legions[move.target] += action.count
        turn.conquest_move = None
        return [
            Event(
                key="spqrisiko.moved_in",
                params={
                    "player": state.name_of(actor),
                    "count": action.count,
                    "from": board().name(move.origin),
                    "to": board().name(move.target),
                },
            )
        ]

    def _land(self, state: SpqrState, actor: str, action: Land, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        src, dst = self._province(state, action.from_province), self._province(state, action.to_province)
        if state.owner.get(src) != actor:
            raise RuleError("spqrisiko.not_your_province", province=board().name(src))
        shared = board().shared_seas(src, dst)
        if action.sea is not None:
            sea = self._sea(action.sea)
            if sea not in shared:
                raise RuleError("spqrisiko.not_on_sea", province=board().name(dst), sea=board().name(sea))
            shared = [sea]
        if not shared:
            raise RuleError("spqrisiko.no_common_sea", a=board().name(src), b=board().name(dst))
        defender = self._check_target(state, actor, dst)
        good = [s for s in shared if self.ships_of(state, s, actor) > self.ships_of(state, s, defender)]
        if not good:
            raise RuleError("spqrisiko.no_naval_superiority", sea=board().name(shared[0]))
        if dst in turn.landed_on:
            raise RuleError("spqrisiko.already_landed", province=board().name(dst))
        if state.legions[src] - action.count < self.garrison(state, src):
            raise RuleError("spqrisiko.garrison", province=board().name(src), keep=self.garrison(state, src))
        self._phase(turn, "combat")
        sea = good[0]
        turn.landed_on.append(dst)
        state.legions[src] -= action.count
        force = action.count
        record = LastAttack(kind="landing", attacker=actor, defender=defender, origin=src, target=dst)
        for _ in range(MAX_ROLLS):
            a, d, la, ld = self._roll(state, min(3, force), min(3, state.legions[dst]), ties_to_defender=True)
            record.rolls.append([a, d])
            record.attacker_losses += la
            record.defender_losses += ld
            force -= la
            state.legions[dst] -= ld
            if force == 0 or state.legions[dst] == 0:
                break
        events: list[Event] = []
        if state.legions[dst] == 0:
            record.conquered = True
            state.legions[dst] = force
            events += self._conquer(state, actor, defender, dst)
        state.last_attack = record
        params = {
            "player": state.name_of(actor),
            "defender": self._army_name(state, defender),
            "from": board().name(src),
            "to": board().name(dst),
            "sea": board().name(sea),
            "count": action.count,
            "rolls": len(record.rolls),
            "lost": record.attacker_losses,
            "killed": record.defender_losses,
            "left": force,
            "defenders_left": 0 if record.conquered else state.legions[dst],
            "conquered": record.conquered,
        }
        return self._battle_news(defender, "spqrisiko.landing", "spqrisiko.landed_on_you", params) + events

    # ---- end of turn ---------------------------------------------------------------------------
    def _fortify(self, state: SpqrState, actor: str, action: Fortify, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        src, dst = self._province(state, action.from_province), self._province(state, action.to_province)
        if state.owner.get(src) != actor:
            raise RuleError("spqrisiko.not_your_province", province=board().name(src))
        if state.owner.get(dst) != actor:
            raise RuleError("spqrisiko.not_your_province", province=board().name(dst))
        if not board().adjacent(src, dst):
            raise RuleError("spqrisiko.not_adjacent", a=board().name(src), b=board().name(dst))
        if state.legions[src] - action.count < self.garrison(state, src):
            raise RuleError("spqrisiko.garrison", province=board().name(src), keep=self.garrison(state, src))
        self._phase(turn, "fortify")
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
        return events + self._end_turn(state, now)

    def _end_action(self, state: SpqrState, actor: str, action: EndTurn, now: datetime) -> list[Event]:
        turn = state.turn
        assert turn is not None
        if turn.reinforcements > 0:
            raise RuleError("spqrisiko.reinforcements_left", count=turn.reinforcements)
        return self._end_turn(state, now)

    # ---- autopilot and timers --------------------------------------------------------------------
    def _autopilot_rest(self, state: SpqrState, now: datetime) -> list[Event]:
        """Finish the current turn for its player: spread reinforcements on the borders, end it."""
        turn = state.turn
        assert turn is not None
        turn.conquest_move = None
        turn.naval_battle = None
        player = turn.player
        mine = sorted(self.provinces_of(state, player))
        border = [p for p in mine if self.borders_enemy(state, p)] or mine
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
            Event(
                key="spqrisiko.autopilot_turn",
                params={
                    "player": state.name_of(player),
                    "placed": sum(placed.values()),
                    "provinces": len(placed),
                },
            )
        ]
        return events + self._end_turn(state, now)

    def on_timer(self, state: SpqrState, timer: Timer, now: datetime) -> list[Event]:
        if timer.kind == "time_limit":
            return self._time_up(state)
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
            return events + self._auto_place(state, now)
        return events + self._autopilot_rest(state, now)

    def _time_up(self, state: SpqrState) -> list[Event]:
        alive = self.alive(state)
        best = max((state.points.get(p, 0), len(self.provinces_of(state, p))) for p in alive)
        winners = [p for p in alive if (state.points.get(p, 0), len(self.provinces_of(state, p))) == best]
        return [
            Event(key="spqrisiko.time_up", params={"winners": [state.name_of(w) for w in winners]}),
            self.finish(state, winners, "time_limit"),
        ]

    def on_kick(self, state: SpqrState, player: str, now: datetime) -> list[Event]:
        if player not in state.autopilot:
            state.autopilot.append(player)
        return []

    def awaiting(self, state: SpqrState) -> set[str]:
        player = self.current_player(state)
        return {player} if player else set()

    # ---- views ---------------------------------------------------------------------------------
    def view(self, state: SpqrState, viewer: str | None) -> SpqrView:
        b = board()
        seat_index = {p.id: i for i, p in enumerate(state.players)}
        players = []
        for p in state.players:
            mine = self.provinces_of(state, p.id)
            players.append(
                PlayerView(
                    id=p.id,
                    name=p.name,
                    colour=state.armies.index(p.id),
                    points=state.points.get(p.id, 0),
                    provinces=len(mine),
                    legionaries=sum(state.legions[x] for x in mine),
                    ships=sum(f.get(p.id, 0) for f in state.ships.values()),
                    colossei=sum(1 for c in state.colossei if state.owner.get(c) == p.id),
                    cards=len(state.hands.get(p.id, [])),
                    eliminated=p.id in state.eliminated,
                    autopilot=p.id in state.autopilot or p.left,
                )
            )
        players.sort(key=lambda pv: state.order.index(pv.id) if pv.id in state.order else seat_index[pv.id])
        armies = [
            ArmyView(id=a, name=self._army_name(state, a), colour=i, neutral=a in NEUTRAL_IDS)
            for i, a in enumerate(state.armies)
        ]
        provinces = [
            ProvinceView(
                id=p.id,
                name=p.name,
                owner=state.owner.get(p.id),
                legionaries=state.legions.get(p.id, 0),
                colosseum=p.id in state.colossei,
                island=p.island,
            )
            for p in b.provinces.values()
        ]
        seas = [
            SeaView(
                id=s.id,
                name=s.name,
                ships={k: v for k, v in state.ships.get(s.id, {}).items() if v > 0},
                controller=self.sea_controller(state, s.id),
            )
            for s in b.seas.values()
        ]
        turn = state.turn
        turn_view = (
            None
            if turn is None
            else TurnView(
                player=turn.player,
                phase=turn.phase,
                reinforcements=turn.reinforcements,
                sets_played=turn.sets_played,
                fleet_moved=turn.fleet_moved,
                naval_done=list(turn.naval_done),
                naval_battle=turn.naval_battle,
                landed_on=list(turn.landed_on),
                conquered=turn.conquered,
                conquest_move=turn.conquest_move,
            )
        )
        hand = None
        if viewer is not None and viewer in state.hands:
            hand = sorted(symbol(c) for c in state.hands[viewer])
        return SpqrView(
            status=state.status,
            phase=turn.phase if turn else state.phase,
            round=state.round,
            target_points=state.settings.target_points,
            current=self.current_player(state),
            turn_deadline=state.turn_deadline if state.status == "active" else None,
            order=list(state.order),
            players=players,
            armies=armies,
            provinces=provinces,
            seas=seas,
            neutral_left=dict(state.neutral_left),
            turn=turn_view,
            last_attack=state.last_attack,
            last_scoring=dict(state.last_scoring),
            deck_size=len(state.deck.draw_pile),
            discard_size=len(state.deck.discard),
            hand_sizes={p: len(h) for p, h in state.hands.items()},
            hand=hand,
            viewer=viewer,
            winners=list(state.winners),
            end_reason=state.end_reason,
        )

    def headline(self, state: SpqrState) -> Msg:
        if state.status != "active":
            return Msg(key="core.headline.finished")
        player = state.order[state.current]
        if state.phase == "placement":
            return Msg(key="spqrisiko.headline.placement", params={"player": state.name_of(player)})
        phase = state.turn.phase if state.turn else "reinforce"
        return Msg(
            key="spqrisiko.headline.turn",
            params={"player": state.name_of(player), "round": state.round, "phase": phase},
        )

    def legal_actions(self, state: SpqrState, actor: str) -> list[BaseModel]:
        from engine.spqrisiko.ai import legal_actions

        return legal_actions(self, state, actor)
