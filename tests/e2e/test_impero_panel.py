"""Impero played from `/impero me`: the legal moves of each group in a select, one test per action
(buy a node, upgrade it, recapitalize, bid, list shares, buy shares, an offer, found a company), and
a spent panel disabled."""

from __future__ import annotations

from typing import Any

import pytest

from bot.main import AraldoBot
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_impero import EXTRA, start_game, state_of
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


def option(msg: Any, group: str, starts: str) -> tuple[str, str]:
    """(select custom_id, value) of the first option of `group` whose label contains `starts`."""
    for sel in msg.selects:
        if f":{group}" in sel["custom_id"]:
            for opt in sel["options"]:
                if starts in opt["label"]:
                    return sel["custom_id"], opt["value"]
    raise LookupError(f"no {starts!r} in {[[o['label'] for o in s['options']] for s in msg.selects]}")


async def play(emulator: Any, user: Any, group: str, starts: str) -> Any:
    me = await emulator.slash(user, "impero me")
    assert me.ephemeral
    custom_id, value = option(me.message, group, starts)
    return await emulator.select(user, me.message, [value], custom_id=custom_id)


async def test_every_group_from_the_panel(emulator: Any, tmp_path: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        gid = await start_game(emulator, bot, [alice, bob])
        # bob founds a company from the panel (the engine's sample name and capital); alice by command,
        # with capital enough to build
        await play(emulator, bob, "company", "fonda")
        state = await state_of(bot, gid)
        assert len(state.companies) == 1 and state.companies[0].ceo == str(bob.id)
        await emulator.slash(alice, "impero create-company", name="Telco", capital="150")
        state = await state_of(bot, gid)
        telco = next(c for c in state.companies if c.name == "Telco")
        name = telco.name

        # the viewer's buyable nodes, marked on a map only they see
        marked = await emulator.slash(alice, "impero map", buyable=True)
        assert marked.ephemeral and "magenta" in marked.content
        assert [a for m in marked.messages for a in m.attachments if a.filename == "impero-buyable.png"]
        # buy a node, then upgrade it
        before = len(telco.nodes)
        await play(emulator, alice, "net", "Telco compra il nodo")
        state = await state_of(bot, gid)
        assert len(next(c for c in state.companies if c.name == "Telco").nodes) == before + 1
        await play(emulator, alice, "net", "Telco potenzia il nodo")
        # list shares, and bob buys them
        await play(emulator, alice, "market", "di Telco")
        assert (await state_of(bot, gid)).listings
        await play(emulator, bob, "market", "compra")
        state = await state_of(bot, gid)
        assert next(c for c in state.companies if c.name == "Telco").shares.get(str(bob.id), 0) > 0
        # recapitalize, and bob bids
        await play(emulator, alice, "company", "Telco mette all'asta")
        assert (await state_of(bot, gid)).auctions
        await play(emulator, bob, "market", f"all'asta di {name}")
        state = await state_of(bot, gid)
        assert state.auctions[0].best_bidder == str(bob.id)
        # an offer of money
        await play(emulator, bob, "money", "offre")
        assert (await state_of(bot, gid)).offers

        # the reinvestment rate, then a listing put up and withdrawn, all from the panel
        rate = next(c for c in (await state_of(bot, gid)).companies if c.name == "Telco").reinvest
        await play(emulator, alice, "company", "Telco: reinvestimento")
        assert next(c for c in (await state_of(bot, gid)).companies if c.name == "Telco").reinvest != rate
        await play(emulator, alice, "market", "di Telco")
        listed = len((await state_of(bot, gid)).listings)
        await play(emulator, alice, "market", "ritira")
        assert len((await state_of(bot, gid)).listings) == listed - 1

        # a spent panel: the board moved on since it was drawn
        old = await emulator.slash(alice, "impero me")
        await play(emulator, alice, "net", "Telco")
        custom_id, value = option(old.message, "net", "nodo")
        stale = await emulator.select(alice, old.message, [value], custom_id=custom_id)
        assert stale.ephemeral
        assert not next(m for m in emulator.all_seen(alice) if m.id == old.message.id).components
