"""Impero through the emulator: three players, slash commands and buttons, a fake clock for the
auction and the turn ends (fired with `bot.deadlines.wake`, as the scheduler would)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot import notifier
from bot.cogs import impero_views
from bot.main import AraldoBot
from engine.impero.models import ImperoState
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e
EXTRA = ("tests.fixtures.testgame.cog",)


@pytest.fixture(autouse=True)
def forget_pictures() -> Iterator[None]:
    """Picture caches are keyed by (game id, version), and every test's database starts at game 1:
    without this, a later test's first board would be one of our Impero maps."""
    notifier._CACHE.clear()
    impero_views._PICTURES.clear()
    yield
    notifier._CACHE.clear()
    impero_views._PICTURES.clear()


def pngs(result: Any) -> list[Any]:
    return [a for m in result.messages for a in m.attachments if a.filename.endswith(".png")]


def button(result: Any, starts: str) -> tuple[Any, str]:
    """(message, custom_id) of the first button whose label starts with `starts`."""
    for msg in result.messages:
        for b in msg.buttons:
            if str(b.get("label") or "").startswith(starts):
                return msg, b["custom_id"]
    raise LookupError(f"no button starting with {starts!r} in {[m.button_labels for m in result.messages]}")


async def press(emulator: Any, user: Any, result: Any, starts: str) -> Any:
    msg, custom_id = button(result, starts)
    return await emulator.click(user, msg, custom_id=custom_id)


async def posted(emulator: Any, user: Any, text: str, count: int = 1) -> list[Any]:
    """Public channel messages containing `text`, waiting briefly for the notifier's posts."""
    found: list[Any] = []
    for _ in range(50):
        found = [m for m in emulator.messages_seen(user, emulator.general) if text in m.content and not m.ephemeral]
        if len(found) >= count:
            break
        await asyncio.sleep(0.05)
    return found


async def state_of(bot: AraldoBot, game_id: int) -> ImperoState:
    _, state = await bot.service.state(game_id)
    assert isinstance(state, ImperoState)
    return state


async def start_game(emulator: Any, bot: AraldoBot, players: list[Any]) -> int:
    created = await emulator.slash(players[0], "game create", game="impero", settings="turns=3 auction_hours=1 start_cash=20000")
    for p in players[1:]:
        await emulator.click(p, created, label="Partecipa")
    await emulator.slash(players[0], "game start")
    row = await bot.service.in_channel(str(emulator.general.id))
    assert row.id is not None
    return row.id


