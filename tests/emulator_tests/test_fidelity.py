"""The emulator's answers as Discord builds them, and the checker that holds them to Discord's OpenAPI
description (tests/emulator/fidelity.py): it passes what Discord sends and catches what it would not."""

from __future__ import annotations

import copy
import json
from collections.abc import AsyncIterator
from typing import Any

import aiohttp
import pytest

from tests.emulator import Emulator, fidelity
from tests.emulator.fixtures import TEST_TOKEN, running_bot

from .toybot import ToyBot

needs_spec = pytest.mark.skipif(
    not fidelity.spec_available(), reason=f"Discord's OpenAPI description is not at {fidelity.SPEC_PATH}"
)


@pytest.fixture
async def api(emulator: Emulator) -> AsyncIterator[Any]:
    async with aiohttp.ClientSession(
        base_url=emulator.base_url, headers={"Authorization": f"Bot {TEST_TOKEN}"}
    ) as session:
        yield session


@pytest.fixture
async def bot(emulator: Emulator) -> AsyncIterator[ToyBot]:
    toy = ToyBot()
    async with running_bot(emulator, toy, commands=("impero",)):
        yield toy


async def post(api: Any, emulator: Emulator, body: dict[str, Any]) -> tuple[int, Any]:
    async with api.post(f"/api/v10/channels/{emulator.general.id}/messages", json=body) as resp:
        return resp.status, await resp.json()


# ------------------------------------------------------------------ the checker itself


@needs_spec
async def test_checker_passes_a_real_answer_and_fails_one_missing_a_required_field(
    emulator: Emulator, api: Any
) -> None:
    checker = fidelity.load_checker()
    status, message = await post(api, emulator, {"content": "ciao"})
    path = f"/channels/{emulator.general.id}/messages"
    assert checker.check("POST", path, status, {"content": "ciao"}, message) == []
    for field in ("mentions", "components", "author"):
        broken = {k: v for k, v in message.items() if k != field}
        found = checker.check("POST", path, status, {"content": "ciao"}, broken)
        assert [m.message for m in found] == [f"'{field}' is a required property"], found
    no_flags = copy.deepcopy(message)
    del no_flags["author"]["flags"]
    [found] = checker.check("POST", path, status, {"content": "ciao"}, no_flags)
    assert found.at == "author" and "'flags' is a required property" in found.message


@needs_spec
def test_checker_knows_routes_statuses_and_bodies() -> None:
    checker = fidelity.load_checker()
    assert checker.template("/users/@me") == "/users/@me"  # the literal path, not /users/{user_id}
    assert checker.template("/users/123") == "/users/{user_id}"
    [unknown] = checker.check("GET", "/nowhere", 200, None, {})
    assert unknown.where == "route"
    # a thread is created with 201; a 200 is not what Discord answers
    [wrong] = checker.check("POST", "/channels/1/threads", 200, {"name": "x"}, {})
    assert "status not in the description" in wrong.message
    # a deferral has no resource: a made-up message there breaks the description
    made_up = {"interaction": {"id": "1", "type": 2}, "resource": {"type": 5, "message": {}}}
    assert checker.check("POST", "/interactions/1/t/callback", 200, {"type": 5}, made_up)


@needs_spec
async def test_a_shape_one_process_found_valid_is_not_validated_again_by_another(
    emulator: Emulator, api: Any, tmp_path: Any, monkeypatch: Any
) -> None:
    """The parallel test workers share the shapes they found valid (a file named by tests/conftest.py);
    an invalid exchange is never shared, so each process still catches it."""
    monkeypatch.setenv(fidelity.SHARED_VALID, str(tmp_path / "valid"))
    status, message = await post(api, emulator, {"content": "ciao"})
    path = f"/channels/{emulator.general.id}/messages"
    first, second = (fidelity.Fidelity(json.loads(fidelity.SPEC_PATH.read_text())) for _ in range(2))
    broken = {k: v for k, v in message.items() if k != "author"}
    assert first.check("POST", path, status, {"content": "ciao"}, message) == []
    assert first.check("POST", path, status, {"content": "ciao"}, broken)
    monkeypatch.setattr(second, "_validator", lambda pointer: pytest.fail(f"validated again: {pointer}"))
    assert second.check("POST", path, status, {"content": "hello"}, {**message, "content": "hello"}) == []
    monkeypatch.undo()
    assert second.check("POST", path, status, {"content": "ciao"}, broken)


def test_every_quirk_says_why() -> None:
    assert fidelity.QUIRKS and all(q.why and q.pointer.startswith("/components/schemas/") for q in fidelity.QUIRKS)


# ------------------------------------------------------------------ payloads as Discord builds them


