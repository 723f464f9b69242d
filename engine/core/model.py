"""The pieces every game state is made of: players, timers, events, the shared settings."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Literal
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import BaseModel, ConfigDict, Field, field_validator

from engine.core.rng import Rng


class Player(BaseModel):
    id: str
    name: str
    left: bool = False  # kicked by a moderator; the seat stays for history and scoring


class Timer(BaseModel):
    """A moment at which the game changes by itself (turn end, auction close, Giornata...).

    All of a game's timers live in `GameState.timers`, so pausing, extending and forcing work
    the same way for every game, and the scheduler only needs `next_deadline`.
    """

    id: str
    kind: str
    at: datetime
    data: dict[str, Any] = Field(default_factory=dict)

    @field_validator("at")
    @classmethod
    def _aware(cls, v: datetime) -> datetime:
        if v.tzinfo is None:
            raise ValueError("timer times must be timezone-aware")
        return v


class Action(BaseModel):
    """Base of every game action: unknown fields and loose types are refused, never guessed.

    `"roll": "blitz"` for `rolls`, or JSON `true` for an integer, is an error naming the field
    (`core.bad_action`), not a silently different move. Actions are parsed from JSON text, where a
    strict model still reads ISO datetimes from strings.
    """

    model_config = ConfigDict(extra="forbid", strict=True)


class Msg(BaseModel):
    """A localizable sentence: an i18n key and the values it needs."""

    key: str
    params: dict[str, Any] = Field(default_factory=dict)


class Event(Msg):
    """Something that happened.

    `to` None means public (announced in the game channel); otherwise only those players may
    see it (ephemeral reply or DM). `notify` names the notification kind that DMs it
    ("turn", "action", "outbid", "reminder", "game_end", "info"); "moderators" calls the server's
    moderator role in the game channel instead; None means no DM.
    """

    to: list[str] | None = None
    notify: str | None = None
    at: datetime | None = None


class CoreSettings(BaseModel):
    """Settings every game has; a game's settings model extends this."""

    timezone: str = "Europe/Rome"
    reminder_minutes: int = Field(default=60, ge=0, le=24 * 60)
    private_threads: bool = False  # each player gets a private thread holding their hand/cash panel

    @field_validator("timezone")
    @classmethod
    def _known_zone(cls, v: str) -> str:
        """Refused when the game is created, not when it starts (an IANA name like Europe/Rome)."""
        try:
            ZoneInfo(v)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError("unknown time zone") from None
        return v


class Standing(BaseModel):
    """A player's standing orders, as their game's orders model dumped them (engine/core/orders.py)."""

    orders: dict[str, Any]
    keep_on_return: bool = True
    set_at: datetime  # when the orders were last given
    # pieces of the orders (the game's `order_pieces`) given earlier than `set_at` and unchanged since:
    # when each was set (a piece not named here was set at `set_at`)
    since: dict[str, datetime] = {}

    def set_when(self, piece: str) -> datetime:
        """When this piece of the orders got its present value."""
        return self.since.get(piece, self.set_at)


class DrawProposal(BaseModel):
    """A draw proposed and not yet settled (engine/core/draw.py): who proposed it, who agreed so far."""

    by: str
    agreed: list[str] = Field(default_factory=list)


class GameState(BaseModel):
    """What every game's state carries besides its own fields."""

    game: str
    seed: int
    rng: Rng
    players: list[Player]
    created_at: datetime
    clock: datetime  # the latest moment the state has been advanced to
    status: Literal["active", "finished"] = "active"
    winners: list[str] = Field(default_factory=list)
    end_reason: str | None = None
    paused_at: datetime | None = None
    timers: list[Timer] = Field(default_factory=list)
    timer_seq: int = 0
    away: dict[str, datetime] = Field(default_factory=dict)  # declared absences, player -> until
    orders: dict[str, Standing] = Field(default_factory=dict)  # standing orders, player -> theirs (private)
    draw: DrawProposal | None = None  # a draw proposed, waiting for the others' agreement
    conceded: list[str] = Field(default_factory=list)  # players who conceded, first to concede first

    # -- players -----------------------------------------------------------------
    def player(self, pid: str) -> Player | None:
        return next((p for p in self.players if p.id == pid), None)

    def player_ids(self) -> list[str]:
        return [p.id for p in self.players]

    def active_player_ids(self) -> list[str]:
        return [p.id for p in self.players if not p.left]

    def name_of(self, pid: str) -> str:
        p = self.player(pid)
        return p.name if p else pid

    # -- timers ------------------------------------------------------------------
    def add_timer(self, kind: str, at: datetime, **data: Any) -> Timer:
        self.timer_seq += 1
        timer = Timer(id=f"{kind}:{self.timer_seq}", kind=kind, at=at, data=data)
        self.timers.append(timer)
        return timer

    def timers_of(self, kind: str) -> list[Timer]:
        return [t for t in self.timers if t.kind == kind]

    def timer(self, timer_id: str) -> Timer | None:
        return next((t for t in self.timers if t.id == timer_id), None)

    def deadline(self, kind: str, **match: Any) -> datetime | None:
        """When the first timer of `kind` whose data matches fires: the one truth for a deadline.

        Views and checks read deadlines here, never from a copy, so pause, resume, extend and
        force (which move or fire timers) are always reflected.
        """
        found = [t.at for t in self.timers if t.kind == kind and all(t.data.get(k) == v for k, v in match.items())]
        return min(found) if found else None

    def cancel_timers(self, kind: str, **match: Any) -> None:
        self.timers = [
            t
            for t in self.timers
            if not (t.kind == kind and all(t.data.get(k) == v for k, v in match.items()))
        ]

    def next_timer(self) -> Timer | None:
        # ties fire in creation order: ids carry the sequence number
        if not self.timers:
            return None
        return min(self.timers, key=lambda t: (t.at, int(t.id.rsplit(":", 1)[1])))

    def outrun(self, reminder: Timer, now: datetime, not_deadlines: frozenset[str]) -> bool:
        """A reminder reached late (the bot was down) says nothing when the moment it reminds of (the next
        deadline after it: a timer not of `not_deadlines`) is past too, or a later one of its kind is due:
        no "the Giornata ends in 2 days" after it ended, no two reminders at once."""
        return any(t.at <= now and (t.kind == reminder.kind or (t.kind not in not_deadlines and t.at >= reminder.at))
                   for t in self.timers)

    def shift_timers(self, delta: timedelta) -> None:
        for t in self.timers:
            t.at = t.at + delta


def commit_fields(target: BaseModel, source: BaseModel) -> None:
    """Make `target` the state `source` holds, field by field (the caller keeps its object)."""
    for name in type(target).model_fields:
        setattr(target, name, getattr(source, name))


def rename_player(data: Any, old: str, new: str) -> Any:
    """Replace a player id everywhere in a dumped state: as a value and as a mapping key.

    Player ids are Discord snowflakes, long digit strings that never collide with other values.
    """
    if isinstance(data, dict):
        return {(new if k == old else k): rename_player(v, old, new) for k, v in data.items()}
    if isinstance(data, list):
        return [rename_player(v, old, new) for v in data]
    if data == old:
        return new
    return data
