"""The ending promise in the conformance suite (issue 42): every game offers a draw and a concession,
and its end is summed up in its channel. At the end of the demo: Bob concedes (he leaves, the game
goes on for Alice and Erin); Erin proposes a draw and Alice agrees (the game ends). Whoever holds
Bob's seat concedes (a substitute may have taken it). (A refused draw,
the en-US player's DM and a thread's archive are tests/e2e/test_draw_and_ending.py's.) The channel then gets the summary, in the server's language,
with the standing (Bob last, with his score where the game shows scores) and, for a game with a picture, the final board. Every message of these
steps passes the suite's other checks (language, words, text, commands). `/game status` then says how
the game ended once."""

from __future__ import annotations

import re
from typing import Any

from bot.i18n import t
from bot.pictures import has_picture
from bot.telling import where_it_stands
from engine.core import get_game

PLACE = re.compile(r"^\d+\. ")  # a line of the standing: "1. Alice, Erin"


async def check_ending(table: Any) -> None:
    found = table.problems["ending"]
    alice, erin = table.users["alice"], table.users["erin"]
    state = await table.state()
    if state.status != "active":
        found.append(f"the demo left the game {state.status}: no draw or concession to try")
        return
    users = {u.id: u for u in table.emu.users.values()}
    bob = next((users[p.id] for p in state.players if not p.left and p.id not in (alice.id, erin.id)), None)
    if bob is None:
        found.append("nobody but Alice and Erin is seated: no one to concede")
        return
    name = state.name_of(bob.id)
    confirm = await table.slash(bob, "game concede")
    if not confirm.ephemeral or not confirm.message.button_labels:
        found.append(f"/game concede asks no confirmation of {name} alone: {confirm.content[:120]!r}")
        return
    if "moderat" in confirm.content.lower():  # said plainly: what happens to the player, not a moderator's tool
        found.append(f"the concession's confirmation speaks of moderators: {confirm.content[:160]!r}")
    await table.click(bob, confirm.message, confirm.message.button_labels[0])
    state = await table.state()
    if str(bob.id) not in state.conceded:
        found.append(f"{name}'s concession was not taken")
        return
    if state.status == "active":
        proposed = await table.slash(erin, "game draw")
        if proposed.message is None or len(proposed.message.button_labels) != 2:
            found.append(f"Erin's /game draw posts no proposal: {proposed.content[:120]!r}")
            return
        await table.click(alice, proposed.message, proposed.message.button_labels[0])
        state = await table.state()
    if state.status != "finished":
        found.append(f"every player still seated agreed to the draw and the game is {state.status}")
        return
    await table.step(None, lambda: summed_up(table))
    summaries = [m for m in table.emu.messages_seen(alice) if m.content.startswith("🏁")]
    if len(summaries) != 1:
        found.append(f"the game's end is summed up {len(summaries)} times in its channel")
        return
    text = summaries[0].content
    places = [line for line in text.split("\n") if PLACE.match(line)]
    if len(places) < 2 or name not in places[-1] or any(name in line for line in places[:-1]):
        found.append(f"the summary's standing does not put {name}, who conceded, last: {text[:300]!r}")
    elif get_game(table.kind).score_format and " — " not in places[-1]:
        found.append(f"the summary shows the others' scores, not {name}'s, who conceded: {places[-1]!r}")
    if has_picture(table.kind) and not summaries[0].attachments:
        found.append("the summary carries no final board")
    await said_once(table, found)


async def said_once(table: Any, found: list[str]) -> None:
    """/game status of the ended game says how it ended once, in the reader's language (not the game's
    "the game is over" and then "Game over: a draw ...")."""
    state = await table.state()
    for name in ("alice", "erin"):  # a public answer, in the channel's language whoever asks
        status = (await table.slash(table.users[name], "game status")).content
        endings = [where_it_stands(table.kind, state, lang) for lang in ("it", "en")]
        over = [t("core.headline.finished", lang) for lang in ("it", "en")]
        if any(o in status for o in over) or sum(status.count(e) for e in endings) != 1:
            found.append(f"/game status does not say the end once, as {endings[0]!r}: {status[:200]!r}")


async def summed_up(table: Any) -> None:
    """The summary is planned beside the game's finished record, written in the background."""
    await table.bot.recorder.settled()
    await table.bot.notifier.drain()
