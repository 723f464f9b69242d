"""A player's own reminder interval, longer or shorter than the game's: the game's alarm rings at the
longest interval of the players it awaits, and each reminder then waits for its reader's own moment
(the game's for those who set none), after their quiet hours, once, and never for an absent player."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlmodel import select

import bot.notifier as notifier_module
from bot.desk import held_until, reminder_moment
from bot.notifier import Notifier, plan_reminder
from bot.scheduler import DeadlineScheduler
from bot.service import GameService
from bot.storage.models import OutboxRow, PlayerRhythm
from engine.core import get_game
from tests.bot.test_notifier import Messenger
from tests.bot.test_scheduler import started

NIGHT = (23 * 60, 7 * 60)  # 23:00-07:00
HOUR = timedelta(hours=1)


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_each_reader_has_their_own_moment() -> None:
    deadline = utc(2026, 7, 1, 18)
    early = PlayerRhythm(user_id="1", reminder_minutes=360)
    late = PlayerRhythm(user_id="3", reminder_minutes=20)
    written = deadline - 6 * HOUR  # the alarm rang for the player who wants 6 hours
    assert held_until(early, "Europe/Rome", written, reminder_deadline=deadline, game_minutes=60) is None
    # the others wait for the game's moment, or their own shorter interval
    assert held_until(None, "Europe/Rome", written, reminder_deadline=deadline, game_minutes=60) == deadline - HOUR
    assert held_until(late, "Europe/Rome", written, reminder_deadline=deadline,
                      game_minutes=60) == deadline - timedelta(minutes=20)
    # a reminder written at the game's own moment holds only a shorter interval
    assert held_until(None, "Europe/Rome", deadline - HOUR, reminder_deadline=deadline) is None
    assert reminder_moment(deadline, late, None) == deadline - timedelta(minutes=20)


def test_an_interval_across_the_october_change_counts_real_hours_then_the_quiet_hours() -> None:
    # Rome, 2026-10-25: 03:00 CEST goes back to 02:00 CET. A deadline at 10:00 CET (09:00 UTC), 12 hours
    # ahead: 21:00 UTC on the 24th, 23:00 CEST (a wall clock taking 12 hours off 10:00 would say 22:00)
    deadline = utc(2026, 10, 25, 9)
    mine = PlayerRhythm(user_id="1", reminder_minutes=12 * 60)
    written = deadline - 12 * HOUR
    assert reminder_moment(deadline, mine, 60) == utc(2026, 10, 24, 21)
    assert held_until(mine, "Europe/Rome", written, reminder_deadline=deadline, game_minutes=60) is None
    # with a 23:00-07:00 night it waits for 07:00 CET: 06:00 UTC, after a night of 9 hours
    mine.quiet_from, mine.quiet_to = NIGHT
    assert held_until(mine, "Europe/Rome", written, reminder_deadline=deadline, game_minutes=60) == utc(2026, 10, 25, 6)
    # the same night in New York's zone is afternoon there: no wait
    mine.timezone = "America/New_York"
    assert held_until(mine, "Europe/Rome", written, reminder_deadline=deadline, game_minutes=60) is None
    # a shorter interval than the game's: 08:00 CET, past the night
    short = PlayerRhythm(user_id="2", reminder_minutes=120, quiet_from=NIGHT[0], quiet_to=NIGHT[1])
    assert held_until(short, "Europe/Rome", written, reminder_deadline=deadline, game_minutes=60) == deadline - 2 * HOUR


async def test_each_reminder_waits_for_its_readers_moment_once(service: GameService, monkeypatch) -> None:
    # a game awaiting all four at once (corsa awaits one player at a time)
    monkeypatch.setattr(type(get_game("corsa")), "awaiting", lambda self, state: {"1", "2", "3", "4"})
    await service.create(kind="corsa", guild_id="9", channel_id="90", creator_id="1", creator_name="Anna")
    for uid, name in (("2", "Bruno"), ("3", "Carla"), ("4", "Dario")):
        await service.join("90", uid, name)
    res = await service.start("90", "1")
    deadline = res.game.turn_deadline
    assert deadline is not None
    await service.set_rhythm("1", reminder_minutes=360)  # longer than the game's 60 minutes
    await service.set_rhythm("3", reminder_minutes=20)  # shorter

    def at(moment: datetime) -> None:
        monkeypatch.setattr(notifier_module, "utcnow", lambda: moment)

    at(deadline - 6 * HOUR)
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    await notifier.drain()
    async with service.db.transaction() as s:  # what the alarm writes 6 hours ahead (bot/scheduler.py)
        s.add_all(plan_reminder(res.game, ["1", "2", "3", "4"], deadline, 60))
    await service.set_away("4", deadline + 24 * HOUR)  # gone before their reminder went

    def reminded() -> list[str]:
        return sorted(d[0] for d in messenger.dms if "Promemoria" in d[1])

    await notifier.drain()
    assert reminded() == ["1"]
    at(deadline - timedelta(minutes=61))
    await notifier.drain()
    assert reminded() == ["1"]
    at(deadline - HOUR)
    await notifier.drain()
    assert reminded() == ["1", "2"]
    at(deadline - timedelta(minutes=20))
    await notifier.drain()
    await notifier.drain()
    assert reminded() == ["1", "2", "3"]
    async with service.db.sessions() as s:
        left = (await s.execute(select(OutboxRow).where(OutboxRow.what == "reminder",
                                                        OutboxRow.sent_at.is_(None)))).scalars()  # type: ignore[union-attr]
        assert not list(left)


async def test_the_alarm_rings_at_the_longest_interval_of_the_awaited(service: GameService, clock) -> None:
    reminded: list[tuple[list[str], datetime, int | None]] = []

    def remind(row, players, deadline, early):
        reminded.append((players, deadline, early))
        return []

    sched = DeadlineScheduler(service, remind=remind)
    res = await started(service)  # 2-hour turns, the game reminds 30 minutes ahead
    gid, deadline = res.game.id, res.game.turn_deadline
    on_turn, waiting = res.state.players[0].id, res.state.players[1].id
    assert sched.alarm(gid) == deadline - timedelta(minutes=30)
    await service.set_rhythm(waiting, reminder_minutes=100)  # not awaited now: no change
    assert sched.alarm(gid) == deadline - timedelta(minutes=30)
    await service.set_rhythm(on_turn, reminder_minutes=90)  # the alarm is set again at once
    assert sched.alarm(gid) == deadline - timedelta(minutes=90)
    await service.set_rhythm(on_turn, reminder_minutes=10)  # shorter than the game's: the game's moment
    assert sched.wake_time(await service.get(gid)) == deadline - timedelta(minutes=30)
    await service.set_rhythm(on_turn, reminder_minutes=90)

    # a restart knows no state yet: the seated players' intervals stand in, and the alarm, early,
    # learns who is awaited and sets itself again
    fresh = DeadlineScheduler(service, remind=remind)
    await fresh.resume_all()
    assert fresh.alarm(gid) == deadline - timedelta(minutes=100)
    clock.set(deadline - timedelta(minutes=100))
    await fresh.wake(gid)
    assert reminded == [] and fresh.alarm(gid) == deadline - timedelta(minutes=90)
    clock.set(deadline - timedelta(minutes=90))
    await fresh.wake(gid)
    await fresh.wake(gid)  # rung twice: still one reminder
    assert reminded == [([on_turn], deadline, 30)]  # the others wait for the game's 30 minutes
    assert fresh.wake_time(await service.get(gid)) == deadline
