"""Impero's standing orders through the emulator: `/impero orders` answered privately, proxy bids
ending a last-minute auction as an English auction would (with the anti-snipe extension), and a
CEO's leftover company points spent at the turn end, announced in the channel."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.impero import GAME
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_impero import EXTRA, dm_with, forget_pictures, posted, start_game, state_of
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e
__all__ = ["forget_pictures"]  # the autouse fixture, for these games too


async def closing(bot: AraldoBot, gid: int) -> datetime | None:
    state = await state_of(bot, gid)
    return GAME.closes_at(state, state.auctions[0])


def channel(emulator: Any, user: Any) -> list[str]:
    return [m.content for m in emulator.messages_seen(user, emulator.general) if not m.ephemeral]


async def test_two_proxies_and_a_manual_bid_in_the_last_minute_end_as_an_english_auction(
        emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    ids = {name: str(emulator.user(name).id) for name in ("alice", "bob", "carol")}
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA, clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await start_game(emulator, bot, [alice, bob, carol], "turns=3 auction_hours=1")
        await emulator.slash(carol, "impero create-company", name="Telco", capital="5")
        await emulator.slash(carol, "impero recapitalize", company="Telco", start_price="1")
        state = await state_of(bot, gid)
        close = GAME.closes_at(state, state.auctions[0])
        assert close is not None

        # 50 s before the close alice leaves a proxy of 12$: it opens the bidding at 1$, pushing the close
        clock.set(close - timedelta(seconds=50))
        set_a = await emulator.slash(alice, "impero orders", company="Telco", limit="12")
        assert set_a.ephemeral and "12,00" in set_a.content and "Offerta automatica" in set_a.content
        assert await posted(emulator, carol, "Per ordine permanente Alice offre 1,00\xa0$")
        closes = close + timedelta(seconds=60)
        assert await closing(bot, gid) == closes

        # carol bids 3$ by hand in the new last minute: the close moves, alice's proxy answers 4$ at once
        clock.set(closes - timedelta(seconds=50))
        manual = await emulator.slash(carol, "impero bid", company="Telco", amount="3")
        assert not manual.ephemeral and "3,00\xa0$" in manual.content
        assert "Per ordine permanente Alice offre 4,00\xa0$" in manual.content
        closes += timedelta(seconds=60)
        assert await closing(bot, gid) == closes

        # bob's proxy of 10$, set in the last minute again: alice's goes one step above it, to 11$
        clock.set(closes - timedelta(seconds=50))
        set_b = await emulator.slash(bob, "impero orders", company="Telco", limit="10")
        assert set_b.ephemeral and "10,00" in set_b.content
        assert await posted(emulator, carol, "Per ordine permanente Alice offre 11,00\xa0$")
        closes += timedelta(seconds=60)
        state = await state_of(bot, gid)
        auction = state.auctions[0]
        assert (auction.best_bidder, auction.best_bid) == (ids["alice"], 1100)
        assert GAME.closes_at(state, auction) == closes

        clock.set(closes - timedelta(seconds=1))
        await bot.deadlines.wake(gid)
        assert len((await state_of(bot, gid)).auctions) == 1, "the anti-snipe extensions hold the auction open"
        clock.set(closes)
        await bot.deadlines.wake(gid)
        # an English auction's end: the highest limit wins, one step above the second-highest limit
        assert await posted(emulator, carol, "Asta chiusa: Alice si aggiudica l'azione di Telco per 11,00")
        state = await state_of(bot, gid)
        assert state.companies[0].shares[ids["alice"]] == 1 and state.cash[ids["alice"]] == 5000 - 1100
        assert state.cash[ids["bob"]] == 5000 and state.orders == {}
        assert await dm_with(emulator, bob, "non l'ha vinta")
        # limits are private: neither 12$ nor 10$ is ever said in the channel
        said = "\n".join(channel(emulator, carol))
        assert "12,00" not in said and " 10,00" not in said
        emulator.assert_no_unknown_routes()


async def test_orders_set_privately_act_at_the_turn_end_and_are_announced(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    alice, bob = emulator.user("alice"), emulator.user("bob")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA, clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await start_game(emulator, bot, [alice, bob], "turns=3 auction_hours=1")
        await emulator.slash(alice, "impero create-company", name="Telco", capital="20")

        before = channel(emulator, bob)
        shown = await emulator.slash(alice, "impero orders")
        assert shown.ephemeral and "Non hai ordini permanenti" in shown.content
        given = await emulator.slash(alice, "impero orders", develop=True, reserve="5")
        assert given.ephemeral and "A fine turno" in given.content and "5,00" in given.content
        bad = await emulator.slash(alice, "impero orders", company="Nessuna", limit="3")
        assert bad.ephemeral and "Nessuna" in bad.content
        half = await emulator.slash(alice, "impero orders", limit="3")
        assert half.ephemeral and "insieme la società e il limite" in half.content
        again = await emulator.slash(alice, "impero orders")
        assert again.ephemeral and "A fine turno" in again.content
        assert channel(emulator, bob) == before, "orders are said to their owner only"

        log = await emulator.slash(bob, "game log", page=1)
        assert "Telco" in log.content and "ordin" not in log.content.lower() and "develop" not in log.content
        own = await emulator.slash(alice, "game log", page=1)
        assert "aggiorna i propri ordini permanenti" in own.content, "the owner reads their own move"

        state = await state_of(bot, gid)
        op = state.companies[0].op
        ends = GAME.turn_ends(state)
        assert ends is not None and op > 0
        clock.set(ends)
        await bot.deadlines.wake(gid)
        announced = await posted(emulator, bob, "Per ordine permanente di Alice, Telco")
        assert announced
        state = await state_of(bot, gid)
        assert state.turn == 2 and state.companies[0].capital >= 500

        cleared = await emulator.slash(alice, "impero orders", clear=True)
        assert cleared.ephemeral and "annullati" in cleared.content
        assert (await state_of(bot, gid)).orders == {}
        emulator.assert_no_unknown_routes()


async def test_adding_develop_to_ones_orders_keeps_the_proxys_place_among_equal_limits(
        emulator: Any, tmp_path: Any) -> None:
    """Issue 38: Bob leaves 20$ on Telco, Carla the same after him, then Bob adds `develop:true`
    (which gives all his orders again): when the auction opens, Bob's limit, set first, wins."""
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA, clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await start_game(emulator, bot, [alice, bob, carol], "turns=3 auction_hours=1 start_cash=200")
        await emulator.slash(alice, "impero create-company", name="Telco", capital="5")
        await emulator.slash(bob, "impero orders", company="Telco", limit="20")
        clock.advance(minutes=1)
        await emulator.slash(carol, "impero orders", company="Telco", limit="20")
        clock.advance(minutes=1)
        again = await emulator.slash(bob, "impero orders", develop=True)
        assert again.ephemeral and "20,00" in again.content, "the limit is kept, not dropped"
        clock.advance(minutes=1)
        await emulator.slash(alice, "impero recapitalize", company="Telco", start_price="1")
        auction = (await state_of(bot, gid)).auctions[0]
        assert (auction.best_bidder, auction.best_bid) == (str(bob.id), 2000)
