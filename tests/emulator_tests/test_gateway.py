"""The Gateway and interaction lifecycle driven by hand, byte by byte (no discord.py client)."""

from __future__ import annotations

import asyncio
import json
import zlib
from typing import Any

import aiohttp

from tests.emulator import Emulator
from tests.emulator.fixtures import TEST_TOKEN


class RawBot:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse, compressed: bool) -> None:
        self.ws, self.compressed = ws, compressed
        self.inflator = zlib.decompressobj()

    async def recv(self) -> dict[str, Any]:
        msg = await asyncio.wait_for(self.ws.receive(), 5)
        if self.compressed:
            assert msg.type == aiohttp.WSMsgType.BINARY and msg.data.endswith(b"\x00\x00\xff\xff")
            return json.loads(self.inflator.decompress(msg.data))
        return json.loads(msg.data)

    async def until(self, event: str) -> dict[str, Any]:
        while True:
            payload = await self.recv()
            if payload.get("t") == event:
                return payload


async def identify(session: aiohttp.ClientSession, emu: Emulator, compressed: bool = True) -> RawBot:
    query = "?v=10&encoding=json" + ("&compress=zlib-stream" if compressed else "")
    bot = RawBot(await session.ws_connect(emu.gateway_url + query), compressed)
    hello = await bot.recv()
    assert hello["op"] == 10 and hello["d"]["heartbeat_interval"] > 0
    await bot.ws.send_json({"op": 2, "d": {"token": TEST_TOKEN, "intents": 513, "properties": {}}})
    return bot


async def test_identify_ready_guild_create_heartbeat(emulator: Emulator) -> None:
    async with aiohttp.ClientSession() as session:
        bot = await identify(session, emulator)
        ready = await bot.recv()
        assert ready["t"] == "READY" and ready["s"] == 1
        data = ready["d"]
        assert data["application"]["id"] == emulator.application_id and "flags" in data["application"]
        assert data["session_id"] and data["resume_gateway_url"] == emulator.gateway_url
        assert data["shard"] == [0, 1] and data["user"]["bot"] is True
        guild = (await bot.recv())["d"]
        assert guild["name"] == "Araldo Test" and {c["name"] for c in guild["channels"]} == {"general"}
        assert {m["user"]["username"] for m in guild["members"]} >= {"alice", "bob", "owner", "araldo"}
        await bot.ws.send_json({"op": 1, "d": 2})
        assert (await bot.recv())["op"] == 11
        await bot.ws.send_json(
            {"op": 8, "d": {"guild_id": guild["id"], "query": "", "limit": 0, "nonce": "n"}}
        )
        chunk = await bot.until("GUILD_MEMBERS_CHUNK")
        assert chunk["d"]["nonce"] == "n" and len(chunk["d"]["members"]) == len(guild["members"])
        await bot.ws.close()


async def test_resume_replays_and_unknown_session_is_invalid(emulator: Emulator) -> None:
    async with aiohttp.ClientSession() as session:
        bot = await identify(session, emulator, compressed=False)
        ready = await bot.recv()
        await bot.recv()  # GUILD_CREATE, seq 2
        await emulator.disconnect_gateway(4000)
        await emulator.say(emulator.user("bob"), "missed")
        resumed = RawBot(await session.ws_connect(ready["d"]["resume_gateway_url"]), False)
        await resumed.recv()  # HELLO
        await resumed.ws.send_json(
            {"op": 6, "d": {"token": TEST_TOKEN, "session_id": ready["d"]["session_id"], "seq": 2}}
        )
        missed = await resumed.recv()
        assert (missed["t"], missed["s"], missed["d"]["content"]) == ("MESSAGE_CREATE", 3, "missed")
        assert (await resumed.recv())["t"] == "RESUMED"
        stranger = RawBot(await session.ws_connect(emulator.gateway_url), False)
        await stranger.recv()
        await stranger.ws.send_json({"op": 6, "d": {"token": TEST_TOKEN, "session_id": "nope", "seq": 1}})
        assert await stranger.recv() == {"op": 9, "d": False}


