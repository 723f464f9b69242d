"""A modal open across a bot restart still plays: its custom_id carries the move, and the new
process answers the submit (Impero's panel move and custom bid, SPQRisiko's "another number",
DecameroNomic's proposal and Scribe forms)."""

from __future__ import annotations

from typing import Any

import pytest

from bot.main import AraldoBot
from engine.spqrisiko.board import board
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_impero import EXTRA, button, posted, start_game, state_of
from tests.e2e.test_impero_panel import option
from tests.e2e.test_spqrisiko import rig
from tests.e2e.test_spqrisiko import state_of as spqr_state
from tests.e2e.test_spqrisiko_panel import choose, game, press, reinforce_all
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


async def test_impero_modals_opened_before_a_restart_are_played_after_it(emulator: Any, tmp_path: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    settings = bot_settings(emulator, tmp_path)
    first = AraldoBot(settings, extra_extensions=EXTRA)
    async with running_bot(emulator, first, commands=TOP_COMMANDS):
        gid = await start_game(emulator, first, [alice, bob])
        await emulator.slash(alice, "impero create-company", name="Telco", capital="150")
        await emulator.slash(alice, "impero recapitalize", company="Telco")
        # Alice opens the reinvestment form of her panel; Bob the custom bid of Telco's auction
        me = await emulator.slash(alice, "impero me")
        custom_id, value = option(me.message, "company", "Telco: cambia la quota reinvestita")
        reinvest = await emulator.select(alice, me.message, [value], custom_id=custom_id)
        assert reinvest.modal
        market = await emulator.slash(bob, "impero market")
        msg, bid_id = button(market, "Telco: importo a scelta")
        bid = await emulator.click(bob, msg, custom_id=bid_id)
        assert bid.modal
    second = AraldoBot(settings, extra_extensions=EXTRA)
    async with running_bot(emulator, second, commands=TOP_COMMANDS):
        done = await emulator.submit_modal(alice, reinvest, {"rate": "50"})
        assert not done.errors
        # the answer carries the map: on a busy machine it is drawn after the reply is deferred
        assert await posted(emulator, alice, "Telco porta il reinvestimento", seconds=15)
        bid_done = await emulator.submit_modal(bob, bid, {"amount": "4"})
        assert not bid_done.errors and "4,00" in bid_done.content
        state = await state_of(second, gid)
        telco = next(c for c in state.companies if c.name == "Telco")
        assert telco.reinvest == 50
        assert state.auctions[0].best_bid == 400 and state.auctions[0].best_bidder == str(bob.id)
        # a form about a company that is gone says so in the reader's language, nothing played
        stale = dict(bid.modal or {}, custom_id=f"araldo:imp:bidm:{gid}:C99")
        refused = await emulator.submit_modal(bob, stale, {"amount": "5"})
        assert refused.ephemeral and "aprilo di nuovo" in refused.content
        assert (await state_of(second, gid)).auctions[0].best_bid == 400
        emulator.assert_no_unknown_routes()


async def test_spqr_count_modal_opened_before_a_restart_is_played_after_it(emulator: Any, tmp_path: Any) -> None:
    settings = bot_settings(emulator, tmp_path)
    first = AraldoBot(settings, extra_extensions=EXTRA)
    async with running_bot(emulator, first, commands=TOP_COMMANDS):
        row, _users, user, pid = await game(emulator, first)
        state = await spqr_state(first, row)
        src = next(p for p in sorted(state.owner) if state.owner[p] == pid)
        dst = next(n for n in board().provinces[src].land)

        def stage(s: Any) -> None:
            s.owner[dst], s.legions[dst], s.legions[src] = pid, 2, 10

        await rig(first, row, stage)
        await reinforce_all(emulator, first, row, user)
        at_src = (await spqr_state(first, row)).legions[src]
        await choose(emulator, user, "fo", src)
        await choose(emulator, user, "fo2", dst)
        opened = await press(emulator, user, "Un altro numero…")
        assert opened.modal
    second = AraldoBot(settings, extra_extensions=EXTRA)
    async with running_bot(emulator, second, commands=TOP_COMMANDS):
        moved = await emulator.submit_modal(user, opened, {"count": "7"})
        assert not moved.errors
        state = await spqr_state(second, row)
        assert state.legions[src] == at_src - 7
        assert board().name(dst) in "\n".join(m.content for m in moved.messages if not m.ephemeral)
        emulator.assert_no_unknown_routes()


async def test_nomic_forms_opened_before_a_restart_are_played_after_it(emulator: Any, tmp_path: Any) -> None:
    """DecameroNomic's proposal and Scribe forms: two players fill the same form at once, one sends
    it before a restart and the other after, and the Scribe's rule text goes in after it too."""
    from tests.e2e.test_nomic import nomic_table
    from tests.e2e.test_nomic import state_of as nomic_state

    alice, bob, carol = (emulator.user(n) for n in ("alice", "bob", "carol"))
    settings = bot_settings(emulator, tmp_path)
    first = AraldoBot(settings, extra_extensions=EXTRA)
    async with running_bot(emulator, first, commands=TOP_COMMANDS):
        gid = await nomic_table(emulator, first, alice, bob, carol)
        # a protector no gladiator can be called (names are 1-32 characters): said at once, no form
        too_long = await emulator.slash(bob, "nomic propose", kind="enact", protector="M" * 41)
        assert too_long.ephemeral and not too_long.modal and "M" * 40 in too_long.content
        # the law form: what the law changes first (only the text here), then the form itself
        by_bob = await emulator.select(bob, await emulator.slash(bob, "nomic propose", kind="enact"), ["t"])
        by_carol = await emulator.select(carol, await emulator.slash(carol, "nomic propose", kind="enact"), ["t"])
        assert by_bob.modal and by_carol.modal
        sent = await emulator.submit_modal(carol, by_carol, {"title": "Cortesia", "text": "Si saluta il Re."})
        assert not sent.ephemeral and "Lettera 1 di Carol" in sent.content
        text = await emulator.slash(alice, "nomic scribe text", number=1400)
        assert text.modal
    second = AraldoBot(settings, extra_extensions=EXTRA)
    async with running_bot(emulator, second, commands=TOP_COMMANDS):
        later = await emulator.submit_modal(bob, by_bob, {"title": "Silenzio", "text": "Nessuno parla."})
        assert not later.errors and "Lettera 2 di Bob" in later.content
        edited = await emulator.submit_modal(alice, text, {"text": "I gladiatori combattono a mezzogiorno."})
        assert not edited.errors and "1400" in edited.content
        state = await nomic_state(second, gid)
        assert [p.title for p in state.proposals] == ["Cortesia", "Silenzio"]
        assert [p.author for p in state.proposals] == [str(carol.id), str(bob.id)]
        assert next(r for r in state.rules if r.number == 1400).text == "I gladiatori combattono a mezzogiorno."
        emulator.assert_no_unknown_routes()
