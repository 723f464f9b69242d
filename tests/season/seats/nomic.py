"""DecameroNomic's seat: in the first Giornata each hand writes a letter through the law form and
everyone answers the letters on the vote panel; then the Giornate run out by the clock. A Giornata in
which nobody but the King proposed ends the game ("no king")."""

from __future__ import annotations

import random
from typing import Any

from tests.season.seats import SeatPlayer, seat

LAWS = {"alice": ("Cortesia", "Si saluta il Re ogni mattina."),
        "erin": ("Courtesy", "Everyone greets the King each morning.")}


@seat
class Nomic(SeatPlayer):
    kind = "nomic"
    settings = "king=Alice scribe=Alice"
    has_board = False
    rounds = 12

    async def opening(self, season: Any, rnd: int) -> None:
        if rnd != 0:
            return
        for name in ("erin", "alice"):
            user = season.users[name]
            title, text = LAWS[name]
            asked = await season.slash(user, "nomic propose", kind="enact")
            opened = asked if asked.modal else await season.select(user, asked, ["t"])
            await season.modal(user, opened, {"title": title, "text": text})

    async def move(self, season: Any, user: Any, rng: random.Random) -> bool:
        state = await season.state()
        votes = [a for a in self.legal(state, user.id) if a.type == "vote"]
        if not votes:
            return False
        letter = rng.choice(votes).letter
        panel = await season.slash(user, "nomic vote", letter=letter)
        message = panel.message
        for i in range(4):
            ids = [b["custom_id"] for b in message.buttons if f":c{i}" in str(b.get("custom_id"))]
            if not ids:
                break
            chosen = rng.choice([c for c in ids if f":c{i}x:" not in c] or ids)
            message = (await season.click(user, message, custom_id=chosen)).message or message
        for rating in [str(s.get("custom_id")) for s in message.selects if ":r" in str(s.get("custom_id"))]:
            rated = await season.step(user, lambda m=message, c=rating: season.emu.select(
                user, m, [str(rng.randint(1, 10))], custom_id=c))
            message = rated.message or message
        send = [b["custom_id"] for b in message.buttons if str(b.get("custom_id")).split(":")[-2:-1] == ["s"]]
        if not send:
            season.problems["season"].append(f"{user.username}'s vote panel has no Send button")
            return False
        await season.click(user, message, custom_id=send[0])
        return True

    async def orders(self, season: Any, user: Any) -> None:
        await season.slash(user, "nomic orders", vote="for", rating=6)