async def test_three_players_auction_transfer_and_turn_ends(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    ids = {name: str(emulator.user(name).id) for name in ("alice", "bob", "carol")}
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA, clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await start_game(emulator, bot, [alice, bob, carol])

        # money typed as dollars: malformed is refused privately, "130,50" is 13050 cents (enough for any node)
        bad = await emulator.slash(alice, "impero create-company", name="Telco", capital="-3")
        assert bad.ephemeral and "non è un importo" in bad.content
        founded = await emulator.slash(alice, "impero create-company", name="Telco", capital="130,50")
        assert not founded.ephemeral and "Telco" in founded.content and pngs(founded)
        state = await state_of(bot, gid)
        assert state.companies[0].capital == 13050 and state.companies[0].ceo == ids["alice"]

        # autocomplete offers free nodes next to the company; buying one answers with the map
        assert [c["value"] for c in await emulator.autocomplete(alice, "impero buy-node", focused="company",
                                                               value="te")] == ["Telco"]
        nodes = await emulator.autocomplete(alice, "impero buy-node", focused="node", value="", company="Telco")
        yields = (await state_of(bot, gid)).yields
        assert nodes and all(c["value"] in yields for c in nodes)
        cheapest = min((c["value"] for c in nodes), key=lambda n: yields[n])  # the seed draws the yields
        bought = await emulator.slash(alice, "impero buy-node", company="Telco", node=cheapest)
        assert not bought.ephemeral and cheapest in bought.content and pngs(bought)[0].width > 0

        # alice sells 11 of her 20 shares; carol buys them and takes over with the panel's button
        await emulator.slash(alice, "impero list-shares", company="Telco", quantity=11, price="0.10")
        listings = await emulator.autocomplete(carol, "impero buy-shares", focused="listing", value="")
        assert len(listings) == 1
        await emulator.slash(carol, "impero buy-shares", listing=listings[0]["value"], quantity=11)
        panel = await emulator.slash(carol, "impero company", name="Telco")
        assert "Carol 11" in panel.content
        claimed = await press(emulator, carol, panel, "Diventa amministratore")
        assert "Carol" in claimed.content
        assert (await state_of(bot, gid)).companies[0].ceo == ids["carol"]

        # the new CEO opens an auction; bob bids by command, alice raises with the +1$ button
        opened = await emulator.slash(carol, "impero recapitalize", company="Telco", start_price="1")
        assert not opened.ephemeral and "Telco" in opened.content
        bid = await emulator.slash(bob, "impero bid", company="Telco", amount="2")
        assert not bid.ephemeral and "2.00$" in bid.content
        raised = await press(emulator, alice, bid, "Telco: +1$")
        assert not raised.ephemeral and "3.00$" in raised.content
        # bob's old panel is stale now: he is told and gets the current one
        old = await press(emulator, bob, bid, "Telco: +5$")
        assert old.ephemeral and "cambiata" in old.content
        market = await emulator.slash(bob, "impero market")
        assert "Telco" in market.content and pngs(market) and button(market, "Telco: +1$")

        # 30 s before the close bob bids a custom amount: the close moves 60 s later
        auction = (await state_of(bot, gid)).auctions[0]
        close = auction.closes_at
        clock.set(close - timedelta(seconds=30))
        modal = await press(emulator, bob, old, "Telco: importo")
        assert modal.modal
        sniped = await emulator.submit_modal(bob, modal, {"amount": "4,00"})
        assert not sniped.ephemeral and "4.00$" in sniped.content
        assert (await state_of(bot, gid)).auctions[0].closes_at == close + timedelta(seconds=60)

        clock.set(close)
        await bot.deadlines.wake(gid)
        assert len((await state_of(bot, gid)).auctions) == 1, "the extended auction must still be open"
        clock.set(close + timedelta(seconds=61))
        await bot.deadlines.wake(gid)
        state = await state_of(bot, gid)
        assert state.auctions == [] and state.companies[0].shares[ids["bob"]] == 1
        assert await posted(emulator, carol, "Asta chiusa")

        # bob privately offers alice 5$; she refuses from her /impero me panel and bob is refunded
        cash_before = state.cash[ids["bob"]]
        public_before = len(emulator.messages_seen(carol, emulator.general))
        sent = await emulator.slash(bob, "impero offer", to=alice, amount="5")
        assert sent.ephemeral and "5.00$" in sent.content
        assert (await state_of(bot, gid)).cash[ids["bob"]] == cash_before - 500
        assert len(emulator.messages_seen(carol, emulator.general)) == public_before, "transfers are private"
        me = await emulator.slash(alice, "impero me")
        assert me.ephemeral and "Bob" in me.content
        refused = await press(emulator, alice, me, "Rifiuta")
        assert refused.ephemeral
        state = await state_of(bot, gid)
        assert state.offers == [] and state.cash[ids["bob"]] == cash_before

        # two turn ends, each reported in the channel with the board
        for turn in (1, 2):
            clock.set((await state_of(bot, gid)).turn_ends_at)
            await bot.deadlines.wake(gid)
            reports = await posted(emulator, carol, f"Fine del turno {turn}")
            assert reports and reports[-1].images and reports[-1].images[0].width > 0
        assert (await state_of(bot, gid)).turn == 3
        chart = await emulator.slash(alice, "impero chart")
        assert pngs(chart)
        emulator.assert_no_unknown_routes()


async def test_refusals_are_private_and_localized(emulator: Any, tmp_path: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    erin = emulator.add_user("erin", locale="en-US")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await start_game(emulator, bot, [alice, bob])
        huge = await emulator.slash(alice, "impero offer", to=bob, amount="99999999999")
        assert huge.ephemeral and "troppo grande" in huge.content
        unknown = await emulator.slash(bob, "impero bid", company="Nessuna", amount="3")
        assert unknown.ephemeral and "Nessuna" in unknown.content
        outsider = await emulator.slash(erin, "impero me")
        assert outsider.ephemeral and "not a player" in outsider.content
        english = await emulator.slash(erin, "impero create-company", name="X", capital="1.234")
        assert english.ephemeral and "is not an amount" in english.content
        state = await state_of(bot, gid)
        assert state.companies == [] and state.offers == []
