"""Each message in its reader's language, proven with a mixed group: an Italian server, two Italian
players and Erin, whose Discord speaks American English.

- channel posts, channel images and shared panels: the server's language, whoever acted;
- ephemeral replies: the clicking user's Discord language;
- DMs: the recipient's language (their last seen Discord locale, or their `/notify` choice).
"""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


async def _first_and_second(araldo: Any, emulator: Any, users: dict[str, Any]) -> tuple[Any, Any]:
    row = await araldo.service.in_channel(str(emulator.general.id))
    state = araldo.service.load_state(row)
    by_id = {str(u.id): u for u in users.values()}
    return by_id[state.players[state.turn].id], by_id[state.players[(state.turn + 1) % 2].id]


async def test_mixed_group_reads_each_message_in_its_language(emulator: Any, araldo: Any) -> None:
    alice = emulator.user("alice")
    erin = emulator.add_user("erin", locale="en-US")

    # Erin acts in an Italian server: what the channel sees (lobby text and its buttons) is Italian
    created = await emulator.slash(erin, "game create", game="corsa")
    assert not created.ephemeral
    assert "Partecipa" in created.message.button_labels and "Join" not in created.message.button_labels
    joined = await emulator.click(alice, created, label="Partecipa")
    assert "partecipa" in joined.content
    started = await emulator.slash(erin, "game start")
    assert "Si gioca!" in started.content

    first, second = await _first_and_second(araldo, emulator, {"alice": alice, "erin": erin})
    # an ephemeral refusal is in the reader's language
    refused = await emulator.slash(second, "corsa add", amount=1)
    assert refused.ephemeral
    if second is erin:
        assert "turn" in refused.content and "turno" not in refused.content
    else:
        assert "turno" in refused.content

    # a shared panel opened by Erin speaks the channel's language
    panel = await emulator.slash(erin, "corsa panel")
    assert not panel.ephemeral and "Scegli" in panel.content

    # the move's public line is Italian whoever plays it; the DM for the next player is in theirs
    await emulator.slash(first, "corsa add", amount=1)
    await araldo.notifier.drain()
    if second is erin:
        assert any("Tocca a" not in m.content and "turn" in m.content for m in emulator.dms(erin))
    else:
        assert any("Tocca a" in m.content for m in emulator.dms(alice))
    moved = await emulator.slash(second, "corsa add", amount=2)
    assert "aggiunge" in moved.content and "adds" not in moved.content
    await araldo.notifier.drain()
    erin_dms = [m.content for m in emulator.dms(erin)]
    alice_dms = [m.content for m in emulator.dms(alice)]
    assert erin_dms and all("Tocca a" not in c for c in erin_dms) and any("turn" in c for c in erin_dms)
    assert alice_dms and all("Tocca a" in c or "tocca" in c.lower() for c in alice_dms)

    # the server switches to English: Alice's (Italian client) moves now post in English, while
    # her own refusals stay Italian
    config = await emulator.slash(emulator.owner, "mod config", language="en")
    assert config.ephemeral
    first, second = await _first_and_second(araldo, emulator, {"alice": alice, "erin": erin})
    if first is not alice:
        await emulator.slash(erin, "corsa add", amount=1)
    wrong = await emulator.slash(erin, "corsa add", amount=1)
    assert wrong.ephemeral and "turn" in wrong.content
    posted = await emulator.slash(alice, "corsa add", amount=1)
    assert not posted.ephemeral and "adds" in posted.content and "aggiunge" not in posted.content
    refused = await emulator.slash(alice, "corsa add", amount=1)
    assert refused.ephemeral and "turno" in refused.content

    # Erin chooses Italian for her DMs: the next turn DM is Italian although her client is English
    choice = await emulator.slash(erin, "notify", language="it")
    assert choice.ephemeral and "Language of your direct messages" in choice.content
    before = len(emulator.dms(erin))
    await emulator.slash(alice, "game status")  # a read changes nothing and sends no DM
    assert len(emulator.dms(erin)) == before
    await emulator.slash(erin, "corsa add", amount=1)
    await emulator.slash(alice, "corsa add", amount=1)
    await araldo.notifier.drain()
    latest = emulator.dms(erin)[before:]
    assert latest and all("Tocca a" in m.content for m in latest)
