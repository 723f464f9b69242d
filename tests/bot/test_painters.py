"""Boards drawn in worker processes (bot/painters.py): the same bytes as a board drawn in the bot's
own process, and a way back to drawing here whenever a worker could not draw it the same way."""

from __future__ import annotations

import asyncio
import logging
import os
from collections.abc import AsyncIterator
from datetime import UTC, datetime

import pytest

import tests.fixtures.testgame  # noqa: F401  (registers "corsa" and its renderer)
from bot import painters as painters_module
from bot import pictures
from bot.painters import FALLBACK, Painters, modules_to_import, painted
from bot.storage.models import GameRow
from engine.core import get_game
from engine.core.model import Player
from render import common
from render.common import render_png

NOW = datetime(2026, 11, 23, 21, 0, tzinfo=UTC)


def corsa_snapshot(total: int) -> tuple[object, str]:
    game = get_game("corsa")
    state = game.setup(game.settings_model(target=50), [Player(id="1", name="Ada"), Player(id="2", name="Bo")],
                       seed=7, now=NOW)
    for n in range(total):
        game.handle(state, state.players[n % 2].id, game.parse_action({"type": "add", "amount": 1}),
                    NOW)
    return state, game.dump_state_json(state)


async def until_ready(painters: Painters) -> None:
    for _ in range(1200):  # a spawned worker imports the engine and Pillow: seconds on a slow machine
        if painters.ready():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the board process never started")


@pytest.fixture
async def painters() -> AsyncIterator[Painters]:
    pool = Painters(1)
    pool.start()
    await until_ready(pool)
    yield pool
    pool.close()


def test_the_workers_import_the_modules_that_registered_games_and_renderers() -> None:
    modules = modules_to_import()
    assert "tests.fixtures.testgame" in modules  # a game the bot did not ship, registered at run time
    assert "render.spqrisiko" in modules and "engine.spqrisiko.game" in modules


async def test_a_board_drawn_in_a_worker_is_the_board_drawn_here(painters: Painters) -> None:
    state, snapshot = corsa_snapshot(5)
    here = render_png("corsa", get_game("corsa").view(state, "1"), "board")
    there = await painters.draw("corsa", snapshot, "1", "board", None)
    assert isinstance(there, bytes) and there == here
    assert there != await painters.draw("corsa", corsa_snapshot(6)[1], "1", "board", None)


async def test_a_renderer_replaced_here_is_left_to_this_process(painters: Painters, monkeypatch) -> None:
    def other(view: object) -> object:
        raise AssertionError("drawn in the worker?")

    monkeypatch.setitem(common._RENDERERS.by, ("corsa", "board"), other)
    assert await painters.draw("corsa", corsa_snapshot(1)[1], None, "board", None) is FALLBACK


async def test_a_worker_that_fails_to_draw_answers_no_board(painters: Painters, caplog) -> None:
    with caplog.at_level(logging.ERROR, logger="bot.painters"):
        assert await painters.draw("corsa", '{"not": "a corsa state"}', None, "board", None) is None
    assert "rendering board of a corsa game failed" in caplog.text
    assert isinstance(await painters.draw("corsa", corsa_snapshot(2)[1], None, "board", None), bytes)


async def test_a_dead_worker_hands_the_board_back_then_new_workers_start(painters: Painters) -> None:
    [worker] = painters._workers
    worker.process.kill()
    _, snapshot = corsa_snapshot(3)
    assert await painters.draw("corsa", snapshot, None, "board", None) is FALLBACK
    assert painters._workers and painters._workers[0] is not worker  # replaced at once
    await until_ready(painters)
    assert isinstance(await painters.draw("corsa", snapshot, None, "board", None), bytes)


async def test_a_picture_function_runs_in_a_worker(painters: Painters) -> None:
    assert await painters.call(os.getpid) != os.getpid()
    state, _ = corsa_snapshot(2)
    view = get_game("corsa").view(state, None)
    assert await painters.call(render_png, "corsa", view) == render_png("corsa", view)


