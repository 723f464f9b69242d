"""What the setup decided is told at the start: the dice for the order of play (Imperium Galactica), the
first player's points of the first turn (SPQRisiko, placed at random)... every public event of the
game's `start_events` is said, in the server's language, in the channel post that starts the game."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from engine.core import get_game


async def check_start_told(table: Any) -> None:
    state = await table.state()
    said = "\n".join(m.content for m in table.last_new if not m.ephemeral and m.channel.type != 1)
    for event in get_game(table.kind).start_events(state):
        if event.to is not None:
            continue
        text = t(event.key, "it", **event.params)
        if text not in said:
            table.problems["told"].append(f"the start does not tell the table {text[:120]!r}: {said[:200]!r}")
