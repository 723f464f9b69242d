"""The transcript check itself: it catches what the issue saw, and lets good sentences through."""

from __future__ import annotations

import pytest

from tests.e2e.transcript import text_problems


@pytest.mark.parametrize("bad", [
    "Bob rinforza gallia_cisalpina con 3 legionari",
    "Bob attacca Roma (neutral-1) da Etruria",
    "`#3` 1574301138520375364 — mette in pausa la partita",
    "Partita finita. Vince: .",
    "Fine del turno 2. Blackout: .",
    "Bob attacca Roma: 1 lanci, perde 1",
    "Alice ha 1 legionari in Roma",
    "Absence closed in 1 games.",
    "Tocca a {player}.",
])
def test_what_players_must_never_read_is_caught(bad: str) -> None:
    assert text_problems(bad)


@pytest.mark.parametrize("good", [
    "<@1574301138520375364>, tocca a te: 3 rinforzi da piazzare con /spqr rinforza. Scadenza <t:1795507200:R>.",
    "Impostazioni per `/game create`: turns=14 start_cash=50 rent_only_when_blocked=true",
    "https://discord.com/channels/1574301375263670274/1574301375263670276",
    "🏛️ Carol conquista Aquitania ed entra con 1 legionario.",
    "Scegli quanto aggiungere:",
])
def test_good_sentences_pass(good: str) -> None:
    assert text_problems(good) == []