async def test_a_session_keeps_only_its_last_events_for_resume(emulator: Emulator) -> None:
    """The replay buffer is bounded: the oldest events go, a RESUME from within what is kept replays
    it, a RESUME from before it is an invalid session (the client identifies again)."""
    emulator.gateway.replay_limit = 5
    async with aiohttp.ClientSession() as session:
        bot = await identify(session, emulator, compressed=False)
        ready = await bot.recv()
        await bot.recv()  # GUILD_CREATE, seq 2
        await emulator.disconnect_gateway(4000)
        for i in range(8):  # seq 3 to 10: the buffer keeps 6 to 10
            await emulator.say(emulator.user("bob"), f"missed {i}")
        (kept,) = emulator.gateway.sessions.values()
        assert [p["s"] for p in kept.history] == [6, 7, 8, 9, 10]

        async def resume(seq: int) -> RawBot:
            raw = RawBot(await session.ws_connect(ready["d"]["resume_gateway_url"]), False)
            await raw.recv()  # HELLO
            await raw.ws.send_json({"op": 6, "d": {"token": TEST_TOKEN, "session_id": ready["d"]["session_id"],
                                                   "seq": seq}})
            return raw

        too_old = await resume(4)  # 5 is gone
        assert await too_old.recv() == {"op": 9, "d": False}
        assert emulator.gateway.resume_count == 0
        resumed = await resume(5)
        replayed = [await resumed.recv() for _ in range(5)]
        assert [(p["s"], p["d"]["content"]) for p in replayed] == [(6 + i, f"missed {3 + i}") for i in range(5)]
        assert (await resumed.recv())["t"] == "RESUMED"
        assert len(kept.history) == 5


async def test_interaction_lifecycle_by_hand(emulator: Emulator) -> None:
    """Defer, fill via first followup, more followups, edit/delete them, GET/DELETE @original."""
    app = emulator.application_id
    async with aiohttp.ClientSession(base_url=emulator.base_url) as http:
        await http.put(
            f"/api/v10/applications/{app}/commands",
            json=[
                {
                    "name": "ping",
                    "description": "p",
                    "options": [
                        {"type": 6, "name": "who", "description": "d", "required": True},
                        {"type": 10, "name": "much", "description": "d"},
                    ],
                }
            ],
        )
        async with aiohttp.ClientSession() as session:
            bot = await identify(session, emulator)
            await bot.until("GUILD_CREATE")
            alice = emulator.user("alice")
            pending = asyncio.create_task(emulator.slash(alice, "ping", who="bob", much=1.5))
            inter = (await bot.until("INTERACTION_CREATE"))["d"]
            assert inter["member"]["user"]["id"] == alice.id and inter["locale"] == "it"
            opts = {o["name"]: o["value"] for o in inter["data"]["options"]}
            bob_id = emulator.user("bob").id
            assert opts == {"who": bob_id, "much": 1.5}
            assert inter["data"]["resolved"]["users"][bob_id]["username"] == "bob"
            base = f"/api/v10/webhooks/{app}/{inter['token']}"
            early = await http.post(base, json={"content": "too soon"})
            assert (early.status, (await early.json())["code"]) == (404, 10015)
            cb = f"/api/v10/interactions/{inter['id']}/{inter['token']}/callback?with_response=true"
            resp = await http.post(cb, json={"type": 5, "data": {"flags": 64}})
            body = await resp.json()
            assert body["interaction"]["response_message_loading"] is True
            again = await http.post(cb, json={"type": 4, "data": {"content": "x"}})
            assert (again.status, (await again.json())["code"]) == (400, 40060)
            first = await (await http.post(base + "?wait=true", json={"content": "filled"})).json()
            second = await (await http.post(base + "?wait=true", json={"content": "more"})).json()
            assert first["id"] == body["interaction"]["response_message_id"] and first["flags"] & 64
            await http.patch(f"{base}/messages/{second['id']}", json={"content": "more, edited"})
            original = await (await http.get(f"{base}/messages/@original")).json()
            assert original["content"] == "filled"
            result = await pending
            assert [m.content for m in result.messages] == ["filled", "more, edited"]
            assert result.ephemeral and result.response_type == 5
            # Only the deferred placeholder inherits ephemerality; a later followup without flags is public.
            assert [m.content for m in emulator.messages_seen(emulator.user("bob"))] == ["more, edited"]
            assert (await http.delete(f"{base}/messages/{second['id']}")).status == 204
            assert (await http.delete(f"{base}/messages/@original")).status == 204
            assert emulator.messages_seen(alice) == []
            emulator.followup_window = 0
            late = await http.post(base, json={"content": "after 15 minutes"})
            assert (late.status, (await late.json())["code"]) == (401, 50027)
            await bot.ws.close()
