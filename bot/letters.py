"""What an outbox row says: its texts in the reader's language and its pictures, written when the row
is sent (in the sender's worker thread: drawing a board is slow)."""

from __future__ import annotations

import json
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.i18n import game_name, t
from bot.pictures import Attachment, board_png, chunks
from bot.storage.models import GameRow, OutboxRow
from engine.core import Event, GameState, get_game

# the sender's texts and boards are made in ONE worker thread: rendering holds the GIL much of the
# time, and several render threads at once would starve the event loop (commands, ticks) during a
# burst; a command's own board (board_attachment) has threads of its own and never queues behind them
COMPOSER = ThreadPoolExecutor(max_workers=1, thread_name_prefix="araldo-compose")

# a game's private summary of one player (hand, cash...) for their private thread: kind ->
# (state, player, language) -> text; registered by the game's cog, like its panel opener
PRIVATE_SUMMARIES: dict[str, Callable[[Any, str, str], str]] = {}
PANEL_KINDS: set[str] = set()  # games whose "my panel" button goes under the summary


@dataclass
class Letter:
    """One outbox row made into messages, ready to send."""

    posts: list[tuple[str, Attachment | None]] = field(default_factory=list)
    dm: str | None = None
    dm_file: Attachment | None = None
    fallback: str | None = None  # said in the channel when the DM is refused


def jump_link(row: GameRow) -> str:
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"


def event_text(ev: Event, lang: str) -> str:
    return t(ev.key, lang, **ev.params)


def private_text(kind: str, state: GameState, player: str, lang: str) -> str:
    """A player's private panel: the game's own summary of them, else its headline."""
    summary = PRIVATE_SUMMARIES.get(kind)
    spec = get_game(kind)
    if summary is not None:
        body = summary(state, player, lang)
    else:
        head = spec.headline(state)
        body = t(head.key, lang, **head.params)
    return chunks(t("core.private_panel", lang, game=game_name(kind, lang), text=body))[0]


def wants_state(r: OutboxRow, payload: dict[str, Any]) -> bool:
    """Whether writing this row needs the game's state (a board to draw, what a reminder owes): only
    those load the snapshot and draw, slow enough for a worker thread. Most rows are a turn DM, whose
    words take microseconds, and a big game's snapshot longer to load than the DM to write."""
    return bool(payload.get("board")) or r.what == "reminder"


def compose(game: GameRow, r: OutboxRow, payload: dict[str, Any], lang: str, role: str | None,
            channel: str | None = None) -> Letter:
    """The texts and pictures of one row, in `lang`; a refused DM's fallback in the `channel`'s
    language (in a worker thread when it `wants_state`: rendering is slow)."""
    letter = Letter()
    chan = channel or lang
    name = game_name(game.kind, lang)
    state = state_or_none(game) if wants_state(r, payload) else None
    if r.what == "announce":
        events = [Event.model_validate(e) for e in payload["events"]]
        file = board_png(game, state, None, lang=lang) if payload.get("board") and state is not None else None
        for chunk in chunks("\n".join(event_text(ev, lang) for ev in events)):
            letter.posts.append((chunk, file))
            file = None
    elif r.what == "moderators":
        ev = Event.model_validate(payload["event"])
        letter.posts.append((t("core.to_moderators", lang, role=f"<@&{role}>" if role else "",
                               text=event_text(ev, lang)), None))
    elif r.what == "reminder":
        if not still_owed(game, state, r.recipient, payload["deadline"]):
            return letter  # written ahead of its reader's moment, since played or past: nothing to say
        # what is left to do, in words ("3 OP to spend"), when the game can say it
        owed = [m.model_dump() for m in get_game(game.kind).owed(state, r.recipient)] \
            if state is not None and r.recipient is not None else []
        key = "core.reminder_owed" if owed else "core.reminder"
        body = t(key, lang, at=payload["deadline"], owed=owed)
        letter.dm = t("core.dm", lang, game=name, text=body, link=jump_link(game))
        letter.fallback = t("core.dm_fallback", chan, user=f"<@{r.recipient}>",
                            text=t(key, chan, at=payload["deadline"], owed=owed))
    else:  # a DM about an event
        ev = Event.model_validate(payload["event"])
        body = event_text(ev, lang)
        letter.dm = t("core.dm", lang, game=name, text=body, link=jump_link(game))
        if payload.get("board") and state is not None:
            letter.dm_file = board_png(game, state, r.recipient, lang=lang)
        # DMs closed: a public event can be said in the channel, addressed to them; a private one (an
        # offer, a hand) only gets a nudge to look with the game's own commands
        if ev.notify == "next":  # "you're next" is a courtesy: with DMs closed it is not said in the channel
            letter.fallback = None
        elif ev.to is None or ev.notify in ("turn", "reminder"):
            letter.fallback = t("core.dm_fallback", chan, user=f"<@{r.recipient}>", text=event_text(ev, chan))
        else:
            letter.fallback = t("core.dm_fallback_private", chan, user=f"<@{r.recipient}>", game=game_name(game.kind, chan))
    return letter


def still_owed(game: GameRow, state: GameState | None, reader: str | None, deadline: str) -> bool:
    """Whether a reminder of `deadline` (ISO) still concerns its reader when it goes: the game still
    runs to that deadline and still awaits them (a reminder may wait hours for its reader's moment)."""
    if game.status != "active" or game.turn_deadline is None \
            or datetime.fromisoformat(deadline) != game.turn_deadline:
        return False
    return state is None or reader in get_game(game.kind).awaiting(state)


def state_or_none(game: GameRow) -> GameState | None:
    if game.snapshot_json is None:
        return None
    spec = get_game(game.kind)
    data = json.loads(game.snapshot_json)
    if game.schema_version != spec.state_version:
        data = spec.migrate_state(data, game.schema_version)
    state: GameState = spec.load_state(data)
    return state
