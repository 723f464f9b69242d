"""What players read at the conformance table (an Italian server, Alice and Bob on Italian clients,
Erin on en-US), where a look at a few turns of every game found the bot saying something wrong:

- the last concession ends the game at once: the conceder's seat is not played first, so the winner
  is never called to a turn (in the channel, by DM) of a game already over;
- a Galactica faction that concedes is told as leaving the galaxy, not as knocked out by the game;
- `/games` keeps each game's headline apart from its deadline, and its Italian count agrees;
- High Frontier's Italian turn call names the commands as the Italian client lists them;
- Impero's `/impero me` says "nessuna" of the shares a player does not hold.
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
