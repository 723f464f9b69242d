"""The real bot boots against the emulator (skipped while bot.main is not importable)."""

from __future__ import annotations

import importlib.util

import pytest

from tests.emulator import Emulator

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.skipif(importlib.util.find_spec("bot.main") is None, reason="bot.main not available"),
]


async def test_araldo_connects_syncs_and_answers(araldo: Emulator) -> None:
    assert araldo.command("game")["options"]
    result = await araldo.slash(araldo.user("alice"), "game list")
    assert result.response_type in (4, 5) and result.message.text()
    araldo.assert_no_unknown_routes()
