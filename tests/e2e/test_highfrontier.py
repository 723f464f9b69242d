"""High Frontier Module 5 run for a table of three through the emulator: a board meeting with two
presidents on the panel, a dump into insolvency saved by an angel, the flip and a bank panic."""

from __future__ import annotations

from typing import Any

import pytest

from engine.highfrontier.models import SPECULATORS
from tests.e2e.staging import state_of

pytestmark = pytest.mark.e2e


async def open_game(emulator: Any, bot: Any, settings: str = "last_year=10 reports=trusted") -> tuple[Any, list[Any]]:
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    created = await emulator.slash(alice, "game create", game="highfrontier", settings=settings)
    for p in (bob, carol):
        await emulator.click(p, created, label="Partecipa")
    started = await emulator.slash(alice, "game start")
    assert not started.ephemeral
    # the way in: what to report first and how, and the first player called
    text = "\n".join(m.content for m in [*started.messages, *started.followups])
    assert "0 Aqua" in text and "/hf evento registro" in text and "tocca a te" in text
    row = await bot.service.in_channel(str(emulator.general.id))
    _, state = await bot.service.state(row.id)
    by_id = {str(u.id): u for u in (alice, bob, carol)}
    return row, [by_id[pid] for pid in state.order]


def panel_of(result: Any) -> Any:
    return next((m for m in [*result.followups, *result.messages] if m.buttons and not m.ephemeral), None)


