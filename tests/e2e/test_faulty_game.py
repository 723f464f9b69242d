"""A game whose deadline makes its own rules fail does not go silent: the moderators are told once in
the channel, the scheduler retries with a growing pause, a player's move is refused in words, and
the moderators' undo, force and end still work on it."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from bot.scheduler import RETRY_FIRST
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.emulator.fixtures import running_bot
from tests.fixtures.testgame import Corsa

pytestmark = pytest.mark.e2e


@pytest.fixture
def broken_deadlines(monkeypatch: Any) -> Iterator[list[bool]]:
    """Corsa's turn deadline raises while `broken[0]` is true (a bug in a game's own rules)."""
    broken = [True]
    healthy = Corsa.on_timer

    def on_timer(self: Any, state: Any, timer: Any, now: datetime) -> Any:
        if broken[0]:
            raise ZeroDivisionError("a bug in the game's rules")
        return healthy(self, state, timer, now)

    monkeypatch.setattr(Corsa, "on_timer", on_timer)
    yield broken


def faults(emulator: Any) -> list[str]:
    return [m.content for m in emulator.messages_seen(emulator.owner, emulator.general)
            if not m.ephemeral and "è ferma" in m.content]


async def stuck_game(emulator: Any, bot: Any, clock: FakeClock) -> tuple[int, Any, Any]:
    bot.deadlines.scheduler.pause()  # time moves with the test's clock only
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="corsa", settings="target=30 turn_hours=2")
    await emulator.click(bob, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await bot.service.in_channel(str(emulator.general.id))
    first = bot.service.load_state(row).players[0].id
    mover, other = (alice, bob) if str(alice.id) == first else (bob, alice)
    await emulator.slash(mover, "corsa add", amount=2)
    clock.advance(hours=3)  # the next turn's deadline has passed
    return row.id, other, mover


async def test_the_moderators_hear_once_and_the_scheduler_backs_off(emulator: Any, tmp_path: Any,
                                                                    broken_deadlines: list[bool]) -> None:
    clock = FakeClock(datetime(2026, 11, 23, 8, 0, tzinfo=UTC))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid, on_turn, _ = await stuck_game(emulator, bot, clock)
        await bot.deadlines.wake(gid)
        await bot.notifier.drain()
        told = faults(emulator)
        assert len(told) == 1 and "/mod forza" in told[0] and "ZeroDivisionError" in told[0]  # as an Italian client shows it
        assert bot.deadlines.alarm(gid) == clock.now + RETRY_FIRST
        for pause in (1, 2, 4):  # each retry fails again: told no more, tried less and less often
            clock.set(bot.deadlines.alarm(gid) or clock.now)
            await bot.deadlines.wake(gid)
            await bot.notifier.drain()
            assert bot.deadlines.alarm(gid) == clock.now + RETRY_FIRST * pause * 2
        assert len(faults(emulator)) == 1

        # a player's move is refused in words, and changes nothing
        version = (await bot.service.get(gid)).version
        refused = await emulator.slash(on_turn, "corsa add", amount=1)
        assert refused.ephemeral and "ferma per un errore" in refused.content
        assert (await bot.service.get(gid)).version == version

        # the moderator forces the broken deadline: it is dropped and the game goes on
        forced = await emulator.slash(emulator.owner, "mod force")
        assert not forced.ephemeral and "saltato la prossima scadenza" in forced.content
        broken_deadlines[0] = False
        moved = await emulator.slash(on_turn, "corsa add", amount=1)
        assert not moved.ephemeral and "aggiunge 1" in moved.content
        await bot.deadlines.wake(gid)
        assert gid not in bot.deadlines.failures


async def test_undo_and_end_work_on_a_stuck_game(emulator: Any, tmp_path: Any, broken_deadlines: list[bool]) -> None:
    clock = FakeClock(datetime(2026, 11, 23, 8, 0, tzinfo=UTC))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid, _, _ = await stuck_game(emulator, bot, clock)
        await bot.deadlines.wake(gid)
        preview = await emulator.slash(emulator.owner, "mod undo")
        undone = await emulator.click(emulator.owner, preview, "Sì, annulla le mosse")
        assert "annullat" in undone.content.lower() or any("annullat" in m.content.lower() for m in undone.messages)
        _, state = await bot.service.state(gid)
        assert state.total == 0 and len([t for t in state.timers if t.at <= clock.now]) == 1  # still due
        ended = await emulator.slash(emulator.owner, "mod end", reason="bug")
        assert not ended.ephemeral
        assert (await bot.service.get(gid)).status == "finished"
