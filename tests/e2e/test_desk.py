"""A player's desk through the emulator, at the conformance table (an Italian server, Alice and Bob
on Italian clients, Erin on en-US) plus a second server Alice and Erin share:

- `/games` lists Erin's games on both servers, those awaiting her first, each with its channel link,
  what she owes and a Discord timestamp; its button opens her panel of that game; all in English,
  to her alone;
- `/notify` keeps her rhythm: a "you're next" DM when asked for; in her quiet hours the turn call
  in the channel still pings her while the DM waits for their end, then arrives; her own reminder
  interval, longer than the game's, brings her reminder earlier, while Alice gets hers at the game's
  moment and Bob, with a shorter one of his own, later;
- `/note`: her note is read back to her alone and shown on her private web page, not the public one.
"""

from __future__ import annotations

import asyncio
import html
from datetime import UTC, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from sqlmodel import select

import bot.notifier as notifier_module
from bot.storage.models import OutboxRow
from engine.core import get_game
from tests.e2e.conformance.checks import language_of
from tests.e2e.conformance.table import table
from tests.e2e.web.tables import get, private_link, url, web_table

pytestmark = pytest.mark.e2e


async def second_server(seated: Any) -> tuple[Any, Any]:
    """A corsa game of Alice and Erin in another Italian server; (its channel, its row)."""
    emu = seated.emu
    alice, erin = seated.users["alice"], seated.users["erin"]
    guild = emu.add_guild("Seconda Tavola", owner=alice, channels=["tavolo"])
    emu.add_member(guild, erin)
    await asyncio.sleep(0.2)  # the bot hears of the new server
    tavolo = emu.channel("tavolo", guild)
    created = await emu.slash(alice, "game create", channel=tavolo, game="corsa")
    await emu.click(erin, created, label="Partecipa")
    await emu.slash(alice, "game start", channel=tavolo)
    row = await seated.bot.service.in_channel(str(tavolo.id))
    return tavolo, row


async def corsa_turn_of(seated: Any, row: Any) -> Any:
    state = seated.bot.service.load_state(await seated.bot.service.get(row.id))
    return seated.user_of(state.players[state.turn].id)


async def test_games_lists_mine_on_every_server_awaiting_first(tmp_path: Any) -> None:
    async with web_table(tmp_path) as seated:
        await seated.open("spqrisiko", "setup=random")
        tavolo, corsa = await second_server(seated)
        erin = seated.users["erin"]
        await seated.bot.notifier.drain()

        listed = await seated.emu.slash(erin, "games")
        assert listed.ephemeral
        text = listed.content
        assert language_of(text) == "en", text
        assert f"discord.com/channels/{seated.emu.general.guild_id}/{seated.emu.general.id}" in text
        assert f"discord.com/channels/{tavolo.guild_id}/{tavolo.id}" in text
        assert "SPQRisiko" in text and f"#{corsa.id}" in text and "<t:" in text
        lines = [line for line in text.split("\n")[1:] if line.strip()]
        marks = [line.startswith("⏳") for line in lines]
        assert marks == sorted(marks, reverse=True)  # awaiting her first
        svc = seated.bot.service
        for row in (await svc.get(seated.game_id or 0), corsa):
            state = svc.load_state(row)
            waits = str(erin.id) in get_game(row.kind).awaiting(state)
            mine = next(line for line in lines if f"#{row.id}" in line)
            assert mine.startswith("⏳") == waits, mine
        # the other players' /games speaks Italian and is theirs alone
        alice = await seated.emu.slash(seated.users["alice"], "games")
        assert alice.ephemeral and language_of(alice.content) == "it" and f"#{corsa.id}" in alice.content
        bob = await seated.emu.slash(seated.users["bob"], "games")
        assert f"#{corsa.id}" not in bob.content

        # the button opens her own panel of the SPQRisiko game, from wherever /games was asked
        label = next(b["label"] for b in listed.message.buttons if "SPQRisiko" in str(b.get("label")))
        panel = await seated.emu.click(erin, listed, label=label)
        assert panel.ephemeral and language_of(panel.content) != "it", panel.content


