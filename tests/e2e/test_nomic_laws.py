"""DecameroNomic laws that change the game, through the emulator (issue 28): an amendment of 1700 to
one vote each made in the law form (its change picked from a select, its text prefilled), its
consequence shown on the vote panel before the vote, the next letter decided by heads; a letter of two
proposals each with its protector; "3 lettere" letting the third letter through with no Scribe step;
the Scribe refused a knob cited from an unrelated law. An en-US player in an Italian server: the
channel reads Italian whoever acts, his own answers English."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot import pictures
from bot.main import AraldoBot
from engine.nomic.ruleset import param, variant
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_nomic import dm_with, law_form, posted, propose_text, state_of, vote
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e
SEND = "Send the vote"  # Erin's panel is in English


async def rollover(bot: AraldoBot, clock: FakeClock, gid: int) -> None:
    end = (await state_of(bot, gid)).deadline("giornata")
    assert end is not None
    clock.set(end)
    await bot.deadlines.wake(gid)


async def test_laws_that_change_the_game(emulator: Any, tmp_path: Any) -> None:
    pictures._CACHE.clear()
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob, carol = (emulator.user(n) for n in ("alice", "bob", "carol"))
    erin = emulator.add_user("erin", display_name="Erin", locale="en-US")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="nomic", settings="king=Alice scribe=Alice")
        for p in (bob, carol, erin):
            await emulator.click(p, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        gid = (await bot.service.in_channel(str(emulator.general.id))).id
        assert gid is not None

        # Giornata 1: Carol buys two gladiators and gets a prize from the Scribe; Bob proposes
        await emulator.slash(carol, "nomic gladiator buy", name="Maximus", magic="12341")
        await emulator.slash(carol, "nomic gladiator buy", name="Crixus", magic="54321")
        await emulator.slash(alice, "nomic scribe adjust", player="Carol", amount=5000, reason="Premio")
        await propose_text(emulator, bob, "Cortesia", "Si saluta il Re.")
        await rollover(bot, clock, gid)
        state = await state_of(bot, gid)
        assert state.giornata == 2 and state.king == str(bob.id) and state.treasure[str(carol.id)] > 6000
        cortesia = next(r for r in state.rules if r.title == "Cortesia").number

        # Giornata 2: Erin amends 1700 in the law form: the change from a select, the text prefilled
        picker = await emulator.slash(erin, "nomic propose", kind="amend", rule=1700)
        assert picker.ephemeral and "Amending rule 1700" in picker.content  # Erin reads English
        labels = [o["label"] for o in picker.message.selects[0]["options"]]
        assert any("one vote each" in x for x in labels) and not any("vote_weight" in x for x in labels)
        modal = await emulator.select(erin, picker, ["v.vote_weight.one_each"])
        text = next(c for row in modal.modal["components"] for c in row.get("components", [row])
                    if c.get("custom_id") == "text")
        # the rule's current text to edit, as Erin reads it: in English, the rule carrying its English text
        assert "Courtiers vote" in str(text.get("value")) and "Cortigiani votano" not in str(text.get("value"))
        sent = await emulator.submit_modal(erin, modal, {"text": "Ogni giocatore ha un voto solo."})
        assert not sent.ephemeral and "Lettera 2 di Erin" in sent.content  # the channel reads Italian
        assert "emenda la regola 1700" in sent.content and "un voto a testa" in sent.content
        # the amendment as a diff of the rule it changes: struck words out, bold words in
        assert "~~I Cortigiani votano" in sent.content and "**Ogni giocatore ha un** voto" in sent.content
        assert await dm_with(emulator, erin, "Letter 2 from Erin"), "a DM in the reader's language"
        amend_id = (await state_of(bot, gid)).proposals[-1].id

        # Alice's letter: rich Carol against, Erin for: by treasures it fails, by heads it would pass
        await propose_text(emulator, alice, "Gentilezza", "Si ringrazia.")
        courtesy = (await state_of(bot, gid)).letters[-1]
        (cid,) = courtesy.proposals
        await vote(emulator, carol, courtesy.id, [f"#{cid} ✗ contro"])
        await vote(emulator, erin, courtesy.id, [f"#{cid} ✓ for"], send=SEND)
        panel = await emulator.slash(carol, "nomic vote", letter=2)
        assert f"Con la #{amend_id} in vigore, una proposta votata come ora la #{cid} (lettera {courtesy.id})" \
            in panel.content
        # it says what would pass under the new rule, and that the pending one is tallied under the old
        assert "2 a 1, passerebbe (con le regole attuali non passa" in panel.content
        assert f"La #{cid} si conta con le regole attuali" in panel.content

        # a letter of two proposals, each with its own protector: "3 lettere" (a number in the form)
        # and a repeal added to the same letter
        modal = await law_form(emulator, carol, "n.letters", kind="amend", rule=300, protector="Maximus")
        await emulator.submit_modal(carol, modal, {"text": "Tre lettere per Giornata.", "value": "3"})
        added = await emulator.slash(carol, "nomic propose", kind="repeal", rule=2700, protector="Crixus", add=True)
        assert not added.ephemeral and "aggiunge alla lettera" in added.content
        state = await state_of(bot, gid)
        three = state.letters[-1]
        assert len(three.proposals) == 2
        assert [p.protector for p in state.proposals if p.letter == three.id] == ["g1", "g2"]
        for voter, yes, send in ((alice, "✓ a favore", "Invia il voto"), (erin, "✓ for", SEND)):
            await vote(emulator, voter, 2, [f"#{amend_id} {yes}"], send=send)
            await vote(emulator, voter, three.id, [f"#{p} {yes}" for p in three.proposals], send=send)
        await rollover(bot, clock, gid)
        state = await state_of(bot, gid)
        assert variant(state, "vote_weight") == "one_each" and param(state, "letters") == 3
        assert "bribes" not in state.mechanics and not any(a.what == "param" for a in state.audit)
        assert await posted(emulator, alice, "come pesano i voti ora è «un voto a testa»"), "what changed, in words"
        assert await posted(emulator, alice, "le lettere per Giornata passa da 2 a 3")

        # Giornata 3: the same votes now pass by heads; Erin sends three letters, no Scribe step
        king = state.king
        author = next(u for u in (alice, erin) if str(u.id) != king)
        await propose_text(emulator, author, "Gentilezza bis", "Si ringrazia ancora.")
        again = (await state_of(bot, gid)).letters[-1]
        (aid,) = again.proposals
        if str(carol.id) != king:
            await vote(emulator, carol, again.id, [f"#{aid} ✗ contro"])
        for other in (u for u in (alice, bob, erin) if u is not author):
            await vote(emulator, other, again.id, [f"#{aid} ✓ for" if other is erin else f"#{aid} ✓ a favore"],
                       send=SEND if other is erin else "Invia il voto")
        writer = next(u for u in (erin, alice, bob) if str(u.id) != king and u is not author)
        for n in range(3):
            third = await propose_text(emulator, writer, f"Lettera {n}", "Testo.")
            assert not third.ephemeral
        refused = await emulator.slash(alice, "nomic scribe param", name="king_weight", value="10", rule=cortesia)
        assert refused.ephemeral and "non governa" in refused.content
        await rollover(bot, clock, gid)
        state = await state_of(bot, gid)
        from engine.nomic import chronicle

        outcome = next(p for p in chronicle.all_proposals(state) if p.title == "Gentilezza bis")
        assert outcome.outcome == "passed" and outcome.votes_against <= 2
        emulator.assert_no_unknown_routes()


async def test_monarchy_then_no_king_then_gladiators_back(emulator: Any, tmp_path: Any) -> None:
    """A monarchy (the King's vote alone decides), picked in the form amending rule 1700 (a new law
    would yield to 1700, rule 100); then weights back to treasures and rule 7 repealed: no King is
    crowned; rule 1400 repealed and re-imported by the Scribe: gladiators return."""
    pictures._CACHE.clear()
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob, carol = (emulator.user(n) for n in ("alice", "bob", "carol"))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="nomic", settings="king=Alice scribe=Alice")
        for p in (bob, carol):
            await emulator.click(p, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        gid = (await bot.service.in_channel(str(emulator.general.id))).id
        assert gid is not None

        # Giornata 1: Bob amends 1700 to a monarchy, "the King's vote alone" picked in the form
        modal = await law_form(emulator, bob, "v.vote_weight.king", kind="amend", rule=1700)
        sent = await emulator.submit_modal(bob, modal, {"title": "Monarchia", "text": "Decide il Re."})
        assert "il voto del solo Re" in sent.content
        await vote(emulator, carol, 1, ["#1 ✓ a favore"])
        await rollover(bot, clock, gid)
        state = await state_of(bot, gid)
        assert variant(state, "vote_weight") == "king" and state.king == str(bob.id)

        # Giornata 2, King Bob: everyone else for Carol's law, the King against: it fails
        await propose_text(emulator, carol, "Contro il Re", "Tutti d'accordo.")
        letter = (await state_of(bot, gid)).letters[-1]
        (pid,) = letter.proposals
        await vote(emulator, alice, letter.id, [f"#{pid} ✓ a favore"])
        await vote(emulator, bob, letter.id, [f"#{pid} ✗ contro"])
        # Alice's letters the King favours: the monarchy amended back to treasures and rule 7 repealed
        # (in this order: with the King's vote alone and no King nothing could pass, rule 2100), then 1400
        monarchy = next(r.number for r in (await state_of(bot, gid)).rules if r.title == "Monarchia")
        modal = await law_form(emulator, alice, "v.vote_weight.treasure", kind="amend", rule=monarchy)
        await emulator.submit_modal(alice, modal, {"title": "Monarchia", "text": "Votano i Tesori."})
        repeal = await emulator.slash(alice, "nomic propose", kind="repeal", rule=7, add=True)
        assert "abroga la regola 7" in repeal.content
        await emulator.slash(alice, "nomic propose", kind="repeal", rule=1400)
        for sent_letter in (await state_of(bot, gid)).letters[-2:]:
            await vote(emulator, bob, sent_letter.id, [f"#{p} ✓ a favore" for p in sent_letter.proposals])
        await rollover(bot, clock, gid)
        state = await state_of(bot, gid)
        from engine.nomic import chronicle

        closed = {p.title: p.outcome for p in chronicle.all_proposals(state)}
        assert closed["Contro il Re"] == "rejected"  # the King alone said no
        assert closed["Il Re"] == closed["Monarchia"] == closed["I Gladiatori"] == "passed"
        assert state.status == "active" and state.king == "" and "king" not in state.mechanics
        assert await posted(emulator, alice, "Il Re non è più in vigore")
        refused = await emulator.slash(carol, "nomic gladiator buy", name="Maximus", magic="12341")
        assert refused.ephemeral

        # the Scribe re-imports 1400: from the next Giornata gladiators run again
        modal = await emulator.slash(alice, "nomic scribe import")
        pages = "1400. I Gladiatori\nTornano i Gladiatori."
        await emulator.submit_modal(alice, modal, {"pages": pages})
        await rollover(bot, clock, gid)
        state = await state_of(bot, gid)
        assert "gladiators" in state.mechanics and state.king == "" and state.status == "active"
        bought = await emulator.slash(carol, "nomic gladiator buy", name="Maximus", magic="12341")
        assert not bought.ephemeral and "Maximus" in bought.content
        emulator.assert_no_unknown_routes()


async def test_the_law_form_survives_a_restart(emulator: Any, tmp_path: Any) -> None:
    """The change picker opened before a restart opens its form after it, and the form submits."""
    pictures._CACHE.clear()
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob = emulator.user("alice"), emulator.user("bob")
    settings = bot_settings(emulator, tmp_path)
    first = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, first, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="nomic", settings="king=Alice scribe=Alice")
        await emulator.click(bob, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        picker = await emulator.slash(bob, "nomic propose", kind="amend", rule=300)
        assert picker.message.selects
    second = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, second, commands=TOP_COMMANDS):
        modal = await emulator.select(bob, picker, ["n.proposals_per_letter"])
        assert modal.modal
        sent = await emulator.submit_modal(bob, modal, {"text": "Tre proposte per lettera.", "value": "3"})
        assert not sent.ephemeral and "le proposte per lettera: 3" in sent.content
        wrong = await emulator.select(bob, picker, ["n.proposals_per_letter"])
        refused = await emulator.submit_modal(bob, wrong, {"text": "Troppe.", "value": "99"})
        assert refused.ephemeral and "da 1 a 10" in refused.content  # checked against the range
        emulator.assert_no_unknown_routes()


async def test_a_moderator_corrects_at_the_scribes_desk(emulator: Any, tmp_path: Any) -> None:
    """A server moderator (not a player) strikes a law enacted by mistake, overrides a result and
    corrects a treasury: each filed as the Scribe's act, each with its public reason."""
    pictures._CACHE.clear()
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob, carol = (emulator.user(n) for n in ("alice", "bob", "carol"))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="nomic", settings="king=Alice scribe=Alice")
        for p in (bob, carol):
            await emulator.click(p, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        gid = (await bot.service.in_channel(str(emulator.general.id))).id
        assert gid is not None
        modal = await law_form(emulator, bob, "v.majority.two_thirds", kind="enact")
        await emulator.submit_modal(bob, modal, {"title": "Errore", "text": "Due terzi."})
        await propose_text(emulator, carol, "Respinta", "Niente.")
        await vote(emulator, alice, 2, ["#2 ✗ contro"])
        await rollover(bot, clock, gid)
        state = await state_of(bot, gid)
        # rule 100: a new law does not override the lower rule 1700 on its majority; the Gazette says so
        assert variant(state, "majority") == "simple"
        assert await posted(emulator, alice, "la regola 1700 ne parla e ha il numero più basso (regola 100)")
        law = next(r.number for r in state.rules if r.title == "Errore")

        refused = await emulator.slash(carol, "nomic scribe strike", number=law, reason="No.")
        assert refused.ephemeral  # a player who is not the Scribe
        owner = emulator.owner
        struck = await emulator.slash(owner, "nomic scribe strike", number=law, reason="Contata due volte")
        assert not struck.ephemeral and "Contata due volte" in struck.content
        fixed = await emulator.slash(owner, "nomic scribe override", proposal=2, passed=True, reason="Voto perso")
        assert not fixed.ephemeral and "Voto perso" in fixed.content
        paid = await emulator.slash(owner, "nomic scribe adjust", player="Carol", amount=50, reason="Rimborso")
        assert not paid.ephemeral and "Rimborso" in paid.content
        state = await state_of(bot, gid)
        assert variant(state, "majority") == "simple" and any(r.title == "Respinta" for r in state.rules)
        assert [(a.what, a.by, a.detail["reason"]) for a in state.audit] == [
            ("strike", str(alice.id), "Contata due volte"), ("override", str(alice.id), "Voto perso"),
            ("adjust", str(alice.id), "Rimborso")]
        emulator.assert_no_unknown_routes()


async def test_a_repeals_consequences_are_on_the_vote_panel(emulator: Any, tmp_path: Any) -> None:
    """Issue 38: Bob proposes to repeal rule 10 while King Alice's double vote ties Carol's law. The
    vote panel of the repeal says, before anyone votes, that the King's powers would go and that
    Carol's letter would pass instead of failing; the panel of a plain law says nothing changes."""
    pictures._CACHE.clear()
    clock = FakeClock(datetime(2026, 11, 2, 9, 0, tzinfo=UTC))
    alice, bob, carol, dave = (emulator.user(n) for n in ("alice", "bob", "carol", "dave"))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="nomic", settings="king=Alice scribe=Alice")
        for p in (bob, carol, dave):
            await emulator.click(p, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        repeal = await emulator.slash(bob, "nomic propose", kind="repeal", rule=10)
        assert not repeal.ephemeral and "abroga la regola 10" in repeal.content
        await propose_text(emulator, carol, "Cortesia", "Si saluta.")
        await vote(emulator, alice, 2, ["#2 ✗ contro"])  # the King: 2 × 2001 against
        await vote(emulator, dave, 2, ["#2 ✓ a favore"])  # Carol and Dave: 2 × 2001 for
        panel = await emulator.slash(dave, "nomic vote", letter=1)
        assert panel.ephemeral
        assert "Con la #1 in vigore il gioco cambierebbe così:" in panel.content
        assert "Regola 10: I poteri del Re non è più in vigore" in panel.content
        assert ("una proposta votata come ora la #2 (lettera 2), 4002 a 0, passerebbe (con le regole attuali non "
                "passa, 4002 a 4002)") in panel.content
        plain = await emulator.slash(bob, "nomic vote", letter=2)
        assert "Con la #2 in vigore non cambierebbe nessuna meccanica" in plain.content
        emulator.assert_no_unknown_routes()
