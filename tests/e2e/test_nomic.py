"""DecameroNomic through the emulator: four players, two Giornate by fake clock, a letter voted with
the panel, a bribe, a veto, a protected proposal and its penalty, a King refusing the crown."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from bot import pictures
from bot.main import AraldoBot
from engine.nomic import chronicle
from engine.nomic.models import NomicState
from engine.nomic.ruleset import knobs_of, mechanics
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_impero import posted
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e
MECHANIC_OF = {m: {k.name for k in knobs_of(m)} | {m} for m in mechanics()}


async def state_of(bot: AraldoBot, game_id: int) -> NomicState:
    _, state = await bot.service.state(game_id)
    assert isinstance(state, NomicState)
    return state


async def dm_with(emulator: Any, user: Any, text: str) -> bool:
    for _ in range(60):
        if any(text in m.content for m in emulator.dms(user)):
            return True
        await asyncio.sleep(0.05)
    return False


async def nomic_table(emulator: Any, bot: AraldoBot, king: Any, *others: Any) -> int:
    """A DecameroNomic game in #general, `king` its King and Scribe, the others seated; its id."""
    created = await emulator.slash(king, "game create", game="nomic", settings=f"king={king.username} scribe={king.username}")
    for p in others:
        await emulator.click(p, created, label="Partecipa")
    await emulator.slash(king, "game start")
    gid = (await bot.service.in_channel(str(emulator.general.id))).id
    assert gid is not None
    return gid


async def law_form(emulator: Any, user: Any, pick: str = "t", **options: Any) -> Any:
    """/nomic propose for a new law or an amendment: the change picker (`pick`, an option's value),
    then the text form it opens."""
    asked = await emulator.slash(user, "nomic propose", **options)
    if asked.modal:
        return asked
    assert asked.ephemeral and asked.message.selects
    if "." in pick and options.get("kind") == "enact":  # a new law: a part of the game first
        mechanic = next(m for m, ks in MECHANIC_OF.items() if pick.split(".")[1] in ks)
        await emulator.select(user, asked, [f"m.{mechanic}"])
    return await emulator.select(user, asked, [pick])


async def propose_text(emulator: Any, user: Any, title: str, text: str, **options: Any) -> Any:
    modal = await law_form(emulator, user, kind="enact", **options)
    assert modal.modal
    return await emulator.submit_modal(user, modal, {"title": title, "text": text})


async def vote(emulator: Any, user: Any, letter: int, labels: list[str], send: str = "Invia il voto",
               **options: Any) -> Any:
    panel = await emulator.slash(user, "nomic vote", letter=letter, **options)
    assert panel.ephemeral and panel.message.buttons
    details = panel.message.content.rsplit("\n\n", 1)[0]  # the proposals in full, and any change's preview
    for label in labels:
        clicked = await emulator.click(user, panel, label=label)
        # a click redraws the choices under the same proposals and previews (issue 37)
        assert clicked.message.content.startswith(details), clicked.message.content
    return await emulator.click(user, panel, label=send)


