"""What players read at the conformance table (an Italian server, Alice and Bob on Italian clients,
Erin on en-US), where a look at a few turns of every game found the bot saying something wrong:

- an Italian sentence says "tocca ad Alice" (and "ad Arabia"), never "a Alice";
- the last concession ends the game at once: the conceder's seat is not played first, so the winner
  is never called to a turn (in the channel, by DM) of a game already over;
- a Galactica faction that concedes is told as leaving the galaxy, not as knocked out by the game;
- `/games` keeps each game's headline apart from its deadline, and its Italian count agrees;
- an English reader reads High Frontier's name in English ("Module 5", not "Modulo 5"), also when a
  command of another game is used in its channel;
- High Frontier's Italian turn call names the commands as the Italian client lists them;
- Impero's `/impero me` says "nessuna" of the shares a player does not hold;
- a draw proposal in the channel says who must still answer as it stands, and that it is closed once settled;
- a Giornata reached late (the bot was down) sends no reminder of its own end after it ended.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.spqrisiko.board import board
from tests.e2e.conformance.checks import language_of
from tests.e2e.conformance.table import table

pytestmark = pytest.mark.e2e


async def concede(seated: Any, name: str) -> Any:
    user = seated.users[name]
    confirm = await seated.emu.slash(user, "game concede")
    return await seated.click(user, confirm.message, confirm.message.button_labels[0])


async def test_the_last_concession_ends_the_game_without_calling_the_winner_to_a_turn(tmp_path: Any) -> None:
    async with table(tmp_path) as seated:
        await seated.open("spqrisiko", "setup=random")
        erin = seated.users["erin"]
        state = await seated.state()
        assert state.order[state.current] == str(erin.id)
        mine = sorted(p for p, o in state.owner.items() if o == str(erin.id))
        await seated.slash(erin, "spqr reinforce", province=board().name(mine[0]), count=state.turn.reinforcements)
        await seated.slash(erin, "spqr end-turn")
        state = await seated.state()
        assert state.order[state.current] == str(seated.users["alice"].id)  # Alice on turn
        status = await seated.emu.slash(erin, "game status")
        assert "tocca ad Alice" in status.content, status.content  # Italian: "ad" before a vowel "a"
        await concede(seated, "bob")
        dms_before = len(seated.emu.dms(erin))
        await concede(seated, "alice")  # on turn, the last but Erin: the game is over
        state = await seated.state()
        assert state.status == "finished" and state.winners == [str(erin.id)]
        said = [m.content for m in seated.last_new if m.channel.type != 1]
        assert any("Partita finita" in text for text in said), said
        assert not [text for text in said if f"<@{erin.id}>, tocca a te" in text], said
        assert not [text for text in said if "giocato in automatico" in text], said
        told = [m.content for m in seated.emu.dms(erin)[dms_before:]]
        assert not [text for text in told if "Your turn" in text], told


async def test_a_galactica_faction_that_concedes_leaves_the_galaxy_not_knocked_out(tmp_path: Any) -> None:
    async with table(tmp_path) as seated:
        await seated.open("galactica")
        await concede(seated, "bob")
        said = "\n".join(m.content for m in seated.last_new if m.channel.type != 1)
        assert "Bob getta la spugna" in said, said
        assert "fuori dal gioco" not in said and "espulsione" not in said, said
        assert "Le flotte di Bob lasciano la galassia" in said, said
        assert f"<@{seated.users['bob'].id}>, tocca a te" not in said, said  # who left is called to nothing
        assert (await seated.state()).status == "active"


async def test_games_hf_call_and_impero_me_read_right(tmp_path: Any) -> None:
    async with table(tmp_path) as seated:
        emu = seated.emu
        alice, erin = seated.users["alice"], seated.users["erin"]
        await seated.open("highfrontier", "last_year=10")
        # the Italian turn call names every command as the Italian client lists it
        calls = [m.content for m in emu.messages_seen(alice) if f"<@{erin.id}>, tocca a te" in m.content]
        assert calls and "/hf borsa compra, /hf borsa flotta, /hf borsa servizio" in calls[-1], calls
        assert not re.search(r", (float|service)\b", calls[-1]), calls[-1]
        # an Impero game of Alice and Erin in another channel: Alice holds no share yet
        channel = emu.add_channel(emu.guild, "impero")
        created = await emu.slash(erin, "game create", channel=channel, game="impero")
        await emu.click(alice, created, label="Partecipa")
        await emu.slash(erin, "game start", channel=channel)
        me = await emu.slash(alice, "impero me", channel=channel)
        assert "Azioni: nessuna" in me.content and "nessuno" not in me.content, me.content
        # /games: each game's headline apart from its deadline; Erin's in English, Alice's Italian agrees
        listed = await emu.slash(erin, "games")
        lines = [line for line in listed.content.split("\n")[1:] if line.strip()]
        assert len(lines) == 2 and language_of(listed.content) == "en", listed.content
        impero = next(line for line in lines if "Impero" in line)
        assert re.search(r"<t:\d+:R>\) — Impero: turn 1", impero), impero  # "... (in 2 days) — Impero: turn 1 of 10"
        hf = next(line for line in lines if "High Frontier" in line)
        assert "turn-end — Year 1" in hf, hf
        # the game's name in her language too: Module, never the Italian "Modulo", in /games and her DMs
        told = [m.content for m in emu.dms(erin)]
        assert "High Frontier — Module 5" in hf and any("Module 5" in text for text in told), told
        assert not [text for text in [hf, *told] if "Modulo" in text], told
        theirs = await emu.slash(alice, "games")
        title = theirs.content.split("\n")[0]
        assert language_of(theirs.content) == "it" and "aspettano te" not in title, title
        assert "in attesa di una tua mossa: " in title, title
        # each button says what it opens: the reader's own panel of that game
        assert sorted(listed.message.button_labels) == ["My panel: High Frontier — Module 5 #1", "My panel: Impero #2"]
        assert "Il mio pannello: Impero #2" in theirs.message.button_labels, theirs.message.button_labels
        # a command of another game in High Frontier's channel names the channel's game in her words
        wrong = await emu.slash(erin, "impero me")
        assert wrong.ephemeral and "This channel plays High Frontier — Module 5" in wrong.content, wrong.content


async def test_the_draw_proposal_in_the_channel_says_what_holds_now(tmp_path: Any) -> None:
    async with table(tmp_path) as seated:
        emu = seated.emu
        await seated.open("corsa", "turn_hours=240")
        proposed = await emu.slash(seated.users["erin"], "game draw")
        post = proposed.message.id
        assert "devono ancora rispondere: Alice, Bob" in emu.messages[post].content
        await emu.click(seated.users["alice"], proposed, "Accetto la patta")
        now = emu.messages[post]
        assert "devono ancora rispondere: Bob." in now.content and now.buttons, now.content  # Alice has answered
        await emu.click(seated.users["bob"], proposed, "Rifiuto")
        now = emu.messages[post]
        assert now.buttons == [] and "devono ancora rispondere" not in now.content, now.content
        assert "la proposta è chiusa" in now.content and "Erin" in now.content, now.content
        # agreed by all: the end names the players as a sentence does, in each reader's language
        again = await emu.slash(seated.users["alice"], "game draw")
        await emu.click(seated.users["bob"], again, "Accetto la patta")
        ended = await emu.click(seated.users["erin"], again, "Accetto la patta")  # the channel's buttons
        assert "patta fra Erin, Alice e Bob." in ended.content, ended.content
        await seated.bot.notifier.drain()
        told = [m.content for m in emu.dms(seated.users["erin"]) if "Game over" in m.content]
        assert told and ", and Bob." in told[-1], told


async def test_a_giornata_reached_late_sends_no_reminder_of_itself(tmp_path: Any) -> None:
    """The clock reaches the Giornata's end at once (as after the bot was down): the vote reminders due
    before it would tell Alice twice that it ends, after it ended; she is told nothing of the kind."""
    async with table(tmp_path) as seated:
        await seated.open("nomic", "king=Alice scribe=Alice")
        erin = seated.users["erin"]
        asked = await seated.slash(erin, "nomic propose", kind="enact")
        opened = asked if asked.modal else await seated.select(erin, asked, ["t"])
        await seated.modal(erin, opened, {"title": "Cortesia", "text": "Si saluta il Re ogni mattina."})
        await seated.wait_until((await seated.state()).deadline("giornata"))
        told = [m.content for m in seated.emu.dms(seated.users["alice"])]
        assert not [text for text in told if "non hai ancora votato" in text], told
        assert (await seated.state()).giornata == 2
