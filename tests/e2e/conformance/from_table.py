"""Moves from the table in the conformance suite: once its demo is played, a player the game awaits (or
any player) finds their moves on their private web page and plays one from there, as a browser
without script sends it. The move is watched as every step of the demo is (its words, calls,
privacy, log line), and must be taken: one new line in `/game log`, saying it came from the table.
A game whose cog registers no moves for the page (bot/tablemoves.py) fails."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from engine.core import get_game
from tests.e2e.web.moves import PageForm, forms_in, page_of, refusal_in, send

TYPED = "Pace"  # what the player types in a move's text field (a law's title and text)


def playable(forms: list[PageForm]) -> list[PageForm]:
    """The forms whose inputs all have a value (a form asking for words comes last)."""
    ready = [f for f in forms if all(v for k, v in f.fields.items() if k.startswith("f."))]
    return ready + [f for f in forms if f not in ready]


async def check_table_moves(table: Any) -> None:
    found = table.problems["table"]
    if table.bot.web.port == 0:
        await table.bot.start_web("127.0.0.1", 0)
    state = await table.state()
    if state.status != "active":
        found.append("the demo ends the game: no move from the table could be tried")
        return
    awaited = sorted(get_game(table.kind).awaiting(state))
    for pid in [*awaited, *sorted(p.id for p in state.players if p.id not in awaited)]:
        user = table.user_of(pid)
        answer = await table.emu.slash(user, "game web")
        link = next((w.strip("<>") for m in answer.messages for w in m.content.split() if "/p/" in w), None)
        if link is None:
            found.append(f"/game web gives {user.username} no private link")
            return
        forms = forms_in((await page_of(link))[1])
        if forms:
            break
    else:
        found.append("no player's private page offers a move (the game registers no moves from the table)")
        return
    form = playable(forms)[0]
    typed = {k: TYPED for k, v in form.fields.items() if k.startswith("f.") and not v}
    table.typed.extend(typed.values())
    before = await table.bot.service.log_rows(table.game_id)
    status, body, _ = await table.step(user, lambda: send(link, form, **typed))
    after = await table.bot.service.log_rows(table.game_id)
    if status != 303:
        found.append(f"{form.type} from {user.username}'s page refused ({status}): {refusal_in(body)[:160]!r}")
    elif len(after) != len(before) + 1 or not (after[-1].interaction_id or "").startswith("web"):
        found.append(f"{form.type} from the page was not logged once as a move from the table")
    else:
        said = (await table.emu.slash(table.users["erin"], "game log")).content
        if t("core.log_from_table", "en") not in said:
            found.append(f"/game log does not say {form.type} came from the table: {said[:200]!r}")
