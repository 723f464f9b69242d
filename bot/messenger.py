"""The notifier's way to speak on Discord: DMs and posts in game channels.

Every message carries the nonce the outbox gives it; discord.py sends it with `enforce_nonce`, so a
message re-sent after a crash (same row, same nonce) is not posted twice by Discord.
"""

from __future__ import annotations

import io
import logging
import secrets

import discord

from bot.notifier import Attachment, Undeliverable

log = logging.getLogger(__name__)


class ClientClosed(Exception):
    """Shutting down: the outbox keeps the message for the next start."""


def to_file(file: Attachment | None) -> discord.File | None:
    if file is None:
        return None
    name, data = file
    return discord.File(io.BytesIO(data), filename=name)


class DiscordMessenger:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def dm(self, user_id: str, content: str, file: Attachment | None = None,
                 nonce: str | None = None) -> bool:
        nonce = nonce or secrets.token_hex(8)
        if self.client.is_closed():
            raise ClientClosed
        try:
            user = self.client.get_user(int(user_id)) or await self.client.fetch_user(int(user_id))
            dm = await user.create_dm()
        except (discord.NotFound, discord.Forbidden):
            return False  # no such user or no DM channel: the channel fallback speaks instead
        attachment = to_file(file)
        try:
            if attachment is not None:
                await dm.send(content, file=attachment, nonce=nonce)
            else:
                await dm.send(content, nonce=nonce)
        except discord.Forbidden:
            return False
        # anything else (5xx after discord.py's own retries, a network error) raises: retried later
        return True

    async def post(self, channel_id: str, content: str, file: Attachment | None = None,
                   nonce: str | None = None) -> None:
        nonce = nonce or secrets.token_hex(8)
        if self.client.is_closed():
            raise ClientClosed
        try:
            channel = self.client.get_channel(int(channel_id)) or await self.client.fetch_channel(int(channel_id))
        except (discord.NotFound, discord.Forbidden) as exc:
            raise Undeliverable(f"channel {channel_id}: {exc}") from None
        if not isinstance(channel, discord.abc.Messageable):
            raise Undeliverable(f"channel {channel_id} cannot receive messages")
        mentions = discord.AllowedMentions(users=True)
        attachment = to_file(file)
        try:
            if attachment is not None:
                await channel.send(content, allowed_mentions=mentions, file=attachment, nonce=nonce)
            else:
                await channel.send(content, allowed_mentions=mentions, nonce=nonce)
        except (discord.NotFound, discord.Forbidden) as exc:
            raise Undeliverable(f"channel {channel_id}: {exc}") from None
