"""A player's desk: quiet hours in their own time zone (across a DST change), their own reminder
interval, and DMs held by them, never lost, only delayed."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import select

from bot.cogs.player import rhythm_changes
from bot.desk import held_until, parse_clock, quiet_end
from bot.notifier import Notifier
from bot.service import GameService, Update
from bot.storage.models import OutboxRow, PlayerRhythm
from engine.core import Event, RuleError
from tests.bot.test_notifier import Messenger, game, tell

NIGHT = (23 * 60, 7 * 60)  # 23:00-07:00


def utc(*args: int) -> datetime:
    return datetime(*args, tzinfo=UTC)


def test_quiet_hours_wrap_midnight_in_the_players_zone() -> None:
    # Rome in summer time is UTC+2: 21:30 UTC is 23:30 there, inside; 20:30 UTC (22:30) is outside
    assert quiet_end(utc(2026, 7, 1, 20, 30), "Europe/Rome", *NIGHT) is None
    assert quiet_end(utc(2026, 7, 1, 21, 30), "Europe/Rome", *NIGHT) == utc(2026, 7, 2, 5)
    assert quiet_end(utc(2026, 7, 2, 4, 59), "Europe/Rome", *NIGHT) == utc(2026, 7, 2, 5)
    assert quiet_end(utc(2026, 7, 2, 5, 0), "Europe/Rome", *NIGHT) is None
    # a daytime window does not wrap
    assert quiet_end(utc(2026, 7, 1, 11), "Europe/Rome", 12 * 60, 14 * 60) == utc(2026, 7, 1, 12)
    assert quiet_end(utc(2026, 7, 1, 12), "Europe/Rome", 12 * 60, 14 * 60) is None


def test_quiet_hours_hold_across_the_october_dst_change_in_rome() -> None:
    # 2026-10-25 03:00 CEST the clocks go back to 02:00 CET: the night of the 24th lasts 9 hours
    start = utc(2026, 10, 24, 21, 0)  # 23:00 CEST
    assert quiet_end(start - timedelta(minutes=1), "Europe/Rome", *NIGHT) is None
    end = quiet_end(start, "Europe/Rome", *NIGHT)
    assert end == utc(2026, 10, 25, 6, 0)  # 07:00 CET, not 05:00 UTC as the night before
    assert end - start == timedelta(hours=9)
    # every minute of that night is quiet and ends at the same moment, the repeated hour included
    moment = start
    while moment < end:
        assert quiet_end(moment, "Europe/Rome", *NIGHT) == end, moment
        moment += timedelta(minutes=10)
    assert quiet_end(end, "Europe/Rome", *NIGHT) is None
    # the night before the change still ends at 07:00 CEST = 05:00 UTC
    assert quiet_end(utc(2026, 10, 24, 3, 0), "Europe/Rome", *NIGHT) == utc(2026, 10, 24, 5, 0)


def test_quiet_hours_across_the_march_change_lose_an_hour() -> None:
    # 2026-03-29 02:00 CET jumps to 03:00 CEST: the night lasts 7 hours and ends at 07:00 CEST
    start = utc(2026, 3, 28, 22, 0)  # 23:00 CET
    assert quiet_end(start, "Europe/Rome", *NIGHT) == utc(2026, 3, 29, 5, 0)


def test_held_until_quiet_hours_and_own_reminder_interval() -> None:
    now = utc(2026, 7, 1, 21, 30)  # 23:30 in Rome
    rhythm = PlayerRhythm(user_id="1", quiet_from=NIGHT[0], quiet_to=NIGHT[1])
    assert held_until(None, "Europe/Rome", now) is None
    assert held_until(rhythm, "Europe/Rome", now) == utc(2026, 7, 2, 5)
    # the player's own zone wins over the server's: 23:30 in Rome is 17:30 in New York
    rhythm.timezone = "America/New_York"
    assert held_until(rhythm, "Europe/Rome", now) is None
    # own interval 30 minutes before a deadline 3 hours away: the reminder waits 2.5 hours
    mine = PlayerRhythm(user_id="1", reminder_minutes=30)
    deadline = now + timedelta(hours=3)
    assert held_until(mine, "Europe/Rome", now, reminder_deadline=deadline) == deadline - timedelta(minutes=30)
    assert held_until(mine, "Europe/Rome", now) is None  # only reminders follow the interval
    # both: the interval's moment falls in quiet hours, so it waits for their end
    both = PlayerRhythm(user_id="1", quiet_from=NIGHT[0], quiet_to=NIGHT[1], reminder_minutes=30)
    assert held_until(both, "Europe/Rome", utc(2026, 7, 1, 18), reminder_deadline=now) == utc(2026, 7, 2, 5)


def test_rhythm_options_are_checked_before_anything_changes() -> None:
    assert rhythm_changes("23:00-7", None, None) == {"quiet_from": 23 * 60, "quiet_to": 7 * 60}
    assert rhythm_changes("off", "off", 0) == {"quiet_from": None, "quiet_to": None, "timezone": None,
                                               "reminder_minutes": None}
    assert rhythm_changes(None, "America/New_York", 45) == {"timezone": "America/New_York", "reminder_minutes": 45}
    assert parse_clock("7.30") == 7 * 60 + 30
    for bad in ("23:00", "25:00-07:00", "7-7", "x-y"):
        with pytest.raises(RuleError):
            rhythm_changes(bad, None, None)
    with pytest.raises(RuleError) as exc:
        rhythm_changes(None, "Mars/Olympus", None)
    assert exc.value.code == "core.bad_zone"


async def test_a_dm_in_quiet_hours_waits_and_is_sent_after_them(service: GameService, monkeypatch) -> None:
    import bot.notifier as notifier_module

    now = utc(2026, 7, 1, 21, 30)  # 23:30 in Rome, the server's zone
    monkeypatch.setattr(notifier_module, "utcnow", lambda: now)
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    res = await game(service)
    await notifier.drain()
    await service.set_rhythm("1", quiet_from=NIGHT[0], quiet_to=NIGHT[1])
    upd = Update(res.game, res.state, [Event(key="corsa.your_turn", params={"player": "x"}, to=["1", "2"],
                                             notify="turn")], "tick")
    await tell(service, notifier, upd)
    assert [d for d in messenger.dms if d[0] == "2" and "Tocca a x" in d[1]]
    assert not [d for d in messenger.dms if d[0] == "1" and "Tocca a x" in d[1]]  # held, not dropped
    async with service.db.sessions() as s:
        [held] = (await s.execute(select(OutboxRow).where(OutboxRow.recipient == "1",
                                                          OutboxRow.sent_at.is_(None)))).scalars()  # type: ignore[union-attr]
    assert held.next_at == utc(2026, 7, 2, 5) and held.attempts == 0
    monkeypatch.setattr(notifier_module, "utcnow", lambda: utc(2026, 7, 2, 4, 59))
    await notifier.drain()
    assert not [d for d in messenger.dms if d[0] == "1" and "Tocca a x" in d[1]]
    monkeypatch.setattr(notifier_module, "utcnow", lambda: utc(2026, 7, 2, 5, 0))
    await notifier.drain()
    assert [d for d in messenger.dms if d[0] == "1" and "Tocca a x" in d[1]]


async def test_youre_next_is_sent_to_who_asked_for_it(service: GameService) -> None:
    messenger = Messenger()
    notifier = Notifier(service, messenger)
    await service.create(kind="corsa", guild_id="9", channel_id="90", creator_id="1", creator_name="Anna")
    await service.join("90", "2", "Bruno")
    await service.join("90", "3", "Carla")
    await service.start("90", "1")
    await notifier.drain()
    assert not any("prossimo" in d[1] for d in messenger.dms)  # off until asked for
    row, state = await service.state((await service.in_channel("90")).id or 0)
    on_turn = state.players[state.turn].id
    after = state.players[(state.turn + 1) % 3].id
    third = state.players[(state.turn + 2) % 3].id
    await service.set_notify(after, "next", True)
    await service.set_notify(third, "next", True)
    from tests.fixtures.testgame import Add

    res = await service.act(row.id or 0, on_turn, Add(amount=1))
    await notifier.drain()
    # `after` now plays; `third` comes after them and is told, by name of who plays now
    told = [d for d in messenger.dms if "Sei il prossimo" in d[1]]
    assert [d[0] for d in told] == [third]
    assert res.state.name_of(after) in told[0][1]
