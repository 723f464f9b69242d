"""The game service: the one way anything changes a game.

`act` traces ARCHITECTURE.md's "one command": per-game lock -> the game's latest row (this process's
cache, or a read) -> advance to now -> apply -> in ONE transaction append the log row, save the
snapshot with `WHERE version = old` and write the outbox rows -> listeners (scheduler, notifier,
announcer) after commit. A lost version race (or a cached row another process made stale) is
retried on fresh state; an interaction id is applied at most once. Reading and saving rows live in
bot/gamestore.py, the moderators' record tools in bot/archive.py.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import delete, func, update
from sqlmodel import col, select

from bot.archive import Archive
from bot.desk import Desk
from bot.gamestore import (
    MAX_RETRIES,
    ActResult,
    Conflict,
    Listener,
    Logged,
    Planner,
    Update,
    utcnow,
)
from bot.preferences import Preferences
from bot.storage.models import LIVE, GameRow, OutboxRow, Seat
from bot.substitutes import Substitutes
from bot.turn_calls import awaited, calls
from engine.core import Event, Player, RuleError, get_game
from engine.core.moderation import DEADLINE_ACTOR, told_note

log = logging.getLogger(__name__)
Source = Literal["act", "mod", "away", "table"]  # how a move came, as its listeners hear it
__all__ = ["ActResult", "Conflict", "GameService", "Listener", "Planner", "Update", "utcnow"]


def deadline_note(events: list[Event], now: datetime) -> Logged:
    """The log row of what a deadline did (engine/core/moderation.py's `mod_told`)."""
    return Logged(actor=DEADLINE_ACTOR, action_json=json.dumps(told_note(events), default=str), interaction_id=None,
                  at=now, moderator=True)


def _same_but(a: dict[str, Any], b: dict[str, Any], *fields: str) -> bool:
    return {k: v for k, v in a.items() if k not in fields} == {k: v for k, v in b.items() if k not in fields}


def _same_but_clock(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return _same_but(a, b, "clock")


class GameService(Archive, Preferences, Desk, Substitutes):
    """Games and their moves: lobby, start, act, tick, absences (see bot/gamestore.py for rows)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._init_preferences()
        # told (with the player) after a player changed their own reminder interval (bot/desk.py)
        self.rhythm_listeners: list[Callable[[str], Awaitable[None]]] = []

    # ---- lobby ---------------------------------------------------------------------------
    async def create(self, *, kind: str, guild_id: str, channel_id: str, creator_id: str, creator_name: str,
                     settings: dict[str, Any] | None = None, is_thread: bool = False,
                     timezone: str | None = None) -> GameRow:
        game = get_game(kind)
        raw = dict(settings or {})
        if timezone and "timezone" not in raw:
            raw["timezone"] = timezone
        parsed = game.parse_settings(raw)
        now = self.clock()
        async with self.db.transaction() as s:
            busy = await s.execute(select(GameRow.id).where(GameRow.channel_id == channel_id,
                                                            col(GameRow.status).in_(LIVE)))
            if busy.first() is not None:
                raise RuleError("core.channel_busy")
            row = GameRow(kind=kind, guild_id=guild_id, channel_id=channel_id, is_thread=is_thread,
                          settings_json=parsed.model_dump_json(), created_by=creator_id, created_at=now,
                          updated_at=now, schema_version=game.state_version)
            s.add(row)
            await s.flush()
            assert row.id is not None
            s.add(Seat(game_id=row.id, user_id=creator_id, seat=0, display_name=creator_name[:64], joined_at=now))
        self.cache.put(row)
        return row

    @staticmethod
    async def _lobby(s: Any, game_id: int | None) -> GameRow:
        """The game row, read again inside the transaction, that must still be waiting for players."""
        row = await s.get(GameRow, game_id)
        if row is None:
            raise RuleError("core.no_game")
        if row.status != "lobby":
            raise RuleError("core.already_started")
        return row  # type: ignore[no-any-return]

    async def join(self, channel_id: str, user_id: str, name: str) -> tuple[GameRow, int]:
        row = await self.in_channel(channel_id, live_only=True)
        game = get_game(row.kind)
        async with self.db.transaction() as s:
            row = await self._lobby(s, row.id)
            game_id = row.id
            assert game_id is not None
            seats = list((await s.execute(select(Seat).where(Seat.game_id == game_id))).scalars())
            if any(seat.user_id == user_id for seat in seats):
                raise RuleError("core.already_joined")
            if len(seats) >= game.meta.max_players:
                raise RuleError("core.game_full", max=game.meta.max_players)
            number = max((seat.seat for seat in seats), default=-1) + 1
            s.add(Seat(game_id=game_id, user_id=user_id, seat=number, display_name=name[:64],
                       joined_at=self.clock()))
            count = len(seats) + 1
        return row, count

    async def leave(self, channel_id: str, user_id: str) -> GameRow:
        row = await self.in_channel(channel_id, live_only=True)
        async with self.db.transaction() as s:
            row = await self._lobby(s, row.id)
            seat = (await s.execute(select(Seat).where(Seat.game_id == row.id, Seat.user_id == user_id))).scalar()
            if seat is None:
                raise RuleError("core.not_joined")
            await s.delete(seat)
            await s.flush()
            left = (await s.execute(select(func.count()).select_from(Seat).where(Seat.game_id == row.id))).scalar()
            if not left:  # the last one out closes the lobby
                row.status = "finished"
                row.updated_at = self.clock()
        self.cache.put(row)
        return row

    async def start(self, channel_id: str, user_id: str, *, moderator: bool = False) -> ActResult:
        row = await self.in_channel(channel_id, live_only=True)
        game = get_game(row.kind)
        assert row.id is not None
        async with self._lock(row.id):
            now = self.clock()
            async with self.db.transaction() as s:
                row = await self._lobby(s, row.id)
                if row.created_by != user_id and not moderator:
                    raise RuleError("core.only_creator")
                seats = list((await s.execute(select(Seat).where(Seat.game_id == row.id)
                                              .order_by(col(Seat.seat)))).scalars())
                if not game.meta.min_players <= len(seats) <= game.meta.max_players:
                    raise RuleError("core.player_count", min=game.meta.min_players, max=game.meta.max_players,
                                    count=len(seats))
                players = [Player(id=seat.user_id, name=seat.display_name) for seat in seats]
                settings = game.parse_settings(json.loads(row.settings_json))
                seed = self.seed_source()
                state = game.setup(settings, players, seed, now)
                row.seed = seed
                row.status = "active"
                row.started_at = now
                row.updated_at = now
                row.version += 1
                row.snapshot_json = self._dump(game, state)
                row.schema_version = game.state_version
                row.next_deadline, row.turn_deadline = game.next_deadline(state), game.turn_deadline(state)
                events = [Event(key="core.started", params={"game": row.kind,
                                                            "players": [p.name for p in players]}, at=now)]
                events += [e.model_copy(update={"at": now}) for e in game.start_events(state)]
                awaiting = sorted(game.awaiting(state))
                if awaiting:
                    events.append(Event(key="core.your_turn", params={"game": row.kind}, to=awaiting,
                                        notify="turn", at=now))
                outbox = self._plan(Update(row, state, events, "start", user_id))
                s.add_all(outbox)
        return await self._committed(Update(row, state, events, "start", user_id), outbox, state)

    # ---- playing -------------------------------------------------------------------------
    async def act(self, game_id: int, actor: str, action: dict[str, Any] | BaseModel, *,
                  interaction_id: str | None = None, moderator: bool = False,
                  announce: bool = False, table: bool = False, at_version: int | None = None) -> ActResult:
        """Apply one action (a player's or a moderator's). RuleError on anything illegal. With
        `announce`, its public events are posted in the game channel (no command answers there);
        `table`: a move from the player's web page (announced so too). `at_version`: the version the
        player saw the move at; a game that moved on since refuses it (`core.moved_on`)."""
        data = action.model_dump(mode="json") if isinstance(action, BaseModel) else dict(action)
        source: Source = "mod" if moderator else "table" if table else "away" if announce else "act"
        async with self._lock(game_id):
            for _ in range(MAX_RETRIES):
                try:
                    result = await self._act_once(game_id, actor, data, interaction_id, moderator, source, at_version)
                except Conflict:
                    await asyncio.sleep(0)
                    continue
                break
            else:
                raise RuleError("core.busy")
        await self._emit(Update(result.game, result.state, result.events, source, actor))
        return result

    async def _act_once(self, game_id: int, actor: str, data: dict[str, Any], interaction_id: str | None,
                        moderator: bool, source: Source = "act", at_version: int | None = None) -> ActResult:
        # the row this process saved or read last, however old: the save's version check catches a
        # newer one, and a refusal is confirmed against the stored version (bot/gamecache.py)
        cached = self.cache.row(game_id)
        row = cached or await self.get(game_id)
        try:
            return await self._apply(row, actor, data, interaction_id, moderator, source, at_version)
        except RuleError:
            if cached is not None and await self._version(game_id) != cached.version:
                self.cache.forget(game_id)
                raise Conflict from None  # refused on a stale row: decide again on the stored one
            raise

    async def _apply(self, row: GameRow, actor: str, data: dict[str, Any], interaction_id: str | None,
                     moderator: bool, source: Source, at_version: int | None = None) -> ActResult:
        if row.status == "lobby":
            raise RuleError("core.not_started")
        if at_version is not None and row.version != at_version:
            # a page drawn before the game moved on (a stale cached row is confirmed first: _act_once)
            if interaction_id and await self.applied(interaction_id):
                raise RuleError("core.already_applied")
            raise RuleError("core.moved_on")
        assert row.id is not None
        game = get_game(row.kind)
        # an interaction id seen before is caught by its unique index when the log row is written
        # (see _save), or named below if the rules refuse it first: no extra read on every move
        state = self.load_state(row)
        if row.status == "finished" and not data.get("type", "").startswith("mod_"):
            raise RuleError("core.game_over")
        parsed = game.parse_action(data)
        now = max(self.clock(), state.clock)
        before = awaited(game, state)
        try:
            events = game.advance(state, now)
        except RuleError:
            raise
        except Exception:
            # a due deadline whose rules fail (the scheduler tells the moderators): a moderator's move
            # plays on the state before it (their /mod force drops it), a player's is refused in words
            log.exception("game %s: a due deadline failed before a move of %s", row.id, actor)
            if not (moderator and str(getattr(parsed, "type", "")).startswith("mod_")):
                raise RuleError("core.game_faulty") from None
            state, events = self.load_state(row), []
        # a deadline that fell due just before this move (its alarm not yet rung) gets its own log line
        noted = deadline_note(events, now) if events else None
        parsed = game.as_logged(state, parsed)
        try:
            # the state was loaded for this move alone: a refusal discards it, so no protective copy
            events += game.apply(state, actor, parsed, now, moderator=moderator, scratch=True)
        except RuleError:
            if interaction_id and await self.applied(interaction_id):  # a retry of a move already made
                raise RuleError("core.already_applied") from None
            raise
        events += calls(game, state, before, events, now)  # whoever must act now, called in the channel
        saved = await self._save(row, game, state, now, entry=Logged(
            actor=actor, action_json=json.dumps(parsed.model_dump(mode="json")), interaction_id=interaction_id,
            at=now, moderator=moderator),
            told=Update(row, state, events, source, actor), noted=noted)
        return ActResult(saved, state, events)

    async def tick(self, game_id: int, read: GameRow | None = None) -> ActResult | None:
        """Fire every timer due now (the scheduler's alarm calls this). When nothing is due it costs a
        read: no save, no new version, no listener (advancing the clock alone is not a change).
        `read`: the row just read with others (a restart's catch-up), used when it says a timer is
        due; the save's version check catches a newer one, and a retry reads it."""
        async with self._lock(game_id):
            for attempt in range(MAX_RETRIES):
                due = read is not None and not attempt and read.next_deadline is not None \
                    and read.next_deadline <= self.clock()
                row = read if due and read is not None else await self.get(game_id)
                if row.status != "active":
                    return None
                game = get_game(row.kind)
                state = self.load_state(row)
                now = max(self.clock(), state.clock)
                if row.next_deadline is None or row.next_deadline > now:  # the game's own "next due"
                    return ActResult(row, state, [])
                before = game.dump_state(state)
                owing = awaited(game, state)
                events = game.advance(state, now)
                if not events and _same_but_clock(before, game.dump_state(state)):
                    return ActResult(row, self.load_state(row), [])
                # what the deadline did is a line of the log, whoever it was done by (a player's orders,
                # the autopilot, the rules themselves): written before the calls to act are added
                # (a timer that only went off, a reminder with nobody to remind, changed nothing to tell)
                entry = None if not events and _same_but(before, game.dump_state(state), "clock", "timers") \
                    else deadline_note(events, now)
                events += calls(game, state, owing, events, now)
                try:
                    row = await self._save(row, game, state, now, entry=entry, told=Update(row, state, events, "tick"))
                except Conflict:
                    continue
                break
            else:
                raise RuleError("core.busy")
        await self._emit(Update(row, state, events, "tick"))
        return ActResult(row, state, events)

    async def tell_moderators(self, game_id: int, event: Event) -> None:
        """Say something to a game's moderators in its channel outside any move (its deadline's
        rules failing): an outbox row, delivered like every other."""
        row = await self.get(game_id)
        outbox = self._plan(Update(row, None, [event], "mod"))
        async with self.db.transaction() as s:
            s.add_all(outbox)
        self._outbox_written(outbox)

    # ---- people ------------------------------------------------------------------------------
    async def set_away(self, user_id: str, until: datetime | None) -> list[ActResult]:
        """Declare (or end) an absence on every seat the player holds in a live game: reminders
        pause, and each running game is told (a logged move, so its own absence rule applies)."""
        now = self.clock()
        if until is not None and until <= now:
            raise RuleError("core.away_in_past")
        async with self.db.transaction() as s:
            q = (select(Seat).join(GameRow, col(Seat.game_id) == col(GameRow.id))
                 .where(Seat.user_id == user_id, col(GameRow.status).in_(LIVE)))
            seats = list((await s.execute(q)).scalars())
            if not seats:
                raise RuleError("core.away_no_games")
            for seat in seats:
                seat.away_until = until
            game_ids = [seat.game_id for seat in seats]
            if until is not None:  # their reminders written ahead, waiting for their moment, go unsent
                await s.execute(delete(OutboxRow).where(col(OutboxRow.recipient) == user_id,
                                                        col(OutboxRow.what) == "reminder",
                                                        col(OutboxRow.sent_at).is_(None)))
        results = []
        for gid in game_ids:
            try:
                away = {"type": "core_away", "until": until.isoformat() if until else None}
                results.append(await self.act(gid, user_id, away, announce=True))
            except RuleError:  # not started yet, or kicked from that game: the seat remembers it
                continue
        return results

    async def away_until(self, game_id: int, user_id: str) -> datetime | None:
        """The end of a player's declared absence in this game, if one is in force."""
        async with self.db.sessions() as s:
            q = select(Seat.away_until).where(Seat.game_id == game_id, Seat.user_id == user_id)
            until = (await s.execute(q)).scalar()
        if until is None or until <= self.clock():
            return None
        return until  # type: ignore[no-any-return]

    async def mark_reminded(self, game_id: int, deadline: datetime, outbox: list[OutboxRow] | None = None) -> bool:
        """True the first time a reminder for this turn deadline is claimed (survives restarts); the
        reminders themselves (`outbox`) are written in the same transaction as the claim."""
        async with self.db.transaction() as s:
            res = await s.execute(update(GameRow).where(col(GameRow.id) == game_id,
                                                        col(GameRow.turn_deadline) == deadline)
                                  .where((col(GameRow.reminded_for).is_(None))
                                         | (col(GameRow.reminded_for) != deadline))
                                  .values(reminded_for=deadline))
            claimed = bool(res.rowcount)  # type: ignore[attr-defined]
            if claimed:
                s.add_all(outbox or [])
        self.cache.forget(game_id)  # reminded_for is part of the row
        if claimed:
            self._outbox_written(outbox or [])
        return claimed
