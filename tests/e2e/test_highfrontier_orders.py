"""High Frontier standing orders through the emulator: a president leaves a default board decision
with /hf orders (answered to them alone, kept from the others' /game log); the board meeting's
deadline passes and the channel says the dividend was paid by standing orders."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.highfrontier.models import HfState
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.staging import rig, state_of
from tests.e2e.test_highfrontier import open_game
from tests.e2e.test_nomic import posted
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


def public(emulator: Any, user: Any) -> list[Any]:
    return [m for m in emulator.messages_seen(user, emulator.general) if not m.ephemeral]


async def test_a_presidents_orders_pay_a_dividend_when_the_deadline_passes(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime(2026, 11, 23, 9, 0, tzinfo=UTC))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        bot.service.seed_source = lambda: 20261123
        row, (p0, p1, p2) = await open_game(emulator, bot)

        def launch(state: HfState) -> None:  # Bianco's company in row 3, where the board pays a dividend
            c = state.companies["triangle1"]
            c.floated, c.row, c.col, c.holes = True, 3, 1, [str(p1.id), str(p2.id), None]

        await rig(bot, row, launch)
        seen = len(public(emulator, p2))
        given = await emulator.slash(p1, "hf orders", board="dividend", dots=1, proxy="counter")
        assert given.ephemeral and "dividendo di al più 1 punto" in given.content and "contrattaccare" in given.content
        # one option later changes that one only: the board decision stays, as in every game's /orders
        changed = await emulator.slash(p1, "hf orders", proxy="yield")
        assert "dividendo di al più 1 punto" in changed.content and "cedere l'azione" in changed.content
        given = await emulator.slash(p1, "hf orders", proxy="counter")
        assert "dividendo di al più 1 punto" in given.content and "contrattaccare" in given.content
        assert len(public(emulator, p2)) == seen, "nothing in the channel"
        log = await emulator.slash(p2, "game log")
        assert "mossa riservata" in log.content and "dividendo" not in log.content

        await emulator.slash(p0, "hf report event", roll=3)
        state = await state_of(bot, row)
        assert state.meeting == ["triangle1"], "a player who is there decides: the orders wait"
        name = state.name_of(str(p1.id))
        clock.advance(hours=state.settings.decision_hours + 1)
        await bot.deadlines.wake(row.id)
        told = await posted(emulator, p2, f"Per gli ordini permanenti di {name}, Lanciatori paga un dividendo di 1 punto.")
        assert told, "the channel says the orders paid the dividend"
        state = await state_of(bot, row)
        assert state.meeting == [] and state.companies["triangle1"].row == 2
