"""DecameroNomic standing orders through the emulator: a player leaves a default vote ("as Alice
votes", else against) with /nomic orders, answered to them alone; nobody else reads it in /game log;
at the end of the Giornata the channel says the vote was cast by standing orders, and it counts."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.nomic import chronicle
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_nomic import nomic_table, posted, propose_text, state_of, vote
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


def public(emulator: Any, user: Any) -> list[Any]:
    return [m for m in emulator.messages_seen(user, emulator.general) if not m.ephemeral]


async def test_a_default_vote_by_proxy_is_cast_and_announced_at_the_close(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob, carol = (emulator.user(n) for n in ("alice", "bob", "carol"))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await nomic_table(emulator, bot, alice, bob, carol)
        none = await emulator.slash(carol, "nomic orders")
        assert none.ephemeral and "Non hai ordini permanenti" in none.content

        seen = len(public(emulator, bob))
        given = await emulator.slash(carol, "nomic orders", vote="against", as_player=alice)
        assert given.ephemeral and "voto come vota Alice" in given.content and "contro" in given.content
        shown = await emulator.slash(carol, "nomic orders")
        assert shown.ephemeral and "voto come vota Alice" in shown.content
        assert len(public(emulator, bob)) == seen, "nothing in the channel"
        log = await emulator.slash(bob, "game log")
        assert log.ephemeral and "mossa riservata" in log.content
        assert "vota come" not in log.content and "contro" not in log.content

        loop = await emulator.slash(alice, "nomic orders", as_player=carol)
        assert loop.ephemeral and "giro chiuso" in loop.content

        await propose_text(emulator, bob, "Cortesia", "Si saluta il Re.")
        await vote(emulator, alice, 1, ["#1 ✓ a favore"])
        clock.set((await state_of(bot, gid)).deadline("giornata"))
        await bot.deadlines.wake(gid)
        told = await posted(emulator, bob, "Carol non ha risposto alla lettera 1")
        assert told and "per i suoi ordini permanenti vota come Alice, #1 ✓" in told[0].content
        state = await state_of(bot, gid)
        closed = chronicle.proposal(state, 1)
        assert closed is not None and closed.outcome == "passed"
        assert closed.votes_for > 2 * 2001, "Carol's vote by orders counts with her treasure"
