"""SPQRisiko's seat: reinforce, now and then attack (and move in after a conquest), end the turn;
the game ends at its time limit."""

from __future__ import annotations

import random
from typing import Any

from bot.cogs.spqrisiko.commands import label_keys, render_labelled
from bot.i18n import t
from engine.core import get_game
from engine.spqrisiko.board import board
from tests.season.seats import SeatPlayer, seat


@seat
class Spqrisiko(SeatPlayer):
    kind = "spqrisiko"
    settings = "setup=random time_limit_hours=72 turn_hours=24"
    moves_per_round = 8

    async def move(self, season: Any, user: Any, rng: random.Random) -> bool:
        state = await season.state()
        legal = self.legal(state, user.id)
        kinds = {a.type for a in legal}
        b = board()
        if "move_in" in kinds:
            move = state.turn.conquest_move
            count = min(a.count for a in legal if a.type == "move_in")
            await season.slash(user, "spqr fortify", from_province=b.name(move.origin), to_province=b.name(move.target),
                               count=count)
            return True
        if "reinforce" in kinds:
            pick = rng.choice([a for a in legal if a.type == "reinforce"])
            await season.slash(user, "spqr reinforce", province=b.name(pick.province), count=pick.count)
            return True
        attacks = [a for a in legal if a.type == "attack"]
        if attacks and rng.random() < 0.5:
            pick = rng.choice(attacks)
            await season.slash(user, "spqr attack", from_province=b.name(pick.from_province),
                               to_province=b.name(pick.to_province), rolls=rng.choice(["once", "blitz"]))
            return True
        if "end_turn" in kinds:
            await season.slash(user, "spqr end-turn")
            return True
        return False

    async def orders(self, season: Any, user: Any) -> None:
        await season.slash(user, "spqr orders", posture="defend", cards="trade")

    def picture(self, what: str, state: Any, viewer: str | None, lang: str) -> bytes | None:
        if what in ("it", "en"):  # the channel's map, in the language of its name
            labels = {k: t(f"spqrisiko.label.{k}", what) for k in label_keys()}
            return render_labelled(get_game(self.kind).view(state, None), labels)
        return super().picture(what, state, viewer, lang)
