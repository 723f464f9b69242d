"""A player's desk across all their games: their rhythm (/notify: time zone, quiet hours, reminder
interval) and their private notepad per game (/note). The game service inherits these reads and
writes; the notifier asks `held_until` before each DM or reminder (bot/notifier.py)."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from sqlalchemy import bindparam, func, update
from sqlmodel import col, select

from bot.gamecache import Recent
from bot.gamestore import utcnow
from bot.storage.db import Database
from bot.storage.models import GameNote, GameRow, OutboxRow, PlayerRhythm, Seat, loaded
from engine.core import Event, GameState, Msg, RuleError, get_game

log = logging.getLogger(__name__)
_RHYTHM = PlayerRhythm.__table__  # type: ignore[attr-defined]
_RHYTHMS_OF = select(_RHYTHM).where(_RHYTHM.c.user_id.in_(bindparam("ids", expanding=True)))
_SEATED_INTERVALS = (select(col(Seat.game_id), func.max(_RHYTHM.c.reminder_minutes))
                     .join(_RHYTHM, _RHYTHM.c.user_id == col(Seat.user_id))
                     .join(GameRow, col(GameRow.id) == col(Seat.game_id))
                     .where(col(GameRow.status) == "active", _RHYTHM.c.reminder_minutes > 0)
                     .group_by(col(Seat.game_id)))
NOTE_MAX = 1500  # characters: a note is read back in one Discord message, with its title
REMINDER_MAX = 7 * 24 * 60  # minutes: a week


def parse_clock(text: str) -> int:
    """'23:00' or '7' -> minutes after midnight."""
    text = text.strip().replace(".", ":")
    hours, _, minutes = text.partition(":")
    try:
        h, m = int(hours), int(minutes or 0)
    except ValueError:
        raise RuleError("core.bad_clock", text=text) from None
    if not (0 <= h < 24 and 0 <= m < 60):
        raise RuleError("core.bad_clock", text=text)
    return h * 60 + m


def clock_text(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def check_zone(name: str) -> str:
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        raise RuleError("core.bad_zone", zone=name) from None
    return name


def quiet_end(now: datetime, zone: str, start: int, end: int) -> datetime | None:
    """If `now` falls in the quiet hours [start, end) of the wall clock in `zone` (minutes after
    midnight; a window may wrap midnight), the moment they end; None outside them. The end is the
    wall-clock time on the right day, so a night that gains or loses an hour (DST) ends at the same
    local time and lasts an hour more or less."""
    if start == end:
        return None
    tz = ZoneInfo(zone)
    local = now.astimezone(tz)
    minute = local.hour * 60 + local.minute
    if start < end:
        inside, day = start <= minute < end, local.date()
    else:  # 23:00-07:00: the evening part ends tomorrow, the morning part today
        inside = minute >= start or minute < end
        day = local.date() + timedelta(days=1) if minute >= start else local.date()
    if not inside:
        return None
    moment = datetime.combine(day, time(end // 60, end % 60), tzinfo=tz).astimezone(UTC)
    return max(moment, now.astimezone(UTC))


def reminder_moment(deadline: datetime, rhythm: PlayerRhythm | None, game_minutes: int | None) -> datetime | None:
    """When a reminder of `deadline` is for this reader: their own interval before it, else the game's
    (`game_minutes`: given when the reminder was written before the game's own moment)."""
    minutes = rhythm.reminder_minutes if rhythm is not None and rhythm.reminder_minutes else game_minutes
    return deadline - timedelta(minutes=minutes) if minutes else None


def held_until(rhythm: PlayerRhythm | None, server_zone: str, now: datetime, *,
               reminder_deadline: datetime | None = None, game_minutes: int | None = None) -> datetime | None:
    """When a DM (or a reminder of `reminder_deadline`) for this player may go, if not now: a reminder
    at its reader's moment (`reminder_moment`), anything after their quiet hours."""
    wait = now
    if reminder_deadline is not None:
        moment = reminder_moment(reminder_deadline, rhythm, game_minutes)
        wait = max(wait, moment) if moment is not None else wait
    if rhythm is not None and rhythm.quiet_from is not None and rhythm.quiet_to is not None:
        zone = rhythm.timezone or server_zone
        end = quiet_end(wait, zone, rhythm.quiet_from, rhythm.quiet_to)
        if end is not None:
            wait = end
    return wait if wait > now else None


class Held(Exception):
    """Not now: the reader's quiet hours (or own reminder interval) hold an outbox row until `until`."""

    def __init__(self, until: datetime) -> None:
        super().__init__(until.isoformat())
        self.until = until


def hold(rhythm: PlayerRhythm | None, server_zone: str, now: datetime, reminder: dict[str, Any] | None) -> None:
    """Raise Held when a DM (or a reminder, by its row's payload: its deadline, ISO, and maybe the
    game's interval) must wait: delayed, never lost."""
    deadline = datetime.fromisoformat(reminder["deadline"]) if reminder else None
    until = held_until(rhythm, server_zone, now, reminder_deadline=deadline,
                       game_minutes=reminder.get("minutes") if reminder else None)
    if until is not None:
        raise Held(until)


def you_are_next(kind: str, state: GameState, events: list[Event]) -> Event | None:
    """A turn starts in a game with a turn order: "you're next" for the player after it (a DM kind
    off until they turn it on, /notify kind:next)."""
    if state.status != "active" or not any(ev.notify == "turn" for ev in events):
        return None
    game = get_game(kind)
    nxt = game.next_up(state)
    playing = game.awaiting(state)
    if nxt is None or nxt in playing or not playing:
        return None
    now = ", ".join(state.name_of(p) for p in sorted(playing))
    return Event(key="core.you_are_next", params={"player": now}, to=[nxt], notify="next")


@dataclass
class MyGame:
    """One line of /games: a game the player sits at, whether it awaits them, and until when."""

    row: GameRow
    awaiting: bool
    deadline: datetime | None
    headline: Msg
    owed: list[Msg]  # what the game still asks of the player, in words (Game.owed)


def desk_order(games: list[MyGame]) -> list[MyGame]:
    """Those awaiting the player first, each part by the nearest deadline (none last), then by id."""
    far = datetime.max.replace(tzinfo=UTC)
    return sorted(games, key=lambda g: (not g.awaiting, g.deadline or far, g.row.id or 0))


class Desk:
    db: Database
    clock: Any
    load_state: Callable[[GameRow], GameState]
    rhythm_listeners: list[Callable[[str], Awaitable[None]]]
    outbox_listeners: list[Callable[[], None]]

    # ---- /games --------------------------------------------------------------------------
    async def seated_games(self, user_id: str) -> list[GameRow]:
        """Every running game (and lobby) the player sits at, on every server."""
        async with self.db.sessions() as s:
            q = (select(GameRow).join(Seat, col(Seat.game_id) == col(GameRow.id))
                 .where(Seat.user_id == user_id, col(GameRow.status).in_(("lobby", "active"))))
            return list((await s.execute(q)).scalars().unique())

    async def my_games(self, user_id: str) -> list[MyGame]:
        """Every running game (and lobby) the player sits at, on every server, in /games order."""
        out = []
        for row in await self.seated_games(user_id):
            game = get_game(row.kind)
            if row.status != "active" or row.snapshot_json is None:
                out.append(MyGame(row, False, None, Msg(key="core.status.lobby"), []))
                continue
            state = self.load_state(row)
            deadline = row.turn_deadline or row.next_deadline
            mine = user_id in game.awaiting(state)
            out.append(MyGame(row, mine, deadline, game.headline(state), game.owed(state, user_id) if mine else []))
        return desk_order(out)

    # ---- rhythm --------------------------------------------------------------------------
    async def rhythm(self, user_id: str) -> PlayerRhythm | None:
        async with self.db.sessions() as s:
            return await s.get(PlayerRhythm, user_id)

    async def rhythms(self, user_ids: set[str]) -> dict[str, PlayerRhythm]:
        """The rhythms these players set (none for who never did), at most one read: the sender asks
        at every pass, so they are kept FRESH_SECONDS like the other preferences (bot/preferences.py)."""
        cache = self._rhythm_cache()
        found: dict[str, tuple[PlayerRhythm | None]] = {u: known for u in user_ids
                                                          if (known := cache.get(u)) is not None}
        missing = [u for u in user_ids if u not in found]
        if missing:
            stored = await self.db.run(lambda conn: {r.user_id: loaded(PlayerRhythm, r._mapping)
                                                     for r in conn.execute(_RHYTHMS_OF, {"ids": missing})}, write=False)
            for u in missing:
                found[u] = (stored.get(u),)
                cache.put(u, found[u])
        return {u: rhythm for u, (rhythm,) in found.items() if rhythm is not None}

    def _rhythm_cache(self) -> Recent[str, tuple[PlayerRhythm | None]]:
        """user -> (their rhythm, or None: they never set one)."""
        cache: Recent[str, tuple[PlayerRhythm | None]] | None = getattr(self, "_rhythms", None)
        if cache is None:
            cache = Recent()
            self._rhythms = cache
        return cache

    async def seated_intervals(self) -> dict[int, int]:
        """Running game -> the longest own reminder interval among its seated players (those games
        only where someone set one): one read, for a restart, before any game's state is read."""
        return await self.db.run(lambda conn: {game: minutes for game, minutes in conn.execute(_SEATED_INTERVALS)},
                                 write=False)

    async def set_rhythm(self, user_id: str, **values: Any) -> PlayerRhythm:
        """Change some of timezone, quiet_from, quiet_to, reminder_minutes (None clears one). Their
        reminders already written and waiting are looked at again now (a changed rhythm may let them
        go sooner); a changed interval resets the alarms of their games (bot/scheduler.py)."""
        now = utcnow()
        async with self.db.transaction() as s:
            row = await s.get(PlayerRhythm, user_id)
            if row is None:
                row = PlayerRhythm(user_id=user_id)
                s.add(row)
            for key, value in values.items():
                setattr(row, key, value)
            saved = PlayerRhythm(**row.model_dump())
            waiting = await s.execute(update(OutboxRow).where(
                col(OutboxRow.recipient) == user_id, col(OutboxRow.sent_at).is_(None),
                col(OutboxRow.next_at) > now).values(next_at=now))
        self._rhythm_cache().forget(user_id)
        if waiting.rowcount:  # type: ignore[attr-defined]
            for wake in list(self.outbox_listeners):
                wake()
        if "reminder_minutes" in values:
            for listener in list(self.rhythm_listeners):
                try:
                    await listener(user_id)
                except Exception:  # saved all the same: the games' next move or alarm reads it
                    log.exception("resetting the alarms of %s's games failed", user_id)
        return saved

    # ---- notes ---------------------------------------------------------------------------
    async def note(self, game_id: int, user_id: str) -> str | None:
        async with self.db.sessions() as s:
            row = await s.get(GameNote, (game_id, user_id))
            return row.text if row else None

    async def set_note(self, game_id: int, user_id: str, text: str) -> None:
        """Write (or, with an empty text, erase) a player's note for a game."""
        text = text.strip()
        if len(text) > NOTE_MAX:
            raise RuleError("core.note_too_long", max=NOTE_MAX)
        async with self.db.transaction() as s:
            row = await s.get(GameNote, (game_id, user_id))
            if not text:
                if row is not None:
                    await s.delete(row)
                return
            if row is None:
                s.add(GameNote(game_id=game_id, user_id=user_id, text=text, updated_at=self.clock()))
            else:
                row.text, row.updated_at = text, self.clock()
