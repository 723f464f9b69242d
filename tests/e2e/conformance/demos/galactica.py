"""Imperium Galactica: the starter picks the direction, the first two factions close their phases,
a Market card is drawn, a trade offer is sent, Erin looks at the galaxy and a planet."""

from __future__ import annotations

from typing import Any

from engine.galactica.fleets import new_fleet


async def play(table: Any) -> None:
    await table.open("galactica")
    state = await table.state()
    await table.slash(table.user_of(state.starter), "galactica direction", direction="clockwise")
    first = (await table.state()).order[(await table.state()).current]

    def market_beside_the_first(s: Any) -> None:  # a Market tile under a fighter of the first faction
        if "market-1" in s.tile_pile:
            s.tile_pile.remove("market-1")
        s.board["F4"] = "market-1"
        new_fleet(s, first, "F4", {"fighter": 1})

    await table.rig(market_beside_the_first)
    for turn in range(2):
        state = await table.state()
        pid = state.order[state.current]
        user = table.user_of(pid)
        for phase in range(4):
            state = await table.state()
            if state.order[state.current] != pid:
                break
            if turn == 0 and phase == 1:  # the movement phase: the Market's card, seen by the drawer alone
                await table.slash(user, "galactica market-draw", fleet="F4")
                await table.slash(user, "galactica market-deal", buy=False)
            if turn == 0 and phase == 2:  # the building phase: trade
                rival = next(p for p in state.order if p != pid)
                await table.slash(user, "galactica offer", player=state.name_of(rival), give_ndri=1000)
            await table.slash(user, "galactica end-phase")
    erin = table.users["erin"]
    await table.slash(erin, "galactica map")
    state = await table.state()
    if state.planets:
        planet = sorted(state.planets)[0]
        await table.slash(erin, "galactica planet", name=planet)
