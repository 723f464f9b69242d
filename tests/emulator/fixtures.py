"""Pytest fixtures for the emulator. Enable with `pytest_plugins = ["tests.emulator.fixtures"]`."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from typing import Any

import pytest

from .emulator import Emulator
from .patching import point_discord_py_at
from .patience import WAIT

TEST_TOKEN = "emulator-test-token"


@pytest.fixture
async def emulator() -> AsyncIterator[Emulator]:
    """A running emulator with the default world, with discord.py pointed at it for the test."""
    emu = Emulator.with_default_world(token=TEST_TOKEN)
    await emu.start()
    restore = point_discord_py_at(emu.base_url)
    try:
        yield emu
    finally:
        restore()
        await emu.stop()


@contextlib.asynccontextmanager
async def running_bot(
    emu: Emulator,
    client: Any,
    *,
    token: str = TEST_TOKEN,
    commands: tuple[str, ...] | None = (),
    timeout: float = WAIT,
) -> AsyncIterator[Any]:
    """Run a discord.py client against `emu` until the block ends.

    Waits for the Gateway session and, unless `commands` is None, for a command sync (and for the
    given top-level command names). Re-raises a crash of the client instead of hanging.
    """
    emu.busy_probe = getattr(client, "is_busy", None)
    task = asyncio.create_task(client.start(token), name="bot-under-test")
    try:
        waiters = [asyncio.ensure_future(emu.wait_until_connected(timeout))]
        if commands is not None:
            waiters.append(asyncio.ensure_future(emu.wait_for_commands(*commands, timeout=timeout)))
        ready = asyncio.gather(*waiters)
        done, _ = await asyncio.wait({task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
        if task in done:
            ready.cancel()
            task.result()  # raises the bot's startup error
            raise RuntimeError("the bot stopped before it was ready")
        await ready
        yield client
    finally:
        with contextlib.suppress(Exception):
            await client.close()
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await task


@pytest.fixture
async def araldo(emulator: Emulator, tmp_path: Any) -> AsyncIterator[Emulator]:
    """The real bot (bot.main.run_bot) connected to `emulator`, on a fresh SQLite database.

    Yields the emulator once the bot has synced its commands; act on it with emulator.slash(...).
    """
    from .script import araldo_running

    async with araldo_running(emulator, f"sqlite+aiosqlite:///{tmp_path}/araldo.db"):
        yield emulator


@pytest.fixture
def alice(emulator: Emulator) -> Any:
    return emulator.user("alice")


@pytest.fixture
def bob(emulator: Emulator) -> Any:
    return emulator.user("bob")
