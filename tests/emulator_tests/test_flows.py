"""The emulator driven by a real discord.py bot (tests/emulator_tests/toybot.py)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator

import discord
import pytest
from discord import app_commands

from tests.emulator import Emulator
from tests.emulator.fixtures import running_bot

from .toybot import ToyBot


@pytest.fixture
async def bot(emulator: Emulator) -> AsyncIterator[ToyBot]:
    toy = ToyBot()
    async with running_bot(emulator, toy, commands=("impero",)):
        yield toy
    emulator.assert_no_unknown_routes()


async def test_buttons_update_the_message(emulator: Emulator, bot: ToyBot) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    offer = await emulator.slash(alice, "impero bid", company="Tessile", amount=80)
    clicked = await emulator.click(bob, offer, "Accept")
    assert clicked.response_type == 7
    assert clicked.message is offer.message
    assert offer.message.content == "accettata da Bob"
    accept = next(b for b in offer.message.buttons if b["label"] == "Accept")
    assert accept["disabled"] is True
    with pytest.raises(PermissionError):
        await emulator.click(bob, offer, "Accept")


async def test_select_menu(emulator: Emulator, bot: ToyBot) -> None:
    alice = emulator.user("alice")
    offer = await emulator.slash(alice, "impero bid", company="Tessile", amount=80)
    picked = await emulator.select(alice, offer, ["Rail"])  # by label
    assert picked.content == "scelto rail"
    assert picked.ephemeral


async def test_modal_round_trip(emulator: Emulator, bot: ToyBot) -> None:
    alice = emulator.user("alice")
    offer = await emulator.slash(alice, "impero bid", company="Tessile", amount=80)
    opened = await emulator.click(alice, offer, "Counter")
    assert opened.response_type == 9
    assert opened.modal is not None and opened.modal["title"] == "Offerta"
    submitted = await emulator.submit_modal(alice, opened, {"Importo": "120"})
    assert submitted.content == "offerta registrata: 120"


async def test_autocomplete(emulator: Emulator, bot: ToyBot) -> None:
    choices = await emulator.autocomplete(emulator.user("alice"), "impero bid", focused="company", value="te")
    assert [c["name"] for c in choices] == ["Telegrafo", "Tessile"]


async def test_subcommand_group_and_boolean(emulator: Emulator, bot: ToyBot) -> None:
    result = await emulator.slash(emulator.owner, "impero admin reset", confirm=True)
    assert result.content == "reset confirm=True"


async def test_ephemeral_is_visible_only_to_its_user(emulator: Emulator, bot: ToyBot) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    sealed = await emulator.slash(alice, "impero bid", company="Ferrovia", amount=5, sealed=True)
    assert sealed.ephemeral
    assert sealed.message in emulator.messages_seen(alice)
    assert sealed.message not in emulator.messages_seen(bob)
    with pytest.raises(PermissionError):
        await emulator.click(bob, sealed, "Accept")


async def test_deferred_followup_with_png(emulator: Emulator, bot: ToyBot) -> None:
    result = await emulator.slash(emulator.user("carol"), "impero board")
    assert result.response_type == 5
    msg = result.message
    assert msg.content == "ecco la mappa"
    [image] = msg.images
    assert (image.filename, image.width, image.height) == ("board.png", 7, 5)
    assert image.data.startswith(b"\x89PNG")


async def test_dm_to_user_with_closed_dms(emulator: Emulator, bot: ToyBot) -> None:
    alice, dave = emulator.user("alice"), emulator.user("dave")
    ok = await emulator.slash(alice, "impero whisper", player=dave, text="psst")
    assert ok.content == "sent"
    assert [m.content for m in emulator.dms(dave)] == ["psst"]
    emulator.close_dms(dave)
    refused = await emulator.slash(alice, "impero whisper", player="dave", text="again")
    assert refused.content == "DM failed: 50007"
    assert ("/channels/" in emulator.errors[-1][0]) and emulator.errors[-1][1:3] == (403, 50007)


async def test_rate_limit_storm_then_success(emulator: Emulator, bot: ToyBot) -> None:
    emulator.faults.rate_limit("/callback", times=3, retry_after=0.05)
    result = await emulator.slash(emulator.user("alice"), "impero bid", company="Tel", amount=1)
    assert result.content.endswith("per Tel")
    assert [r.status for r in emulator.requests if "/callback" in r.path] == [429, 429, 429, 200]


async def test_gateway_resume_replays_missed_events(emulator: Emulator, bot: ToyBot) -> None:
    seen: list[str] = []
    resumed = asyncio.Event()

    async def on_message(message: discord.Message) -> None:
        seen.append(message.content)

    async def on_resumed() -> None:
        resumed.set()

    bot.add_listener(on_message)
    bot.add_listener(on_resumed)
    await emulator.disconnect_gateway(close_code=4000)
    await emulator.say(emulator.user("bob"), "while you were away")  # queued for replay
    await asyncio.wait_for(resumed.wait(), 10)
    assert emulator.gateway.resume_count == 1 and emulator.gateway.identify_count == 1
    for _ in range(100):
        if "while you were away" in seen:
            break
        await asyncio.sleep(0.02)
    assert "while you were away" in seen
    result = await emulator.slash(emulator.user("alice"), "impero bid", company="Tel", amount=2)
    assert result.content.endswith("per Tel")


async def test_late_response_gets_unknown_interaction(emulator: Emulator, bot: ToyBot) -> None:
    emulator.interaction_timeout = 0.3
    bot.slow_delay = 0.5
    result = await emulator.slash(emulator.user("alice"), "impero slow")
    assert result.response_type is None
    assert result.errors == [(404, 10062, "Unknown interaction")]
    [exc] = bot.errors
    assert isinstance(exc, discord.NotFound) and exc.code == 10062


async def test_second_initial_response_is_rejected(emulator: Emulator, bot: ToyBot) -> None:
    result = await emulator.slash(emulator.user("alice"), "impero twice")
    assert result.content == "one"
    [exc] = bot.errors
    assert isinstance(exc, discord.HTTPException) and (exc.status, exc.code) == (400, 40060)


async def test_invalid_command_fails_sync_with_discords_error(emulator: Emulator) -> None:
    @app_commands.command(name="lungo", description="x" * 101)
    async def lungo(interaction: discord.Interaction) -> None:  # pragma: no cover - never invoked
        await interaction.response.send_message("no")

    toy = ToyBot(extra=[lungo])
    started = time.monotonic()
    async with running_bot(emulator, toy, commands=None):
        while toy.sync_error is None and time.monotonic() - started < 5:
            await asyncio.sleep(0.02)
    exc = toy.sync_error
    assert isinstance(exc, discord.HTTPException)
    assert (exc.status, exc.code) == (400, 50035)
    assert "Must be between 1 and 100 in length." in str(exc)
    assert "lungo" in str(exc)


async def test_unknown_route_is_recorded(emulator: Emulator, bot: ToyBot) -> None:
    with pytest.raises(discord.NotFound):
        await bot.http.request(discord.http.Route("GET", "/stickers/{sticker_id}", sticker_id=1))
    assert emulator.unknown_routes == [("GET", "/stickers/1")]
    emulator.unknown_routes.clear()
