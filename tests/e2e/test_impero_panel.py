"""Impero played from `/impero me`, one test per action type (test_<type>): each picks the move on the
private panel (a select, then the modal where the move has amounts, or a button for offers), checks
the engine state changed as the move says and what the player read. The guard at the end fails when
an action type has no such test. Only the move under test is played from the panel; the position
before it is reached with commands."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import AsyncIterator
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.impero import GAME
from engine.impero.models import Company, ImperoState
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.panel_guard import untested
from tests.e2e.staging import rig
from tests.e2e.test_impero import EXTRA, start_game, state_of
from tests.emulator.fixtures import running_bot
from tests.emulator.models import CHANNEL_DM

pytestmark = pytest.mark.e2e


class Table:
    """A running Impero game of Alice and Bob; Alice founded Telco by command ($150 of her $200)."""

    def __init__(self, emulator: Any, bot: AraldoBot, gid: int) -> None:
        self.emulator, self.bot, self.gid = emulator, bot, gid
        self.alice, self.bob = emulator.user("alice"), emulator.user("bob")

    async def state(self) -> ImperoState:
        return await state_of(self.bot, self.gid)

    async def telco(self) -> Company:
        return next(c for c in (await self.state()).companies if c.name == "Telco")

    async def version(self) -> int:
        return (await self.bot.service.get(self.gid)).version

    async def panel(self, user: Any) -> Any:
        me = await self.emulator.slash(user, "impero me")
        assert me.ephemeral
        return me

    async def pick(self, user: Any, group: str, text: str) -> Any:
        """Open `/impero me` and pick the option of `group` whose label contains `text`."""
        me = await self.panel(user)
        custom_id, value = option(me.message, group, text)
        return await self.emulator.select(user, me.message, [value], custom_id=custom_id)

    async def fill(self, user: Any, group: str, text: str, values: dict[str, str]) -> Any:
        """Pick a move with amounts: the modal opens with the engine's sample values; type `values`."""
        opened = await self.pick(user, group, text)
        assert opened.modal, "a move with amounts opens a modal"
        return await self.emulator.submit_modal(user, opened, values)

    async def rig(self, change: Any) -> None:
        """Stage a position the commands cannot reach quickly (stored as a new version)."""
        await rig(self.bot, self.gid, change)


def option(msg: Any, group: str, text: str) -> tuple[str, str]:
    """(select custom_id, value) of the first option of `group` whose label contains `text`."""
    for sel in msg.selects:
        if sel["custom_id"].endswith(f":{group}"):
            for opt in sel["options"]:
                if text in opt["label"].replace("\xa0", " "):
                    return sel["custom_id"], opt["value"]
    raise LookupError(f"no {text!r} in {[[o['label'] for o in s['options']] for s in msg.selects]}")


def public(result: Any) -> str:
    """What the channel read (money's no-break space as a plain one)."""
    said = [m.content for m in result.messages if not m.ephemeral and m.channel.type != CHANNEL_DM]
    return "\n".join(said).replace("\xa0", " ")


def private(result: Any) -> str:
    """What only the player read here (DMs aside)."""
    return "\n".join(m.content for m in result.messages if m.ephemeral).replace("\xa0", " ")


@pytest.fixture
async def table(emulator: Any, tmp_path: Any) -> AsyncIterator[Table]:
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA)
    bot.service.seed_source = lambda: 20261123  # the same yields and dice every run: an accepted bribe is never intercepted
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        here = Table(emulator, bot, 0)
        here.gid = await start_game(emulator, bot, [here.alice, here.bob])
        await emulator.slash(here.alice, "impero create-company", name="Telco", capital="150")
        yield here


# ---- the network --------------------------------------------------------------------------------
async def test_buy_node(table: Table) -> None:
    before = await table.telco()
    done = await table.pick(table.alice, "net", "Telco compra il nodo")
    after = await table.telco()
    assert len(after.nodes) == len(before.nodes) + 1 and after.capital < before.capital
    bought = after.nodes[-1]
    assert f"Telco compra il nodo {bought}" in public(done)
    worth = (await table.state()).yields[bought]
    assert re.search(rf"\(rendimento {worth},00\s\$\)", public(done))  # money, not a bare number
    # the spent panel went, a fresh one followed
    assert any(m.ephemeral and m.selects for m in done.messages)
    assert not next(m for m in table.emulator.all_seen(table.alice) if m.id == done.interaction.message.id).components


