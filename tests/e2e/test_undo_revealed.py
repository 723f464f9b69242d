"""An undo that takes back what a player has already seen says so, and leaves it in their /game log:
SPQRisiko through the emulator, a card drawn at the end of a conquering turn, then `/mod undo`."""

from __future__ import annotations

from typing import Any

import pytest

from engine.spqrisiko.ai import choose_action
from tests.e2e.staging import state_of
from tests.e2e.test_spqrisiko import open_game

pytestmark = pytest.mark.e2e


async def to_a_conquering_turn_end(araldo: Any, row: Any) -> str:
    """Play the bot's moves through the service until a turn that conquered is about to end; its player."""
    for _ in range(400):
        state = await state_of(araldo, row)
        pid = state.order[state.current]
        action = choose_action(state, pid)
        if action.type == "end_turn" and state.turn is not None and state.turn.conquered:
            return pid  # type: ignore[no-any-return]
        await araldo.service.act(row.id, pid, action)
    raise AssertionError("no conquering turn in 400 moves")


async def test_undo_names_the_card_drawn_and_its_player_keeps_it(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261125
    row, users = await open_game(emulator, araldo, "setup=random")
    pid = await to_a_conquering_turn_end(araldo, row)
    player = users[pid]
    others = [u for p, u in users.items() if p != pid]
    ended = await emulator.slash(player, "spqr end-turn")
    assert not ended.ephemeral
    hand = (await state_of(araldo, row)).hands[pid]

    preview = await emulator.slash(emulator.owner, "mod undo", count=1)
    assert preview.ephemeral
    text = preview.content + "".join(m.content for m in preview.followups)
    # the preview names who saw what: the card drawn, in words, to the player who drew it
    assert "hanno già mostrato" in text and f"**{player.display_name}** ha visto" in text
    assert "Hai pescato una carta" in text
    done = await emulator.click(emulator.owner, preview, label="Sì, annulla le mosse")
    assert done is not None
    assert (await state_of(araldo, row)).hands[pid] == hand[:-1]  # the card is back in the deck

    own = await emulator.slash(player, "game log")
    assert own.ephemeral and "resta noto" in own.content and "Hai pescato una carta" in own.content
    for other in others:
        theirs = await emulator.slash(other, "game log")
        assert theirs.ephemeral and "Hai pescato una carta" not in theirs.content
        # a note of what someone else saw is theirs, not anyone's move: left out, never "(mossa riservata)"
        assert "(mossa riservata)" not in theirs.content and "resta noto" not in theirs.content
        counted = int(theirs.content.split("(")[1].split()[0])  # "pagina 1 di 1 (N voci)": their lines only
        assert counted == sum(1 for line in theirs.content.split("\n") if line.startswith("`#")), theirs.content
    # nor is it told to the table
    public = [m.content for m in emulator.messages_seen(others[0]) if not m.ephemeral]
    assert not any("Hai pescato una carta" in c for c in public)