async def test_two_giornate_with_bribe_veto_protector_and_a_refused_crown(emulator: Any, tmp_path: Any) -> None:
    pictures._CACHE.clear()
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob, carol, dave = (emulator.user(n) for n in ("alice", "bob", "carol", "dave"))
    ids = {n: str(emulator.user(n).id) for n in ("alice", "bob", "carol", "dave")}
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="nomic", settings="king=Alice scribe=Alice")
        for p in (bob, carol, dave):
            await emulator.click(p, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        row = await bot.service.in_channel(str(emulator.general.id))
        gid = row.id
        assert gid is not None
        state = await state_of(bot, gid)
        assert state.king == ids["alice"] and state.scribe == ids["alice"]

        # Giornata 1: gladiators bought now fight from Giornata 2
        bought = await emulator.slash(bob, "nomic gladiator buy", name="Maximus", magic="12341")
        assert not bought.ephemeral and "Maximus" in bought.content
        await emulator.slash(dave, "nomic gladiator buy", name="Spartaco", magic="21345")
        taken = await emulator.slash(carol, "nomic gladiator buy", name="maximus", magic="55555")
        assert taken.ephemeral and "Maximus" in taken.content
        duel = await emulator.slash(carol, "nomic gladiator duel", first="Maximus", second="Spartaco")
        assert "vince Spartaco" in duel.content and "3 a 9" in duel.content

        # a letter through the modal, voted against by Dave with the panel, then Dave is bribed
        sent = await propose_text(emulator, carol, "Cortesia", "Si saluta il Re.")
        assert not sent.ephemeral and "Lettera 1 di Carol" in sent.content
        assert await dm_with(emulator, bob, "Cortesia"), "a DM for new proposals"
        voted = await vote(emulator, dave, 1, ["#1 ✗ contro"])
        assert not voted.ephemeral and "Dave risponde alla lettera 1" in voted.content
        small = await emulator.slash(carol, "nomic bribe", proposal=1, player="Dave", amount=300)
        assert small.ephemeral and "400" in small.content
        bribe = await emulator.slash(carol, "nomic bribe", proposal=1, player="Dave", amount=400)
        assert not bribe.ephemeral and "tangente" in bribe.content
        assert (await state_of(bot, gid)).proposals[0].ballots[ids["dave"]].choice == "for"

        # Bob's letter is vetoed by the King
        await propose_text(emulator, bob, "Silenzio", "Nessuno parla.")
        veto = await emulator.slash(alice, "nomic veto", proposal=2)
        assert not veto.ephemeral and "veto" in veto.content
        again = await emulator.slash(alice, "nomic veto", proposal=1)
        assert again.ephemeral and "già stato usato" in again.content

        # 48 hours before the end, who has not voted gets a DM
        end = (await state_of(bot, gid)).deadline("giornata")
        assert end == datetime(2026, 11, 16, 9, 0, tzinfo=UTC)
        clock.set(end - timedelta(hours=48))
        await bot.deadlines.wake(gid)
        assert await dm_with(emulator, alice, "non hai ancora votato")

        # the rollover: Gazzetta in the channel with the chart, Bob is King-designate and refuses
        clock.set(end)
        await bot.deadlines.wake(gid)
        gazzetta = await posted(emulator, carol, "Gazzetta")
        assert gazzetta and gazzetta[-1].images
        state = await state_of(bot, gid)
        assert state.giornata == 2 and state.king == ids["bob"] and state.crown_open
        # the closed Giornata is filed in the chronicle, out of the live state
        assert not state.proposals and [p.outcome for p in chronicle.all_proposals(state)[:2]] == ["passed", "vetoed"]
        assert state.treasure[ids["carol"]] == 2001 - 400 + state.power[ids["carol"]]  # with Giornata 1's income
        assert await dm_with(emulator, bob, "Sei il Re")
        assert await dm_with(emulator, carol, "approvata")
        panel = await emulator.slash(bob, "nomic panel")
        assert panel.ephemeral
        refused = await emulator.click(bob, panel, label="Rifiuto la corona")
        told = [m for m in refused.followups if not m.ephemeral]
        assert told and "rifiuta la corona" in told[0].content
        # the spent panel lost its buttons and says what was chosen: the crown cannot be refused twice
        assert refused.response is not None and refused.response.id == panel.message.id
        assert not refused.response.components and "✔️ Fatto: Rifiuto la corona" in refused.response.content
        state = await state_of(bot, gid)
        assert state.king == ids["carol"], "Carol proposed too: she is next after Bob"

        # Giornata 2: Bob's proposal protected by Maximus; Alice votes against without a champion,
        # Dave with Spartaco who beats Maximus
        sent = await propose_text(emulator, bob, "Circenses", "Giochi ogni Giornata.", protector="Maximus")
        assert not sent.ephemeral and "Circenses" in sent.content
        letter = (await state_of(bot, gid)).letters[-1].id
        await vote(emulator, alice, letter, ["#3 ✗ contro"])
        await vote(emulator, dave, letter, ["#3 ✗ contro"], champion="Spartaco")
        before = dict((await state_of(bot, gid)).treasure)
        rules = await emulator.slash(dave, "nomic rules", search="gladiat")
        assert rules.ephemeral and "1400" in rules.content
        clock.set((await state_of(bot, gid)).deadline("giornata"))
        await bot.deadlines.wake(gid)
        state = await state_of(bot, gid)
        assert state.giornata == 3 and state.king == ids["bob"]
        gained = {n: state.treasure[ids[n]] - before[ids[n]] - state.power[ids[n]] for n in ids}
        assert gained["alice"] == -100 and gained["bob"] == 100 and gained["dave"] == 0
        assert await posted(emulator, carol, "Spartaco di Dave batte il Protettore Maximus")
        treasury = await emulator.slash(carol, "nomic treasury")
        assert "Alice" in treasury.content and any(m.images for m in treasury.messages)
        emulator.assert_no_unknown_routes()


async def test_join_by_asking_and_the_scribes_desk(emulator: Any, tmp_path: Any) -> None:
    pictures._CACHE.clear()
    alice, bob = emulator.user("alice"), emulator.user("bob")
    erin = emulator.add_user("erin", display_name="Erin", locale="en-US")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",))
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="nomic")
        await emulator.click(bob, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        row = await bot.service.in_channel(str(emulator.general.id))
        gid = row.id
        assert gid is not None

        # a newcomer asks, and asking is enough (rule 4): said in the channel's language (Italian)
        asked = await emulator.slash(erin, "nomic join")
        assert not asked.ephemeral and "Erin chiede di entrare" in asked.content
        assert "Erin" in (await state_of(bot, gid)).applicants.values()
        again = await emulator.slash(erin, "nomic join")
        assert again.ephemeral

        # English readers get Araldo's English summaries; the Scribe imports the group's own text
        rule = await emulator.slash(erin, "nomic rule", number=1400)
        assert rule.ephemeral and "Gladiators" in rule.content
        modal = await emulator.slash(alice, "nomic scribe import")
        assert modal.modal
        pages = "1400. I Gladiatori\nTesto ufficiale: i gladiatori combattono.\n2750. Legge del gruppo\nUna legge nostra."
        imported = await emulator.submit_modal(alice, modal, {"pages": pages})
        assert not imported.ephemeral and "1" in imported.content
        rule = await emulator.slash(erin, "nomic rule", number=1400)
        assert "Testo ufficiale" in rule.content
        found = await emulator.slash(bob, "nomic rules", search="legge del gruppo")
        assert "2750" in found.content
        first = await emulator.slash(bob, "nomic rules")
        assert "pagina 1 di 2" in first.content and first.message.button_labels == ["▶"]
        second = await emulator.click(bob, first, label="▶")
        assert "pagina 2 di 2" in second.message.content and "2700" in second.message.content
        not_scribe = await emulator.slash(bob, "nomic scribe adjust", player="Alice", amount=-10, reason="x")
        assert not_scribe.ephemeral and "Scriba" in not_scribe.content
        param = await emulator.slash(alice, "nomic scribe param", name="king_weight", value=3, rule=10)
        assert param.ephemeral and "peso del voto del Re" in param.content and "king_weight" not in param.content
        text = await emulator.slash(alice, "nomic scribe text", number=2750)
        assert text.modal
        edited = await emulator.submit_modal(alice, text, {"text": "Una legge riscritta."})
        assert not edited.ephemeral and "2750" in edited.content
        state = await state_of(bot, gid)
        assert [a.what for a in state.audit] == ["admit", "import", "rule_text"]
        emulator.assert_no_unknown_routes()


async def test_the_vote_panel_still_works_after_a_restart(emulator: Any, tmp_path: Any) -> None:
    """The panel keeps its picks in its buttons: opened before a restart, it is finished after it."""
    pictures._CACHE.clear()
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob, carol = (emulator.user(n) for n in ("alice", "bob", "carol"))
    settings = bot_settings(emulator, tmp_path)
    first = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, first, commands=TOP_COMMANDS):
        gid = await nomic_table(emulator, first, alice, bob, carol)
        await propose_text(emulator, bob, "Cortesia", "Si saluta il Re.")
        await propose_text(emulator, bob, "Silenzio", "Nessuno parla.", add=True)
        panel = await emulator.slash(carol, "nomic vote", letter=1)
        await emulator.click(carol, panel, label="#1 ✓ a favore")
        rating = next(s for s in panel.message.selects if "#1" in str(s.get("placeholder")))
        await emulator.select(carol, panel, ["8"], custom_id=rating["custom_id"])
        assert "★8" in panel.message.content
    second = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, second, commands=TOP_COMMANDS):
        await emulator.click(carol, panel, label="#2 ✗ contro")  # the old bot's panel, the new bot answers
        assert "#2 ✗ contro" in panel.message.content and "★8" in panel.message.content
        sent = await emulator.click(carol, panel, label="Invia il voto")
        assert not sent.ephemeral and "Carol risponde alla lettera 1" in sent.content
        state = await state_of(second, gid)
        first_ballot, second_ballot = (p.ballots[str(carol.id)] for p in state.proposals)
        assert (first_ballot.choice, first_ballot.rating) == ("for", 8) and second_ballot.choice == "against"
        emulator.assert_no_unknown_routes()


async def test_the_panel_writes_a_law(emulator: Any, tmp_path: Any) -> None:
    """/nomic panel offers a button to write a law: it opens the law form's first step."""
    pictures._CACHE.clear()
    alice, bob = emulator.user("alice"), emulator.user("bob")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",))
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        await nomic_table(emulator, bot, alice, bob)
        panel = await emulator.slash(bob, "nomic panel")
        assert panel.ephemeral and "Scrivi una legge" in panel.message.button_labels
        picker = await emulator.click(bob, panel, label="Scrivi una legge")
        assert picker.ephemeral and picker.message.selects
        modal = await emulator.select(bob, picker, ["t"])
        sent = await emulator.submit_modal(bob, modal, {"title": "Dal pannello", "text": "Una legge."})
        assert not sent.ephemeral and "Dal pannello" in sent.content
        king = await emulator.slash(alice, "nomic panel")  # the King proposes nothing (rule 2600)
        assert "Scrivi una legge" not in king.message.button_labels
        emulator.assert_no_unknown_routes()