async def test_a_table_of_three_runs_the_module_5_economy(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261123
    row, (p0, p1, p2) = await open_game(emulator, araldo)
    for p in (p0, p1, p2):
        got = await emulator.slash(p, "hf report ledger", kind="other", amount=20)
        assert not got.ephemeral and "20" in got.content

    # a deal: its receiver reads the terms and may refuse it with a button; the others never see them
    offered = await emulator.slash(p0, "hf deal offer", player=p1, give_aqua=5, get_aqua=2)
    assert "5 Aqua" not in offered.content and "accordo n. 1" in offered.content  # the channel: no terms
    assert any("riceveresti 5 Aqua e daresti 2 Aqua" in m.content for m in emulator.dms(p1))
    mine = await emulator.slash(p1, "hf me")
    panel = next(m for m in [*mine.messages, *mine.followups] if m.buttons)
    assert "offre: 5 Aqua; chiede: 2 Aqua" in mine.content
    refused_deal = await emulator.click(p1, panel, label="Rifiuta l'accordo n. 1")
    assert not refused_deal.errors
    assert (await state_of(araldo, row)).deals == []
    log = await emulator.slash(p2, "game log")
    assert "5 Aqua" not in log.content and "mossa riservata" in log.content  # Carol: a private move, no terms

    # a wrong move is refused privately, in Italian, and changes nothing
    refused = await emulator.slash(p1, "hf trade buy", company="Lanciatori")
    assert refused.ephemeral and "Non è il tuo turno" in refused.content

    floated = await emulator.slash(p0, "hf trade float", company="Lanciatori")  # a name typed, Italian
    assert not floated.ephemeral and "Lanciatori" in floated.content
    ended = await emulator.slash(p0, "hf report turn-end")
    assert f"<@{p1.id}>, tocca a te" in ended.content  # the next player called in the channel
    await emulator.slash(p1, "hf trade float", company="circle1")
    await emulator.slash(p1, "hf report turn-end")
    bought = await emulator.slash(p2, "hf trade buy", company="FINAO")
    assert "FINAO sale alla riga 2" in bought.content
    await emulator.slash(p2, "hf report turn-end")
    await emulator.slash(p0, "hf trade buy", company="Lanciatori")

    # the event roll opens a board meeting: FINAO (right) decides before the launch company
    rolled = await emulator.slash(p0, "hf report event", roll=2)
    assert "Riunione del consiglio" in rolled.content
    assert any("Decidi per FINAO" in m.content for m in emulator.dms(p1)), "your board decision, by DM"
    panel = panel_of(rolled)
    assert panel is not None and "Dividendo 1" in panel.button_labels and "Passa" in panel.button_labels
    wrong = await emulator.click(p0, panel, label="Dividendo 1")
    assert wrong.ephemeral and "presidente" in wrong.content
    paid = await emulator.click(p1, panel, label="Dividendo 1")
    assert any("FINAO paga 1 Aqua per azione" in m.content for m in paid.followups)
    second = panel_of(paid)
    assert second is not None
    passed = await emulator.click(p0, second, label="Passa")
    assert any("La riunione del consiglio è finita" in m.content for m in passed.followups)
    state = await state_of(araldo, row)
    assert state.meeting == [] and state.companies["circle1"].row == 1
    await emulator.slash(p0, "hf report turn-end")

    # a dump into insolvency, and an angel
    dumped = await emulator.slash(p2, "hf trade dump", company="FINAO")
    assert "insolvente" in dumped.content and "angelo" in dumped.content
    assert any("Hai perso le tue azioni di FINAO" in m.content for m in emulator.dms(p1))
    straw = await emulator.slash(p2, "hf company angel", company="FINAO")
    assert straw.ephemeral and "svendendo" in straw.content
    mine = await emulator.slash(p0, "hf me")  # the private panel: what p0 may do now
    buttons = next(m for m in [*mine.messages, *mine.followups] if m.buttons)
    assert mine.ephemeral and "Angelo per FINAO" in buttons.button_labels
    offered = await emulator.click(p0, buttons, label="Angelo per FINAO")
    assert not offered.ephemeral and "si offre come angelo per FINAO" in offered.content
    saved = await emulator.slash(p1, "hf company angel", company="FINAO", offer=False)
    assert "salva FINAO come angelo" in saved.content
    state = await state_of(araldo, row)
    assert state.companies["circle1"].holes[0] == str(p0.id) and state.default_holder is None

    # the flip: the banker reports the first isotope and the domes
    flipped = await emulator.slash(p1, "hf report first-isotope", domes=f"<@{p0.id}> 2, <@{p2.id}> 1")
    assert "Il primo isotopo" in flipped.content
    state = await state_of(araldo, row)
    assert state.flipped and state.vault(SPECULATORS).blue == 2 and state.vault(str(p0.id)).blue == 2
    bank = await emulator.slash(p0, "hf bank")
    assert any(m.attachments for m in [*bank.messages, *bank.followups])
    market = await emulator.slash(p0, "hf market")
    assert any(m.attachments for m in [*market.messages, *market.followups])
    me = await emulator.slash(p0, "hf me")
    assert me.ephemeral and "fiduciari 2" in me.content
    await emulator.slash(p1, "hf report turn-end")
    # the wildcat bank (5F6): p2's factory with an isotope opens it, on p2's turn; p2 then pays through it
    wild = await emulator.slash(p2, "hf report wildcat", isotopes=f"<@{p2.id}> 1")
    assert "apre la banca degli isotopi selvaggia: 2 mezzi fiduciari" in wild.content
    use = await emulator.slash(p2, "hf bank", use="wildcat")
    assert "ora usa la banca selvaggia" in use.content
    state = await state_of(araldo, row)
    assert state.wildcat == str(p2.id) and state.vault("wildcat:" + str(p2.id)).gold == 1
    assert state.bank_choice == {str(p2.id): "wildcat"}

    # anarchy: a bank panic, deflation from the first player
    panic = await emulator.slash(p2, "hf report event", roll=6, effect="anarchy")
    assert "Panico bancario" in panic.content
    assert all(any("Panico bancario" in m.content for m in emulator.dms(p)) for p in (p0, p1, p2))
    state = await state_of(araldo, row)
    assert state.deflation_order[0] == str(p0.id) and state.deflation[str(p0.id)] == 2
    await emulator.slash(p0, "hf money deflate")  # a centrist lobby saves one share
    discarded = await emulator.slash(p0, "hf money deflate", company="Lanciatori")
    assert "scarta un'azione di Lanciatori" in discarded.content
    state = await state_of(araldo, row)
    assert state.deflation == {} and all(v.blue == 0 for v in state.vaults.values())  # both banks
    assert state.companies["triangle1"].holes.count(str(p0.id)) == 1

    score = await emulator.slash(p0, "hf score")
    assert not score.ephemeral and "PV" in score.content


async def test_a_homeless_bank_panics_is_robbed_and_lapses_for_a_new_bank(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261124
    row, (p0, p1, p2) = await open_game(emulator, araldo)
    await emulator.slash(p0, "hf report ledger", kind="other", amount=20)
    floated = await emulator.slash(p0, "hf trade float", company="Lanciatori")
    assert not floated.ephemeral
    await emulator.slash(p0, "hf report turn-end")
    await emulator.slash(p1, "hf report first-isotope", domes=f"<@{p0.id}> 2")
    await emulator.slash(p1, "hf report turn-end")

    # combat destroys the bank's Factory (5F1b): homeless, and a bank panic
    wrong = await emulator.slash(p2, "hf report homeless", cause="combat", bank="wildcat")
    assert wrong.ephemeral and "Non c'è una banca degli isotopi selvaggia" in wrong.content
    hit = await emulator.slash(p2, "hf report homeless", cause="combat")
    assert not hit.ephemeral and "resta senza dimora" in hit.content and "in un combattimento" in hit.content
    assert "Panico bancario (una banca senza dimora)" in hit.content
    state = await state_of(araldo, row)
    assert state.homeless == ["main"] and state.deflation == {str(p0.id): 2}
    early = await emulator.slash(p0, "hf report rob", isotopes=1, victim=p1)
    assert early.ephemeral and state.vault(str(p1.id)).gold == 1  # the deflation comes first
    for _ in range(2):
        await emulator.slash(p0, "hf money deflate")  # centrist lobbies save both shares

    # its vaults may be robbed (on the robber's turn), and it keeps transacting
    await emulator.slash(p2, "hf report turn-end")
    me = await emulator.slash(p0, "hf me")
    assert me.ephemeral and "La banca principale è senza dimora" in me.content
    robbed = await emulator.slash(p0, "hf report rob", isotopes=1, victim=p1)
    assert not robbed.ephemeral and "1 isotopo nella sua pila" in robbed.content
    off_turn = await emulator.slash(p2, "hf report rob", isotopes=1)
    assert off_turn.ephemeral and "Non è il tuo turno" in off_turn.content
    await emulator.slash(p0, "hf report turn-end")
    await emulator.slash(p1, "hf report turn-end")
    short = await emulator.slash(p2, "hf report rob", isotopes=1)
    assert short.ephemeral and "Quella cassaforte ha 0 isotopi" in short.content
    state = await state_of(araldo, row)
    assert state.vault(str(p1.id)).gold == 0
    bank = await emulator.slash(p0, "hf bank")
    assert any(m.attachments for m in [*bank.messages, *bank.followups])

    # a new bank per 5F6 makes the homeless one lapse (5F6e)
    opened = await emulator.slash(p2, "hf report wildcat", isotopes=f"<@{p2.id}> 1")
    assert "senza dimora di" in opened.content and "decade" in opened.content
    assert "apre la nuova banca degli isotopi al suo posto" in opened.content
    state = await state_of(araldo, row)
    assert state.homeless == [] and state.banker == str(p2.id) and state.wildcat is None
    assert state.vault(str(p2.id)).gold == 1


async def test_a_report_waits_for_a_witness_and_its_buttons_survive_a_restart(emulator: Any, tmp_path: Any) -> None:
    """Witnessed (the default): Alice's income moves nothing until Bob confirms it with the button
    under her report, after a restart of the bot; her base VP are objected to by Carol and wait for a
    moderator, who rejects them; a moderator's own report counts at once."""
    from tests.e2e.conftest import TOP_COMMANDS, make_bot
    from tests.emulator.fixtures import running_bot

    first = make_bot(emulator, tmp_path)
    async with running_bot(emulator, first, commands=TOP_COMMANDS):
        first.service.seed_source = lambda: 20261125
        row, (p0, p1, p2) = await open_game(emulator, first, settings="last_year=10")
        told = await emulator.slash(p0, "hf report ledger", kind="fundraising", amount=12)
        post = panel_of(told)
        assert post is not None and not told.ephemeral
        assert "segnala (n. 1)" in post.content and "incassa 12 (raccolta fondi)" in post.content
        assert post.button_labels == ["Conferma", "Contesta"]
        assert any("confermalo o contestalo" in m.content for m in emulator.dms(p1))
        assert (await state_of(first, row)).holders[str(p0.id)].aqua == 0  # nothing moved yet
        own = await emulator.click(p0, post, label="Conferma")
        assert own.ephemeral and "Non puoi confermare la tua segnalazione" in own.content
    second = make_bot(emulator, tmp_path)
    async with running_bot(emulator, second, commands=TOP_COMMANDS):
        confirmed = await emulator.click(p1, post, label="Conferma")  # a button from before the restart
        assert any("conferma la segnalazione n. 1" in m.content for m in [*confirmed.messages, *confirmed.followups])
        assert (await state_of(second, row)).holders[str(p0.id)].aqua == 12
        # the confirmation is one move: a moderator's undo takes all it changed back, the report waits again
        preview = await emulator.slash(emulator.owner, "mod undo", count=1)
        assert "conferma" in preview.content and "segnalazione n. 1" in preview.content
        await emulator.click(emulator.owner, preview, label="Sì, annulla le mosse")
        state = await state_of(second, row)
        assert state.holders[str(p0.id)].aqua == 0 and [r.id for r in state.pending] == [1]
        again = await emulator.slash(p2, "hf report witness", report=1)  # its buttons are spent: the command
        assert not again.ephemeral and "Carol conferma la segnalazione n. 1" in again.content
        assert (await state_of(second, row)).holders[str(p0.id)].aqua == 12

        vp = await emulator.slash(p0, "hf report base-vp", points=500)
        objected = await emulator.click(p2, panel_of(vp), label="Contesta")
        assert objected.ephemeral and "moderatori sono chiamati" in objected.content
        # the objection is posted once, by the moderators' call, not also as the click's answer (issue 37)
        from tests.e2e.test_impero import posted
        told_once = await posted(emulator, p1, "la decide un moderatore", count=2, seconds=2)
        assert len(told_once) == 1, [m.content for m in told_once]
        pushed = await emulator.click(p1, panel_of(vp), label="Conferma")
        assert pushed.ephemeral and "decide solo un moderatore" in pushed.content
        ruled = await emulator.click(emulator.owner, panel_of(vp), label="Contesta")
        assert any("Un moderatore respinge la segnalazione n. 2" in m.content for m in [*ruled.messages, *ruled.followups])
        state = await state_of(second, row)
        assert state.holders[str(p0.id)].base_vp == 0 and state.pending == []


async def test_a_proxy_fight_is_answered_by_buttons_and_the_channel_reads_italian(emulator: Any, araldo: Any) -> None:
    """An en-US player in an Italian server: the channel's posts stay Italian; the defender of a
    proxy fight answers with the buttons under its post, nobody else can."""
    araldo.service.seed_source = lambda: 20261126
    erin = emulator.add_user("erin", display_name="Erin", locale="en-US")
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="highfrontier", settings="reports=trusted")
    for p in (bob, erin):
        await emulator.click(p, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    _, state = await araldo.service.state(row.id)
    by_id = {str(u.id): u for u in (alice, bob, erin)}
    p0, p1, p2 = (by_id[pid] for pid in state.order)
    for p in (p0, p1, p2):
        await emulator.slash(p, "hf report ledger", kind="other", amount=20)
    await emulator.slash(p0, "hf trade float", company="triangle1")
    await emulator.slash(p0, "hf report turn-end")
    await emulator.slash(p1, "hf trade buy", company="triangle1")
    await emulator.slash(p1, "hf report turn-end")
    market = await emulator.slash(erin, "hf market")  # whoever asks, the channel's language
    assert "Anno 1" in market.content or "Anno 1" in "".join(m.content for m in market.followups)
    _, state = await araldo.service.state(row.id)
    from engine.highfrontier.companies import value

    need = value(state, state.companies["triangle1"])
    fight = await emulator.slash(p2, "hf trade proxy", company="triangle1", player=p1, delegates=need)
    post = panel_of(fight)
    assert post is not None and post.button_labels == ["Contrattacca", "Cedi l'azione"]
    assert "battaglia di deleghe" in post.content.lower()  # Italian, although the attacker may read English
    wrong = await emulator.click(p0, post, label="Cedi l'azione")
    assert wrong.ephemeral
    held = await emulator.click(p1, post, label="Contrattacca")
    assert not held.errors
    _, state = await araldo.service.state(row.id)
    assert state.proxy is None and state.companies["triangle1"].holes.count(str(p1.id)) == 1
