"""High Frontier 4 All, Module 5: income reported, a company floated, a deal offered to Erin, each
player's turn ended, Erin looks at the market."""

from __future__ import annotations

from typing import Any


async def play(table: Any) -> None:
    await table.open("highfrontier", "last_year=10")
    state = await table.state()
    order = [table.user_of(pid) for pid in state.order]
    for user in order:
        await table.slash(user, "hf report ledger", kind="other", amount=20)
    first = order[0]
    await table.slash(first, "hf trade float", company="Lanciatori")
    erin = table.users["erin"]
    partner = erin if first is not erin else order[1]
    await table.slash(first, "hf deal offer", player=partner, give_aqua=2, get_aqua=1)
    for user in order:
        await table.slash(user, "hf report turn-end")
    await table.slash(erin, "hf market")
