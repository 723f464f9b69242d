"""The game service: the one way anything changes a game.

`act` traces ARCHITECTURE.md's "one command": per-game lock -> load snapshot -> advance to now ->
apply -> in ONE transaction append the log row and save the snapshot with `WHERE version = old`
-> listeners (scheduler, notifier, announcer) after commit. A lost version race is retried on
fresh state; an interaction id is applied at most once.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel
from sqlalchemy import func, insert, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import defer
from sqlmodel import col, select

from bot import replaying
from bot.preferences import Preferences
from bot.storage.db import Database
from bot.storage.models import ActionRow, GameRow, ModAudit, OutboxRow, Seat
from engine.core import Event, Game, GameRecord, GameState, Player, RuleError, get_game

log = logging.getLogger(__name__)

LIVE = ("lobby", "active")
MAX_RETRIES = 5



def utcnow() -> datetime:
    return datetime.now(UTC)


def _same_but_clock(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return {k: v for k, v in a.items() if k != "clock"} == {k: v for k, v in b.items() if k != "clock"}


_OUTBOX_COLUMNS = [c.name for c in OutboxRow.__table__.columns if c.name != "id"]  # type: ignore[attr-defined]


async def insert_outbox(s: Any, rows: list[OutboxRow]) -> None:
    if rows:
        await s.execute(insert(OutboxRow), [{c: getattr(r, c) for c in _OUTBOX_COLUMNS} for r in rows])


class Conflict(Exception):
    """Someone else saved a newer version first."""


@dataclass
class Update:
    """What listeners hear after a commit."""

    game: GameRow
    state: GameState | None
    events: list[Event]
    # "away": a move made for a player by /away, whose public part nobody's command answers
    source: Literal["act", "tick", "start", "mod", "import", "undo", "away"]
    actor: str | None = None


@dataclass
class ActResult:
    game: GameRow
    state: GameState
    events: list[Event] = field(default_factory=list)


Listener = Callable[[Update], Awaitable[None]]
# turns what a commit is about to say into outbox rows, written in that same transaction (pure: no I/O)
Planner = Callable[[Update], list[OutboxRow]]


class GameService(Preferences):
    def __init__(self, db: Database, *, clock: Callable[[], datetime] = utcnow,
                 seed_source: Callable[[], int] | None = None, default_locale: str = "it",
                 default_timezone: str = "Europe/Rome") -> None:
        self.db = db
        # what a server that never ran /mod config gets (DEFAULT_LOCALE, DEFAULT_TIMEZONE)
        self.default_locale = default_locale
        self.default_timezone = default_timezone
        self.clock = clock
        self.seed_source = seed_source or (lambda: secrets.randbits(63))
        self.listeners: list[Listener] = []
        self.planners: list[Planner] = []
        self.outbox_listeners: list[Callable[[], None]] = []  # told after a commit wrote outbox rows
        self._locks: dict[int, tuple[asyncio.Lock, list[int]]] = {}  # game -> (lock, [holders+waiters])
        # the Discord locale last stored per user: a write only when a player's client changes language
        self._seen_locale: dict[str, str] = {}

    # ---- helpers -------------------------------------------------------------------------
    @asynccontextmanager
    async def _lock(self, game_id: int) -> AsyncIterator[None]:
        """The game's in-process lock; forgotten as soon as nobody holds or awaits it (10,000 games
        must not keep 10,000 locks)."""
        lock, users = self._locks.setdefault(game_id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                self._locks.pop(game_id, None)

    def locks_held(self) -> int:
        return len(self._locks)

    def _plan(self, upd: Update) -> list[OutboxRow]:
        return [row for planner in self.planners for row in planner(upd)]

    def _outbox_written(self, rows: list[OutboxRow]) -> None:
        if rows:
            for wake in list(self.outbox_listeners):
                wake()

    async def _emit(self, upd: Update) -> None:
        for listener in list(self.listeners):
            try:
                await listener(upd)
            except Exception:  # a failing DM or post must never undo a committed move
                log.exception("listener failed for game %s", upd.game.id)

    def load_state(self, row: GameRow) -> GameState:
        game = get_game(row.kind)
        if row.snapshot_json is None:
            raise RuleError("core.not_started")
        data = json.loads(row.snapshot_json)
        if row.schema_version != game.state_version:
            data = game.migrate_state(data, row.schema_version)
        state: GameState = game.load_state(data)
        return state

    @staticmethod
    def _dump(game: Game[Any], state: GameState) -> str:
        return json.dumps(game.dump_state(state), separators=(",", ":"), ensure_ascii=False)

    # ---- reading -------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameRow:
        async with self.db.sessions() as s:
            row = await s.get(GameRow, game_id)
        if row is None:
            raise RuleError("core.no_game")
        return row

    async def in_channel(self, channel_id: str, *, live_only: bool = False) -> GameRow:
        """The live game of a channel or thread; else (unless live_only) its latest finished one.
        One row read, by the (channel, status) index: a channel's finished games are never loaded."""
        async with self.db.sessions() as s:
            q = select(GameRow).where(GameRow.channel_id == channel_id).order_by(col(GameRow.id).desc()).limit(1)
            row = (await s.execute(q.where(col(GameRow.status).in_(LIVE)))).scalar()
            if row is None and not live_only:
                row = (await s.execute(q)).scalar()
        if row is None:
            raise RuleError("core.no_game_here")
        return row

    async def guild_games(self, guild_id: str, *, include_finished: bool = False) -> list[GameRow]:
        async with self.db.sessions() as s:
            q = select(GameRow).where(GameRow.guild_id == guild_id)
            if not include_finished:
                q = q.where(col(GameRow.status).in_(LIVE))
            return list((await s.execute(q.order_by(col(GameRow.id)))).scalars())

    async def active_games(self) -> list[GameRow]:
        async with self.db.sessions() as s:
            q = select(GameRow).where(GameRow.status == "active").order_by(col(GameRow.id))
            return list((await s.execute(q)).scalars())

    async def active_timetable(self) -> list[GameRow]:
        """Every active game with what the scheduler needs (deadlines, reminder settings), without
        the snapshots: a restart with 10,000 games must not read 10,000 snapshots first."""
        async with self.db.sessions() as s:
            q = (select(GameRow).options(defer(GameRow.snapshot_json))  # type: ignore[arg-type]
                 .where(GameRow.status == "active").order_by(col(GameRow.next_deadline), col(GameRow.id)))
            return list((await s.execute(q)).scalars())

    async def seats(self, game_id: int) -> list[Seat]:
        async with self.db.sessions() as s:
            q = select(Seat).where(Seat.game_id == game_id).order_by(col(Seat.seat))
            return list((await s.execute(q)).scalars())

    async def log_rows(self, game_id: int, *, include_undone: bool = False) -> list[ActionRow]:
        async with self.db.sessions() as s:
            q = select(ActionRow).where(ActionRow.game_id == game_id)
            if not include_undone:
                q = q.where(col(ActionRow.undone).is_(False))
            return list((await s.execute(q.order_by(col(ActionRow.seq)))).scalars())

    async def state(self, game_id: int) -> tuple[GameRow, GameState]:
        row = await self.get(game_id)
        return row, self.load_state(row)

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
                events = [Event(key="core.started", params={"game": game.meta.name,
                                                            "players": [p.name for p in players]}, at=now)]
                awaiting = sorted(game.awaiting(state))
                if awaiting:
                    events.append(Event(key="core.your_turn", params={"game": game.meta.name}, to=awaiting,
                                        notify="turn", at=now))
                outbox = self._plan(Update(row, state, events, "start", user_id))
                s.add_all(outbox)
        self._outbox_written(outbox)
        await self._emit(Update(row, state, events, "start", user_id))
        return ActResult(row, state, events)

    # ---- playing -------------------------------------------------------------------------
    async def act(self, game_id: int, actor: str, action: dict[str, Any] | BaseModel, *,
                  interaction_id: str | None = None, moderator: bool = False,
                  announce: bool = False) -> ActResult:
        """Apply one action (a player's or a moderator's). RuleError on anything illegal. With
        `announce`, its public events are posted in the game channel (no command answers there)."""
        data = action.model_dump(mode="json") if isinstance(action, BaseModel) else dict(action)
        async with self._lock(game_id):
            for _ in range(MAX_RETRIES):
                try:
                    result = await self._act_once(game_id, actor, data, interaction_id, moderator, announce)
                except Conflict:
                    await asyncio.sleep(0)
                    continue
                break
            else:
                raise RuleError("core.busy")
        source: Literal["act", "mod", "away"] = "mod" if moderator else "away" if announce else "act"
        await self._emit(Update(result.game, result.state, result.events, source, actor))
        return result

    async def _act_once(self, game_id: int, actor: str, data: dict[str, Any], interaction_id: str | None,
                        moderator: bool, announce: bool = False) -> ActResult:
        row = await self.get(game_id)
        if row.status == "lobby":
            raise RuleError("core.not_started")
        game = get_game(row.kind)
        # an interaction id seen before is caught by its unique index when the log row is written
        # (see _save), or named below if the rules refuse it first: no extra read on every move
        state = self.load_state(row)
        if row.status == "finished" and not data.get("type", "").startswith("mod_"):
            raise RuleError("core.game_over")
        parsed = game.parse_action(data)
        now = max(self.clock(), state.clock)
        events = game.advance(state, now)
        try:
            events += game.apply(state, actor, parsed, now, moderator=moderator)
        except RuleError:
            if interaction_id and await self._seen(interaction_id):  # a retry of a move already made
                raise RuleError("core.already_applied") from None
            raise
        await self._save(row, game, state, now, entry=ActionRow(
            game_id=game_id, seq=0, actor=actor, action_json=json.dumps(parsed.model_dump(mode="json")),
            interaction_id=interaction_id, at=now, moderator=moderator),
            told=Update(row, state, events, "mod" if moderator else "away" if announce else "act", actor))
        return ActResult(row, state, events)

    async def _seen(self, interaction_id: str) -> bool:
        async with self.db.sessions() as s:
            q = select(ActionRow.id).where(ActionRow.interaction_id == interaction_id)
            return (await s.execute(q)).first() is not None

    async def _save(self, row: GameRow, game: Game[Any], state: GameState, now: datetime,
                    entry: ActionRow | None, told: Update) -> None:
        """Snapshot (+ log row, + what must be told) in one transaction, only if nobody saved since
        we loaded. Plain statements, not the ORM's unit of work: this runs on every move and timer."""
        assert row.id is not None
        outbox = self._plan(told)
        old = row.version
        status = "finished" if state.status == "finished" else "active"
        deadline, turn_deadline = game.next_deadline(state), game.turn_deadline(state)
        snapshot = self._dump(game, state)
        try:
            async with self.db.transaction() as s:
                res = await s.execute(
                    update(GameRow).where(col(GameRow.id) == row.id, col(GameRow.version) == old)
                    .values(snapshot_json=snapshot, version=old + 1, updated_at=now,
                            status=status, next_deadline=deadline, turn_deadline=turn_deadline,
                            schema_version=game.state_version))
                if res.rowcount != 1:  # type: ignore[attr-defined]
                    raise Conflict
                if entry is not None:
                    next_seq = (select(func.coalesce(func.max(ActionRow.seq), 0) + 1)
                                .where(ActionRow.game_id == row.id).scalar_subquery())
                    await s.execute(insert(ActionRow).values(
                        game_id=row.id, seq=next_seq, actor=entry.actor, action_json=entry.action_json,
                        interaction_id=entry.interaction_id, at=entry.at, moderator=entry.moderator, undone=False))
                    await self._follow_seats(s, row.id, entry)
                await insert_outbox(s, outbox)
        except IntegrityError:
            # the same interaction id (or seq) was written by a concurrent process
            if entry is not None and entry.interaction_id and await self._seen(entry.interaction_id):
                raise RuleError("core.already_applied") from None
            raise Conflict from None
        row.version = old + 1
        row.status = status
        row.next_deadline, row.turn_deadline = deadline, turn_deadline
        row.updated_at = now
        row.snapshot_json = snapshot
        self._outbox_written(outbox)

    @staticmethod
    async def _follow_seats(s: Any, game_id: int, entry: ActionRow) -> None:
        """A replaced player's seat changes hands in the same transaction (reminders, /away and
        /game list go by seats)."""
        action = json.loads(entry.action_json)
        if not entry.moderator or action.get("type") != "mod_replace":
            return
        seat = (await s.execute(select(Seat).where(Seat.game_id == game_id,
                                                   Seat.user_id == action["player"]))).scalar()
        if seat is not None:
            seat.user_id = action["new_id"]
            seat.display_name = action["new_name"][:64]

    async def tick(self, game_id: int) -> ActResult | None:
        """Fire every timer due now (the scheduler's alarm calls this). When nothing is due it costs a
        read: no save, no new version, no listener (advancing the clock alone is not a change)."""
        async with self._lock(game_id):
            for _ in range(MAX_RETRIES):
                row = await self.get(game_id)
                if row.status != "active":
                    return None
                game = get_game(row.kind)
                state = self.load_state(row)
                now = max(self.clock(), state.clock)
                if row.next_deadline is None or row.next_deadline > now:  # the game's own "next due"
                    return ActResult(row, state, [])
                before = game.dump_state(state)
                events = game.advance(state, now)
                if not events and _same_but_clock(before, game.dump_state(state)):
                    return ActResult(row, self.load_state(row), [])
                try:
                    await self._save(row, game, state, now, entry=None, told=Update(row, state, events, "tick"))
                except Conflict:
                    continue
                break
            else:
                raise RuleError("core.busy")
        await self._emit(Update(row, state, events, "tick"))
        return ActResult(row, state, events)

    # ---- the record: export, import, undo, verify --------------------------------------------
    async def record(self, game_id: int) -> GameRecord:
        row = await self.get(game_id)
        if row.status == "lobby" or row.started_at is None:
            raise RuleError("core.not_started")
        state = self.load_state(row)
        return replaying.record_of(row, state, await self.log_rows(game_id))

    async def verify(self, game_id: int, moderator: str) -> tuple[bool, str]:
        """Replay the log from the seed (in a worker thread) and compare with the saved snapshot."""
        row = await self.get(game_id)
        if row.status == "lobby" or row.started_at is None:
            raise RuleError("core.not_started")
        rows = await self.log_rows(game_id)
        state = self.load_state(row)
        ok, detail = await asyncio.to_thread(replaying.verify, get_game(row.kind), row, state, rows)
        await self._audit(game_id, moderator, "verify", f"ok={ok} {detail}")
        return ok, detail

    async def import_record(self, record: GameRecord, *, guild_id: str, channel_id: str, moderator: str,
                            is_thread: bool = False) -> ActResult:
        game = get_game(record.game)
        state = await asyncio.to_thread(replaying.imported, game, record)
        now = max(self.clock(), state.clock)
        events = game.advance(state, now)
        async with self.db.transaction() as s:
            busy = await s.execute(select(GameRow.id).where(GameRow.channel_id == channel_id,
                                                            col(GameRow.status).in_(LIVE)))
            if busy.first() is not None:
                raise RuleError("core.channel_busy")
            row = GameRow(kind=record.game, guild_id=guild_id, channel_id=channel_id, is_thread=is_thread,
                          status="finished" if state.status == "finished" else "active",
                          settings_json=json.dumps(record.settings), seed=record.seed,
                          snapshot_json=self._dump(game, state), schema_version=game.state_version,
                          version=1, created_by=moderator, created_at=now, started_at=record.created_at,
                          updated_at=now, next_deadline=game.next_deadline(state),
                          turn_deadline=game.turn_deadline(state))
            s.add(row)
            await s.flush()
            assert row.id is not None
            for i, p in enumerate(record.players):
                s.add(Seat(game_id=row.id, user_id=p.id, seat=i, display_name=p.name[:64], joined_at=now))
            for i, entry in enumerate(record.log, 1):
                s.add(ActionRow(game_id=row.id, seq=i, actor=entry.actor, action_json=json.dumps(entry.action),
                                at=entry.at, moderator=entry.moderator))
            s.add(ModAudit(game_id=row.id, moderator=moderator, what="import",
                           detail=f"{len(record.log)} entries", at=now))
            outbox = self._plan(Update(row, state, events, "import", moderator))
            s.add_all(outbox)
        self._outbox_written(outbox)
        await self._emit(Update(row, state, events, "import", moderator))
        return ActResult(row, state, events)

    async def undo_preview(self, game_id: int, count: int) -> list[ActionRow]:
        if count < 1:
            raise RuleError("core.bad_count")
        rows = await self.log_rows(game_id)
        if count > len(rows):
            raise RuleError("core.undo_too_many", available=len(rows))
        return rows[-count:]

    async def undo(self, game_id: int, count: int, moderator: str) -> ActResult:
        """Take back the last `count` log entries: replay without them, then advance to now."""
        async with self._lock(game_id):
            doomed = await self.undo_preview(game_id, count)
            row = await self.get(game_id)
            if row.started_at is None:
                raise RuleError("core.not_started")
            game = get_game(row.kind)
            rows = await self.log_rows(game_id)
            state = await asyncio.to_thread(replaying.without_last, game, row, self.load_state(row), rows, count)
            now = max(self.clock(), state.clock)
            events = game.advance(state, now)
            async with self.db.transaction() as s:
                res = await s.execute(
                    update(GameRow).where(col(GameRow.id) == game_id, col(GameRow.version) == row.version)
                    .values(snapshot_json=self._dump(game, state), version=row.version + 1, updated_at=now,
                            status="finished" if state.status == "finished" else "active",
                            next_deadline=game.next_deadline(state), turn_deadline=game.turn_deadline(state)))
                if res.rowcount != 1:  # type: ignore[attr-defined]
                    raise RuleError("core.busy")
                await s.execute(update(ActionRow).where(col(ActionRow.id).in_([r.id for r in doomed]))
                                .values(undone=True))
                s.add(ModAudit(game_id=game_id, moderator=moderator, what="undo",
                               detail=json.dumps([r.seq for r in doomed]), at=now))
                outbox = self._plan(Update(row, state, events, "undo", moderator))
                s.add_all(outbox)
            self._outbox_written(outbox)
            row = await self.get(game_id)
        await self._emit(Update(row, state, events, "undo", moderator))
        return ActResult(row, state, events)

    async def _audit(self, game_id: int, moderator: str, what: str, detail: str) -> None:
        async with self.db.transaction() as s:
            s.add(ModAudit(game_id=game_id, moderator=moderator, what=what, detail=detail, at=self.clock()))

    async def audits(self, game_id: int) -> list[ModAudit]:
        async with self.db.sessions() as s:
            q = select(ModAudit).where(ModAudit.game_id == game_id).order_by(col(ModAudit.id))
            return list((await s.execute(q)).scalars())

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

    async def games(self, game_ids: set[int]) -> dict[int, GameRow]:
        async with self.db.sessions() as s:
            rows = (await s.execute(select(GameRow).where(col(GameRow.id).in_(game_ids)))).scalars()
            return {r.id: r for r in rows if r.id is not None}

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
        if claimed:
            self._outbox_written(outbox or [])
        return claimed
