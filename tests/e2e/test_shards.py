"""Several shard processes over one database: each resumes and ticks only its own guilds' games."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from bot.scheduler import job_id
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_platform_faults import open_game
from tests.emulator.fixtures import running_bot
from tests.emulator.patience import WAIT

pytestmark = pytest.mark.e2e

SHARDS = 2


def shard_of(guild_id: str | int) -> int:
    return (int(guild_id) >> 22) % SHARDS


async def guild_on_shard(emulator: Any, shard: int, owner: Any) -> Any:
    """A new guild whose id lands on `shard` (ids carry the millisecond: retry until one does)."""
    for _ in range(200):
        guild = emulator.add_guild("Seconda Tavola", owner=owner, channels=["tavolo"])
        if shard_of(guild.id) == shard:
            return guild
        del emulator.guilds[guild.id]  # not connected yet: nobody has seen this one
        await asyncio.sleep(0.001)
    raise AssertionError(f"no guild id landed on shard {shard}")


def make_shard_bot(settings: Any, clock: FakeClock, ticked: list[int]) -> AraldoBot:
    bot = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    tick = bot.service.tick

    async def recording_tick(game_id: int, *read: Any) -> Any:
        ticked.append(game_id)
        return await tick(game_id, *read)

    bot.service.tick = recording_tick  # type: ignore[method-assign]
    return bot


@contextlib.asynccontextmanager
async def both_running(emulator: Any, bots: list[AraldoBot], timeout: float = WAIT) -> AsyncIterator[None]:
    """Both processes at once, one Gateway session per shard; the block starts once both are ready."""
    async with contextlib.AsyncExitStack() as stack:
        for bot in bots:
            await stack.enter_async_context(running_bot(emulator, bot, commands=TOP_COMMANDS, timeout=timeout))
        # running_bot returns as soon as *a* session is up: wait for every process's own READY
        for _ in range(100):
            if all(b.is_ready() for b in bots):
                break
            await asyncio.sleep(0.05)
        assert all(b.is_ready() for b in bots), "a shard process never became ready"
        emulator.busy_probe = lambda: any(b.is_busy() for b in bots)
        yield


async def test_each_shard_process_resumes_only_its_own_guilds(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    first = emulator.guild
    assert first is not None
    second = await guild_on_shard(emulator, 1 - shard_of(first.id), emulator.owner)
    erin = emulator.add_user("erin", display_name="Erin", guild=second)
    frank = emulator.add_user("frank", display_name="Frank", guild=second)
    table = emulator.channel("tavolo", guild=second)
    alice, bob = emulator.user("alice"), emulator.user("bob")
    by_shard = {shard_of(first.id): first, shard_of(second.id): second}

    def settings_for(shard: int) -> Any:
        return bot_settings(emulator, tmp_path, SHARD_COUNT=SHARDS, SHARD_IDS=str(shard))

    ticked: dict[int, list[int]] = {0: [], 1: []}
    bots = [make_shard_bot(settings_for(s), clock, ticked[s]) for s in range(SHARDS)]
    async with both_running(emulator, bots):
        assert [sorted(g.id for g in b.guilds) for b in bots] == [[int(by_shard[s].id)] for s in range(SHARDS)]
        await open_game(emulator, [alice, bob], settings="target=30 turn_hours=1")
        created = await emulator.slash(erin, "game create", game="corsa", settings="target=30 turn_hours=1",
                                       channel=table)
        await emulator.click(frank, created, label="Partecipa")
        await emulator.slash(erin, "game start", channel=table)
        game_of = {s: (await bots[s].service.guild_games(by_shard[s].id))[0].id for s in range(SHARDS)}
        for s in range(SHARDS):  # the interaction reached only the guild's shard, which set the alarm
            assert bots[s].deadlines.scheduler.get_job(job_id(game_of[s])) is not None
            assert bots[s].deadlines.scheduler.get_job(job_id(game_of[1 - s])) is None

    clock.advance(hours=2, minutes=30)  # two turn deadlines pass in both games while both are down
    for s in range(SHARDS):
        ticked[s].clear()
    bots = [make_shard_bot(settings_for(s), clock, ticked[s]) for s in range(SHARDS)]
    async with both_running(emulator, bots):
        for _ in range(100):
            states = [(await bots[0].service.state(game_of[s]))[1] for s in range(SHARDS)]
            if all(st.total == 2 for st in states) and all(ticked.values()):
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.2)  # a stray tick from the wrong process would show up by now
        for s in range(SHARDS):
            assert set(ticked[s]) == {game_of[s]}, f"shard {s} ticked {ticked[s]}, owns game {game_of[s]}"
            assert bots[s].deadlines.scheduler.get_job(job_id(game_of[s])) is not None
            assert bots[s].deadlines.scheduler.get_job(job_id(game_of[1 - s])) is None
            _, state = await bots[s].service.state(game_of[s])
            assert state.total == 2 and [h.split()[-1] for h in state.history] == ["timeout", "timeout"]
    told = {u.username: sum("Tempo scaduto" in m.content for m in emulator.dms(u)) for u in (alice, bob, erin, frank)}
    assert sum(told.values()) == 4 and told["alice"] + told["bob"] == 2, told  # each timeout told once
