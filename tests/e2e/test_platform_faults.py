"""What breaks bots in production: closed DMs, rate limits, restarts, permissions."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.main import AraldoBot
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


async def open_game(emulator: Any, players: list[Any], settings: str = "target=30 turn_hours=2") -> Any:
    created = await emulator.slash(players[0], "game create", game="corsa", settings=settings)
    for p in players[1:]:
        await emulator.click(p, created, label="Partecipa")
    return await emulator.slash(players[0], "game start")


async def test_board_image_arrives_and_turn_dm_falls_back_to_channel(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    emulator.close_dms(alice)
    emulator.close_dms(bob)
    started = await open_game(emulator, [alice, bob])
    images = [a for m in started.messages for a in m.attachments if a.filename.endswith(".png")]
    assert images and images[0].width == 480 and images[0].height == 200
    row = await araldo.service.in_channel(str(emulator.general.id))
    first = araldo.service.load_state(row).players[0].id
    mentions = [m for m in emulator.messages_seen(bob, emulator.general) if f"<@{first}>" in m.content
                and not m.ephemeral and "Tocca a te" in m.content]
    assert mentions, "a refused DM must become a mention in the game channel"
    assert emulator.dms(alice) == [] and emulator.dms(bob) == []


async def test_turn_dm_when_dms_are_open(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    await open_game(emulator, [alice, bob])
    row = await araldo.service.in_channel(str(emulator.general.id))
    first = araldo.service.load_state(row).players[0].id
    who = alice if str(alice.id) == first else bob
    dms = emulator.dms(who)
    assert dms and "Corsa" in dms[-1].content and "discord.com/channels" in dms[-1].content


async def test_rate_limit_storm_delays_but_loses_nothing(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    await open_game(emulator, [alice, bob])
    emulator.faults.rate_limit("/messages", times=4, retry_after=0.2)
    emulator.faults.rate_limit("/webhooks", times=2, retry_after=0.2)
    row = await araldo.service.in_channel(str(emulator.general.id))
    state = araldo.service.load_state(row)
    first = alice if str(alice.id) == state.players[0].id else bob
    moved = await emulator.slash(first, "corsa add", amount=3, timeout=20)
    assert "3" in moved.content
    _, state = await araldo.service.state(row.id)
    assert state.total == 3
    assert emulator.faults.pending == 0 or emulator.faults.pending < 6


async def test_moderator_commands_refused_to_plain_member(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    await open_game(emulator, [alice, bob])
    refused = await emulator.slash(bob, "mod pause")
    assert refused.ephemeral and "moderatori" in refused.content
    row = await araldo.service.in_channel(str(emulator.general.id))
    assert araldo.service.load_state(await araldo.service.get(row.id)).paused_at is None
    paused = await emulator.slash(emulator.owner, "mod pause")
    assert not paused.ephemeral
    assert araldo.service.load_state(await araldo.service.get(row.id)).paused_at is not None


async def test_restart_mid_game_fires_missed_deadlines(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    alice, bob = emulator.user("alice"), emulator.user("bob")
    settings = bot_settings(emulator, tmp_path)
    first_bot = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, first_bot, commands=TOP_COMMANDS):
        await open_game(emulator, [alice, bob], settings="target=30 turn_hours=1")
        row = await first_bot.service.in_channel(str(emulator.general.id))
    clock.advance(hours=2, minutes=30)  # two turn deadlines pass while the bot is down
    second_bot = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, second_bot, commands=TOP_COMMANDS):
        for _ in range(100):
            _, state = await second_bot.service.state(row.id)
            told = emulator.dms(alice) + emulator.dms(bob)
            if state.total == 2 and sum("Tempo scaduto" in m.content for m in told) == 2:
                break
            await asyncio.sleep(0.1)
        assert state.total == 2 and [h.split()[-1] for h in state.history] == ["timeout", "timeout"]
        row = await second_bot.service.get(row.id)
        assert row.next_deadline == clock.now - timedelta(minutes=30) + timedelta(hours=1)
    told = emulator.dms(alice) + emulator.dms(bob)
    assert sum("Tempo scaduto" in m.content for m in told) == 2  # each timed-out player was told
