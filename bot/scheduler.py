"""The alarm clock. Deadlines are engine state saved with each game; this only wakes the service.

One APScheduler job per game (id `game:<id>`, replaced on every change), in memory: at startup
every active game is ticked to now (missed deadlines fire in order, stamped when due) and
rescheduled, so nothing is lost with the job store and nothing is pickled.
The job fires at the earlier of the game's next deadline and its reminder time: the game's interval
before the turn deadline, or earlier for an awaited player whose own interval is longer (bot/desk.py).
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from apscheduler.schedulers.asyncio import AsyncIOScheduler
from apscheduler.triggers.date import DateTrigger

from bot.service import GameService, Update
from bot.storage.models import GameRow, OutboxRow
from engine.core import Event, GameState, RuleError, get_game

log = logging.getLogger(__name__)
RESUME_CONCURRENCY = 8  # games woken at once at startup: enough to overlap I/O, few enough to stay fair
RESUME_READ = 100  # overdue games read at a time at startup (one query instead of one per game)
RESUME_HORIZON = timedelta(minutes=5)  # alarms this close are set before the overdue games are woken
# a game whose tick fails (its rules raise on a due deadline) is tried again after 1, 2, 4... minutes,
# at most an hour apart; its moderators are told at the first failure, not at every retry
RETRY_FIRST, RETRY_MAX = timedelta(minutes=1), timedelta(hours=1)

# the reminders to send (outbox rows), written in the transaction that claims the reminder: (game,
# players, deadline, the game's interval when they are written before its moment)
ReminderPlanner = Callable[[GameRow, list[str], datetime, int | None], list[OutboxRow]]


def job_id(game_id: int) -> str:
    return f"game:{game_id}"


def reminder_minutes(row: GameRow) -> int:
    try:
        return int(json.loads(row.settings_json).get("reminder_minutes", 60))
    except (ValueError, TypeError):
        return 60


class DeadlineScheduler:
    def __init__(self, service: GameService, *, remind: ReminderPlanner | None = None,
                 owns: Callable[[str], bool] | None = None) -> None:
        self.service = service
        self.remind = remind
        # which guilds' games this process keeps the time of (several shard processes share one
        # database; each schedules only its own guilds, whoever made the last move)
        self.owns = owns or (lambda _guild: True)
        self.scheduler = AsyncIOScheduler(
            timezone=UTC, job_defaults={"misfire_grace_time": None, "coalesce": True, "max_instances": 1})
        self.closed = False
        self._alarms: dict[int, datetime] = {}  # game -> when its job rings
        # game -> (its turn deadline, the players it awaits, the longest own reminder interval among
        # them in minutes) as last read (see `lead`)
        self._leads: dict[int, tuple[datetime | None, frozenset[str], int]] = {}
        self.failures: dict[int, int] = {}  # game -> ticks failed in a row
        self.caught_up = asyncio.Event()  # set once startup has woken the overdue games (or given up)
        service.listeners.append(self._on_update)
        service.rhythm_listeners.append(self._on_rhythm)

    def start(self) -> None:
        if not self.scheduler.running:
            self.scheduler.start()

    def shutdown(self) -> None:
        self.closed = True  # a wake-up already running finishes; no new one starts
        if self.scheduler.running:
            self.scheduler.shutdown(wait=False)

    async def resume_all(self) -> int:
        """At startup: every active game of this process's guilds that is due (a missed deadline, an
        open reminder window) is woken, most overdue first, RESUME_CONCURRENCY at a time; the others
        only get their alarm. Reads deadlines, not snapshots. How many games this process keeps."""
        if self.closed:
            self.caught_up.set()
            return 0
        now = self.service.clock()
        due: list[tuple[datetime, int]] = []
        later: list[GameRow] = []
        try:
            mine = [row for row in await self.service.active_timetable() if self.owns(row.guild_id)]
            # no game's state is read yet: its seated players' own intervals stand for the awaited
            # ones (an alarm that rings early learns who is awaited and sets itself again)
            self._leads.update({game: (None, frozenset(), minutes)
                                for game, minutes in (await self.service.seated_intervals()).items()})
        except BaseException:
            self.caught_up.set()
            raise
        for row in mine:
            assert row.id is not None
            when = self.due_since(row, now)
            if when is not None:
                due.append((when, row.id))
            else:
                later.append(row)
        due.sort()
        queue = deque(game_id for _, game_id in due)
        read: dict[int, GameRow] = {}
        reading = asyncio.Lock()

        async def row_of(game_id: int) -> GameRow | None:
            async with reading:  # the next RESUME_READ games in one query, read once for every worker
                if game_id not in read:
                    ids = [game_id, *list(queue)[:RESUME_READ - 1]]
                    read.update(await self.service.read_rows(ids))
            return read.pop(game_id, None)

        async def worker() -> None:
            while queue and not self.closed:
                game_id = queue.popleft()
                try:
                    row = await row_of(game_id)
                except Exception:  # read again by its own tick
                    log.exception("reading overdue games failed")
                    row = None
                await self.wake(game_id, row)

        # alarms due soon are set first; the overdue games are woken next, before the thousands of
        # alarms further away are set (each costs APScheduler some work on the same event loop)
        horizon = now + RESUME_HORIZON
        soon = [row for row in later if (self.wake_time(row) or horizon) < horizon]
        rest = [row for row in later if (self.wake_time(row) or horizon) >= horizon]
        for row in soon:
            self.schedule(row)
        workers = [asyncio.create_task(worker()) for _ in range(min(RESUME_CONCURRENCY, len(queue)))]
        try:
            await asyncio.gather(*workers)
        finally:
            self.caught_up.set()
        for i, row in enumerate(rest):
            self.schedule(row)
            if i % 500 == 499:  # let commands and fresh alarms run meanwhile
                await asyncio.sleep(0)
        return len(mine)

    def due_since(self, row: GameRow, now: datetime) -> datetime | None:
        """When the game became due for a wake-up, if it already is: a timer at or before `now`, or
        a reminder window open and not yet used."""
        moments = [row.next_deadline] if row.next_deadline is not None and row.next_deadline <= now else []
        turn, minutes = row.turn_deadline, self.lead(row)
        if turn is not None and minutes and row.reminded_for != turn:
            remind_at = turn - timedelta(minutes=minutes)
            if remind_at <= now < turn:
                moments.append(remind_at)
        return min(moments) if moments else None

    def wake_time(self, row: GameRow) -> datetime | None:
        """The next timer, or the reminder before the turn deadline if that comes first."""
        if row.status != "active":
            return None
        candidates = [row.next_deadline] if row.next_deadline else []
        turn = row.turn_deadline
        minutes = self.lead(row)
        if turn is not None and minutes and row.reminded_for != turn:
            remind_at = turn - timedelta(minutes=minutes)
            if remind_at > self.service.clock():
                candidates.append(remind_at)
        return min(candidates) if candidates else None

    def lead(self, row: GameRow) -> int:
        """Minutes before the turn deadline the reminders start: the game's interval, or an awaited
        player's own when longer (their reminder goes then; the others' wait for the game's moment).
        0: the game reminds nobody, whatever the players' intervals."""
        minutes = reminder_minutes(row)
        known = self._leads.get(row.id or 0)
        return max(minutes, known[2] if known else 0) if minutes else 0

    async def read_lead(self, row: GameRow, state: GameState, again: bool = True) -> None:
        """Learn the own intervals of the players the game awaits now, through the rhythm cache
        (bot/desk.py: at most one read for all of them); not `again` for the same deadline and the
        same players (a move: their changes come by `_on_rhythm`). Not needed once this deadline's
        reminders are written, or where the game reminds nobody."""
        if row.id is None:
            return
        if row.status != "active" or row.turn_deadline is None or row.reminded_for == row.turn_deadline \
                or not reminder_minutes(row):
            self._leads.pop(row.id, None)
            return
        owed = frozenset(get_game(row.kind).awaiting(state))
        known = self._leads.get(row.id)
        if not again and known is not None and known[:2] == (row.turn_deadline, owed):
            return
        rhythms = await self.service.rhythms(set(owed)) if owed else {}
        self._leads[row.id] = (row.turn_deadline, owed,
                               max((r.reminder_minutes or 0 for r in rhythms.values()), default=0))

    def schedule(self, row: GameRow) -> None:
        """Set the game's alarm. An alarm already set no later than the new time is kept: it rings a
        little early, finds nothing due (a tick that writes nothing) and sets the right one. Most
        moves only push the turn deadline later, and replacing an APScheduler job on every move cost
        more than the move's own rules."""
        assert row.id is not None
        if self.closed:
            return
        when = self.wake_time(row) if self.owns(row.guild_id) else None
        if when is None:
            if self._alarms.pop(row.id, None) is not None and self.scheduler.get_job(job_id(row.id)):
                self.scheduler.remove_job(job_id(row.id))
            return
        set_for = self._alarms.get(row.id)
        if set_for is not None and set_for <= when:
            return
        self._set_alarm(row.id, max(when, self.service.clock()))

    def alarm(self, game_id: int) -> datetime | None:
        """When the game's alarm is set to ring, if it is."""
        return self._alarms.get(game_id)

    def _set_alarm(self, game_id: int, at: datetime) -> None:
        self.scheduler.add_job(self.wake, DateTrigger(run_date=at), args=[game_id], id=job_id(game_id),
                               replace_existing=True)
        self._alarms[game_id] = at

    async def wake(self, game_id: int, read: GameRow | None = None) -> None:
        """Fire what is due, send reminders once, and set the next alarm (`read`: the game's row, just
        read with others at startup)."""
        if self.closed:
            return
        self._alarms.pop(game_id, None)  # this alarm has rung
        try:
            result = await self.service.tick(game_id, read) if read is not None else await self.service.tick(game_id)
            row = result.game if result else await self.service.get(game_id)
            try:
                if result is not None:
                    await self.read_lead(row, result.state)
                    await self._maybe_remind(row, result.state)
            finally:  # a failed reminder must not leave the game without its alarm
                self._forget_skipped(game_id)
                self.schedule(row)
        except RuleError as exc:
            log.warning("tick of game %s refused: %s", game_id, exc.code)
        except Exception as exc:
            failures = self.failures[game_id] = self.failures.get(game_id, 0) + 1
            delay = min(RETRY_MAX, RETRY_FIRST * 2 ** min(failures - 1, 10))
            log.exception("tick of game %s failed (%d in a row); retrying in %s", game_id, failures, delay)
            if failures == 1:
                await self._tell_fault(game_id, exc)
            self._set_alarm(game_id, self.service.clock() + delay)
        else:
            self.failures.pop(game_id, None)

    def _forget_skipped(self, game_id: int) -> None:
        """An alarm set while this wake-up ran (by its own tick) and already due rang meanwhile:
        APScheduler skipped it (one instance a game) and dropped the job. Forget it, so `schedule`
        sets it again rather than keep an alarm that will never ring."""
        if game_id in self._alarms and self.scheduler.get_job(job_id(game_id)) is None:
            del self._alarms[game_id]

    async def _tell_fault(self, game_id: int, exc: BaseException) -> None:
        """The moderators hear, in the game's channel, that its deadline fails and what they can do."""
        try:
            row = await self.service.get(game_id)
            await self.service.tell_moderators(game_id, Event(
                key="core.game_fault", notify="moderators",
                params={"game": get_game(row.kind).meta.name, "id": game_id, "error": type(exc).__name__}))
        except Exception:
            log.exception("could not tell the moderators of game %s about its fault", game_id)

    async def _maybe_remind(self, row: GameRow, state: GameState) -> None:
        """Once a turn deadline: its reminders, to every awaited player present, when the first of
        them is due (each row then waits for its reader's own moment: bot/desk.py)."""
        deadline = row.turn_deadline
        if self.remind is None or deadline is None or row.status != "active" or row.id is None:
            return
        minutes, game_minutes = self.lead(row), reminder_minutes(row)
        now = self.service.clock()
        if not minutes or now < deadline - timedelta(minutes=minutes) or now >= deadline:
            return
        if row.reminded_for == deadline:  # already claimed (the claim below is what guarantees once)
            return
        owed = sorted(get_game(row.kind).awaiting(state))
        due = []
        for pid in owed:
            if await self.service.away_until(row.id, pid) is None:  # an absence pauses reminders
                due.append(pid)
        early = game_minutes if now < deadline - timedelta(minutes=game_minutes) else None
        if not await self.service.mark_reminded(row.id, deadline, self.remind(row, due, deadline, early) if due else []):
            return
        row.reminded_for = deadline

    async def _on_update(self, upd: Update) -> None:
        if upd.game.id is not None:
            if upd.state is not None and self.owns(upd.game.guild_id):
                await self.read_lead(upd.game, upd.state, again=False)
            self.schedule(upd.game)

    async def _on_rhythm(self, user_id: str) -> None:
        """A player changed their own reminder interval: the alarms of their games here are set by it
        now, not at the games' next move."""
        for row in await self.service.seated_games(user_id):
            if row.id is not None and row.status == "active" and self.owns(row.guild_id):
                await self.read_lead(row, self.service.load_state(row))
                self.schedule(row)
