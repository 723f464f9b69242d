"""The alarm clock with a fake clock: wake times, reminders sent once, pauses, restarts."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.scheduler import DeadlineScheduler, job_id
from bot.service import GameService


async def started(service: GameService, hours: int = 2):
    await service.create(kind="corsa", guild_id="1", channel_id="2", creator_id="10", creator_name="A",
                         settings={"turn_hours": hours, "reminder_minutes": 30})
    await service.join("2", "11", "B")
    return await service.start("2", "10")


async def test_wakes_at_reminder_then_deadline_and_reminds_once(service: GameService, clock) -> None:
    reminded: list[tuple[int, list[str], datetime]] = []

    def remind(row, players, deadline, early):
        reminded.append((row.id, players, deadline))
        return []

    sched = DeadlineScheduler(service, remind=remind)
    res = await started(service)
    row = await service.get(res.game.id)
    deadline = row.next_deadline
    assert sched.wake_time(row) == deadline - timedelta(minutes=30)
    clock.set(deadline - timedelta(minutes=29))
    await sched.wake(row.id)
    await sched.wake(row.id)  # a second alarm for the same deadline reminds nobody again
    assert len(reminded) == 1 and reminded[0][1] == [res.state.players[0].id]
    row = await service.get(row.id)
    assert sched.wake_time(row) == deadline
    clock.set(deadline + timedelta(seconds=1))
    await sched.wake(row.id)
    row = await service.get(row.id)
    assert row.next_deadline == deadline + timedelta(hours=2)
    job = sched.scheduler.get_job(job_id(row.id))
    assert job is not None


async def test_absent_players_get_no_reminder(service: GameService, clock) -> None:
    reminded: list[list[str]] = []

    def remind(row, players, deadline, early):
        reminded.append(players)
        return []

    sched = DeadlineScheduler(service, remind=remind)
    res = await started(service)
    first = res.state.players[0].id
    await service.set_away(first, clock.now + timedelta(days=3))
    row = await service.get(res.game.id)
    clock.set(row.next_deadline - timedelta(minutes=10))
    await sched.wake(row.id)
    assert reminded == []


async def test_paused_game_has_no_alarm_and_resumes_shifted(service: GameService, clock) -> None:
    sched = DeadlineScheduler(service)
    res = await started(service)
    deadline = (await service.get(res.game.id)).next_deadline
    await service.act(res.game.id, "mod", {"type": "mod_pause"}, moderator=True)
    row = await service.get(res.game.id)
    assert row.next_deadline is None and sched.wake_time(row) is None
    clock.advance(hours=5)
    await service.act(res.game.id, "mod", {"type": "mod_resume"}, moderator=True)
    row = await service.get(res.game.id)
    assert row.next_deadline == deadline + timedelta(hours=5)


async def test_resume_all_ticks_missed_deadlines(service: GameService, clock) -> None:
    sched = DeadlineScheduler(service)
    res = await started(service)
    clock.advance(hours=4, minutes=1)
    assert await sched.resume_all() == 1
    _, state = await service.state(res.game.id)
    assert state.total == 2


async def test_reminder_goes_by_the_turn_deadline_not_an_earlier_timer(service: GameService, clock) -> None:
    """Impero: an auction closing before the turn end neither steals nor delays the turn reminder."""
    reminded: list[datetime] = []

    def remind(row, players, deadline, early):
        reminded.append(deadline)
        return []

    sched = DeadlineScheduler(service, remind=remind)
    await service.create(kind="impero", guild_id="1", channel_id="3", creator_id="10", creator_name="A",
                         settings={"reminder_minutes": 60})
    await service.join("3", "11", "B")
    res = await service.start("3", "10")
    gid = res.game.id
    clock.advance(minutes=30)
    await service.act(gid, "10", {"type": "create_company", "name": "Telefonia", "capital": 2000})
    await service.act(gid, "10", {"type": "recapitalize", "company": "Telefonia", "start_price": 100})
    first_end = (await service.get(gid)).turn_deadline
    clock.set(first_end + timedelta(minutes=5))
    await sched.wake(gid)  # turn 1 ends; the auction (opened at 08:30) closes 30 minutes into turn 2
    reminded.clear()
    row = await service.get(gid)
    assert row.next_deadline < row.turn_deadline
    assert sched.wake_time(row) == row.next_deadline  # the close comes before the reminder time
    clock.set(row.turn_deadline - timedelta(minutes=59))
    await sched.wake(gid)
    assert reminded == [row.turn_deadline]


async def test_a_process_keeps_only_its_own_guilds_games(service: GameService, clock) -> None:
    """Several shard processes: a move in another shard's guild (e.g. through /away) is saved here
    but its alarm stays with the process that owns that guild."""
    mine = DeadlineScheduler(service, owns=lambda guild: guild == "1")
    res = await started(service)  # guild "1"
    assert mine.scheduler.get_job(job_id(res.game.id)) is not None
    await service.create(kind="corsa", guild_id="2", channel_id="20", creator_id="10", creator_name="A")
    await service.join("20", "11", "B")
    other = await service.start("20", "10")
    assert mine.scheduler.get_job(job_id(other.game.id)) is None
    await service.set_away("10", clock.now + timedelta(days=1))  # touches both games
    assert mine.scheduler.get_job(job_id(other.game.id)) is None
    clock.advance(hours=3)
    assert await mine.resume_all() == 1


def test_guild_to_shard_follows_discords_rule() -> None:
    from bot.main import AraldoBot
    from bot.settings import Settings

    bot = AraldoBot.__new__(AraldoBot)
    bot.settings = Settings(DISCORD_TOKEN="x", SHARD_COUNT=2, SHARD_IDS="1", _env_file=None)
    assert bot.owns_guild(str(1 << 22)) and not bot.owns_guild(str(2 << 22))
    bot.settings = Settings(DISCORD_TOKEN="x", _env_file=None)
    assert bot.owns_guild("12345")


async def test_restart_wakes_overdue_games_most_overdue_first_and_leaves_the_rest(
        service: GameService, clock, monkeypatch) -> None:
    import bot.scheduler as scheduler

    monkeypatch.setattr(scheduler, "RESUME_CONCURRENCY", 1)
    games = []
    for channel, hours in (("20", 3), ("21", 1), ("22", 9)):
        await service.create(kind="corsa", guild_id="1", channel_id=channel, creator_id="10", creator_name="A",
                             settings={"turn_hours": hours, "reminder_minutes": 0})
        await service.join(channel, "11", "B")
        games.append((await service.start(channel, "10")).game.id)
    clock.advance(hours=4)  # the 1-hour game is 3 h overdue, the 3-hour one 1 h, the 9-hour one not due
    versions = {gid: (await service.get(gid)).version for gid in games}
    ticked: list[int] = []

    async def heard(upd) -> None:
        ticked.append(upd.game.id)

    service.listeners.append(heard)
    sched = DeadlineScheduler(service)
    assert await sched.resume_all() == 3
    assert ticked == [games[1], games[0]]
    assert (await service.get(games[2])).version == versions[games[2]]  # not due: untouched
    assert sched.scheduler.get_job(job_id(games[2])) is not None  # but its alarm is set
    assert service.locks_held() == 0  # idle games keep no lock


async def test_a_later_deadline_keeps_the_alarm_set_which_rings_early_and_sets_the_right_one(
        service: GameService, clock) -> None:
    sched = DeadlineScheduler(service)  # not started: the alarms are only looked at, the fake clock rules
    res = await started(service)
    first_alarm = sched.wake_time(res.game)
    sched.schedule(res.game)
    assert sched.alarm(res.game.id) == first_alarm
    clock.advance(minutes=10)
    moved = await service.act(res.game.id, _turn_of(res), {"type": "add", "amount": 1})
    later = sched.wake_time(moved.game)
    assert later is not None and first_alarm is not None and later > first_alarm
    # the move told the scheduler (a listener), which kept the earlier alarm
    assert sched.alarm(res.game.id) == first_alarm
    clock.set(first_alarm)
    before = await service.get(res.game.id)
    await sched.wake(res.game.id)  # rings early: nothing is due, nothing is written
    after = await service.get(res.game.id)
    assert after.version == before.version
    assert sched.alarm(res.game.id) == later


def _turn_of(res) -> str:
    from engine.core import get_game

    return sorted(get_game("corsa").awaiting(res.state))[0]


async def test_restart_reads_the_overdue_games_together_and_fires_each_once(
        service: GameService, clock, monkeypatch) -> None:
    import bot.scheduler as scheduler

    monkeypatch.setattr(scheduler, "RESUME_READ", 2)  # two reads for three overdue games
    games = []
    for channel in ("30", "31", "32"):
        await service.create(kind="corsa", guild_id="1", channel_id=channel, creator_id="10", creator_name="A",
                             settings={"turn_hours": 1, "reminder_minutes": 0})
        await service.join(channel, "11", "B")
        games.append((await service.start(channel, "10")).game.id)
    clock.advance(hours=2)
    versions = {gid: (await service.get(gid)).version for gid in games}
    reads: list[list[int]] = []
    read_rows, get = service.read_rows, service.get

    async def counted_rows(ids):
        reads.append(sorted(ids))
        return await read_rows(ids)

    async def no_single_read(game_id):
        raise AssertionError(f"game {game_id} read alone")

    monkeypatch.setattr(service, "read_rows", counted_rows)
    monkeypatch.setattr(service, "get", no_single_read)
    ticked: list[int] = []

    async def heard(upd) -> None:
        ticked.append(upd.game.id)

    service.listeners.append(heard)
    assert await DeadlineScheduler(service).resume_all() == 3
    assert sorted(ticked) == sorted(games) and len(reads) == 2
    monkeypatch.setattr(service, "get", get)
    for gid in games:  # each deadline fired once: one new version
        assert (await service.get(gid)).version == versions[gid] + 1


async def test_an_alarm_whose_run_was_skipped_during_its_wake_up_is_set_again(service: GameService, clock) -> None:
    """A deadline's tick sets the next alarm while the wake-up still runs; when that alarm is already
    due, APScheduler skips its run (one instance a game) and drops the job. The wake-up must set it
    again, or the game never ticks again in this process (every later alarm looks already set)."""
    sched = DeadlineScheduler(service, remind=lambda row, players, deadline, early: [])
    sched.scheduler.start(paused=True)  # jobs kept as a running scheduler keeps them; the test rings them
    res = await started(service)
    gid = res.game.id

    async def skipped(upd) -> None:  # after the scheduler's own listener set the next alarm
        if sched.scheduler.get_job(job_id(gid)) is not None:
            sched.scheduler.remove_job(job_id(gid))  # what APScheduler does with a skipped one-shot job

    service.listeners.append(skipped)
    clock.set((await service.get(gid)).next_deadline + timedelta(seconds=1))
    try:
        await sched.wake(gid)
        row = await service.get(gid)
        assert row.version > res.game.version  # the deadline fired
        assert sched.scheduler.get_job(job_id(gid)) is not None, "the game was left without an alarm"
        assert sched.alarm(gid) == sched.wake_time(row)
    finally:
        sched.shutdown()
