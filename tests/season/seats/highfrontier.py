"""High Frontier's seat: on a hand's turn, the event roll, a ledger line or a float now and then, the
turn's end; the year when everyone has played; the game ends when the year passes `last_year`.
Witnessed reports are confirmed by the other hand with the channel's button."""

from __future__ import annotations

import random
from typing import Any

from tests.season.seats import SeatPlayer, seat


@seat
class HighFrontier(SeatPlayer):
    kind = "highfrontier"
    settings = "last_year=2"
    moves_per_round = 8

    def __init__(self) -> None:
        self.turns_this_year = 0
        self.reported: set[tuple[int, str]] = set()  # (turn, player): one report a turn at most

    async def move(self, season: Any, user: Any, rng: random.Random) -> bool:
        state = await season.state()
        kinds = {a.type for a in self.legal(state, user.id)}
        turn = self.turns_this_year + 100 * state.year
        if "year" in kinds and self.turns_this_year >= len(state.order):  # everyone played: the sunspot moves
            await season.slash(user, "hf report year")
            self.turns_this_year = 0
            return True
        if (turn, user.id) not in self.reported and rng.random() < 0.5:
            self.reported.add((turn, user.id))
            if "event_roll" in kinds and rng.random() < 0.5:
                await season.slash(user, "hf report event", roll=rng.randint(1, 6))
            elif "ledger" in kinds:
                await season.slash(user, "hf report ledger", kind="other", amount=rng.randint(1, 30))
            await self.witness(season, user)
            return True
        if "turn_end" in kinds:
            await season.slash(user, "hf report turn-end")
            self.turns_this_year += 1
            return True
        return False

    async def witness(self, season: Any, reporter: Any) -> None:
        """The other hand confirms a report left waiting for a witness."""
        from tests.season.harness import HANDS

        other = next(season.users[n] for n in HANDS if season.users[n].id != reporter.id)
        for msg in reversed(season.emu.messages_seen(other)):
            confirm = [b["custom_id"] for b in msg.buttons if ":hf:witness:" in str(b.get("custom_id"))
                       and str(b.get("custom_id")).endswith(":1")]
            if confirm and not msg.ephemeral:
                await season.click(other, msg, custom_id=confirm[0])
                return

    async def orders(self, season: Any, user: Any) -> None:
        await season.slash(user, "hf orders", board="dividend", proxy="counter")
