"""The engine contract every game implements, and the parts of it the core does for all games.

A game subclasses `Game` and provides: `setup`, `handle` (its own actions), `on_timer`,
`awaiting`, `view`, `legal_actions`. The core provides atomic `apply`, `advance` over the
shared timer queue, `next_deadline`, moderator actions, parsing and JSON Schema.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Annotated, Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, Field, TypeAdapter, ValidationError

from engine.core.concession import Concede, concede
from engine.core.draw import DRAW_TIMER, DrawAnswer, draw_move, lapsed
from engine.core.errors import RuleError
from engine.core.model import CoreSettings, Event, GameState, Msg, Player, Timer, commit_fields, rename_player
from engine.core.moderation import CORE_PREFIX, MOD_PREFIX, Away, ModAction, moderate
from engine.core.orders import ORDERS_TYPE, OrdersMixin, SetOrders, core_moves, returned, set_orders
from engine.core.ranking import final_ranking, scores_kept
from engine.core.revealed import Revelation, UndoneMove, default_revealed

S = TypeVar("S", bound=GameState)

_MOD_ADAPTER: TypeAdapter[Any] = TypeAdapter(ModAction)
_CORE_ADAPTER: TypeAdapter[Any] = TypeAdapter(Annotated[Away | SetOrders | DrawAnswer | Concede,
                                                         Field(discriminator="type")])
_ADAPTERS: dict[type, TypeAdapter[Any]] = {}  # one action parser per game class, built on first use
MAX_TIMERS_PER_ADVANCE = 100_000  # a runaway timer loop is a bug; stop rather than hang


class GameMeta(BaseModel):
    kind: str  # registry key, also the export's "game"
    name: str  # display name
    min_players: int
    max_players: int
    rules_path: str  # docs/rules/<game>.md
    rulebook: str  # shared seed file the rules come from


class Game(OrdersMixin, Generic[S]):
    meta: ClassVar[GameMeta]
    state_model: ClassVar[type[GameState]]
    settings_model: ClassVar[type[CoreSettings]] = CoreSettings
    action_model: ClassVar[Any]  # an Annotated union discriminated on "type"
    # bump when the state model changes incompatibly, and teach `migrate_state` the step
    state_version: ClassVar[int] = 1
    # timer kinds that only remind players (DecameroNomic's vote reminders): /mod extend and /mod force
    # act on the next real deadline and pass over them
    reminder_timers: ClassVar[frozenset[str]] = frozenset()
    # action types whose log entries only their actor (and the player named in their "to") may read
    private_actions: ClassVar[frozenset[str]] = frozenset()
    # True for a game whose state round-trips exactly through its JSON (DecameroNomic's large one): `apply`
    # then changes the state itself and keeps only its JSON to put it back on failure, instead of
    # building a whole copy before every action
    apply_in_place: ClassVar[bool] = False
    # end reasons that are the game's own clock running out (SPQRisiko's time limit, Impero's last turn):
    # the deadline that ends the game so plays for nobody, and the players' record counts no miss at it
    clock_ends: ClassVar[frozenset[str]] = frozenset()
    # how the ending's summary writes `final_scores` beside each place ("num", "money"); None: a game whose
    # final scores are no number a player reads (a tie-break measure) shows only the places
    score_format: ClassVar[str | None] = None

    # ---- to implement ------------------------------------------------------------
    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> S:
        raise NotImplementedError

    def handle(self, state: S, actor: str, action: Any, now: datetime) -> list[Event]:
        """Validate then mutate `state` for one of the game's own actions."""
        raise NotImplementedError

    def on_timer(self, state: S, timer: Timer, now: datetime) -> list[Event]:
        """A timer fired (already removed from the queue); `now` is the moment it was due."""
        return []

    def awaiting(self, state: S) -> set[str]:
        """Players who owe an action now (reminders, timeouts)."""
        return set()

    def next_up(self, state: S) -> str | None:
        """Where the game has a turn order: the player whose turn comes after the current one (told
        "you're next" as that turn starts, if they asked with /notify). None by default: no order."""
        return None

    def owed(self, state: S, player: str) -> list[Msg]:
        """What `player` still has to do now, in words ("3 reinforcements to place"): said in the
        turn ping and the reminder. Empty by default."""
        return []

    def first_steps(self, state: S, player: str) -> list[Msg]:
        """What `player` should do first, said under the start: what they owe, else their panel (if any move)."""
        moves = [a for a in self.legal_actions(state, player) if not isinstance(a, Away)]
        return self.owed(state, player) or ([Msg(key="core.first.panel")] if moves else [])

    def view(self, state: S, viewer: str | None) -> BaseModel:
        raise NotImplementedError

    def legal_actions(self, state: S, actor: str) -> list[BaseModel]:
        return []

    def headline(self, state: S) -> Msg:
        """One sentence on where the game stands (whose turn, which phase)."""
        return Msg(key="core.headline.generic", params={"game": self.meta.name})

    def on_kick(self, state: S, player: str, now: datetime) -> list[Event]:
        """A moderator removed a player. The default keeps their seat, marked as gone."""
        return []

    def on_away(self, state: S, player: str, until: datetime | None, now: datetime) -> list[Event]:
        """A player declared an absence (or came back). `state.away` is already updated."""
        return []

    def autopilot_turns(self, state: S) -> dict[str, int]:
        """Turns the game's autopilot played at once for each seated player (an absence, a seat put on
        autopilot after timeouts), with no call and no deadline to see them by: the players' record counts
        them beside the deadlines the autopilot answered. None by default."""
        return {}

    def joined_later(self, state: S) -> set[str]:
        """Players seated after the start by a logged action (DecameroNomic's newcomers). An export
        leaves them out of the starting seats: replaying that action seats them again."""
        return set()

    def ranking(self, state: S) -> list[list[str]]:
        """A finished game's standing, best first, tied players grouped (the players' record rates it)."""
        return final_ranking(state, self.final_scores(state), self.in_play(state))

    def in_play(self, state: S) -> list[str]:
        """The players still in the game: who must agree to a draw and share it, and with one left after a
        concession, its winner. By default every seated player; a game that eliminates players says so."""
        return state.active_player_ids()

    def final_scores(self, state: S) -> dict[str, float]:
        """The end score ranking the non-winners; by default a `points`/`cash` mapping of the state."""
        return scores_kept(state)

    def start_events(self, state: S) -> list[Event]:
        """What the setup decided that the table must be told when the game starts (Galactica's
        turn-order dice); the service adds it to the start's announcement."""
        return []

    def as_logged(self, state: S, action: BaseModel) -> BaseModel:
        """The move as the log keeps it, given the state it is made on: a game may fill in what only
        the state knows and the move's words need (the phase a Galactica end_phase closes)."""
        return action

    def log_visible(self, action: dict[str, Any], actor: str, viewer: str | None, finished: bool = False) -> bool:
        """May `viewer` read this log entry? Secret moves (an Impero bribe) stay between their players
        while the game runs and are everyone's once it is finished (docs/architecture.md, "What a
        finished game reveals"); standing orders are their owner's alone, always."""
        if action.get("type") == ORDERS_TYPE:
            return viewer == actor
        if finished:
            return True
        if action.get("type") == "mod_revealed":  # what an undone move showed: to whom it showed it
            return action.get("to") is None or viewer == action.get("to")
        if action.get("type") not in self.private_actions:
            return True
        return viewer is not None and viewer in (actor, action.get("to"))

    def revealed(self, moves: list[UndoneMove]) -> list[Revelation]:
        """What the moves an undo takes back had shown, and to whom (the undo's preview names it, and
        those players keep it in their log). By default the news of the moves that drew something:
        private news to its players, else public news to everyone. A game may say it better."""
        return default_revealed(moves)

    def hidden_piles(self, state: S) -> list[list[Any]]:
        """Orders the game fixed earlier outside a `Deck` that nobody has seen yet (a pile of tiles
        shuffled at setup): an undo's reseed shuffles them anew, and a move that takes from one drew."""
        return []

    def reseed_hidden(self, state: S) -> None:
        """After an undo's reseed (`state.rng` already new, decks reshuffled): draw anew every future the
        game fixed outside a `Deck`, so the undo hands out nothing. By default its `hidden_piles`,
        shuffled; a game whose unseen part is a slice of a list writes it back itself."""
        for pile in self.hidden_piles(state):
            state.rng.shuffle(pile)

    def migrate_state(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        """Bring a snapshot saved with an older `state_version` up to date. Never drop a game."""
        if from_version != self.state_version:
            raise ValueError(f"no migration from state version {from_version}")
        return data

    def renamed(self, data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
        """A dumped state with a replaced player's id changed everywhere (`/mod replace`). A game that
        keeps part of its state as text (DecameroNomic's chronicle) renames inside that text too."""
        return rename_player(data, old, new)  # type: ignore[no-any-return]

    # ---- parsing -----------------------------------------------------------------
    def _adapter(self) -> TypeAdapter[Any]:
        cached: TypeAdapter[Any] | None = _ADAPTERS.get(type(self))
        if cached is None:
            cached = TypeAdapter(self.action_model)
            _ADAPTERS[type(self)] = cached
        return cached

    def parse_action(self, data: dict[str, Any] | BaseModel) -> BaseModel:
        if isinstance(data, BaseModel):
            data = data.model_dump(mode="json")
        kind = data.get("type") if isinstance(data, dict) else None
        if not isinstance(kind, str):
            raise RuleError("core.bad_action", detail="type")
        if kind.startswith(MOD_PREFIX):
            adapter = _MOD_ADAPTER
        elif kind.startswith(CORE_PREFIX):
            adapter = _CORE_ADAPTER
        else:
            adapter = self._adapter()
        try:
            # through JSON text: strict actions (engine.core.model.Action) refuse `true` for an int
            # and unknown fields, while ISO datetimes still parse from strings
            return adapter.validate_json(json.dumps(data, default=_jsonable))  # type: ignore[no-any-return]
        except (ValidationError, TypeError, ValueError) as exc:
            loc = exc.errors()[0]["loc"] if isinstance(exc, ValidationError) and exc.errors() else ()
            where = ".".join(str(p) for p in loc) or kind
            raise RuleError("core.bad_action", detail=where) from None

    def parse_settings(self, data: dict[str, Any] | None) -> CoreSettings:
        # a mistyped or foreign key (another game's setting) would otherwise be dropped in silence
        unknown = sorted(set(data or {}) - set(self.settings_model.model_fields))
        if unknown:
            raise RuleError("core.unknown_setting", setting=unknown[0],
                            keys=sorted(self.settings_model.model_fields))
        try:
            return self.settings_model.model_validate(data or {})
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(p) for p in first.get("loc", ())) or "settings"
            raise RuleError("core.bad_setting", setting=where) from None

    def load_state(self, data: dict[str, Any] | str) -> S:
        """A state from its dump, or from the snapshot's text (parsed and validated in one pass by
        pydantic-core: for a large state, about half the time of `json.loads` then validation)."""
        if isinstance(data, str):
            return self.state_model.model_validate_json(data)  # type: ignore[return-value]
        return self.state_model.model_validate(data)  # type: ignore[return-value]

    def dump_state(self, state: S) -> dict[str, Any]:
        return state.model_dump(mode="json")

    def dump_state_json(self, state: S) -> str:
        """`dump_state` as the snapshot's text, written in one pydantic-core pass (a third of the time
        of `json.dumps` over the dump). A game that changes `dump_state` overrides this too
        (DecameroNomic), or its own dump is written the slow way."""
        if type(self).dump_state is not Game.dump_state:
            return json.dumps(self.dump_state(state), separators=(",", ":"), ensure_ascii=False)
        return state.model_dump_json()

    def action_schema(self) -> dict[str, Any]:
        """The JSON Schema of every move the game takes: its own actions, the moves every game has
        (`core_away`, and `core_orders` whose orders are this game's `orders_model`), the orders model
        alone (None: the game has none), and the moderator's actions."""
        return {
            "game": self._adapter().json_schema(),
            "core": core_moves(self.orders_model).json_schema(),
            "orders": self.orders_model.model_json_schema() if self.orders_model is not None else None,
            "moderator": _MOD_ADAPTER.json_schema(),
        }

    # ---- the core's part of the contract -------------------------------------------
    def apply(self, state: S, actor: str, action: BaseModel | dict[str, Any], now: datetime,
              *, moderator: bool = False, scratch: bool = False) -> list[Event]:
        """Apply one action atomically: on RuleError `state` is exactly as before. With `scratch`, the
        caller throws `state` away on a RuleError (it was loaded for this action alone), so the
        action works on it directly and the copy that keeps it intact is saved."""
        parsed = self.parse_action(action) if isinstance(action, dict) else action
        if scratch:
            events = self._apply(state, actor, parsed, now, moderator)
        elif self.apply_in_place:
            saved = state.model_dump_json()
            try:
                events = self._apply(state, actor, parsed, now, moderator)
            except BaseException:
                commit_fields(state, type(state).model_validate_json(saved))
                raise
        else:
            work = state.model_copy(deep=True)
            events = self._apply(work, actor, parsed, now, moderator)
            commit_fields(state, work)
        for ev in events:
            ev.at = ev.at or now
        return events

    def _apply(self, work: S, actor: str, parsed: BaseModel, now: datetime, moderator: bool) -> list[Event]:
        if parsed.type.startswith(MOD_PREFIX):  # type: ignore[attr-defined]
            if not moderator:
                raise RuleError("core.not_moderator")
            return self._moderate(work, actor, parsed, now)
        if work.status != "active":
            raise RuleError("core.game_over")
        if work.paused_at is not None:
            raise RuleError("core.game_paused")
        seat = work.player(actor)
        if seat is None or seat.left:
            raise RuleError("core.not_a_player")
        if isinstance(parsed, Away):
            return self._away(work, actor, parsed.until, now)
        if isinstance(parsed, SetOrders):
            return set_orders(self, work, actor, parsed, now)
        if isinstance(parsed, DrawAnswer):  # a draw and a concession: every game's (issue 42)
            return draw_move(self, work, actor, parsed.answer, now)
        if isinstance(parsed, Concede):
            return concede(self, work, actor, now)
        return returned(work, actor, now) + self.handle(work, actor, parsed, now)

    def advance(self, state: S, now: datetime) -> list[Event]:
        """Fire every timer due at or before `now`, in time order, each stamped with its due time."""
        events: list[Event] = []
        if state.paused_at is not None or state.status != "active":
            state.clock = max(state.clock, now)
            return events
        for _ in range(MAX_TIMERS_PER_ADVANCE):
            timer = state.next_timer()
            if timer is None or timer.at > now or state.status != "active":
                break
            state.timers.remove(timer)
            state.clock = max(state.clock, timer.at)
            if timer.kind in self.reminder_timers and state.outrun(timer, now, self.reminder_timers | {DRAW_TIMER}):
                continue
            fired = lapsed(self, state) if timer.kind == DRAW_TIMER else self.on_timer(state, timer, timer.at)
            for ev in fired:
                ev.at = ev.at or timer.at
            events.extend(fired)
        else:  # pragma: no cover - defensive
            raise RuntimeError("timer loop did not settle")
        state.clock = max(state.clock, now)
        return events

    def _moderated_timer(self, state: S) -> Timer | None:
        """The timer a moderator's extend or force acts on: the next one that is not a mere reminder
        (nor a draw's deadline, which belongs to the players who answer it)."""
        timers = [t for t in state.timers if t.kind not in self.reminder_timers and t.kind != DRAW_TIMER]
        return min(timers, key=lambda t: (t.at, int(t.id.rsplit(":", 1)[1]))) if timers else None

    def next_deadline(self, state: S) -> datetime | None:
        if state.paused_at is not None or state.status != "active":
            return None
        timer = state.next_timer()
        return timer.at if timer else None

    def turn_deadline(self, state: S) -> datetime | None:
        """The deadline players are reminded of and shown as "the" deadline. By default the next timer but
        a proposed draw's; a game whose queue also holds other timers (Impero's auction closes) names its own."""
        if state.paused_at is not None or state.status != "active":
            return None
        return min((t.at for t in state.timers if t.kind != DRAW_TIMER), default=None)

    def finish(self, state: S, winners: list[str], reason: str) -> Event:
        return finish_game(state, winners, reason)

    def _away(self, state: S, actor: str, until: datetime | None, now: datetime) -> list[Event]:
        if until is not None and until.utcoffset() is None:  # a naive time is no moment: whose midnight?
            raise RuleError("core.away_needs_offset")
        if until is not None and until <= now:
            raise RuleError("core.away_in_past")
        if until is None:
            state.away.pop(actor, None)
            events = [Event(key="core.back", params={"player": state.name_of(actor)}), *returned(state, actor, now)]
        else:
            state.away[actor] = until
            events = [Event(key="core.away", params={"player": state.name_of(actor), "until": until})]
        return events + self.on_away(state, actor, until, now)

    def is_away(self, state: S, player: str, now: datetime) -> bool:
        until = state.away.get(player)
        return until is not None and until > now

    # ---- moderator actions: engine/core/moderation.py ----------------------------
    def _moderate(self, state: S, actor: str, action: Any, now: datetime) -> list[Event]:
        return moderate(self, state, actor, action, now)


def finish_game(state: GameState, winners: list[str], reason: str) -> Event:
    """End the game: the rule modules of a game call this, `Game.finish` is the same. A player a
    moderator removed never wins (each game also leaves them out when it picks its winners)."""
    winners = [w for w in winners if not removed(state, w)]
    state.status = "finished"
    state.winners = winners
    state.end_reason = reason
    state.timers = []
    return Event(
        key="core.ended",
        params={"winners": [state.name_of(w) for w in winners], "reason": reason},
        notify="game_end",
    )


def removed(state: GameState, player: str) -> bool:
    """A seat a moderator removed (`/mod kick`)."""
    seat = state.player(player)
    return seat is not None and seat.left


def _jsonable(value: Any) -> str:
    iso = getattr(value, "isoformat", None)
    return iso() if callable(iso) else str(value)