async def test_upgrade_node(table: Table) -> None:
    node = (await table.telco()).nodes[0]
    before = (await table.state()).yields[node]
    done = await table.pick(table.alice, "net", f"Telco potenzia il nodo {node}")
    assert (await table.state()).yields[node] > before
    assert node in public(done) and "Telco" in public(done)


async def test_rent_node(table: Table) -> None:
    """Renting is open only once the company has no free node next to its network (the default
    `rent_only_when_blocked`): Radio takes every one of them, then Telco rents one of Radio's."""
    await table.emulator.slash(table.bob, "impero create-company", name="Radio", capital="100")
    telco = await table.telco()
    me = await table.panel(table.alice)
    assert not any("affitta" in o["label"] for s in me.message.selects for o in s["options"])

    def block(state: ImperoState) -> None:
        radio = next(c for c in state.companies if c.name == "Radio")
        for node in GAME.free_adjacent(state, state.company(telco.id)):
            state.owner[node] = radio.id
            radio.nodes.append(node)

    await table.rig(block)
    done = await table.pick(table.alice, "net", "Telco affitta il nodo")
    after = await table.telco()
    assert len(after.rented) == 1 and after.capital < telco.capital
    rented = after.rented[0]
    assert telco.id in (await table.state()).renters[rented]
    assert rented in public(done) and "Telco" in public(done)


# ---- companies ----------------------------------------------------------------------------------
async def test_create_company(table: Table) -> None:
    bob = str(table.bob.id)
    cash = (await table.state()).cash[bob]
    # bad input: refused in the player's language, nothing played
    version = await table.version()
    refused = await table.fill(table.bob, "company", "Fonda una nuova società", {"name": "Radio", "capital": "tanti"})
    assert "non è un importo in dollari" in private(refused) and await table.version() == version
    done = await table.fill(table.bob, "company", "Fonda una nuova società", {"name": "Radio Roma", "capital": "30,50"})
    state = await table.state()
    radio = next(c for c in state.companies if c.name == "Radio Roma")
    assert radio.ceo == bob and radio.capital == 3050 and state.cash[bob] == cash - 3050
    assert "Radio Roma" in public(done) and "30,50 $" in public(done)


async def test_set_reinvest(table: Table) -> None:
    assert (await table.telco()).reinvest == 30
    version = await table.version()
    refused = await table.fill(table.alice, "company", "Telco: cambia la quota reinvestita", {"rate": "molto"})
    assert "non è una percentuale" in private(refused) and await table.version() == version
    done = await table.fill(table.alice, "company", "Telco: cambia la quota reinvestita", {"rate": "50%"})
    telco = await table.telco()
    assert telco.reinvest == 50 and telco.op == 6 - 2  # two steps of 10, one company OP each
    assert "Telco" in public(done) and "50" in public(done)


async def test_recapitalize(table: Table) -> None:
    done = await table.fill(table.alice, "company", "Telco: metti all'asta una nuova azione", {"start_price": "2,50"})
    auction = (await table.state()).auctions[0]
    assert auction.start_price == 250 and auction.company == (await table.telco()).id
    assert "Telco" in public(done) and "2,50 $" in public(done)
    assert any(label.startswith("Telco: +1$") for m in done.messages for label in m.button_labels)


async def test_claim_ceo(table: Table) -> None:
    await table.emulator.slash(table.alice, "impero list-shares", company="Telco", quantity=11, price="1")
    state = await table.state()
    await table.emulator.slash(table.bob, "impero buy-shares", listing=state.listings[0].id, quantity=11)
    done = await table.pick(table.bob, "company", "diventa amministratore di Telco")
    assert (await table.telco()).ceo == str(table.bob.id)
    assert "Telco" in public(done) and "Bob" in public(done)


# ---- the market ---------------------------------------------------------------------------------
async def test_bid(table: Table) -> None:
    await table.emulator.slash(table.alice, "impero recapitalize", company="Telco")
    me = await table.panel(table.bob)
    assert option(me.message, "market", "Offri all'asta di Telco (minimo 1,00 $)…")
    done = await table.fill(table.bob, "market", "Offri all'asta di Telco", {"amount": "4"})
    auction = (await table.state()).auctions[0]
    assert (auction.best_bid, auction.best_bidder) == (400, str(table.bob.id))
    assert "4,00 $" in public(done) and "Telco" in public(done)