async def test_rhythm_youre_next_and_quiet_hours(tmp_path: Any, monkeypatch: Any) -> None:
    async with web_table(tmp_path) as seated:
        tavolo, corsa = await second_server(seated)
        emu, svc = seated.emu, seated.bot.service
        alice, erin = seated.users["alice"], seated.users["erin"]
        if await corsa_turn_of(seated, corsa) is erin:
            await emu.slash(erin, "corsa add", channel=tavolo, amount=1)
        await seated.bot.notifier.drain()

        # "you're next": off until asked; asked, it comes when the turn before hers (Alice's) starts
        asked = await emu.slash(erin, "notify", kind="next", enabled=True)
        assert asked.ephemeral and "you're next" in asked.content
        await emu.slash(alice, "corsa add", channel=tavolo, amount=1)  # Erin's turn
        await emu.slash(erin, "corsa add", channel=tavolo, amount=1)  # Alice's turn: Erin is next
        await seated.bot.notifier.drain()
        assert any("You're next" in m.content and "Alice" in m.content for m in emu.dms(erin))

        # quiet hours around this very moment in her own zone
        zone = "America/New_York"
        local = datetime.now(UTC).astimezone(ZoneInfo(zone))
        start, end = (local - timedelta(hours=1)).strftime("%H:%M"), (local + timedelta(hours=2)).strftime("%H:%M")
        set_quiet = await emu.slash(erin, "notify", quiet=f"{start}-{end}", timezone=zone)
        assert set_quiet.ephemeral and f"Quiet hours {start}-{end}" in set_quiet.content
        assert zone in set_quiet.content
        bad = await emu.slash(erin, "notify", quiet="25:00-07:00")
        assert bad.ephemeral and "Invalid" in bad.content
        still = await svc.rhythm(str(erin.id))
        assert still is not None and f"{still.quiet_from // 60:02d}:{still.quiet_from % 60:02d}" == start

        dms_before = len(emu.dms(erin))
        called = await emu.slash(alice, "corsa add", channel=tavolo, amount=1)  # Erin's turn, in her night
        await seated.bot.notifier.drain()
        # the call in the channel pings her as the table expects
        posts = [m for m in emu.messages_seen(alice, tavolo) if erin.mention in m.content and not m.ephemeral]
        assert posts and called.content
        # her DM waits, not lost
        assert len(emu.dms(erin)) == dms_before
        async with svc.db.sessions() as s:
            held = list((await s.execute(select(OutboxRow).where(
                OutboxRow.recipient == str(erin.id), OutboxRow.sent_at.is_(None)))).scalars())  # type: ignore[union-attr]
        assert held and all(r.next_at > datetime.now(UTC) for r in held)
        # the quiet hours end: the DM arrives, in English
        later = max(r.next_at for r in held) + timedelta(seconds=1)
        monkeypatch.setattr(notifier_module, "utcnow", lambda: later)
        await seated.bot.notifier.drain()
        arrived = emu.dms(erin)[dms_before:]
        assert arrived and "Erin's turn" in arrived[0].content, [m.content for m in arrived]


async def test_own_reminder_intervals_earlier_and_later_than_the_games(tmp_path: Any, monkeypatch: Any) -> None:
    async with table(tmp_path) as seated:
        emu, svc, clock, deadlines = seated.emu, seated.bot.service, seated.clock, seated.bot.deadlines
        deadlines.scheduler.pause()  # time moves with the test's clock only
        monkeypatch.setattr(notifier_module, "utcnow", clock)  # and the sender's with it
        alice, bob, erin = seated.users["alice"], seated.users["bob"], seated.users["erin"]
        await seated.open("impero", "turns=3 start_cash=200")  # the game reminds 60 minutes ahead
        gid = seated.game_id or 0
        deadline = (await svc.get(gid)).turn_deadline
        assert deadline is not None and set(await seated.awaiting()) == {alice, bob, erin}

        mine = await emu.slash(erin, "notify", reminder=360)
        assert mine.ephemeral and "360 minutes before a turn deadline, earlier or later" in mine.content, mine.content
        assert deadlines.alarm(gid) == deadline - timedelta(hours=6)  # set again at once
        his = await emu.slash(bob, "notify", reminder=30)
        assert his.ephemeral and "30 minuti prima della scadenza del turno, prima o dopo" in his.content, his.content

        def reminders(user: Any) -> list[str]:
            return [m.content for m in emu.dms(user) if "Reminder" in m.content or "Promemoria" in m.content]

        async def at(moment: datetime) -> None:
            clock.set(moment)
            await deadlines.wake(gid)
            await seated.bot.notifier.drain()

        await at(deadline - timedelta(hours=6))
        [hers] = reminders(erin)
        assert language_of(hers) == "en" and "Reminder" in hers, hers
        assert reminders(alice) == reminders(bob) == []
        await at(deadline - timedelta(minutes=61))
        assert reminders(alice) == []
        await at(deadline - timedelta(minutes=60))
        [alices] = reminders(alice)
        assert "Promemoria: ti resta da fare" in alices, alices
        assert reminders(bob) == []
        await at(deadline - timedelta(minutes=30))
        assert len(reminders(bob)) == 1 and "Promemoria" in reminders(bob)[0]
        assert len(reminders(erin)) == len(reminders(alice)) == 1  # once each, however often the alarm rang


