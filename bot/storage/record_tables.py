"""The players' record: tables derived from the games, the log and the results (bot/record rebuilds
them at any time), plus the one choice players make about it (privacy)."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Column, Index, Text
from sqlmodel import Field, SQLModel

from bot.storage.types import UTCDateTime


def _dt(nullable: bool = False) -> Column:  # type: ignore[type-arg]
    return Column(UTCDateTime(), nullable=nullable)


class RecordGame(SQLModel, table=True):
    """One finished game as the record counts it."""

    __tablename__ = "record_game"
    __table_args__ = (Index("ix_record_game_guild", "guild_id", "finished_at"),
                      Index("ix_record_game_kind", "kind", "finished_at"))

    game_id: int = Field(primary_key=True)
    guild_id: str = Field(max_length=32)
    kind: str = Field(max_length=32)
    started_at: datetime = Field(sa_column=_dt())
    finished_at: datetime = Field(sa_column=_dt())
    end_reason: str = Field(default="", max_length=32)
    rated: bool = False
    humans: int = 0
    replayed: bool = True  # False: the log no longer replays, so calls and deadlines are not counted
    running: bool = False  # True: the game still runs; its calls count, it is not yet played nor rated


class RecordResult(SQLModel, table=True):
    """One player's part in one finished game: place, rating after it, reliability and pace."""

    __tablename__ = "record_result"
    __table_args__ = (Index("ix_record_result_user", "user_id", "kind", "finished_at"),
                      Index("ix_record_result_guild", "guild_id", "user_id"))

    game_id: int = Field(primary_key=True)
    user_id: str = Field(primary_key=True, max_length=32)
    guild_id: str = Field(max_length=32)
    kind: str = Field(max_length=32)
    name: str = Field(default="", max_length=64)
    finished_at: datetime = Field(sa_column=_dt())
    place: int | None = None  # 1 = first; ties share a place; None: not ranked (replaced)
    won: bool = False
    rated: bool = False
    mu: float | None = None  # the player's rating in this game's kind after it (rated games only)
    sigma: float | None = None
    moves: int = 0
    calls: int = 0  # times the game waited for the player
    met: int = 0  # calls the player answered before the deadline
    missed: int = 0  # calls a deadline closed while the player was around
    autopilot: int = 0  # calls a deadline closed while the player had declared an absence
    away_seconds: int = 0
    left: bool = False  # removed by a moderator
    replaced: bool = False
    luck_rolls: int = 0
    luck_expected: float = 0.0
    luck_actual: float = 0.0
    running: bool = False  # the game still runs: the calls so far, no place, not yet a game played


class RecordWait(SQLModel, table=True):
    """One answered call: seconds from the call to the player's first move (pace's medians are read in
    SQL along these indexes, never by loading a player's every wait)."""

    __tablename__ = "record_wait"
    __table_args__ = (Index("ix_record_wait_user", "user_id", "seconds"),
                      Index("ix_record_wait_user_kind", "user_id", "kind", "seconds"),
                      Index("ix_record_wait_guild", "guild_id", "kind", "seconds"))

    game_id: int = Field(primary_key=True)
    user_id: str = Field(primary_key=True, max_length=32)
    n: int = Field(primary_key=True)  # the call's order among the player's answered calls in the game
    guild_id: str = Field(max_length=32)
    kind: str = Field(max_length=32)
    seconds: int


class RecordRating(SQLModel, table=True):
    """A player's current rating in one game (openskill Plackett-Luce), over every server."""

    __tablename__ = "record_rating"
    __table_args__ = (Index("ix_record_rating_board", "kind", "display"),)

    user_id: str = Field(primary_key=True, max_length=32)
    kind: str = Field(primary_key=True, max_length=32)
    name: str = Field(default="", max_length=64)
    mu: float
    sigma: float
    display: float  # mu - 3 sigma: the conservative value boards sort by
    games: int = 0  # rated games
    wins: int = 0
    last_at: datetime = Field(sa_column=_dt())


class RecordMember(SQLModel, table=True):
    """Who has a rated game of a kind on a server, and how many (won) there: the server's leaderboard
    is over them, and counts only those games."""

    __tablename__ = "record_member"

    guild_id: str = Field(primary_key=True, max_length=32)
    kind: str = Field(primary_key=True, max_length=32)
    user_id: str = Field(primary_key=True, max_length=32)
    games: int = 0  # rated games of this kind played on this server
    wins: int = 0


class RecordPrivacy(SQLModel, table=True):
    """A player who hides their record from others (they still see it; boards skip them). Not derived:
    a rebuild keeps it."""

    __tablename__ = "record_privacy"

    user_id: str = Field(primary_key=True, max_length=32)
    hidden: bool = True


class RecordMeta(SQLModel, table=True):
    """The derivation's version the tables were built with: a newer one rebuilds them at startup."""

    __tablename__ = "record_meta"

    key: str = Field(primary_key=True, max_length=32)
    value: str = Field(default="", max_length=64)


class RecordTrail(SQLModel, table=True):
    """Where the record's replay of a game got to: after its log entry `seq` (the `entries`-th entry
    not undone), the observer's tallies and the game's state there (none once the game is finished).
    Derived like the rest, checked against the log before use: the next record of the game, or a rebuild,
    goes on from it with the entries logged since instead of replaying the whole log from the seed."""

    __tablename__ = "record_trail"

    game_id: int = Field(primary_key=True)
    derivation: str = Field(default="", max_length=16)
    seq: int = 0
    entries: int = 0
    observer: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    state: str | None = Field(default=None, sa_column=Column(Text, nullable=True))
