"""High Frontier against the Bull (5L) through the emulator: the channel is told what made it move."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.staging import state_of

pytestmark = pytest.mark.e2e


def said(result: Any) -> str:
    return "\n".join(m.content for m in [*result.messages, *result.followups])


async def test_the_channel_hears_what_each_bull_move_answers(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261125
    alice = emulator.user("alice")
    await emulator.slash(alice, "game create", game="highfrontier", settings="last_year=10")
    started = await emulator.slash(alice, "game start")
    assert not started.ephemeral and "contro il Toro" in said(started)
    row = await araldo.service.in_channel(str(emulator.general.id))
    await emulator.slash(alice, "hf report ledger", kind="other", amount=30)
    await emulator.slash(alice, "hf trade float", company="Lanciatori")

    rolled = await emulator.slash(alice, "hf report event", roll=5)
    text = said(rolled)
    # row 1 decides nothing, yet the Bull answers the skipped decision (5Li), and says so first
    skipped = text.index("Lanciatori è in riga 1 e non decide nulla: il Toro reagisce comunque")
    assert skipped < text.index("Il Toro compra un'azione di Lanciatori")
    # then the meeting's end: its closing move (5Lj), a choice the rulebook leaves to the player
    closing = text.index("La riunione del consiglio è finita: il Toro fa la sua mossa di chiusura")
    assert skipped < closing < text.index("Il regolamento lascia la scelta a te")

    panel = next(m for m in [*rolled.messages, *rolled.followups] if "Toro: Brevetti" in m.button_labels)
    chosen = await emulator.click(alice, panel, label="Toro: Brevetti")
    assert "Hai scelto Brevetti per il Toro" in said(chosen)
    assert (await state_of(araldo, row)).companies["square1"].holes[0] == "bull"
