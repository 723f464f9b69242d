"""Impero's seat: found a company, buy its nodes, pass money around; the turns end by the clock."""

from __future__ import annotations

import random
from typing import Any

from bot.cogs.impero import pictures
from tests.season.seats import SeatPlayer, seat


@seat
class Impero(SeatPlayer):
    kind = "impero"
    settings = "turns=3 start_cash=300"
    moves_per_round = 5

    async def move(self, season: Any, user: Any, rng: random.Random) -> bool:
        state = await season.state()
        kinds = {a.type for a in self.legal(state, user.id)}
        choices = [k for k in ("create_company", "buy_node", "offer_money") if k in kinds]
        if not choices:
            return False
        pick = rng.choice(choices)
        if pick == "create_company":
            await season.slash(user, "impero create-company", name=f"{user.display_name} {rng.randint(1, 99)}",
                               capital="100")
            return True
        if pick == "buy_node":
            mine = [c for c in state.companies if c.ceo == user.id]
            nodes = await season.emu.autocomplete(user, "impero buy-node", focused="node", value="",
                                                  company=mine[0].name) if mine else []
            if nodes:
                await season.slash(user, "impero buy-node", company=mine[0].name, node=rng.choice(nodes)["value"])
                return True
        others = [u for u in season.users.values() if u.id != user.id]
        await season.slash(user, "impero offer", to=rng.choice(others), amount=str(rng.randint(1, 3)))
        return True

    async def orders(self, season: Any, user: Any) -> None:
        await season.slash(user, "impero orders", develop=True)

    def picture(self, what: str, state: Any, viewer: str | None, lang: str) -> bytes | None:
        if what in ("map", "market", "chart"):
            return pictures._draw(state, what, lang)
        return super().picture(what, state, viewer, lang)
