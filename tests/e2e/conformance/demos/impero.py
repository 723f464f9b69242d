"""Impero: a company founded, a node bought, private transfers until Erin has no operation points
left, and the turn end, which must call her again."""

from __future__ import annotations

from typing import Any

from engine.impero import GAME


async def play(table: Any) -> None:
    await table.open("impero", "turns=3 start_cash=200")
    erin, alice, bob = table.users["erin"], table.users["alice"], table.users["bob"]
    await table.slash(erin, "impero create-company", name="Telco", capital="100")
    nodes = await table.emu.autocomplete(erin, "impero buy-node", focused="node", value="", company="Telco")
    if nodes:
        await table.slash(erin, "impero buy-node", company="Telco", node=nodes[0]["value"])
    await table.slash(bob, "impero offer", to=alice, amount="5")
    for _ in range(3):  # Erin spends her last operation points: the next turn must call her again
        await table.slash(erin, "impero offer", to=bob, amount="1")
    await table.slash(alice, "impero me")
    await table.wait_until(GAME.turn_ends(await table.state()))
    await table.slash(alice, "game status")
