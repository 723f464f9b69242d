"""Tells players what happened when they are not looking: DMs for the events that ask for one,
public announcements of what timers did, and reminders before deadlines.

It speaks through a `Messenger` so the same logic is tested without Discord; `bot.discord_messenger`
is the real one. A refused DM (closed DMs) falls back to a mention in the game channel.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import Protocol

from bot.i18n import catalog, channel_language, dm_language, normalize, t
from bot.service import GameService, Update
from bot.storage.models import GameRow
from engine.core import Event, GameState, get_game
from render.common import render_png

log = logging.getLogger(__name__)
Attachment = tuple[str, bytes]


class Messenger(Protocol):
    async def dm(self, user_id: str, content: str, file: Attachment | None = None) -> bool:
        """Send a DM; False if the user does not accept DMs."""

    async def post(self, channel_id: str, content: str, file: Attachment | None = None) -> None: ...


def jump_link(row: GameRow) -> str:
    return f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"


def event_text(ev: Event, lang: str) -> str:
    return t(ev.key, lang, **ev.params)


class Notifier:
    def __init__(self, service: GameService, messenger: Messenger) -> None:
        self.service = service
        self.messenger = messenger
        self._tasks: set[asyncio.Task[None]] = set()
        service.listeners.append(self.on_update)

    async def _lang(self, row: GameRow) -> str:
        """The game channel's language (the server's)."""
        cfg = await self.service.guild_config(row.guild_id)
        return channel_language(cfg.locale, self.service.default_locale)

    async def _dm_lang(self, row: GameRow, user_id: str) -> str:
        """The language of a DM: its recipient's."""
        chosen, seen = await self.service.user_language(user_id)
        cfg = await self.service.guild_config(row.guild_id)
        return dm_language(chosen, seen, cfg.locale, self.service.default_locale)

    async def on_update(self, upd: Update) -> None:
        """Moves made by a command are told in the background: the command must answer Discord within
        3 seconds, and DMs to every player (with rendered boards) may take longer. What the clock did
        is told at once (nobody is waiting)."""
        if upd.source in ("tick", "import", "undo"):
            await self._tell(upd)
            return
        task = asyncio.create_task(self._tell(upd), name=f"notify-game-{upd.game.id}")
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def busy(self) -> bool:
        return bool(self._tasks)

    async def drain(self) -> None:
        """Wait until everything already handed over has been sent (shutdown, tests)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    async def _tell(self, upd: Update) -> None:
        try:
            await self._deliver_update(upd)
        except Exception:  # a failed DM or post never undoes a committed move
            log.exception("notifications for game %s failed", upd.game.id)

    async def _deliver_update(self, upd: Update) -> None:
        lang = await self._lang(upd.game)
        if upd.source == "tick":
            await self.announce(upd.game, upd.state, [e for e in upd.events if e.to is None], lang)
        for ev in upd.events:
            if ev.notify:
                await self.deliver(upd.game, upd.state, ev, lang)

    async def announce(self, row: GameRow, state: GameState | None, events: list[Event], lang: str) -> None:
        """Post what the clock did (turn ends, auction closes...) in the game channel, with the board."""
        if not events:
            return
        lines = [event_text(ev, lang) for ev in events]
        file = None
        if state is not None:
            file = await board_attachment(row, state, None, lang=lang)
        for chunk in chunks("\n".join(lines)):
            await self.messenger.post(row.channel_id, chunk, file)
            file = None

    async def deliver(self, row: GameRow, state: GameState | None, ev: Event, lang: str) -> None:
        assert ev.notify is not None
        if ev.notify == "moderators":  # said in the game channel, calling the moderator role if set
            role = (await self.service.guild_config(row.guild_id)).mod_role_id
            await self.messenger.post(row.channel_id, t("core.to_moderators", lang,
                                                        role=f"<@&{role}>" if role else "", text=event_text(ev, lang)))
            return
        recipients = ev.to if ev.to is not None else (state.active_player_ids() if state else [])
        name = get_game(row.kind).meta.name
        for pid in recipients:
            if not await self.service.notify_enabled(pid, ev.notify):
                continue
            reader = await self._dm_lang(row, pid)
            text = t("core.dm", reader, game=name, text=event_text(ev, reader), link=jump_link(row))
            file = None
            if ev.notify == "turn" and state is not None:
                file = await board_attachment(row, state, pid, lang=reader)
            if not await self.messenger.dm(pid, text, file):
                body = event_text(ev, lang)
                # DMs closed: a public event can be said in the channel, addressed to them; a private
                # one (an offer, a hand) only gets a nudge to look with the game's own commands
                if ev.to is None or ev.notify in ("turn", "reminder"):
                    fallback = t("core.dm_fallback", lang, user=f"<@{pid}>", text=body)
                else:
                    fallback = t("core.dm_fallback_private", lang, user=f"<@{pid}>", game=name)
                await self.messenger.post(row.channel_id, fallback)

    async def remind(self, row: GameRow, players: list[str], deadline: datetime) -> None:
        lang = await self._lang(row)
        game = get_game(row.kind)
        name = game.meta.name
        state = self.service.load_state(row) if row.snapshot_json is not None else None
        for pid in players:
            if not await self.service.notify_enabled(pid, "reminder"):
                continue
            # what is left to do, in words ("3 OP to spend"), when the game can say it
            owed = [m.model_dump() for m in game.owed(state, pid)] if state is not None else []
            key = "core.reminder_owed" if owed else "core.reminder"
            reader = await self._dm_lang(row, pid)
            body = t(key, reader, at=deadline, owed=owed)
            if not await self.messenger.dm(pid, t("core.dm", reader, game=name, text=body, link=jump_link(row))):
                body = t(key, lang, at=deadline, owed=owed)
                await self.messenger.post(row.channel_id, t("core.dm_fallback", lang, user=f"<@{pid}>", text=body))


_CACHE: dict[tuple[str, int, int, int, str], bytes] = {}  # (kind, id, version, snapshot hash, scope)
_CACHE_LIMIT = 256


def picture_labels(kind: str, lang: str | None) -> dict[str, str] | None:
    """The words a game's pictures show, in `lang`: every catalog entry `<game>.label.<name>`, raw
    (renderers fill their own fields such as {turn})."""
    if lang is None:
        return None
    prefix = f"{kind}.label."
    return {k.removeprefix(prefix): v for k, v in catalog(normalize(lang)).items() if k.startswith(prefix)} or None


async def board_attachment(row: GameRow, state: GameState, viewer: str | None,
                           picture: str = "board", lang: str | None = None) -> Attachment | None:
    """The board image of this version for this viewer (and language), rendered off the event loop
    and cached."""
    assert row.id is not None
    # the snapshot's hash guards against two databases (tests, an import) reusing an id and version
    key = (row.kind, row.id, row.version, hash(row.snapshot_json), f"{viewer or 'public'}:{picture}:{lang}")
    data = _CACHE.get(key)
    if data is None:
        view = get_game(row.kind).view(state, viewer)
        try:
            rendered = await asyncio.to_thread(render_png, row.kind, view, picture, picture_labels(row.kind, lang))
        except Exception:
            log.exception("rendering %s for game %s failed", picture, row.id)
            return None
        if rendered is None:
            return None
        data = rendered
        if len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[key] = data
    return (f"{row.kind}-{row.id}-v{row.version}-{picture}.png", data)


def chunks(text: str, limit: int = 1900) -> list[str]:
    """Split on lines so no message passes Discord's 2000 characters."""
    out: list[str] = []
    current = ""
    for line in text.split("\n"):
        while len(line) > limit:
            out.append(line[:limit])
            line = line[limit:]
        if len(current) + len(line) + 1 > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out or [""]
