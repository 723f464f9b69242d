"""The notifier's way to speak on Discord: DMs and posts in game channels."""

from __future__ import annotations

import io
import logging

import discord

from bot.notifier import Attachment

log = logging.getLogger(__name__)


def to_file(file: Attachment | None) -> discord.File | None:
    if file is None:
        return None
    name, data = file
    return discord.File(io.BytesIO(data), filename=name)


class DiscordMessenger:
    def __init__(self, client: discord.Client) -> None:
        self.client = client

    async def dm(self, user_id: str, content: str, file: Attachment | None = None) -> bool:
        if self.client.is_closed():
            return True  # shutting down: the message is not lost, the next start re-sends nothing stale
        try:
            user = self.client.get_user(int(user_id)) or await self.client.fetch_user(int(user_id))
            dm = await user.create_dm()
            attachment = to_file(file)
            if attachment is not None:
                await dm.send(content, file=attachment)
            else:
                await dm.send(content)
            return True
        except discord.Forbidden:
            return False
        except discord.HTTPException:
            log.warning("DM to %s failed", user_id, exc_info=True)
            return False

    async def post(self, channel_id: str, content: str, file: Attachment | None = None) -> None:
        if self.client.is_closed():
            return
        channel = self.client.get_channel(int(channel_id))
        if channel is None:
            channel = await self.client.fetch_channel(int(channel_id))
        if not isinstance(channel, discord.abc.Messageable):
            log.warning("channel %s cannot receive messages", channel_id)
            return
        mentions = discord.AllowedMentions(users=True)
        attachment = to_file(file)
        if attachment is not None:
            await channel.send(content, allowed_mentions=mentions, file=attachment)
        else:
            await channel.send(content, allowed_mentions=mentions)
