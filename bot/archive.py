"""A game's record for moderators: the log, export, import, undo and verify, with their audit trail.
The replays themselves (bot/replaying.py) run in a worker thread: a long game takes seconds."""

from __future__ import annotations

import asyncio
import json
import secrets

from sqlalchemy import update
from sqlmodel import col, select

from bot import replaying
from bot.gamestore import ActResult, GameStore, Update
from bot.storage.models import LIVE, ActionRow, GameRow, ModAudit, Seat
from bot.turn_calls import awaited, calls
from engine.core import Event, GameRecord, RuleError, get_game
from engine.core.moderation import DEADLINE_ACTOR, told_note
from engine.core.revealed import Revelation
from engine.core.revealed import notes as revealed_notes

# what an undo writes beside itself: no moves of their own, they go with the move before them
# (and what a deadline did, `mod_told`: taken back with the move before it, told again if it falls due again)
NO_MOVES = frozenset({"mod_reseed", "mod_revealed", "mod_told"})


class Archive(GameStore):
    async def log_rows(self, game_id: int, *, include_undone: bool = False) -> list[ActionRow]:
        async with self.db.sessions() as s:
            q = select(ActionRow).where(ActionRow.game_id == game_id)
            if not include_undone:
                q = q.where(col(ActionRow.undone).is_(False))
            return list((await s.execute(q.order_by(col(ActionRow.seq)))).scalars())

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
        return await self._committed(Update(row, state, events, "import", moderator), outbox, state)

    async def undo_preview(self, game_id: int, count: int) -> list[ActionRow]:
        if count < 1:
            raise RuleError("core.bad_count")
        rows = await self.log_rows(game_id)
        # an undo's own reseed is no move: it goes with the move before it, and is not counted
        moves = [r for r in rows if json.loads(r.action_json).get("type") not in NO_MOVES]
        if count > len(moves):
            raise RuleError("core.undo_too_many", available=len(moves))
        first = moves[-count].seq
        return [r for r in rows if r.seq >= first]

    async def undo_reseeds(self, game_id: int) -> bool:
        """Would an undo now draw the unseen dice and cards afresh? (It does whenever the game it goes
        back to runs: see docs/architecture.md, "An undo draws afresh".)"""
        row = await self.get(game_id)
        state = self.load_state(row)
        return row.status == "active" and state.paused_at is None

    async def undo_revealed(self, game_id: int, count: int) -> list[Revelation]:
        """What the entries an undo of `count` moves would take back had shown, and to whom (replayed)."""
        doomed = await self.undo_preview(game_id, count)
        row = await self.get(game_id)
        if row.started_at is None:
            raise RuleError("core.not_started")
        rows = await self.log_rows(game_id)
        _, revealed = await asyncio.to_thread(replaying.without_last_revealed, get_game(row.kind), row,
                                              self.load_state(row), rows, len(doomed))
        return revealed

    async def undo(self, game_id: int, count: int, moderator: str) -> ActResult:
        """Take back the last `count` log entries: replay without them, then advance to now."""
        async with self._lock(game_id):
            doomed = await self.undo_preview(game_id, count)
            row = await self.get(game_id)
            if row.started_at is None:
                raise RuleError("core.not_started")
            game = get_game(row.kind)
            owing = awaited(game, self.load_state(row))  # who the game waited on before the undo
            rows = await self.log_rows(game_id)
            state, revealed = await asyncio.to_thread(replaying.without_last_revealed, game, row,
                                                      self.load_state(row), rows, len(doomed))
            # what the undone moves drew (dice, cards) must not come back the same when played again:
            # a logged reseed gives every unseen draw a fresh salt, and replays the same way
            reseed = None
            if state.status == "active" and state.paused_at is None:
                action = {"type": "mod_reseed", "salt": secrets.randbits(62)}
                game.apply(state, moderator, action, state.clock, moderator=True)
                last = max(r.seq for r in await self.log_rows(game_id, include_undone=True))
                reseed = ActionRow(game_id=game_id, seq=last + 1, actor=moderator, action_json=json.dumps(action),
                                   at=state.clock, moderator=True)
            # what the undone moves had shown stays known to those who saw it: notes in their log (and
            # those an earlier undo wrote, taken back with these entries, written again)
            kept = [a for a in (json.loads(r.action_json) for r in doomed) if a.get("type") == "mod_revealed"]
            last = max(r.seq for r in await self.log_rows(game_id, include_undone=True)) + (reseed is not None)
            noted = []
            for i, note in enumerate(kept + revealed_notes(revealed), 1):
                game.apply(state, moderator, note, state.clock, moderator=True)
                noted.append(ActionRow(game_id=game_id, seq=last + i, actor=moderator, action_json=json.dumps(note),
                                       at=state.clock, moderator=True))
            now = max(self.clock(), state.clock)
            before = state.model_copy(deep=True)
            try:
                events = game.advance(state, now)
            except RuleError:
                raise
            except Exception:  # a deadline whose rules fail stays due: the undo itself is saved
                state, events = before, []
            if events:  # the deadlines that fall due again after the undo, as the log tells a deadline
                noted.append(ActionRow(game_id=game_id, seq=last + len(noted) + 1, actor=DEADLINE_ACTOR,
                                       action_json=json.dumps(told_note(events), default=str), at=now,
                                       moderator=True))
            if reseed is not None:  # said to the table with the undo (bot/cogs/mod.py), never posted alone
                events.insert(0, Event(key="core.undo_reseeded", at=now))
            # whoever the game waits on again (the undone move had passed the turn on) is called, as after a move
            events += calls(game, state, owing, events, now)
            try:
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
                    if reseed is not None:
                        s.add(reseed)
                    s.add_all(noted)
                    s.add(ModAudit(game_id=game_id, moderator=moderator, what="undo",
                                   detail=json.dumps([r.seq for r in doomed]), at=now))
                    outbox = self._plan(Update(row, state, events, "undo", moderator))
                    s.add_all(outbox)
            finally:
                self.cache.forget(game_id)
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