async def test_list_shares(table: Table) -> None:
    done = await table.fill(table.alice, "market", "Metti in vendita azioni di Telco", {"quantity": "3", "price": "2,25"})
    listing = (await table.state()).listings[0]
    assert (listing.seller, listing.quantity, listing.price) == (str(table.alice.id), 3, 225)
    assert "3 azioni" in public(done) and "2,25 $" in public(done)


async def test_buy_shares(table: Table) -> None:
    await table.emulator.slash(table.alice, "impero list-shares", company="Telco", quantity=4, price="2")
    cash = (await table.state()).cash[str(table.bob.id)]
    done = await table.fill(table.bob, "market", "Compra azioni di Telco da Alice a 2,00 $", {"quantity": "3"})
    state = await table.state()
    assert (await table.telco()).shares[str(table.bob.id)] == 3 and state.cash[str(table.bob.id)] == cash - 600
    assert state.listings[0].quantity == 1
    assert "Telco" in public(done)


async def test_withdraw_listing(table: Table) -> None:
    await table.emulator.slash(table.alice, "impero list-shares", company="Telco", quantity=2, price="3")
    done = await table.pick(table.alice, "market", "Ritira la vendita di 2 azioni di Telco a 3,00 $")
    assert (await table.state()).listings == []
    assert done.messages and "Telco" in public(done) + private(done)


# ---- money --------------------------------------------------------------------------------------
async def test_offer_money(table: Table) -> None:
    bob = str(table.bob.id)
    cash = (await table.state()).cash[bob]
    done = await table.fill(table.bob, "money", "Un'offerta di denaro per Alice", {"amount": "7,50"})
    state = await table.state()
    offer = state.offers[0]
    assert (offer.sender, offer.receiver, offer.amount) == (bob, str(table.alice.id), 750)
    assert state.cash[bob] == cash - 750  # held in escrow until alice answers
    assert public(done) == "" and "7,50 $" in private(done)  # a transfer is private


async def offered(table: Table) -> Any:
    """Bob offers Alice $5 by command; Alice's `/impero me` shows the offer with its buttons."""
    await table.emulator.slash(table.bob, "impero offer", to=table.alice, amount="5")
    me = await table.panel(table.alice)
    assert "Bob ti offre 5,00\xa0$" in me.content
    return me


async def test_accept_offer(table: Table) -> None:
    me = await offered(table)
    cash = (await table.state()).cash[str(table.alice.id)]
    accept = next(b for b in me.message.button_labels if b.startswith("Accetta"))
    done = await table.emulator.click(table.alice, me.message, accept)
    state = await table.state()
    assert state.offers == [] and state.cash[str(table.alice.id)] == cash + 500
    assert public(done) == "" and "5,00 $" in private(done)


async def test_refuse_offer(table: Table) -> None:
    me = await offered(table)
    bob = str(table.bob.id)
    cash = (await table.state()).cash[bob]
    refuse = next(b for b in me.message.button_labels if b.startswith("Rifiuta"))
    done = await table.emulator.click(table.alice, me.message, refuse)
    state = await table.state()
    assert state.offers == [] and state.cash[bob] == cash + 500  # the escrow goes back to bob
    assert public(done) == "" and private(done)


# ---- the panel itself ---------------------------------------------------------------------------
async def test_spent_panel_and_english_reader(table: Table) -> None:
    old = await table.panel(table.alice)
    await table.pick(table.alice, "net", "Telco compra il nodo")
    custom_id, value = option(old.message, "net", "nodo")
    stale = await table.emulator.select(table.alice, old.message, [value], custom_id=custom_id)
    assert stale.ephemeral
    assert not next(m for m in table.emulator.all_seen(table.alice) if m.id == old.message.id).components
    # a reader with an English client gets the panel, the modal and its refusals in English
    table.bob.locale = "en-US"
    opened = await table.pick(table.bob, "money", "Offer money to Alice")
    assert opened.modal and "Amount, in dollars" in json.dumps(opened.modal)
    refused = await table.emulator.submit_modal(table.bob, opened, {"amount": "lots"})
    assert "is not an amount in dollars" in private(refused)


def test_every_action_type_has_a_panel_test() -> None:
    assert untested("impero", sys.modules[__name__], {}) == []
