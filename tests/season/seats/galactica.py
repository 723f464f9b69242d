"""Imperium Galactica's seat: the starter picks the direction, then each faction's phases: a fleet
moved now and then, the phase closed; the absent factions' turns lapse to their orders or the
autopilot; the game ends at its round limit."""

from __future__ import annotations

import random
from typing import Any

from bot.painters import painted
from bot.pictures import picture_labels
from engine.core import get_game
from tests.season.seats import SeatPlayer, seat


@seat
class Galactica(SeatPlayer):
    kind = "galactica"
    settings = "max_rounds=2 turn_hours=24"
    moves_per_round = 10

    async def move(self, season: Any, user: Any, rng: random.Random) -> bool:
        state = await season.state()
        legal = self.legal(state, user.id)
        kinds = {a.type for a in legal}
        if "choose_direction" in kinds:
            await season.slash(user, "galactica direction", direction=rng.choice(["clockwise", "counterclockwise"]))
            return True
        moves = [a for a in legal if a.type == "move" and a.ships is None]
        if moves and rng.random() < 0.6:
            pick = rng.choice(moves)
            await season.slash(user, "galactica move", fleet=pick.fleet, path=" ".join(pick.path))
            return True
        if rng.random() < 0.15:
            await season.slash(user, "galactica map", full=True)
        if "end_phase" in kinds:
            await season.slash(user, "galactica end-phase")
            return True
        return False

    async def orders(self, season: Any, user: Any) -> None:
        await season.slash(user, "galactica orders", posture="defend")

    def picture(self, what: str, state: Any, viewer: str | None, lang: str) -> bytes | None:
        if what in ("map", "full", "zoom"):  # the galaxy at chat size, the full map, its busiest part
            from render.galactica import render_galaxy, render_galaxy_full, render_galaxy_zoom

            draw = {"map": render_galaxy, "full": render_galaxy_full, "zoom": render_galaxy_zoom}[what]
            return painted(draw, get_game(self.kind).view(state, None), picture_labels(self.kind, lang))
        return super().picture(what, state, viewer, lang)
