"""Moderator actions every game supports; they are log entries like any other action."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from engine.core.deck import Deck
from engine.core.errors import RuleError
from engine.core.model import Event, Msg, commit_fields
from engine.core.rng import Rng


class ModPause(BaseModel):
    type: Literal["mod_pause"] = "mod_pause"


class ModResume(BaseModel):
    type: Literal["mod_resume"] = "mod_resume"


class ModExtend(BaseModel):
    """Push the next deadline (or one named timer) back by some minutes."""

    type: Literal["mod_extend"] = "mod_extend"
    minutes: int = Field(ge=1, le=60 * 24 * 30)
    timer_id: str | None = None


class ModForce(BaseModel):
    """Fire the next timer now."""

    type: Literal["mod_force"] = "mod_force"


class ModKick(BaseModel):
    type: Literal["mod_kick"] = "mod_kick"
    player: str


class ModReplace(BaseModel):
    type: Literal["mod_replace"] = "mod_replace"
    player: str
    new_id: str = Field(min_length=1, max_length=32)
    new_name: str = Field(min_length=1, max_length=64)


class ModReseed(BaseModel):
    """Fresh randomness after an undo: the draws nobody has seen yet (dice, the unseen part of every
    deck) come from a new salt, so an undone roll cannot be foreseen by playing it again. Written
    to the log by the undo itself, so a replay reaches the same state."""

    type: Literal["mod_reseed"] = "mod_reseed"
    salt: int = Field(ge=0, lt=1 << 63)


class ModRevealed(BaseModel):
    """What moves taken back by an undo had shown: kept in the log of `to` (None: everyone), so what a
    player saw is not silently forgotten (engine/core/revealed.py). Written by the undo; changes nothing."""

    type: Literal["mod_revealed"] = "mod_revealed"
    to: str | None = None
    seen: list[Msg] = Field(default_factory=list, max_length=200)


# the log's actor of what a deadline did (never a Discord id, which is digits)
DEADLINE_ACTOR = "deadline"


class ToldEvent(Msg):
    """One thing a deadline did, as it was told: its sentence, and whom it was told to (None: everyone)."""

    to: list[str] | None = None
    notify: str | None = None  # "reminder": a DM that something is due (the log says only that it reminded)


class ModTold(BaseModel):
    """What a deadline changed, for the log: written by the service beside the deadline (actor
    DEADLINE_ACTOR), so `/game log` has a line for every change of the game. Changes nothing."""

    type: Literal["mod_told"] = "mod_told"
    events: list[ToldEvent] = Field(default_factory=list, max_length=200)


# the channel's calls to act (bot/turn_calls.py writes them, some games their own): who must move next,
# addressed to them ("@Bob, your turn"), never what a deadline did
CALL_KEYS = ("core.turn_ping", "core.turn_call")


def told_note(events: list[Event]) -> dict[str, Any]:
    """The `mod_told` entry of what a deadline did: the events it told (the calls to act left out:
    they say who must move next, not what changed). Its private notices are kept with whom they were
    for (the record holds what each was told), though `/game log` reads out the public ones alone."""
    said = [e.model_dump(mode="json", include={"key", "params", "to", "notify"}) for e in events if e.key not in CALL_KEYS]
    return {"type": "mod_told", "events": said[:200]}


class ModEnd(BaseModel):
    type: Literal["mod_end"] = "mod_end"
    reason: str = Field(default="", max_length=200)


class Away(BaseModel):
    """A player declares an absence until a moment (None: back now). Not a moderator action,
    but handled by the core for every game; games react in `Game.on_away`."""

    type: Literal["core_away"] = "core_away"
    until: datetime | None = None


ModAction = Annotated[
    ModPause | ModResume | ModExtend | ModForce | ModKick | ModReplace | ModEnd | ModReseed | ModRevealed | ModTold,
    Field(discriminator="type"),
]
MOD_PREFIX = "mod_"
CORE_PREFIX = "core_"


def moderate(game: Any, state: Any, actor: str, action: Any, now: datetime) -> list[Event]:
    """Apply a moderator's action to `game`'s state (Game._moderate): every game gets the same."""
    params = {"moderator": actor}
    if isinstance(action, ModRevealed | ModTold):
        return []  # a note for the log: the undo or the deadline that wrote it said it
    if isinstance(action, ModEnd):
        if state.status != "active":
            raise RuleError("core.game_over")
        ev = game.finish(state, [], "moderator")
        return [Event(key="core.mod.ended", params={**params, "reason": action.reason}), ev]
    if state.status != "active":
        raise RuleError("core.game_over")
    if isinstance(action, ModReseed):
        reseed(state, action.salt)
        game.reseed_hidden(state)
        return []  # the undo that wrote it says what happened
    if isinstance(action, ModPause):
        if state.paused_at is not None:
            raise RuleError("core.already_paused")
        state.paused_at = now
        return [Event(key="core.mod.paused", params=params)]
    if isinstance(action, ModResume):
        if state.paused_at is None:
            raise RuleError("core.not_paused")
        delta = now - state.paused_at
        state.shift_timers(delta)
        state.paused_at = None
        return [Event(key="core.mod.resumed", params={**params, "minutes": int(delta.total_seconds() // 60)})]
    if state.paused_at is not None:
        raise RuleError("core.game_paused")
    if isinstance(action, ModExtend):
        timer = state.timer(action.timer_id) if action.timer_id else game._moderated_timer(state)
        if timer is None:
            raise RuleError("core.no_deadline")
        timer.at = timer.at + timedelta(minutes=action.minutes)
        return [Event(key="core.mod.extended", params={**params, "minutes": action.minutes, "until": timer.at})]
    if isinstance(action, ModForce):
        timer = game._moderated_timer(state)
        if timer is None:
            raise RuleError("core.no_deadline")
        state.timers.remove(timer)
        trial = state.model_copy(deep=True)  # a deadline whose rule fails (a bug) is dropped instead
        try:
            fired = game.on_timer(trial, timer, now)
        except RuleError:
            raise
        except Exception:  # so a moderator can always move a stuck game on
            return [Event(key="core.mod.forced_broken", params=params)]
        commit_fields(state, trial)
        return [Event(key="core.mod.forced", params=params), *fired]
    if isinstance(action, ModKick):
        seat = state.player(action.player)
        if seat is None or seat.left:
            raise RuleError("core.not_a_player")
        seat.left = True
        events = [Event(key="core.mod.kicked", params={**params, "player": seat.name})]
        events.extend(game.on_kick(state, action.player, now))
        return events
    if isinstance(action, ModReplace):
        seat = state.player(action.player)
        if seat is None:
            raise RuleError("core.not_a_player")
        if state.player(action.new_id) is not None:
            raise RuleError("core.already_playing")
        old_name = seat.name
        state.orders.pop(action.player, None)  # the newcomer did not give the leaver's orders
        replaced = game.renamed(game.dump_state(state), action.player, action.new_id)
        fresh = game.load_state(replaced)
        renamed = fresh.player(action.new_id)
        assert renamed is not None
        renamed.name = action.new_name
        renamed.left = False
        commit_fields(state, fresh)
        return [Event(key="core.mod.replaced",
                      params={**params, "player": old_name, "new_player": action.new_name})]
    raise RuleError("core.bad_action", detail=getattr(action, "type", "?"))


def reseed(state: Any, salt: int) -> None:
    """A new generator from the old one and `salt`, and every deck's unseen pile shuffled with it
    (the order of a pile nobody has looked at is as much the future as a die not yet rolled)."""
    state.rng = Rng(seed=(state.rng.seed * 0x9E3779B97F4A7C15 + salt + state.rng.draws) % (1 << 63))
    for deck in _decks(state):
        state.rng.shuffle(deck.draw_pile)


def hidden_futures(state: Any) -> list[list[str]]:
    """The unseen pile of every deck in a state: what a draw from them takes is not known yet."""
    return [deck.draw_pile for deck in _decks(state)]


def _decks(value: Any) -> list[Deck]:
    """Every Deck held anywhere in a state, in a fixed order (fields, then list items, then values)."""
    if isinstance(value, Deck):
        return [value]
    if isinstance(value, BaseModel):
        return [d for name in type(value).model_fields for d in _decks(getattr(value, name))]
    if isinstance(value, list | tuple):
        return [d for item in value for d in _decks(item)]
    if isinstance(value, dict):
        return [d for key in sorted(value, key=str) for d in _decks(value[key])]
    return []