async def test_note_is_mine_in_discord_and_on_my_private_page(tmp_path: Any) -> None:
    async with web_table(tmp_path) as seated:
        await seated.open("spqrisiko", "setup=random")
        emu = seated.emu
        erin, alice = seated.users["erin"], seated.users["alice"]
        empty = await emu.slash(erin, "note")
        assert empty.ephemeral and "no note" in empty.content
        note = "Hold <Gallia> & strike Roma 4242"
        written = await emu.slash(erin, "note", text=note)
        assert written.ephemeral and note in written.content and "only you" in written.content
        assert note in (await emu.slash(erin, "note")).content
        theirs = await emu.slash(alice, "note")
        assert theirs.ephemeral and note not in theirs.content and "Non hai appunti" in theirs.content
        # her private page shows it (escaped), the public page does not
        status, page, _ = await get(await private_link(seated, erin))
        assert status == 200 and html.escape(note) in page
        status, public, _ = await get(url(seated))
        assert status == 200 and "4242" not in public
        # a moderator's export (while the game runs) carries the record without any note; Erin, made a
        # moderator, gets her own note beside it, only to her
        owner_export = await emu.slash(emu.owner, "game export")
        assert owner_export.ephemeral and all("4242" not in a.data.decode(errors="replace")
                                              for m in owner_export.messages for a in m.attachments)
        assert not any(a.filename.endswith("note.txt") for m in owner_export.messages for a in m.attachments)
        role = emu.add_role(emu.guild, "Arbitri")
        emu.guild.members[erin.id].roles.append(role)
        await asyncio.sleep(0.2)
        await emu.slash(emu.owner, "mod config", role=role)
        mine = await emu.slash(erin, "game export")
        files = {a.filename: a.data for m in mine.messages for a in m.attachments}
        assert mine.ephemeral and all(m.ephemeral for m in mine.messages)
        [record] = [d for f, d in files.items() if f.endswith(".json")]
        [noted] = [d for f, d in files.items() if f.endswith("note.txt")]
        assert "4242" not in record.decode() and noted.decode() == note
        # rewritten: the page shows the new one at once; cleared: gone
        await emu.slash(erin, "note", text="second thoughts 5151")
        _, page, _ = await get(await private_link(seated, erin))
        assert "5151" in page and "4242" not in page
        cleared = await emu.slash(erin, "note", clear=True)
        assert "no note" in cleared.content
        # a spectator has no note to keep
        outsider = emu.add_user("zoe", locale="en-US")
        emu.add_member(emu.guild, outsider)
        refused = await emu.slash(outsider, "note", text="hello")
        assert refused.ephemeral and "Only the game's players" in refused.content


async def test_help_lists_the_desk_commands_in_both_languages(tmp_path: Any) -> None:
    async with web_table(tmp_path) as seated:
        erin, alice = seated.users["erin"], seated.users["alice"]
        english = "\n".join(m.content for m in (await seated.emu.slash(erin, "help")).messages)
        assert "`/games`" in english and "`/note`" in english and "quiet hours" in english
        italian = "\n".join(m.content for m in (await seated.emu.slash(alice, "help")).messages)
        assert "`/partite`" in italian and "`/appunto`" in italian and "ore di silenzio" in italian
