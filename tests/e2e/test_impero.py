"""Impero through the emulator: three players, slash commands and buttons, a fake clock for the
auction and the turn ends (fired with `bot.deadlines.wake`, as the scheduler would)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot import pictures
from bot.cogs.impero import pictures as impero_pictures
from bot.main import AraldoBot
from engine.impero import GAME
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
    pictures._CACHE.clear()
    impero_pictures._PICTURES.clear()
    yield
    pictures._CACHE.clear()
    impero_pictures._PICTURES.clear()


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


async def posted(emulator: Any, user: Any, text: str, count: int = 1, seconds: float = 3.0) -> list[Any]:
    """Public channel messages containing `text`, waiting briefly for the notifier's posts."""
    found: list[Any] = []
    for _ in range(int(seconds / 0.05)):
        found = [m for m in emulator.messages_seen(user, emulator.general) if text in m.content and not m.ephemeral]
        if len(found) >= count:
            break
        await asyncio.sleep(0.05)
    return found


async def state_of(bot: AraldoBot, game_id: int) -> ImperoState:
    _, state = await bot.service.state(game_id)
    assert isinstance(state, ImperoState)
    return state


async def start_game(emulator: Any, bot: AraldoBot, players: list[Any],
                     settings: str = "turns=3 auction_hours=1 start_cash=200") -> int:
    created = await emulator.slash(players[0], "game create", game="impero", settings=settings)
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
        assert not bought.ephemeral and cheapest in bought.content and not pngs(bought)  # a line, not a map

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
        assert not bid.ephemeral and "2,00\xa0$" in bid.content
        raised = await press(emulator, alice, bid, "Telco: +1$")
        assert not raised.ephemeral and "3,00\xa0$" in raised.content
        # bob's old panel is stale now: he is told and gets the current one
        old = await press(emulator, bob, bid, "Telco: +5$")
        assert old.ephemeral and "cambiata" in old.content
        market = await emulator.slash(bob, "impero market")
        assert "Telco" in market.content and pngs(market) and button(market, "Telco: +1$")

        # 30 s before the close bob bids a custom amount: the close moves 60 s later
        before = await state_of(bot, gid)
        close = GAME.closes_at(before, before.auctions[0])
        clock.set(close - timedelta(seconds=30))
        modal = await press(emulator, bob, old, "Telco: importo")
        assert modal.modal
        sniped = await emulator.submit_modal(bob, modal, {"amount": "4,00"})
        assert not sniped.ephemeral and "4,00\xa0$" in sniped.content
        after = await state_of(bot, gid)
        assert GAME.closes_at(after, after.auctions[0]) == close + timedelta(seconds=60)

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
        assert sent.ephemeral and "5,00\xa0$" in sent.content
        assert (await state_of(bot, gid)).cash[ids["bob"]] == cash_before - 500
        assert len(emulator.messages_seen(carol, emulator.general)) == public_before, "transfers are private"
        me = await emulator.slash(alice, "impero me")
        assert me.ephemeral and "Bob" in me.content
        panel, refuse = button(me, "Rifiuta")
        refused = await emulator.click(alice, panel, custom_id=refuse)
        assert refused.ephemeral
        # the used panel lost its buttons and says what was chosen: no second click on a spent offer;
        # a fresh panel follows
        spent = refused.response
        assert spent is not None and spent.id == panel.id
        assert not spent.components and "✔️ Fatto: Rifiuta" in spent.content
        with pytest.raises(LookupError):
            await emulator.click(alice, spent, custom_id=refuse)
        assert any(m.ephemeral and m.components for m in refused.followups)
        state = await state_of(bot, gid)
        assert state.offers == [] and state.cash[ids["bob"]] == cash_before

        # half an hour before the turn end, players with OP left get the reminder by DM
        state = await state_of(bot, gid)
        assert state.op[ids["alice"]] > 0
        clock.set(GAME.turn_ends(state) - timedelta(minutes=30))
        await bot.deadlines.wake(gid)
        assert await dm_with(emulator, alice, "Promemoria")

        # two turn ends, each reported in the channel with the board
        for turn in (1, 2):
            clock.set(GAME.turn_ends(await state_of(bot, gid)))
            await bot.deadlines.wake(gid)
            reports = await posted(emulator, carol, f"Fine del turno {turn}")
            assert reports and reports[-1].images and reports[-1].images[0].width > 0
        assert (await state_of(bot, gid)).turn == 3
        # players' cash is private by default: the chart waits for the end of the game
        chart = await emulator.slash(alice, "impero chart")
        assert chart.ephemeral and "public_cash" in chart.content
        assert not [a for m in chart.messages if m.ephemeral for a in m.attachments]
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