async def test_what_a_worker_cannot_import_runs_in_a_thread_here(painters: Painters) -> None:
    assert await painters.call(lambda: os.getpid()) == os.getpid()

    def local_renderer(view: object) -> object:
        raise ValueError("drawn here")

    with pytest.raises(ValueError, match="drawn here"):  # its own error, raised here
        await painters.call(painted, local_renderer, None)


async def test_a_picture_after_a_worker_died_is_drawn_here(painters: Painters) -> None:
    [worker] = painters._workers
    worker.process.kill()
    worker.process.join(5)
    for _ in range(100):  # its socket closes: a new worker is started without waiting for a picture
        if painters._workers[0] is not worker:
            break
        await asyncio.sleep(0.02)
    assert painters._workers[0] is not worker and not worker.alive
    assert await painters.call(os.getpid) == os.getpid()  # the new one is still starting
    await until_ready(painters)
    assert await painters.call(os.getpid) != os.getpid()


async def test_before_the_workers_are_up_boards_are_drawn_here() -> None:
    idle = Painters(1)  # never started
    assert await idle.draw("corsa", corsa_snapshot(1)[1], None, "board", None) is FALLBACK


async def test_a_command_board_comes_from_the_workers_and_is_kept(monkeypatch) -> None:
    state, snapshot = corsa_snapshot(4)
    row = GameRow(id=987654, kind="corsa", guild_id="1", channel_id="2", created_by="1", created_at=NOW,
                  updated_at=NOW, version=5, snapshot_json=snapshot, schema_version=get_game("corsa").state_version)
    painters_module.start(1)
    processes = painters_module.current()
    assert processes is not None
    await until_ready(processes)
    drawn_here: list[object] = []
    monkeypatch.setattr(pictures, "board_png", lambda *args: drawn_here.append(args))
    name, data = await pictures.board_attachment(row, state, None)  # type: ignore[misc]
    assert name == "corsa-987654-v5-board.png" and drawn_here == []
    assert data == render_png("corsa", get_game("corsa").view(state, None), "board")
    processes.close()  # the next board comes from the cache, not from a worker
    painters_module._RUNNING[0] = None
    assert await pictures.board_attachment(row, state, None) == (name, data) and drawn_here == []


async def test_workers_that_cannot_start_leave_every_picture_to_this_process(caplog) -> None:
    broken = Painters(1)
    broken.modules = ("araldo_has_no_such_module",)
    with caplog.at_level(logging.ERROR, logger="bot.painters"):
        broken.start()
        for _ in range(1200):
            if broken._workers[0].up.done():
                break
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.1)  # the callback that reports it
    assert not broken.ready() and "failed to start" in caplog.text
    assert await broken.draw("corsa", corsa_snapshot(1)[1], None, "board", None) is FALLBACK
    assert await broken.call(os.getpid) == os.getpid()
    broken.close()


async def test_another_event_loop_is_not_answered_by_these_workers(painters: Painters) -> None:
    """Their sockets are read by the loop they started on: any other draws in its own thread."""
    _, snapshot = corsa_snapshot(2)
    elsewhere = await asyncio.to_thread(asyncio.run, painters.draw("corsa", snapshot, None, "board", None))
    assert elsewhere is FALLBACK
    assert isinstance(await painters.draw("corsa", snapshot, None, "board", None), bytes)


async def test_workers_that_keep_dying_are_not_started_again(painters: Painters, caplog) -> None:
    with caplog.at_level(logging.ERROR, logger="bot.painters"):
        for _ in range(4):  # a worker that dies as soon as it is up, over and over
            await until_ready(painters)
            [worker] = painters._workers
            worker.process.kill()
            worker.process.join(5)
            for _ in range(100):
                if painters._workers != [worker]:
                    break
                await asyncio.sleep(0.02)
    assert painters._workers == [] and "died 4 times" in caplog.text
    assert await painters.draw("corsa", corsa_snapshot(1)[1], None, "board", None) is FALLBACK
    assert await painters.call(os.getpid) == os.getpid()
