"""Standing orders through the emulator, for SPQRisiko and Imperium Galactica: a player sets them with
`/<game> orders` (an answer to them alone, nothing in the channel, nothing in the others' `/game log`),
the deadline passes, and the channel says what the orders did."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.spqrisiko.board import board
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.staging import state_of
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


async def open_game(emulator: Any, bot: Any, game: str, settings: str) -> tuple[Any, dict[str, Any]]:
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    created = await emulator.slash(alice, "game create", game=game, settings=settings)
    for p in (bob, carol):
        await emulator.click(p, created, label="Partecipa")
    assert not (await emulator.slash(alice, "game start")).ephemeral
    row = await bot.service.in_channel(str(emulator.general.id))
    return row, {str(u.id): u for u in (alice, bob, carol)}


def public(emulator: Any, user: Any) -> list[str]:
    return [m.content for m in emulator.messages_seen(user, emulator.general) if not m.ephemeral]


async def lapse(emulator: Any, bot: Any, clock: FakeClock, row: Any) -> None:
    clock.advance(hours=1, minutes=5)
    await bot.deadlines.wake(row.id)
    await bot.notifier.drain()


async def test_spqr_orders_are_private_and_play_the_lapsed_turn(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        bot.service.seed_source = lambda: 20261125
        row, users = await open_game(emulator, bot, "spqrisiko", "setup=random turn_hours=1")
        state = await state_of(bot, row)
        late, other = state.order[0], state.order[1]
        me, them = users[late], users[other]
        mine = sorted(p for p, o in state.owner.items() if o == late)
        first = board().name(mine[0])
        seen = len(public(emulator, them))

        empty = await emulator.slash(me, "spqr orders")
        assert empty.ephemeral and "Non hai ordini" in empty.content
        bad = await emulator.slash(me, "spqr orders", regions="Atlantide")
        assert bad.ephemeral and "Atlantide" in bad.content
        given = await emulator.slash(me, "spqr orders", posture="hold", regions=first, cards="hold")
        assert given.ephemeral and "tenere" in given.content and first in given.content
        shown = await emulator.slash(me, "spqr orders")
        assert shown.ephemeral and "tenere" in shown.content
        assert len(public(emulator, them)) == seen, "nothing about the orders in the channel"
        log = await emulator.slash(them, "game log")
        assert "tenere" not in log.content and first not in log.content.split("ordini")[-1]
        assert "Postura" not in log.content

        await lapse(emulator, bot, clock, row)
        said = [c for c in public(emulator, them) if "Ordini permanenti" in c]
        name = state.name_of(late)
        assert any(name in c and f"{first} +" in c for c in said), said
        assert any("nessun attacco (tenere)" in c for c in said)
        after = await state_of(bot, row)
        assert after.order[after.current] != late
        assert after.legions[mine[0]] > state.legions[mine[0]]

        cleared = await emulator.slash(me, "spqr orders", clear=True)
        assert cleared.ephemeral and after.orders.get(late) is not None
        assert (await state_of(bot, row)).orders.get(late) is None


async def test_galactica_orders_give_a_lapsed_seat_an_autopilot(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        bot.service.seed_source = lambda: 20261125
        row, users = await open_game(emulator, bot, "galactica", "turn_hours=1")
        state = await state_of(bot, row)
        await emulator.slash(users[state.starter], "galactica direction", direction="clockwise")
        state = await state_of(bot, row)
        late, other = state.order[0], state.order[1]
        me, them = users[late], users[other]
        seen = len(public(emulator, them))

        given = await emulator.slash(me, "galactica orders", posture="full", keep=False)
        assert given.ephemeral and "completa" in given.content
        assert len(public(emulator, them)) == seen, "nothing about the orders in the channel"
        log = await emulator.slash(them, "game log")
        assert "completa" not in log.content and "Postura" not in log.content

        await lapse(emulator, bot, clock, row)
        said = [c for c in public(emulator, them) if state.name_of(late) in c and "ordini permanenti" in c.lower()]
        assert any("Tempo scaduto" in c for c in said), said
        assert any("muove la flotta da" in c for c in said), said  # from where, along which cells
        assert any("giocato dai suoi ordini permanenti" in c for c in said), said
        after = await state_of(bot, row)
        assert after.order[after.current] != late
