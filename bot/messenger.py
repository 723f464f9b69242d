"""The notifier's way to speak on Discord: DMs and posts in game channels.

Every message carries the nonce the outbox gives it; discord.py sends it with `enforce_nonce`, so a
message re-sent after a crash (same row, same nonce) is not posted twice by Discord.
"""

from __future__ import annotations

import asyncio
import collections
import io
import logging
import secrets
from typing import Any

import discord
from discord.http import handle_message_parameters

from bot.notifier import Undeliverable
from bot.pictures import Attachment
from bot.ui import OpenPanelButton

log = logging.getLogger(__name__)


class ClientClosed(Exception):
    """Shutting down: the outbox keeps the message for the next start."""


def to_file(file: Attachment | None) -> discord.File | None:
    if file is None:
        return None
    name, data = file
    return discord.File(io.BytesIO(data), filename=name)


DM_CHANNELS_KEPT = 50_000  # user -> DM channel ids remembered (a few MB at most)
# Discord allows a bot 50 requests a second in all (interaction answers aside); discord.py waits for
# each route's bucket by itself but meets the global limit only by taking a 429. The outbox's
# requests keep under it, with room left for the commands being answered meanwhile.
GLOBAL_PER_SECOND = 40


class Pacer:
    """At most `rate` requests in any one second: a burst of notifications waits its turn here
    instead of collecting global 429s (which Discord counts towards banning the bot's address)."""

    def __init__(self, rate: int = GLOBAL_PER_SECOND) -> None:
        self.rate = rate
        self._sent: collections.deque[float] = collections.deque()

    async def wait(self) -> None:
        loop = asyncio.get_running_loop()
        while True:
            now = loop.time()
            while self._sent and now - self._sent[0] >= 1.0:
                self._sent.popleft()
            if len(self._sent) < self.rate:
                self._sent.append(now)
                return
            await asyncio.sleep(1.0 - (now - self._sent[0]))


class DiscordMessenger:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        # a DM channel never changes: asking Discord once per user, not once per message, halves
        # the requests of a burst of DMs
        self._dm_channels: dict[str, int] = {}
        self.pacer = Pacer()

    async def dm(self, user_id: str, content: str, file: Attachment | None = None,
                 nonce: str | None = None) -> bool:
        nonce = nonce or secrets.token_hex(8)
        if self.client.is_closed():
            raise ClientClosed
        channel_id = self._dm_channels.get(user_id)
        if channel_id is None:
            try:
                # the DM channel straight from the user's id: fetching the user first cost one more
                # request per player, and a burst of first DMs ran into Discord's global limit
                await self.pacer.wait()
                channel_id = int((await self.client.http.start_private_message(int(user_id)))["id"])
            except (discord.NotFound, discord.Forbidden):
                return False  # no such user or no DM channel: the channel fallback speaks instead
            if len(self._dm_channels) >= DM_CHANNELS_KEPT:
                self._dm_channels.clear()
            self._dm_channels[user_id] = channel_id
        attachment = to_file(file)
        await self.pacer.wait()
        try:
            await self._send(channel_id, content, attachment, nonce)
        except discord.Forbidden:
            return False
        # anything else (5xx after discord.py's own retries, a network error) raises: retried later
        return True

    async def post(self, channel_id: str, content: str, file: Attachment | None = None,
                   nonce: str | None = None, panel: tuple[int, str] | None = None) -> None:
        nonce = nonce or secrets.token_hex(8)
        if self.client.is_closed():
            raise ClientClosed
        # no lookup: a channel that is gone or closed to us answers the send itself with 404/403
        channel = self.client.get_channel(int(channel_id)) or self.client.get_partial_messageable(int(channel_id))
        if not isinstance(channel, discord.abc.Messageable):
            raise Undeliverable(f"channel {channel_id} cannot receive messages")
        mentions = discord.AllowedMentions(users=True)
        attachment = to_file(file)
        extra: dict[str, Any] = {}
        await self.pacer.wait()
        if panel is not None:  # a call to play: whoever is called opens their panel from it
            extra["view"] = discord.ui.View(timeout=None)
            extra["view"].add_item(OpenPanelButton(*panel))
        try:
            if extra and attachment is not None:
                await channel.send(content, allowed_mentions=mentions, file=attachment, nonce=nonce, **extra)
            elif extra:
                await channel.send(content, allowed_mentions=mentions, nonce=nonce, **extra)
            else:
                await self._send(int(channel_id), content, attachment, nonce, mentions)
        except (discord.NotFound, discord.Forbidden) as exc:
            raise Undeliverable(f"channel {channel_id}: {exc}") from None

    async def _send(self, channel_id: int, content: str, attachment: discord.File | None, nonce: str,
                    mentions: discord.AllowedMentions | None = None) -> None:
        """The request `Messageable.send` makes, without building a `Message` of Discord's answer
        (nobody reads it: a fifth of a DM's work on the event loop)."""
        file = attachment if attachment is not None else discord.utils.MISSING
        with handle_message_parameters(content=content, file=file, nonce=nonce,
                                       allowed_mentions=mentions,
                                       previous_allowed_mentions=self.client.allowed_mentions) as params:
            await self.client.http.send_message(channel_id, params=params)

    async def open_private_thread(self, channel_id: str, user_id: str, title: str) -> str | None:
        if self.client.is_closed():
            raise ClientClosed
        parent = self.client.get_channel(int(channel_id))
        if parent is None:
            try:
                parent = await self.client.fetch_channel(int(channel_id))
            except (discord.NotFound, discord.Forbidden):
                return None
        if not isinstance(parent, discord.TextChannel):
            return None  # a game played in a thread: Discord has no thread in a thread
        await self.pacer.wait()
        try:
            thread = await parent.create_thread(name=title[:100], type=discord.ChannelType.private_thread,
                                                invitable=False)
        except discord.Forbidden:
            return None  # no "Create Private Threads" permission: the game goes on without
        except discord.HTTPException as exc:
            if exc.status >= 500:
                raise
            return None
        await self.pacer.wait()
        await thread.add_user(discord.Object(int(user_id)))
        return str(thread.id)

    async def archive_thread(self, thread_id: str) -> None:
        if self.client.is_closed():
            raise ClientClosed
        await self.pacer.wait()
        try:
            await self.client.http.edit_channel(int(thread_id), archived=True)
        except (discord.NotFound, discord.Forbidden):
            return  # the thread is gone, or no longer ours to close: nothing is lost

    async def keep_panel(self, thread_id: str, content: str, message_id: str | None, panel_game: int | None,
                         label: str, nonce: str) -> str:
        if self.client.is_closed():
            raise ClientClosed
        view: discord.ui.View | None = None
        if panel_game is not None:
            view = discord.ui.View(timeout=None)
            view.add_item(OpenPanelButton(panel_game, label))
        thread = self.client.get_partial_messageable(int(thread_id))
        none = discord.AllowedMentions.none()
        try:
            if message_id is not None:
                await self.pacer.wait()
                try:
                    await thread.get_partial_message(int(message_id)).edit(content=content, view=view,
                                                                           allowed_mentions=none)
                    return message_id
                except discord.NotFound:
                    pass  # deleted by hand: post it again
            await self.pacer.wait()
            sent = await thread.send(content, view=view, nonce=nonce, allowed_mentions=none)  # type: ignore[arg-type]
        except discord.Forbidden as exc:
            raise Undeliverable(f"thread {thread_id}: {exc}") from None
        return str(sent.id)
