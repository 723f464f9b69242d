"""REST routes about channels: reading, posting, editing and deleting messages, opening threads (public
and private) and adding their members, and typing."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .httputil import Body, DiscordError, json_response, unknown
from .models import (
    CHANNEL_DM,
    CHANNEL_PRIVATE_THREAD,
    CHANNEL_PUBLIC_THREAD,
    PERM_CREATE_PRIVATE_THREADS,
    PERM_CREATE_PUBLIC_THREADS,
    Channel,
    iso,
)
from .rest_base import Routes

if TYPE_CHECKING:
    from .models import Message


class ChannelRoutes(Routes):
    """/channels/{id}: the channel, its messages, its threads and their members, typing."""

    def _channel(self, channel_id: str) -> Channel:
        channel = self.emu.channels.get(channel_id)
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _message(self, channel: Channel, message_id: str) -> Message:
        msg = self.emu.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel is not channel or msg.visible_to is not None:
            raise unknown("Message", 10008)
        return msg

    async def get_channel(self, request: web.Request, body: Body, channel_id: str) -> Any:
        return self._channel(channel_id).payload()

    async def edit_channel(self, request: web.Request, body: Body, channel_id: str) -> Any:
        """A thread's name, archived and locked flags, as Discord changes them (THREAD_UPDATE follows);
        other channels' settings are not modelled."""
        channel = self._channel(channel_id)
        data = body.json or {}
        if not channel.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if isinstance(data.get("name"), str) and data["name"]:
            channel.name = data["name"][:100]
        if data.get("locked") is not None:
            channel.locked = bool(data["locked"])
        if data.get("archived") is not None:
            channel.archived = bool(data["archived"])
            channel.archived_at = time.time()
        await self.emu.gateway.dispatch("THREAD_UPDATE", channel.payload())
        return channel.payload()

    async def list_messages(self, request: web.Request, body: Body, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        limit = int(request.query.get("limit", 50))
        msgs = [m for m in self.emu._channel_messages(channel) if m.visible_to is None]
        if before := request.query.get("before"):
            msgs = [m for m in msgs if int(m.id) < int(before)]
        if after := request.query.get("after"):
            msgs = [m for m in msgs if int(m.id) > int(after)]
            return [self.emu._message_payload(m) for m in msgs[:limit]][::-1]
        return [self.emu._message_payload(m) for m in reversed(msgs)][:limit]

    async def get_message(self, request: web.Request, body: Body, channel_id: str, message_id: str) -> Any:
        return self.emu._message_payload(self._message(self._channel(channel_id), message_id))

    async def create_message(self, request: web.Request, body: Body, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        data = body.json or {}
        if channel.type == CHANNEL_DM and not all(u.dms_open for u in channel.recipients):
            raise DiscordError(403, 50007, "Cannot send messages to this user")
        self._validate_message(data, body)
        if channel.is_thread and channel.archived:  # as Discord: a post reopens an archived thread (the
            channel.archived = False                 # bot, an administrator here, may reopen a locked one too)
            await self.emu.gateway.dispatch("THREAD_UPDATE", channel.payload())
        if data.get("enforce_nonce") and data.get("nonce") is not None:
            # as Discord: the same author's message with this nonce is returned, and no second one made
            # (the bot's outbox sends a row again under its nonce when it could not record the first send)
            # (found by an index: a scan of the channel's messages made a busy channel's every post slower)
            again = self._sent_with_nonce.get((channel.id, str(data["nonce"])))
            if again is not None and not again.deleted and again.author is self.emu.bot_user:
                return self.emu._message_payload(again)
        msg = await self.emu._create_message(channel, data, body.files)
        if data.get("nonce") is not None:
            self._sent_with_nonce[(channel.id, str(data["nonce"]))] = msg
        return self.emu._message_payload(msg)

    @property
    def _sent_with_nonce(self) -> dict[tuple[str, str], Any]:
        """(channel, nonce) -> the bot's message sent with it."""
        index: dict[tuple[str, str], Any] = self.emu.__dict__.setdefault("_sent_with_nonce", {})
        return index

    async def edit_message(self, request: web.Request, body: Body, channel_id: str, message_id: str) -> Any:
        msg = self._message(self._channel(channel_id), message_id)
        if msg.author is not self.emu.bot_user:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self._validate_message(body.json or {}, body, partial=True)
        await self.emu._edit_message(msg, body.json or {}, body.files)
        return self.emu._message_payload(msg)

    async def delete_message(self, request: web.Request, body: Body, channel_id: str, message_id: str) -> Any:
        await self.emu._delete_message(self._message(self._channel(channel_id), message_id))
        return None

    async def create_thread(
        self, request: web.Request, body: Body, channel_id: str, message_id: str | None = None
    ) -> Any:
        parent = self._channel(channel_id)
        if parent.guild_id is None or parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        data = body.json or {}
        name = data.get("name")
        if not name or len(name) > 100:
            raise DiscordError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "name": {
                        "_errors": [
                            {
                                "code": "BASE_TYPE_BAD_LENGTH",
                                "message": "Must be between 1 and 100 in length.",
                            }
                        ]
                    }
                },
            )
        if message_id is not None:
            self._message(parent, message_id)
            ctype = CHANNEL_PUBLIC_THREAD
        else:
            ctype = int(data.get("type") or CHANNEL_PRIVATE_THREAD)
        guild = self._guild(str(parent.guild_id))
        needed = PERM_CREATE_PRIVATE_THREADS if ctype == CHANNEL_PRIVATE_THREAD else PERM_CREATE_PUBLIC_THREADS
        if not guild.permissions_of(self.emu.bot_user) & needed:
            raise DiscordError(403, 50013, "Missing Permissions")
        thread = await self.emu._create_thread(parent, name, ctype, thread_id=message_id)
        return json_response(thread.payload(), status=201)  # Discord answers 201 Created

    async def add_thread_member(self, request: web.Request, body: Body, channel_id: str, user_id: str) -> Any:
        thread = self._channel(channel_id)
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if user_id not in self._guild(str(thread.guild_id)).members:
            raise unknown("Member", 10007)
        thread.members.add(user_id)
        await self.emu.gateway.dispatch("THREAD_MEMBERS_UPDATE", {
            "id": thread.id, "guild_id": thread.guild_id, "member_count": len(thread.members),
            "added_members": [{"id": thread.id, "user_id": user_id, "join_timestamp": iso(time.time()), "flags": 0}],
        })
        return None

    async def typing(self, request: web.Request, body: Body, channel_id: str) -> Any:
        self._channel(channel_id)
        return None
