"""A move answered with the board: in the interaction's first callback when the board is drawn in
time, else "thinking..." first and the board in the followup, within Discord's 3 seconds either way."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

import bot.ui as ui
from tests.emulator.interactions import CHANNEL_MESSAGE, DEFERRED_CHANNEL_MESSAGE

pytestmark = pytest.mark.e2e


async def started(emulator: Any, araldo: Any) -> tuple[Any, Any]:
    """A two-player test game in #general: (player to move, the other)."""
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="corsa", settings="target=50 turn_hours=2")
    await emulator.click(bob, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    first = araldo.service.load_state(row).players[0].id
    return (alice, bob) if str(alice.id) == first else (bob, alice)


def boards(result: Any) -> list[Any]:
    return [a for m in result.messages for a in m.attachments if a.filename.endswith(".png")]


async def test_a_board_drawn_in_time_comes_with_the_first_answer(emulator: Any, araldo: Any) -> None:
    player, _other = await started(emulator, araldo)
    moved = await emulator.slash(player, "corsa add", amount=2)
    assert moved.response_type == CHANNEL_MESSAGE  # no "thinking..." placeholder, one request
    assert not moved.ephemeral and "2" in moved.content
    assert len(boards(moved)) == 1 and boards(moved)[0].width > 0


async def test_a_slow_board_is_deferred_and_follows(emulator: Any, araldo: Any, monkeypatch) -> None:
    player, other = await started(emulator, araldo)
    real = ui.board_attachment

    async def slow(*args: Any, **kwargs: Any) -> Any:
        await asyncio.sleep(0.3)
        return await real(*args, **kwargs)

    monkeypatch.setattr(ui, "board_attachment", slow)
    monkeypatch.setattr(ui, "BOARD_WAIT", 0.05)
    moved = await emulator.slash(player, "corsa add", amount=3)
    assert moved.response_type == DEFERRED_CHANNEL_MESSAGE
    assert not moved.ephemeral and "3" in moved.content
    assert len(boards(moved)) == 1

    # a command that reached the bot late (its interaction already 2 s old) defers without waiting
    monkeypatch.setattr(ui, "BOARD_WAIT", 1.0)
    monkeypatch.setattr(ui, "ANSWER_BY", 0.0)
    again = await emulator.slash(other, "corsa add", amount=1)
    assert again.response_type == DEFERRED_CHANNEL_MESSAGE and len(boards(again)) == 1


async def test_with_a_board_process_the_board_comes_from_it(emulator: Any, tmp_path: Any, monkeypatch) -> None:
    """As `python -m bot` runs by default: the board of a move is drawn by the board process."""
    from bot import painters, pictures
    from bot.main import AraldoBot
    from tests.e2e.conftest import TOP_COMMANDS, bot_settings
    from tests.emulator.fixtures import running_bot

    bot = AraldoBot(bot_settings(emulator, tmp_path, BOARD_PROCESSES=1),
                    extra_extensions=("tests.fixtures.testgame.cog",))
    async with running_bot(emulator, bot, commands=TOP_COMMANDS) as araldo:
        running = painters.current()
        assert running is not None and running.loop is asyncio.get_running_loop()
        for _ in range(1200):
            if running.ready():
                break
            await asyncio.sleep(0.05)
        assert running.ready()
        drawn_here: list[Any] = []
        monkeypatch.setattr(pictures, "board_png", lambda *args: drawn_here.append(args))  # the thread's way
        player, _other = await started(emulator, araldo)
        moved = await emulator.slash(player, "corsa add", amount=2)
        assert moved.response_type == CHANNEL_MESSAGE and len(boards(moved)) == 1 and drawn_here == []
    running.close()
    painters._RUNNING[0] = None
