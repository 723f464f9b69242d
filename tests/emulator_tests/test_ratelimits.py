"""Rate limits as Discord announces and applies them: headers on every answer, per-route buckets by
channel, the global limit, and discord.py keeping within them by itself."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.emulator import Emulator
from tests.emulator.fixtures import TEST_TOKEN, running_bot
from tests.emulator.ratelimits import GENEROUS

from .toybot import ToyBot

HEADERS = ("X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-RateLimit-Reset-After",
           "X-RateLimit-Bucket")


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Any]:
    async with aiohttp.ClientSession(
        base_url=emulator.base_url, headers={"Authorization": f"Bot {TEST_TOKEN}"}
    ) as session:
        yield session


async def post(api: Any, channel_id: str, text: str = "ciao") -> tuple[int, dict[str, str], Any]:
    async with api.post(f"/api/v10/channels/{channel_id}/messages", json={"content": text}) as resp:
        return resp.status, dict(resp.headers), await resp.json()


async def test_every_answer_carries_its_bucket(emulator: Emulator, api: Any) -> None:
    async with api.get("/api/v10/users/@me") as resp:
        assert resp.status == 200 and all(h in resp.headers for h in HEADERS)
    status, first, _ = await post(api, emulator.general.id)
    _, second, _ = await post(api, emulator.general.id)
    assert status == 200 and first["X-RateLimit-Limit"] == str(5 * GENEROUS)  # generous unless asked
    assert int(second["X-RateLimit-Remaining"]) == int(first["X-RateLimit-Remaining"]) - 1
    assert first["X-RateLimit-Bucket"] == second["X-RateLimit-Bucket"]
    assert 0 < float(first["X-RateLimit-Reset-After"]) <= 5


async def test_message_posts_limited_per_channel(emulator: Emulator, api: Any) -> None:
    emulator.rate_limits.use_discord_limits()
    other = emulator.add_channel(emulator.guild, "impero")
    dm = emulator.dm_channel(emulator.user("bob"))
    answers = [await post(api, emulator.general.id, f"m{i}") for i in range(5)]
    assert [int(h["X-RateLimit-Remaining"]) for _, h, _ in answers] == [4, 3, 2, 1, 0]
    status, headers, body = await post(api, emulator.general.id, "too many")
    assert status == 429 and body["global"] is False and 0 < body["retry_after"] <= 5
    assert headers["X-RateLimit-Scope"] == "user" and headers["Via"] and int(headers["Retry-After"]) >= 1
    assert [m.content for m in emulator.messages_seen(emulator.user("alice"))] == [f"m{i}" for i in range(5)]
    # another channel, and a DM channel, have buckets of their own
    assert (await post(api, other.id))[0] == 200 and (await post(api, dm.id))[0] == 200
    assert emulator.rate_limits.refused == {"user": 1}


async def test_the_global_limit_spans_routes_but_not_interactions(emulator: Emulator, api: Any) -> None:
    emulator.rate_limits.use_discord_limits(speed=0.2)  # windows five times longer: a slow machine still fits
    channels = [emulator.add_channel(emulator.guild, f"c{i}") for i in range(25)]
    statuses = [(await post(api, c.id))[0] for c in channels]
    statuses += [(await api.get(f"/api/v10/channels/{c.id}")).status for c in channels]
    assert statuses == [200] * 50
    last = await api.get("/api/v10/users/@me")
    assert last.status == 429 and last.headers["X-RateLimit-Global"] == "true"
    assert (await last.json())["global"] is True
    # an interaction callback is not counted against the bot's global limit
    async with api.post("/api/v10/interactions/1/nope/callback", json={"type": 1}) as resp:
        assert resp.status == 404  # refused for being unknown, not for the rate


async def test_discord_py_waits_for_its_bucket_and_is_never_refused(emulator: Emulator) -> None:
    emulator.rate_limits.use_discord_limits(speed=10)  # 5 every 0.5 s
    toy = ToyBot()
    async with running_bot(emulator, toy, commands=("impero",)):
        channel = toy.get_channel(int(emulator.general.id))
        dm = await (await toy.fetch_user(int(emulator.user("bob").id))).create_dm()
        await asyncio.gather(*(channel.send(f"annuncio {i}") for i in range(12)),
                             *(dm.send(f"segreto {i}") for i in range(12)))
    assert emulator.rate_limits.refused == {}
    assert len(emulator.messages_seen(emulator.user("alice"))) == 12 and len(emulator.dms(emulator.user("bob"))) == 12
    sent = sorted(r.at for r in emulator.requests if r.path == f"/channels/{emulator.general.id}/messages")
    assert sent[-1] - sent[0] >= 0.9  # three windows of five: discord.py waited for the resets
