"""What a deadline did, as the conformance suite reads it in `/game log` and on the web table's log: once
the game's next deadline has passed, every deadline line of the log is one public line, the same for
every reader of a language (the players, a spectator) in that language, said once, in the third person:
never a reader's own DM (a reminder, "your turn timed out", "you are King"), never a call to act
("@Bob, your turn"), never something another reader is not told. A deadline that changed what everyone
sees says what it did in words, not only that it told its players something."""

from __future__ import annotations

import html
import json
import re
from typing import Any

from bot.i18n import t
from engine.core.moderation import DEADLINE_ACTOR
from tests.e2e.conformance.checks import language_of
from tests.e2e.web.moves import page_of

SPECTATORS = {"dave": "it", "frank": "en"}  # a reader of each language who plays no seat
SEQ = re.compile(r"^`#(\d+)`")
WEB_LINE = re.compile(r'<li value="(\d+)" id="move-\d+">(.*?)</li>', re.S)
SHORT = 16  # a DM's sentence shorter than this ("Tocca a Bob.") may well be said in public too


def _said(line: str) -> str:
    """What a log line says the deadline did (after its number, time and "the deadline —")."""
    return line.split(" — ", 1)[1] if " — " in line else line


def _dm_sentences(table: Any, rows: list[Any]) -> set[str]:
    """Every sentence the bot DMed a player in this game and never told the whole table (in the channel,
    or as a deadline's public event, in either language)."""
    said = [m.content for m in table.emu._channel_messages(table.emu.general) if not m.ephemeral]
    for r in rows:
        action = json.loads(r.action_json)
        if r.actor == DEADLINE_ACTOR and action.get("type") == "mod_told":
            said += [t(e["key"], lang, **(e.get("params") or {})) for e in action.get("events") or []
                     if e.get("to") is None for lang in ("it", "en")]
    public = " ".join("\n".join(said).split())
    out = set()
    for user in table.users.values():
        for msg in table.emu.all_seen(user):
            if msg.channel.type != 1:
                continue
            for part in msg.content.split("\n"):
                part = " ".join(part.split(" — ", 1)[-1].split()) if part.startswith("**") else " ".join(part.split())
                if len(part) >= SHORT and "://" not in part and part not in public:
                    out.add(part)
    return out


async def _readers(table: Any) -> dict[str, tuple[Any, str]]:
    readers = {name: (user, table.langs[name]) for name, user in table.users.items()}
    for name, lang in SPECTATORS.items():
        if name not in table.emu.users:
            table.emu.add_user(name, display_name=name.capitalize(), locale="en-US" if lang == "en" else "it")
        readers[name] = (table.emu.users[name], lang)
        table.lang_of[table.emu.users[name].id] = lang  # what the bot answers them is read in their language
    return readers


async def _web_lines(table: Any, user: Any, seqs: set[int]) -> dict[int, str] | None:
    """The deadline lines of the player's private page's log, as text (None: no page)."""
    answer = await table.emu.slash(user, "game web")
    link = next((w.strip("<>") for m in answer.messages for w in m.content.split() if "/p/" in w), None)
    if link is None:
        return None
    _, page = await page_of(link)
    out = {}
    for m in WEB_LINE.finditer(page):
        if int(m[1]) in seqs:
            out[int(m[1])] = " ".join(html.unescape(re.sub(r"<[^>]+>", "", m[2])).split())
    return out


async def check_deadline_log(table: Any) -> None:
    """Let the next deadline lapse, then read every reader's `/game log` (and each player's web log)."""
    before = await table._look()
    await table.let_a_deadline_lapse()
    after = await table._look()
    found = table.problems["deadline_log"]
    if table.game_id is None or before is None or after is None:
        return
    rows = await table.bot.service.log_rows(table.game_id)
    # the lapse changed what everyone sees: its line must say what, in words, not only that it acted
    changed = rows[-1].seq if rows and after["views"][None] != before["views"][None] and after["seq"] > before["seq"] \
        and rows[-1].actor == DEADLINE_ACTOR else None
    deadlines = {r.seq for r in rows if r.actor == DEADLINE_ACTOR}
    if not deadlines:
        return  # a game that met no deadline (High Frontier's demo settles every decision in time)
    dms = _dm_sentences(table, rows)
    by_lang: dict[str, dict[int, tuple[str, str]]] = {}  # language -> seq -> (first reader, their line)
    for name, (user, lang) in (await _readers(table)).items():
        log = await table.emu.slash(user, "game log")
        lines = [line for m in log.messages for line in m.content.split("\n")]
        mine: dict[int, list[str]] = {}
        for line in lines:
            if (m := SEQ.match(line)) and int(m[1]) in deadlines:
                mine.setdefault(int(m[1]), []).append(line)
        for seq, said in sorted(mine.items()):
            line = said[0]
            if len(said) > 1:
                found.append(f"/game log shows {name} deadline #{seq} {len(said)} times")
            if t("core.log_deadline", lang) not in line:
                found.append(f"{name}'s /game log does not say the deadline acted, in {lang}: {line[:160]!r}")
            what = " ".join(_said(line).split())
            if (said_in := language_of(what)) not in (None, lang):
                found.append(f"{name} ({lang}) reads deadline #{seq} in {said_in}: {what[:160]!r}")
            if seq == changed and what in (t("log.core.mod_told", lang), t("log.core.mod_told_private", lang)):
                found.append(f"deadline #{seq} changes what everyone sees and {name}'s /game log says only: {what!r}")
            if "<@" in what:
                found.append(f"deadline #{seq} in {name}'s /game log calls a player, as the channel's call to act "
                             f"does: {what[:160]!r}")
            for dm in sorted(d for d in dms if d in what):
                found.append(f"deadline #{seq} in {name}'s /game log repeats a DM: {dm[:100]!r}")
            first = by_lang.setdefault(lang, {}).setdefault(seq, (name, what))
            if first[1] != what:
                found.append(f"deadline #{seq} reads differently for {first[0]} and {name} ({lang}): "
                             f"{first[1][:120]!r} / {what[:120]!r}")
    await _check_web(table, deadlines, dms, found)
    table._new_messages()  # the readers' answers are checked here, not as moves


async def _check_web(table: Any, deadlines: set[int], dms: set[str], found: list[str]) -> None:
    """The web table's log says each deadline as `/game log` does: one line for everyone of a language."""
    if table.bot.web.port == 0:
        return
    seen: dict[str, dict[int, tuple[str, str]]] = {}
    for name, user in table.users.items():
        lines = await _web_lines(table, user, deadlines)
        if lines is None:
            continue
        for seq, what in lines.items():
            for dm in sorted(d for d in dms if "<" not in d and d in what):
                found.append(f"deadline #{seq} in {name}'s web log repeats a DM: {dm[:100]!r}")
            first = seen.setdefault(table.langs[name], {}).setdefault(seq, (name, what))
            if first[1] != what:
                found.append(f"deadline #{seq} reads differently on {first[0]}'s and {name}'s web log: "
                             f"{first[1][:120]!r} / {what[:120]!r}")
