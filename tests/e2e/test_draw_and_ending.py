"""Draws, concessions and the ending's summary through the emulator (issue 42, items 5 and 6), at the
conformance table: an Italian server, Alice and Bob on Italian clients, Erin on en-US.

- `/game draw` posts the proposal with its buttons; the en-US player is asked by DM in English; one
  refusal ends it; every player still seated agreeing ends the game in a draw;
- a proposal nobody answers lapses at its deadline, told in the channel;
- `/game concede` asks its player alone to confirm; the game goes on for the others;
- when the game ends, the channel gets the summary in the server's language (standing, days and
  moves, the web link, the final board) through the outbox, and a game played in a thread has its
  thread archived.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from engine.core.draw import DRAW_HOURS
from tests.e2e.conformance.checks import language_of
from tests.e2e.web.tables import web_table

pytestmark = pytest.mark.e2e


async def ended(seated: Any) -> None:
    """The record of the game's end is written in the background, and its summary planned with it."""
    await seated.bot.recorder.settled()
    await seated.bot.notifier.drain()


def summary_of(seated: Any, channel: Any) -> Any:
    found = [m for m in seated.emu.messages_seen(seated.users["alice"], channel) if m.content.startswith("🏁")]
    return found[-1] if found else None


async def test_a_refused_draw_a_concession_then_an_agreed_draw_and_its_summary(tmp_path: Any) -> None:
    async with web_table(tmp_path) as seated:
        emu = seated.emu
        alice, bob, erin = (seated.users[n] for n in ("alice", "bob", "erin"))
        await seated.open("corsa", "turn_hours=240")
        # Alice proposes: the channel reads it in Italian, with the buttons; Erin is asked in English
        proposed = await emu.slash(alice, "game draw")
        assert not proposed.ephemeral and "patta" in proposed.content, proposed.content
        assert set(proposed.message.button_labels) == {"Accetto la patta", "Rifiuto"}
        await seated.bot.notifier.drain()
        asked = [m for m in emu.dms(erin) if "draw" in m.content]
        assert asked and language_of(asked[-1].content) == "en", [m.content for m in emu.dms(erin)]
        # a second proposal is refused, to Bob alone, and changes nothing
        again = await emu.slash(bob, "game draw")
        assert again.ephemeral and "Accetto la patta" in again.message.button_labels
        # Bob refuses: the proposal ends, its buttons go
        refused = await emu.click(bob, proposed, "Rifiuto")
        assert "rifiuta la patta" in refused.content, refused.content
        assert emu.messages[proposed.message.id].buttons == []
        state = await seated.state()
        assert state.draw is None and state.status == "active"
        # Erin concedes: asked first, in English, to her alone
        confirm = await emu.slash(erin, "game concede")
        assert confirm.ephemeral and language_of(confirm.content) == "en"
        conceded = await emu.click(erin, confirm, "Concede for good")
        assert not conceded.ephemeral and "Erin" in conceded.content and "getta la spugna" in conceded.content
        state = await seated.state()
        assert state.status == "active" and state.conceded == [str(erin.id)]
        refused_again = await emu.slash(erin, "game draw")
        assert refused_again.ephemeral and language_of(refused_again.content) == "en"
        # a proposal nobody answers lapses at its deadline, a timer of the game's queue: told in the channel
        await emu.slash(alice, "game draw")
        await seated.wait_until(seated.clock.now + timedelta(hours=DRAW_HOURS, minutes=1))
        lapsed = [m for m in emu.messages_seen(alice) if "scaduta" in m.content]
        assert lapsed and "Bob" in lapsed[-1].content, [m.content for m in emu.messages_seen(alice)][-3:]
        assert (await seated.state()).draw is None
        # Bob proposes, Alice agrees: a draw of the two still seated
        proposed = await emu.slash(bob, "game draw")
        agreed = await emu.click(alice, proposed, "Accetto la patta")
        assert "patta fra" in agreed.content, agreed.content
        state = await seated.state()
        assert state.status == "finished" and state.end_reason == "draw"
        await ended(seated)
        summary = summary_of(seated, emu.general)
        assert summary is not None, [m.content for m in emu.messages_seen(alice)][-5:]
        text = summary.content
        assert language_of(text) == "it", text
        assert "Classifica" in text and "1. Alice, Bob" in text and "3. Erin (ha lasciato)" in text, text
        assert f"/g/{seated.game_id}" in text and "3 giorni, 7 mosse" in text, text
        assert summary.attachments, "the final board"
        # told once: another commit of the finished game plans no second summary
        await seated.bot.recorder._record(seated.game_id)
        await ended(seated)
        assert len([m for m in emu.messages_seen(alice) if m.content.startswith("🏁")]) == 1


async def test_the_last_concession_ends_a_thread_game_and_archives_its_thread(tmp_path: Any) -> None:
    async with web_table(tmp_path) as seated:
        emu = seated.emu
        alice, erin = seated.users["alice"], seated.users["erin"]
        created = await emu.slash(erin, "game create", game="corsa", thread=True)
        thread = next(c for c in emu.channels.values() if c.is_thread)
        await emu.click(alice, created, label="Partecipa")
        await emu.slash(erin, "game start", channel=thread)
        confirm = await emu.slash(erin, "game concede", channel=thread)
        await emu.click(erin, confirm, "Concede for good")
        row = await seated.bot.service.in_channel(str(thread.id), live_only=False)
        state = seated.bot.service.load_state(row)
        assert state.status == "finished" and state.winners == [str(alice.id)] and state.end_reason == "concession"
        await ended(seated)
        summary = summary_of(seated, thread)
        assert summary is not None
        assert "1. Alice" in summary.content and "2. Erin" in summary.content, summary.content
        assert "si sono arresi" in summary.content or "arres" in summary.content
        assert thread.archived
