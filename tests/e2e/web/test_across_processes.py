"""Two bot processes (two shards) over one PostgreSQL: a move made through one is heard within a second
by a live page served by the other, and that page then shows the move."""

from __future__ import annotations

import asyncio
import os
import re
import time
from typing import Any

import aiohttp
import pytest

from bot.main import AraldoBot
from tests.conftest import fresh_database
from tests.e2e.conftest import bot_settings
from tests.e2e.test_platform_faults import open_game
from tests.e2e.test_shards import SHARDS, both_running, shard_of

pytestmark = pytest.mark.e2e


def postgres_or_skip() -> str:
    url = os.environ.get("TEST_DATABASE_URL", "")
    if not url.startswith("postgresql"):
        pytest.skip("TEST_DATABASE_URL does not point at PostgreSQL")
    return url


async def next_version(stream: aiohttp.ClientResponse, above: int, timeout: float) -> int:
    """The first version above `above` the stream tells."""
    async def read() -> int:
        while True:
            line = (await stream.content.readline()).decode()
            if line.startswith("data: ") and int(line[6:]) > above:
                return int(line[6:])

    return await asyncio.wait_for(read(), timeout)


async def test_a_move_in_one_process_is_heard_by_a_page_of_the_other(emulator: Any, tmp_path: Any) -> None:
    url = postgres_or_skip()
    db = await fresh_database(url)
    await db.close()
    bots = [AraldoBot(bot_settings(emulator, tmp_path, DATABASE_URL=url, SHARD_COUNT=SHARDS, SHARD_IDS=str(s)),
                      extra_extensions=("tests.fixtures.testgame.cog",)) for s in range(SHARDS)]
    async with both_running(emulator, bots, timeout=60.0):  # two bots starting on a busy machine
        for bot in bots:
            await bot.start_web("127.0.0.1", 0)
        assert all(bot.web.relay is not None for bot in bots)
        owner = shard_of(emulator.guild.id)
        mover, other = bots[owner], bots[1 - owner]
        alice, bob = emulator.user("alice"), emulator.user("bob")
        await open_game(emulator, [alice, bob])
        row = await mover.service.in_channel(str(emulator.general.id))
        page = f"{other.web.base_url}/g/{row.id}"
        async with aiohttp.ClientSession() as http:
            assert (await (await http.get(page)).text()).count(f'data-version="{row.version}"') == 1
            async with http.get(page + "/events") as stream:
                assert await next_version(stream, -1, 5) == row.version
                _, state = await mover.service.state(row.id)
                first = alice if str(alice.id) == state.players[state.turn].id else bob
                started = time.monotonic()
                await emulator.slash(first, "corsa add", amount=2)
                heard = await next_version(stream, row.version, 1.0)  # within a second, from the other process
                elapsed = time.monotonic() - started
            assert heard > row.version and elapsed < 1.0
            shown = await (await http.get(page)).text()
            version = re.search(r'data-version="(\d+)"', shown)
            assert version is not None and int(version.group(1)) == heard  # and the page shows the move
            assert 'id="move-1"' in shown
        # the mover's own pages hear it too, once: told in-process, the relayed notice is dropped
        assert mover.web.hub._told[row.id] == heard and other.web.hub._told[row.id] == heard
