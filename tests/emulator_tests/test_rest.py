"""The REST surface without a bot: validation, error shapes, limits, faults."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.emulator import Emulator
from tests.emulator.fixtures import TEST_TOKEN
from tests.emulator.models import png_dimensions

from .toybot import tiny_png


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Any]:
    async with aiohttp.ClientSession(
        base_url=emulator.base_url, headers={"Authorization": f"Bot {TEST_TOKEN}"}
    ) as session:
        yield session


async def call(api: Any, method: str, path: str, **kwargs: Any) -> tuple[int, Any]:
    async with api.request(method, f"/api/v10{path}", **kwargs) as resp:
        body = await resp.json() if resp.content_type == "application/json" else None
        return resp.status, body


def cmd(**overrides: Any) -> dict[str, Any]:
    return {"name": "impero", "description": "Play Impero", "type": 1, **overrides}


async def test_sync_returns_ids_and_keeps_them(emulator: Emulator, api: Any) -> None:
    path = f"/applications/{emulator.application_id}/commands"
    status, first = await call(api, "PUT", path, json=[cmd()])
    assert status == 200 and first[0]["id"] and first[0]["application_id"] == emulator.application_id
    _, second = await call(api, "PUT", path, json=[cmd(description="Gioca")])
    assert second[0]["id"] == first[0]["id"]
    _, listed = await call(api, "GET", path)
    assert listed[0]["description"] == "Gioca"
    guild_path = f"/applications/{emulator.application_id}/guilds/{emulator.guild.id}/commands"
    status, guild_cmds = await call(api, "PUT", guild_path, json=[cmd(name="dev")])
    assert status == 200 and guild_cmds[0]["guild_id"] == emulator.guild.id


@pytest.mark.parametrize(
    ("command", "path", "code"),
    [
        (cmd(name="Impero"), ["0", "name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (cmd(name="a" * 33), ["0", "name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (cmd(name="due parole"), ["0", "name"], "APPLICATION_COMMAND_INVALID_NAME"),
        (cmd(description=""), ["0", "description"], "BASE_TYPE_BAD_LENGTH"),
        (
            cmd(description_localizations={"xx": "no"}),
            ["0", "description_localizations", "xx"],
            "ENUM_TYPE_COERCE",
        ),
        (cmd(name_localizations={"it": "x" * 33}), ["0", "name_localizations", "it"], "BASE_TYPE_BAD_LENGTH"),
        (
            cmd(options=[{"type": 3, "name": f"o{i}", "description": "d"} for i in range(26)]),
            ["0", "options"],
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            cmd(
                options=[
                    {"type": 3, "name": "a", "description": "d"},
                    {"type": 3, "name": "b", "description": "d", "required": True},
                ]
            ),
            ["0", "options", "1", "required"],
            "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
        ),
        (
            cmd(
                options=[
                    {
                        "type": 3,
                        "name": "a",
                        "description": "d",
                        "choices": [{"name": str(i), "value": str(i)} for i in range(26)],
                    }
                ]
            ),
            ["0", "options", "0", "choices"],
            "BASE_TYPE_MAX_LENGTH",
        ),
        (
            cmd(
                options=[
                    {
                        "type": 1,
                        "name": "bid",
                        "description": "d",
                        "options": [{"type": 4, "name": "Amount", "description": "d"}],
                    }
                ]
            ),
            ["0", "options", "0", "options", "0", "name"],
            "APPLICATION_COMMAND_INVALID_NAME",
        ),
    ],
)
async def test_invalid_commands_get_form_errors(
    emulator: Emulator, api: Any, command: dict[str, Any], path: list[str], code: str
) -> None:
    status, body = await call(api, "PUT", f"/applications/{emulator.application_id}/commands", json=[command])
    assert status == 400 and body["code"] == 50035 and body["message"] == "Invalid Form Body"
    node = body["errors"]
    for key in path:
        node = node[key]
    assert node["_errors"][0]["code"] == code


async def test_at_most_100_global_commands(emulator: Emulator, api: Any) -> None:
    many = [cmd(name=f"c{i}") for i in range(101)]
    status, body = await call(api, "PUT", f"/applications/{emulator.application_id}/commands", json=many)
    assert status == 400 and body["errors"]["_errors"][0]["code"] == "BASE_TYPE_MAX_LENGTH"


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"content": "x" * 2001}, ["content"]),
        ({"embeds": [{"title": "t" * 257}]}, ["embeds", "0", "title"]),
        ({"embeds": [{"description": "d" * 4097}]}, ["embeds", "0", "description"]),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, ["embeds", "0", "fields"]),
        (
            {"embeds": [{"fields": [{"name": "n", "value": "v" * 1025}]}]},
            ["embeds", "0", "fields", "0", "value"],
        ),
        ({"embeds": [{"footer": {"text": "f" * 2049}}]}, ["embeds", "0", "footer", "text"]),
        ({"embeds": [{"author": {"name": "a" * 257}}]}, ["embeds", "0", "author", "name"]),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, ["embeds"]),
        ({"embeds": [{"title": "t"}] * 11}, ["embeds"]),
        (
            {"components": [{"type": 1, "components": [{"type": 2, "label": "b", "custom_id": "x" * 101}]}]},
            ["components", "0", "components", "0", "custom_id"],
        ),
        (
            {"components": [{"type": 1, "components": [{"type": 2, "label": "b", "custom_id": "c"}]}] * 6},
            ["components"],
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [{"type": 2, "label": str(i), "custom_id": str(i)} for i in range(6)],
                    }
                ]
            },
            ["components", "0", "components"],
        ),
    ],
)
async def test_message_limits(emulator: Emulator, api: Any, payload: dict[str, Any], path: list[str]) -> None:
    status, body = await call(api, "POST", f"/channels/{emulator.general.id}/messages", json=payload)
    assert status == 400 and body["code"] == 50035
    node = body["errors"]
    for key in path:
        node = node[key]
    assert node["_errors"]


async def test_empty_message_and_unknown_channel(emulator: Emulator, api: Any) -> None:
    status, body = await call(api, "POST", f"/channels/{emulator.general.id}/messages", json={})
    assert (status, body["code"]) == (400, 50006)
    status, body = await call(api, "POST", "/channels/1/messages", json={"content": "x"})
    assert (status, body["code"]) == (404, 10003)


def form(payload: dict[str, Any], files: list[tuple[str, bytes]]) -> aiohttp.FormData:
    import json

    data = aiohttp.FormData(quote_fields=False)
    meta = [{"id": i, "filename": name} for i, (name, _) in enumerate(files)]
    data.add_field(
        "payload_json", json.dumps({**payload, "attachments": meta}), content_type="application/json"
    )
    for i, (name, blob) in enumerate(files):
        data.add_field(f"files[{i}]", blob, filename=name, content_type="application/octet-stream")
    return data


async def test_multipart_attachments_and_edit(emulator: Emulator, api: Any) -> None:
    png = tiny_png(3, 2)
    status, msg = await call(
        api,
        "POST",
        f"/channels/{emulator.general.id}/messages",
        data=form({"content": "map"}, [("m.png", png)]),
    )
    assert status == 200
    [att] = msg["attachments"]
    assert (att["filename"], att["width"], att["height"], att["size"]) == ("m.png", 3, 2, len(png))
    async with api.get(att["url"].replace(emulator.base_url, "")) as resp:
        assert await resp.read() == png
    # Edit: keep the old file by id and add a new one.
    payload = {"content": "map v2", "attachments": [{"id": att["id"]}, {"id": 0, "filename": "n.txt"}]}
    status, edited = await call(
        api,
        "PATCH",
        f"/channels/{emulator.general.id}/messages/{msg['id']}",
        data=_edit_form(payload, b"notes"),
    )
    assert status == 200 and [a["filename"] for a in edited["attachments"]] == ["m.png", "n.txt"]
    seen = emulator.messages_seen(emulator.user("alice"))[-1]
    assert seen.content == "map v2" and seen.images[0].width == 3


def _edit_form(payload: dict[str, Any], blob: bytes) -> aiohttp.FormData:
    import json

    data = aiohttp.FormData(quote_fields=False)
    data.add_field("payload_json", json.dumps(payload), content_type="application/json")
    data.add_field("files[0]", blob, filename="n.txt")
    return data


async def test_attachment_size_limits(emulator: Emulator, api: Any) -> None:
    emulator.attachment_size_limit, emulator.attachment_total_limit = 1000, 1500
    path = f"/channels/{emulator.general.id}/messages"
    status, body = await call(api, "POST", path, data=form({"content": "x"}, [("big.bin", b"0" * 1001)]))
    assert (status, body["code"], body["message"]) == (413, 40005, "Request entity too large")
    status, body = await call(api, "POST", path, data=form({}, [("a", b"0" * 800), ("b", b"0" * 800)]))
    assert (status, body["code"]) == (413, 40005)


async def test_dm_channel_and_refusal(emulator: Emulator, api: Any) -> None:
    dave = emulator.user("dave")
    status, channel = await call(api, "POST", "/users/@me/channels", json={"recipient_id": dave.id})
    assert status == 200 and channel["type"] == 1 and channel["recipients"][0]["id"] == dave.id
    emulator.close_dms(dave)
    status, body = await call(api, "POST", f"/channels/{channel['id']}/messages", json={"content": "hi"})
    assert (status, body) == (403, {"message": "Cannot send messages to this user", "code": 50007})


async def test_threads_guild_and_members(emulator: Emulator, api: Any) -> None:
    gid, alice = emulator.guild.id, emulator.user("alice")
    status, thread = await call(
        api, "POST", f"/channels/{emulator.general.id}/threads", json={"name": "partita"}
    )
    assert status == 201 and thread["type"] == 12 and thread["parent_id"] == emulator.general.id
    _, msg = await call(api, "POST", f"/channels/{emulator.general.id}/messages", json={"content": "start"})
    status, thread2 = await call(
        api, "POST", f"/channels/{emulator.general.id}/messages/{msg['id']}/threads", json={"name": "t"}
    )
    assert status == 201 and thread2["id"] == msg["id"] and thread2["type"] == 11
    assert (await call(api, "GET", f"/guilds/{gid}"))[1]["name"] == "Araldo Test"
    assert "general" in [c["name"] for c in (await call(api, "GET", f"/guilds/{gid}/channels"))[1]]
    assert (await call(api, "GET", f"/guilds/{gid}/members/{alice.id}"))[1]["user"]["username"] == "alice"
    assert "Admin" in [r["name"] for r in (await call(api, "GET", f"/guilds/{gid}/roles"))[1]]
    assert (await call(api, "GET", f"/guilds/{gid}/members/1"))[1]["code"] == 10007


async def test_a_thread_is_archived_and_a_post_reopens_it(emulator: Emulator, api: Any) -> None:
    """PATCH /channels/{id} with `archived` as Discord: the thread's metadata says so (THREAD_UPDATE),
    a post in it reopens it; a text channel has no archive."""
    general = emulator.general.id
    _, msg = await call(api, "POST", f"/channels/{general}/messages", json={"content": "start"})
    _, thread = await call(api, "POST", f"/channels/{general}/messages/{msg['id']}/threads", json={"name": "t"})
    status, archived = await call(api, "PATCH", f"/channels/{thread['id']}", json={"archived": True})
    assert status == 200 and archived["thread_metadata"]["archived"] is True
    assert emulator.channels[thread["id"]].archived
    await call(api, "POST", f"/channels/{thread['id']}/messages", json={"content": "again"})
    assert not emulator.channels[thread["id"]].archived
    status, body = await call(api, "PATCH", f"/channels/{general}", json={"archived": True})
    assert (status, body["code"]) == (400, 50024)


async def test_unknown_route_and_faults(emulator: Emulator, api: Any) -> None:
    status, body = await call(api, "GET", "/guilds/1/emojis")
    assert (status, body) == (404, {"message": "404: Not Found", "code": 0})
    assert emulator.unknown_routes == [("GET", "/guilds/1/emojis")]
    emulator.unknown_routes.clear()
    emulator.faults.rate_limit("/users/@me", times=1, retry_after=0.25)
    async with api.get("/api/v10/users/@me") as resp:
        assert resp.status == 429 and resp.headers["Retry-After"] == "0.25" and resp.headers["Via"]
        assert await resp.json() == {
            "message": "You are being rate limited.",
            "retry_after": 0.25,
            "global": False,
        }
    emulator.faults.server_error("/users/@me")
    assert (await call(api, "GET", "/users/@me"))[0] == 500
    assert (await call(api, "GET", "/users/@me"))[0] == 200


async def test_gateway_bot_and_bad_token(emulator: Emulator, api: Any) -> None:
    _, body = await call(api, "GET", "/gateway/bot")
    assert body["url"] == emulator.gateway_url and body["shards"] == 1
    status, _ = await call(api, "GET", "/users/@me", headers={"Authorization": "Bot wrong"})
    assert status == 401


def test_png_dimensions() -> None:
    assert png_dimensions(tiny_png(640, 480)) == (640, 480)
    assert png_dimensions(b"GIF89a") is None


async def test_a_message_sent_again_under_its_nonce_is_not_posted_twice(emulator: Emulator, api: Any) -> None:
    path = f"/channels/{emulator.general.id}/messages"
    status, first = await call(api, "POST", path, json={"content": "uno", "nonce": "n-1", "enforce_nonce": True})
    assert status == 200
    status, again = await call(api, "POST", path, json={"content": "uno", "nonce": "n-1", "enforce_nonce": True})
    assert status == 200 and again["id"] == first["id"]
    status, other = await call(api, "POST", path, json={"content": "uno", "nonce": "n-1"})  # not enforced: a new one
    assert status == 200 and other["id"] != first["id"]
    assert [m.payload["content"] for m in emulator._channel_messages(emulator.general)] == ["uno", "uno"]
