"""Start Araldo as `python -m bot` would (same settings, same startup) against the emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.main import AraldoBot
from bot.settings import Settings
from tests.conftest import migrated_sqlite
from tests.e2e.transcript import problems
from tests.emulator import fidelity
from tests.emulator.fixtures import TEST_TOKEN, running_bot

TOP_COMMANDS = ("game", "mod", "notify", "away", "games", "note", "substitute", "stats", "leaderboard", "corsa", "spqr", "impero", "nomic", "hf",
                "galactica")


def bot_settings(emulator: Any, tmp_path: Any, **extra: Any) -> Settings:
    # boards in a thread of the test's process: every test runs its own event loop, and a board
    # process lives on one (test_board_answers.py plays with one)
    db_path = tmp_path / "araldo.db"  # a copy of a database at head, unless the test made its own
    db_url = f"sqlite+aiosqlite:///{db_path}" if db_path.exists() else migrated_sqlite(db_path)
    values = {"DISCORD_TOKEN": TEST_TOKEN, "DATABASE_URL": db_url,
              "DISCORD_API_BASE": emulator.base_url, "BOARD_PROCESSES": 0,
              # no web pages on a fixed port (tests run side by side): the web tests start them on a free one
              "WEB_PORT": 0, **extra}
    return Settings(**values)


def make_bot(emulator: Any, tmp_path: Any) -> AraldoBot:
    return AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",))


@pytest.fixture
async def araldo(emulator: Any, tmp_path: Any) -> AsyncIterator[AraldoBot]:
    bot = make_bot(emulator, tmp_path)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS) as running:
        await running.start_web("127.0.0.1", 0)  # the pages beside it, on a free port
        yield running



@pytest.fixture
async def emulator(emulator: Any, request: Any) -> AsyncIterator[Any]:
    """The emulator of every e2e session, checked at the end: everything the bot wrote anywhere
    (channels, threads, DMs, ephemeral replies) passes the transcript check (tests/e2e/transcript.py),
    and every request and answer of the session matches Discord's OpenAPI description
    (tests/emulator/fidelity.py; skipped where the description is absent)."""
    yield emulator
    if fidelity.spec_available():
        mismatches = fidelity.load_checker().check_all(emulator.requests)
        assert mismatches == [], "answers Discord would not give:\n" + "\n".join(map(str, mismatches[:20]))
    bot_id = emulator.bot_user.id
    written = [m for ch in list(emulator.channels.values()) for m in emulator._channel_messages(ch)
               if m.author.id == bot_id]
    found = problems(written)
    assert found == [], "\n".join(found[:20])