async def dm_with(emulator: Any, user: Any, text: str) -> list[Any]:
    """DMs to `user` containing `text`, waiting briefly for the notifier."""
    found: list[Any] = []
    for _ in range(60):
        found = [m for m in emulator.dms(user) if text in m.content]
        if found:
            break
        await asyncio.sleep(0.05)
    return found


SEED = 25  # with this seed Beta's first node (M17) touches Alfa's (N18): Alfa can rent it


async def test_ceo_moves_listings_claim_transfers_and_dms(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    ids = {name: str(emulator.user(name).id) for name in ("alice", "bob", "carol")}
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA, clock=clock)
    bot.service.seed_source = lambda: SEED
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="impero",
                                       settings="turns=3 start_cash=200 rent_only_when_blocked=false")
        for p in (bob, carol):
            await emulator.click(p, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        row = await bot.service.in_channel(str(emulator.general.id))
        assert row.id is not None
        gid = row.id

        await emulator.slash(alice, "impero create-company", name="Alfa", capital="100")
        await emulator.slash(bob, "impero create-company", name="Beta", capital="50")
        state = await state_of(bot, gid)
        alfa, beta = state.companies
        assert alfa.nodes == ["N18"] and beta.nodes == ["M17"], "the seed fixes the founding nodes"

        # /impero map: the headline and the picture
        shown = await emulator.slash(carol, "impero map")
        assert not shown.ephemeral and "turno 1 di 3" in shown.content and pngs(shown)[0].width > 0

        # upgrade: only owned nodes are offered; a node of another company is refused privately
        owned = await emulator.autocomplete(alice, "impero upgrade-node", focused="node", value="", company="Alfa")
        assert [c["value"] for c in owned] == ["N18"]
        wrong = await emulator.slash(alice, "impero upgrade-node", company="Alfa", node="M17")
        assert wrong.ephemeral and "M17" in wrong.content
        upgraded = await emulator.slash(alice, "impero upgrade-node", company="Alfa", node="n18")
        assert not upgraded.ephemeral and "N18" in upgraded.content and not pngs(upgraded)  # a line, not a map
        state = await state_of(bot, gid)
        assert state.yields["N18"] == 3 and state.companies[0].capital == 9900 and state.companies[0].op == 5

        # rent: Beta's node next to Alfa is offered and rented once, for 1.5 x its yield
        rentable = await emulator.autocomplete(alice, "impero rent-node", focused="node", value="", company="Alfa")
        assert "M17" in [c["value"] for c in rentable]
        rented = await emulator.slash(alice, "impero rent-node", company="Alfa", node="M17")
        assert not rented.ephemeral and "M17" in rented.content and "Beta" in rented.content and not pngs(rented)
        state = await state_of(bot, gid)
        assert state.renters["M17"] == [alfa.id] and state.companies[0].capital == 9900 - 150 * state.yields["M17"]
        again = await emulator.slash(alice, "impero rent-node", company="Alfa", node="M17")
        assert again.ephemeral and (await state_of(bot, gid)).renters["M17"] == [alfa.id]

        # reinvestment 30 -> 50 costs two company OP; not the CEO -> refused
        notceo = await emulator.slash(bob, "impero reinvest", company="Alfa", rate=40)
        assert notceo.ephemeral and "Alfa" in notceo.content
        changed = await emulator.slash(alice, "impero reinvest", company="Alfa", rate=50)
        assert not changed.ephemeral and "50%" in changed.content
        state = await state_of(bot, gid)
        assert state.companies[0].reinvest == 50 and state.companies[0].op == 2

        # list three shares, then withdraw them (free) through the listing autocomplete
        await emulator.slash(alice, "impero list-shares", company="Alfa", quantity=3, price="2")
        mine = await emulator.autocomplete(alice, "impero withdraw-listing", focused="listing", value="")
        assert len(mine) == 1 and not await emulator.autocomplete(bob, "impero withdraw-listing",
                                                                   focused="listing", value="")
        op_before = (await state_of(bot, gid)).op[ids["alice"]]
        withdrawn = await emulator.slash(alice, "impero withdraw-listing", listing=mine[0]["value"])
        assert not withdrawn.ephemeral and mine[0]["value"] in withdrawn.content
        state = await state_of(bot, gid)
        assert state.listings == [] and state.op[ids["alice"]] == op_before

        # carol buys 15 of alice's shares; her claim button goes stale after bob's move, then works
        await emulator.slash(alice, "impero list-shares", company="Alfa", quantity=15, price="0,10")
        listing = (await state_of(bot, gid)).listings[0].id
        await emulator.slash(carol, "impero buy-shares", listing=listing, quantity=15)
        panel = await emulator.slash(carol, "impero company", name="Alfa")
        await emulator.slash(bob, "impero reinvest", company="Beta", rate=40)  # any move makes the panel old
        stale_click = await press(emulator, carol, panel, "Diventa amministratore")
        assert stale_click.ephemeral and "cambiata" in stale_click.content and "Carol 15" in stale_click.content
        assert (await state_of(bot, gid)).companies[0].ceo == ids["alice"], "a stale click changes nothing"
        claimed = await press(emulator, carol, stale_click, "Diventa amministratore")
        assert "Carol" in claimed.content and (await state_of(bot, gid)).companies[0].ceo == ids["carol"]
        assert await dm_with(emulator, carol, "Ora sei l'amministratore delegato di Alfa")
        assert await dm_with(emulator, alice, "ti ha sostituito come amministratore delegato di Alfa")

        # auction: bob bids, carol outbids him, and bob is told by DM
        await emulator.slash(carol, "impero recapitalize", company="Alfa", start_price="1")
        await emulator.slash(bob, "impero bid", company="Alfa", amount="2")
        await emulator.slash(carol, "impero bid", company="Alfa", amount="3")
        outbid = await dm_with(emulator, bob, "Sei stato superato nell'asta di Alfa")
        assert outbid and "3,00\xa0$" in outbid[0].content and "2,00\xa0$" in outbid[0].content

        # a small transfer accepted with /impero accept: 1$ of bob's 195$, odds 0.5%, the seed says no
        before = await state_of(bot, gid)
        sent = await emulator.slash(bob, "impero offer", to=alice, amount="1")
        assert sent.ephemeral
        offers = await emulator.autocomplete(alice, "impero accept", focused="offer", value="")
        assert len(offers) == 1
        accepted = await emulator.slash(alice, "impero accept", offer=offers[0]["value"])
        assert accepted.ephemeral and "1,00\xa0$" in accepted.content
        state = await state_of(bot, gid)
        assert state.cash[ids["alice"]] == before.cash[ids["alice"]] + 100
        assert state.cash[ids["bob"]] == before.cash[ids["bob"]] - 100
        assert state.op[ids["alice"]] == before.op[ids["alice"]] - 1
        assert await dm_with(emulator, bob, "Trasferimento riuscito")

        # carol offers bob all her cash: the odds are 100%, the Finance Police intercepts, publicly
        everything = state.cash[ids["carol"]]
        await emulator.slash(carol, "impero offer", to=bob, amount=f"{everything // 100},{everything % 100:02d}")
        me = await emulator.slash(bob, "impero me")
        intercepted = await press(emulator, bob, me, "Accetta")
        assert intercepted.response is not None and not intercepted.response.components
        assert "✔️ Fatto: Accetta" in intercepted.response.content
        told = [m for m in intercepted.followups if not m.ephemeral]
        assert told and "Finanza" in told[0].content
        state = await state_of(bot, gid)
        assert state.cash[ids["carol"]] == 0 and state.cash[ids["bob"]] == 0 and state.offers == []
        assert state.auctions[0].best_bid == 300, "escrowed bids survive the wipe"
        assert await dm_with(emulator, carol, "Intercettati")
        assert await posted(emulator, alice, "Finanza")
        emulator.assert_no_unknown_routes()


async def test_a_company_named_like_an_id_captures_nothing(emulator: Any, tmp_path: Any) -> None:
    """Bob names his company "c1", the id of alice's Telco (issue 12): the command finds Bob's
    company by its name, and the claim button on Telco's panel (which carries Telco's id) claims
    Telco, not the company called "c1"."""
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    ids = {name: str(emulator.user(name).id) for name in ("alice", "bob", "carol")}
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA, clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await start_game(emulator, bot, [alice, bob, carol])
        await emulator.slash(alice, "impero create-company", name="Telco", capital="130,50")
        telco = (await state_of(bot, gid)).companies[0]
        await emulator.slash(bob, "impero create-company", name=telco.id, capital="100")
        state = await state_of(bot, gid)
        decoy = next(c for c in state.companies if c.name == telco.id)
        assert decoy.id != telco.id and decoy.ceo == ids["bob"]
        panel = await emulator.slash(carol, "impero company", name=telco.id)
        assert "Bob" in panel.content and "Alice" not in panel.content

        await emulator.slash(alice, "impero list-shares", company="Telco", quantity=11, price="0.10")
        listings = await emulator.autocomplete(carol, "impero buy-shares", focused="listing", value="")
        await emulator.slash(carol, "impero buy-shares", listing=listings[0]["value"], quantity=11)
        panel = await emulator.slash(carol, "impero company", name="Telco")
        claimed = await press(emulator, carol, panel, "Diventa amministratore")
        assert "Carol" in claimed.content
        state = await state_of(bot, gid)
        assert state.company(telco.id).ceo == ids["carol"] and state.company(decoy.id).ceo == ids["bob"]