async def test_mentions_follow_allowed_mentions(emulator: Emulator, api: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    admin = emulator.guild.role("Admin")
    text = f"{alice.mention} {bob.mention} <@&{admin.id}> @everyone <@999999999999999999>"

    def pinged(message: dict[str, Any]) -> tuple[list[str], list[str], bool]:
        return [u["id"] for u in message["mentions"]], message["mention_roles"], message["mention_everyone"]

    _, everything = await post(api, emulator, {"content": text})  # no allowed_mentions: all of it
    assert pinged(everything) == ([alice.id, bob.id], [admin.id], True)
    _, users = await post(api, emulator, {"content": text, "allowed_mentions": {"parse": ["users"]}})
    assert pinged(users) == ([alice.id, bob.id], [], False)
    _, listed = await post(api, emulator, {"content": text, "allowed_mentions": {"users": [bob.id]}})
    assert pinged(listed) == ([bob.id], [], False)
    _, roles = await post(api, emulator, {"content": text, "allowed_mentions": {"roles": [admin.id]}})
    assert pinged(roles) == ([], [admin.id], False)
    _, everyone = await post(api, emulator, {"content": text, "allowed_mentions": {"parse": ["everyone"]}})
    assert pinged(everyone) == ([], [], True)
    _, none = await post(api, emulator, {"content": text, "allowed_mentions": {"parse": []}})
    assert pinged(none) == ([], [], False)
    status, refused = await post(
        api, emulator, {"content": text, "allowed_mentions": {"parse": ["users"], "users": [bob.id]}}
    )
    assert status == 400 and refused["code"] == 50035 and "allowed_mentions" in refused["errors"]
    # an edit parses its content again, under its own allowed_mentions
    async with api.patch(f"/api/v10/channels/{emulator.general.id}/messages/{none['id']}",
                         json={"content": f"{alice.mention} di nuovo"}) as resp:
        assert pinged(await resp.json()) == ([alice.id], [], False)


async def test_components_numbered_and_unicode_emoji_without_id(emulator: Emulator, api: Any) -> None:
    row = {"type": 1, "components": [
        {"type": 2, "style": 1, "label": "Tira", "custom_id": "roll", "emoji": {"name": "🎲", "id": None}},
        {"type": 2, "style": 2, "label": "Passa", "custom_id": "pass", "id": 2},
        {"type": 2, "style": 2, "label": "Vedi", "custom_id": "see"},
    ]}
    _, message = await post(api, emulator, {"content": "turno", "components": [row]})
    [echoed] = message["components"]
    assert echoed["id"] == 1 and [b["id"] for b in echoed["components"]] == [3, 2, 4]
    assert echoed["components"][0]["emoji"] == {"name": "🎲"}
    stored = emulator.messages[message["id"]]
    assert stored.button_labels == ["Tira", "Passa", "Vedi"]


async def test_interaction_metadata_and_callback_resources(emulator: Emulator, bot: ToyBot) -> None:
    alice = emulator.user("alice")
    offer = await emulator.slash(alice, "impero bid", company="Tessile", amount=80)
    opened = await emulator.click(alice, offer, "Counter")
    submitted = await emulator.submit_modal(alice, opened, {"Importo": "120"})
    meta = emulator._message_payload(submitted.message)["interaction_metadata"]
    assert meta["type"] == 5 and meta["authorizing_integration_owners"] == {"0": emulator.guild.id}
    trigger = meta["triggering_interaction_metadata"]
    assert trigger["id"] == opened.interaction.id and trigger["interacted_message_id"] == offer.message.id
    callbacks = {r.body["type"]: r.response for r in emulator.requests if r.path.endswith("/callback")}
    assert "resource" not in callbacks[9]  # a modal creates no message
    assert callbacks[4]["resource"]["type"] == 4 and callbacks[4]["resource"]["message"]["id"]
    deferred = await emulator.slash(alice, "impero board")
    assert deferred.response_type == 5
    last = next(r for r in reversed(emulator.requests) if r.path.endswith("/callback"))
    assert last.body["type"] == 5 and "resource" not in last.response


@needs_spec
def test_checker_reads_query_parameters() -> None:
    checker = fidelity.load_checker()
    assert checker.check("GET", "/channels/1/messages", 200, None, [], {"limit": "50", "before": "123"}) == []
    [unknown] = checker.check("GET", "/channels/1/messages", 200, None, [], {"colour": "red"})
    assert unknown.where == "query" and unknown.at == "colour"
    [too_many] = checker.check("GET", "/channels/1/messages", 200, None, [], {"limit": "500"})
    assert too_many.at == "limit"


@needs_spec
async def test_checker_wants_the_rate_limit_headers_on_a_success(emulator: Emulator, api: Any) -> None:
    checker = fidelity.load_checker()
    await post(api, emulator, {"content": "ciao"})
    record = emulator.requests[-1]
    assert checker.check_all([record]) == []
    headers = {k: v for k, v in record.headers.items() if k != "X-RateLimit-Bucket"}
    [missing] = checker.check(record.method, record.path, 200, record.body, record.response, {}, headers)
    assert (missing.where, missing.at) == ("headers", "X-RateLimit-Bucket")
    headers = {**record.headers, "X-RateLimit-Remaining": "many"}
    [wrong] = checker.check(record.method, record.path, 200, record.body, record.response, {}, headers)
    assert wrong.at == "X-RateLimit-Remaining"
