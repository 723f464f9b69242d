"""The tables. JSON is kept as text so both databases store byte-identical snapshots and logs."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import BigInteger, Column, Index, Integer, Text, UniqueConstraint
from sqlalchemy.orm import configure_mappers, instrumentation
from sqlmodel import Field, SQLModel

from bot.storage.types import UTCDateTime

# ids that grow with every move, and engine seeds (63-bit), pass 2^31: 64-bit on PostgreSQL. SQLite's
# integers are 64-bit already, and only a column declared exactly INTEGER is its auto-increment rowid.
BIG_ID = BigInteger().with_variant(Integer(), "sqlite")


def _dt(nullable: bool = False, index: bool = False) -> Column:  # type: ignore[type-arg]
    return Column(UTCDateTime(), nullable=nullable, index=index)


class GuildConfig(SQLModel, table=True):
    __tablename__ = "guild_config"

    guild_id: str = Field(primary_key=True, max_length=32)
    locale: str = Field(default="it", max_length=8)
    timezone: str = Field(default="Europe/Rome", max_length=64)
    mod_role_id: str | None = Field(default=None, max_length=32)
    lobby_channel_id: str | None = Field(default=None, max_length=32)  # where substitute ads go too


LIVE = ("lobby", "active")  # a game's statuses that hold its channel


class GameRow(SQLModel, table=True):
    __tablename__ = "game"
    __table_args__ = (Index("ix_game_channel_status", "channel_id", "status"),)

    id: int | None = Field(default=None, primary_key=True)
    kind: str = Field(max_length=32)
    guild_id: str = Field(max_length=32, index=True)
    channel_id: str = Field(max_length=32)
    is_thread: bool = False
    status: str = Field(default="lobby", max_length=16, index=True)  # lobby | active | finished
    settings_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    seed: int = Field(default=0, sa_column=Column(BIG_ID, nullable=False))
    snapshot_json: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
    schema_version: int = 1
    version: int = 0
    created_by: str = Field(max_length=32)
    created_at: datetime = Field(sa_column=_dt())
    started_at: datetime | None = Field(default=None, sa_column=_dt(nullable=True))
    updated_at: datetime = Field(sa_column=_dt())
    next_deadline: datetime | None = Field(default=None, sa_column=_dt(nullable=True, index=True))
    # the deadline players are reminded of and shown (Game.turn_deadline); the next timer may be earlier
    turn_deadline: datetime | None = Field(default=None, sa_column=_dt(nullable=True))
    reminded_for: datetime | None = Field(default=None, sa_column=_dt(nullable=True))


class Seat(SQLModel, table=True):
    __tablename__ = "seat"
    __table_args__ = (UniqueConstraint("game_id", "user_id"),)

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    user_id: str = Field(max_length=32, index=True)
    seat: int
    display_name: str = Field(max_length=64)
    joined_at: datetime = Field(sa_column=_dt())
    away_until: datetime | None = Field(default=None, sa_column=_dt(nullable=True))  # declared with /away


class ActionRow(SQLModel, table=True):
    __tablename__ = "action_log"
    __table_args__ = (UniqueConstraint("game_id", "seq"),)

    id: int | None = Field(default=None, sa_column=Column(BIG_ID, primary_key=True))
    game_id: int = Field(foreign_key="game.id", index=True)
    seq: int
    actor: str = Field(max_length=32)
    action_json: str = Field(sa_column=Column(Text, nullable=False))
    interaction_id: str | None = Field(default=None, max_length=32, unique=True)
    at: datetime = Field(sa_column=_dt())
    moderator: bool = False
    undone: bool = False  # taken back by a moderator's undo; kept for the record, never replayed


class ModAudit(SQLModel, table=True):
    """Moderator actions that act on the log itself (undo, import, verify), with their author."""

    __tablename__ = "mod_audit"

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", index=True)
    moderator: str = Field(max_length=32)
    what: str = Field(max_length=32)
    detail: str = Field(default="", sa_column=Column(Text, nullable=False))
    at: datetime = Field(sa_column=_dt())


class NotifyPref(SQLModel, table=True):
    __tablename__ = "notify_pref"

    user_id: str = Field(primary_key=True, max_length=32)
    kind: str = Field(primary_key=True, max_length=16)
    enabled: bool = True


class UserLanguage(SQLModel, table=True):
    """The language a player reads their DMs in: their `/notify language` choice, else the locale of
    the Discord client they last used with Araldo (a DM carries no locale of its own)."""

    __tablename__ = "user_language"

    user_id: str = Field(primary_key=True, max_length=32)
    chosen: str | None = Field(default=None, max_length=8)
    seen: str | None = Field(default=None, max_length=16)


class OutboxRow(SQLModel, table=True):
    """Something the bot must still say: written in the transaction of the move or timer that caused
    it, delivered (and marked sent) by the notifier's sender. It holds the event, not the text, so the
    text is written in its reader's language when it is sent."""

    __tablename__ = "outbox"
    __table_args__ = (Index("ix_outbox_due", "sent_at", "next_at"),)

    id: int | None = Field(default=None, sa_column=Column(BIG_ID, primary_key=True))
    game_id: int | None = Field(default=None)
    guild_id: str = Field(max_length=32)
    channel_id: str = Field(max_length=32)
    what: str = Field(max_length=16)  # announce | dm | moderators | reminder
    recipient: str | None = Field(default=None, max_length=32)  # the DM's reader
    payload_json: str = Field(sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(sa_column=_dt())
    next_at: datetime = Field(sa_column=_dt())  # the next attempt (backoff after a failure)
    attempts: int = 0
    sent_at: datetime | None = Field(default=None, sa_column=_dt(nullable=True))
    error: str | None = Field(default=None, sa_column=Column(Text, nullable=True))  # why it was given up


class PrivateThread(SQLModel, table=True):
    """A player's private thread of a game (the `private_threads` setting) and the one message there
    that the notifier keeps current; `thread_id` None once Discord refused the thread (not retried)."""

    __tablename__ = "private_thread"

    game_id: int = Field(primary_key=True)
    user_id: str = Field(primary_key=True, max_length=32)
    thread_id: str | None = Field(default=None, max_length=32)
    message_id: str | None = Field(default=None, max_length=32)


class WebLink(SQLModel, table=True):
    """A reader's private link of a game (the table in the browser, bot/web/links.py): a link carries
    the generation it was made with, and regenerating bumps it, so every older link is refused."""

    __tablename__ = "web_link"

    game_id: int = Field(primary_key=True)
    user_id: str = Field(primary_key=True, max_length=32)  # a player, or "mod:<id>" for a moderator's link
    generation: int = 0


class WebSetting(SQLModel, table=True):
    """What the web pages keep between restarts: the key links are signed with when WEB_SECRET is unset."""

    __tablename__ = "web_setting"

    name: str = Field(primary_key=True, max_length=32)
    value: str = Field(sa_column=Column(Text, nullable=False))


Table = TypeVar("Table", bound=SQLModel)


_MAPPERS_READY = False


def _configure_mappers() -> None:
    """Mappers are configured by SQLAlchemy's first query or constructor; a row built here before
    either (a fresh process whose first call reads a game) would have no attribute state."""
    global _MAPPERS_READY
    configure_mappers()
    _MAPPERS_READY = True


def loaded(table: type[Table], values: Mapping[Any, Any]) -> Table:
    """A row object from every column's value, already valid (just read from its table, or copied
    from another row). SQLModel's constructor checks and instruments the fields one by one, about
    70 µs a row; a move made two of them on the event loop. This sets them at once."""
    if not _MAPPERS_READY:
        _configure_mappers()
    row: Table = instrumentation.manager_of_class(table).new_instance()
    row.__dict__.update(values)
    object.__setattr__(row, "__pydantic_fields_set__", set(values))
    object.__setattr__(row, "__pydantic_extra__", None)
    object.__setattr__(row, "__pydantic_private__", None)
    return row



import bot.storage.record_tables  # noqa: E402,F401  (the players' record's tables join the metadata)


class PlayerRhythm(SQLModel, table=True):
    """A player's own rhythm (/notify): the time zone they live in, their quiet hours (minutes after
    local midnight, from..to, may wrap midnight) during which DMs and reminders wait, and their own
    reminder interval before a turn deadline."""

    __tablename__ = "player_rhythm"

    user_id: str = Field(primary_key=True, max_length=32)
    timezone: str | None = Field(default=None, max_length=64)  # None: the game's server's
    quiet_from: int | None = Field(default=None)
    quiet_to: int | None = Field(default=None)
    reminder_minutes: int | None = Field(default=None)  # None: the game's own interval


class GameNote(SQLModel, table=True):
    """A player's private notepad for one game (/note): read only by its writer, never in the log."""

    __tablename__ = "game_note"

    game_id: int = Field(primary_key=True)
    user_id: str = Field(primary_key=True, max_length=32)
    text: str = Field(sa_column=Column(Text, nullable=False))
    updated_at: datetime = Field(sa_column=_dt())


class SubstituteAd(SQLModel, table=True):
    """A seat offered to a substitute (bot/substitutes.py): first, when the table asked, its vote
    (`voting`, the other seated players' ballots, its deadline); then the ad (`open`) with the
    volunteers who asked for the seat; `filled` once a moderator gave it to one, `closed` otherwise."""

    __tablename__ = "substitute_ad"
    __table_args__ = (Index("ix_substitute_ad_game", "game_id", "status"),
                      Index("ix_substitute_ad_status_deadline", "status", "vote_deadline"))

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field()
    guild_id: str = Field(max_length=32)
    player_id: str = Field(max_length=32)  # whose seat is offered
    player_name: str = Field(max_length=64)
    opened_by: str = Field(max_length=32)  # the moderator, or the player who asked the table
    status: str = Field(max_length=8)  # voting, open, filled, closed
    voters_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    votes_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))  # voter -> "yes" / "no"
    vote_deadline: datetime | None = Field(default=None, sa_column=_dt(nullable=True))
    volunteers_json: str = Field(default="{}", sa_column=Column(Text, nullable=False))  # user -> name
    taken_by: str | None = Field(default=None, max_length=32)
    # the posts that carry its buttons, [channel, message] (the vote, the ad here and in the lobby):
    # edited when the seat is taken or the ad closed, so nobody clicks a spent button
    posts_json: str = Field(default="[]", sa_column=Column(Text, nullable=False))
    created_at: datetime = Field(sa_column=_dt())
    closed_at: datetime | None = Field(default=None, sa_column=_dt(nullable=True))
