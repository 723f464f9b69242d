"""Corsa, the test game: each player adds to the counter in turn."""

from __future__ import annotations

from typing import Any


async def play(table: Any) -> None:
    await table.open("corsa", "target=30")
    for _ in range(4):
        (player,) = await table.awaiting()
        await table.slash(player, "corsa add", amount=2, picture=False)
