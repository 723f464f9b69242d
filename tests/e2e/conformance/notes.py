"""The notepad promise in the conformance suite: a player's `/note` for the game is read back to
them alone, in their language, and reaches nobody else: no channel post, no DM, nobody else's
`/note` or `/game log`, not the game's record (its export)."""

from __future__ import annotations

from typing import Any

from tests.e2e.conformance.checks import language_of

MARK = "Gallia 73519"  # a word and a number no game's text contains


async def check_notes(table: Any) -> None:
    found = table.problems["notes"]
    erin = table.users["erin"]
    text = f"remember {MARK} before the next deadline"
    table.typed.append(text)
    written = await table.step(erin, lambda: table.emu.slash(erin, "note", text=text))
    if not written.ephemeral or MARK not in written.content:
        found.append(f"/note does not answer Erin alone with her note: {written.content[:120]!r}")
    elif language_of(written.content.replace(text, " ")) == "it":
        found.append(f"/note answers the en-US player in Italian: {written.content[:120]!r}")
    again = await table.step(erin, lambda: table.emu.slash(erin, "note"))
    if MARK not in again.content:
        found.append(f"/note does not read Erin's note back: {again.content[:120]!r}")
    for name in ("alice", "bob"):
        other = table.users[name]
        theirs = await table.emu.slash(other, "note")
        log = await table.emu.slash(other, "game log")
        for where, result in (("/note", theirs), ("/game log", log)):
            if any(MARK in m.content for m in result.messages):
                found.append(f"{where} shows Erin's note to {name}")
        for msg in table.emu.all_seen(other):
            if MARK in msg.content:
                found.append(f"{name} can read Erin's note in a message: {msg.content[:120]!r}")
    for msg in table.emu.all_seen(erin):
        if MARK in msg.content and (not msg.ephemeral or msg.channel.type == 1):
            found.append(f"Erin's note is posted where others may read it: {msg.content[:120]!r}")
    record = await table.bot.service.record(table.game_id)
    if MARK in record.model_dump_json():
        found.append("Erin's note is in the game's record (its export)")
    mine_log = await table.emu.slash(erin, "game log")
    if any(MARK in m.content for m in mine_log.messages):
        found.append("Erin's note is in the game's log")
