"""Messages in the world: posting, editing and deleting them (and their attachments), opening threads,
each message's wire payload, and which messages each person can see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import interactions as ix
from .echo import PERM_MENTION_EVERYONE, Mentions, check_allowed_mentions, numbered_components, parse_mentions
from .httputil import UploadedFile
from .interactions import Interaction
from .models import (
    CHANNEL_DM,
    CHANNEL_PRIVATE_THREAD,
    FLAG_EPHEMERAL,
    LOADING,
    Attachment,
    Channel,
    Guild,
    Message,
    User,
    iso,
)


class MessageStore:
    """Part of Emulator: the messages of every channel, in the order they happened."""

    def _channel_messages(self, channel: Channel) -> list[Message]:
        return [m for m in self._by_channel.get(channel.id, []) if not m.deleted]

    def _guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def _message_payload(self, msg: Message) -> dict[str, Any]:
        pings = self._mentions_in(msg)
        data: dict[str, Any] = {
            "id": msg.id,
            "channel_id": msg.channel.id,
            "author": msg.author.payload(),
            "content": msg.content,
            "timestamp": iso(_snowflake_time(msg.id)),
            "edited_timestamp": msg.payload.get("edited_timestamp"),
            "tts": bool(msg.payload.get("tts")),
            "mention_everyone": pings.everyone,
            "mentions": [self._user_by_id(uid).payload() for uid in pings.users],
            "mention_roles": pings.roles,
            "attachments": [a.payload() for a in msg.attachments],
            "embeds": msg.embeds,
            "components": msg.components,
            "pinned": False,
            "type": 0,
            "flags": msg.flags,
        }
        if msg.channel.guild_id:
            data["guild_id"] = msg.channel.guild_id
        if msg.payload.get("nonce") is not None:
            data["nonce"] = msg.payload["nonce"]
        if msg.payload.get("message_reference"):
            data["message_reference"] = msg.payload["message_reference"]
            data["type"] = 19
        inter = self.interactions.get(msg.interaction_id or "")
        if inter is not None:
            data["webhook_id"] = self.application_id
            data["application_id"] = self.application_id
            data["interaction_metadata"] = self._interaction_metadata(inter, msg)
            if inter.type == ix.APPLICATION_COMMAND and msg is inter.original:
                data["type"] = 20
        return data

    def _interaction_metadata(self, inter: Interaction, msg: Message | None = None) -> dict[str, Any]:
        """How a message tells which interaction it answers (and, for a modal, what opened the modal)."""
        meta: dict[str, Any] = {
            "id": inter.id,
            "type": inter.type,
            "user": inter.user.payload(),
            "authorizing_integration_owners": dict(inter.payload.get("authorizing_integration_owners") or {}),
        }
        if msg is not None and inter.original is not None and msg is not inter.original:
            meta["original_response_message_id"] = inter.original.id  # only on followups
        if inter.type == ix.MESSAGE_COMPONENT and inter.message is not None:
            meta["interacted_message_id"] = inter.message.id
        if inter.type == ix.MODAL_SUBMIT and inter.trigger is not None:
            meta["triggering_interaction_metadata"] = self._interaction_metadata(inter.trigger)
        return meta

    def _mentions_in(self, msg: Message) -> Mentions:
        guild = self._guild_of(msg.channel)
        return parse_mentions(
            msg.content,
            msg.payload.get("allowed_mentions"),
            user_exists=self._user_known,
            role_ids={r.id for r in guild.roles} if guild else set(),
            may_mention_everyone=guild is not None
            and bool(guild.permissions_of(msg.author) & PERM_MENTION_EVERYONE),
        )

    def _user_known(self, user_id: str) -> bool:
        return user_id == self.bot_user.id or any(u.id == user_id for u in self.users.values())

    def _build_attachments(
        self,
        channel: Channel,
        meta: list[dict[str, Any]] | None,
        files: Mapping[int, UploadedFile],
        existing: list[Attachment],
    ) -> list[Attachment]:
        by_id = {a.id: a for a in existing}
        result: list[Attachment] = []
        used: set[int] = set()
        for item in meta or []:
            key = str(item.get("id"))
            if key in by_id:
                result.append(by_id[key])
            elif key.isdigit() and int(key) in files:
                used.add(int(key))
                result.append(make_attachment(self, channel, files[int(key)], item))
        for index, upload in sorted(files.items()):
            if index not in used:
                result.append(make_attachment(self, channel, upload, {}))
        return result

    async def _create_message(
        self,
        channel: Channel,
        data: dict[str, Any],
        files: Mapping[int, UploadedFile],
        *,
        interaction: Interaction | None = None,
        visible_to: set[str] | None = None,
        author: User | None = None,
    ) -> Message:
        check_allowed_mentions(data.get("allowed_mentions"))
        stored = {
            k: data[k]
            for k in ("content", "embeds", "flags", "tts", "message_reference", "allowed_mentions", "nonce")
            if k in data
        }
        stored["components"] = numbered_components(data.get("components"))
        msg = Message(
            self.snowflakes.next(),
            channel,
            author or self.bot_user,
            stored,
            self._build_attachments(channel, data.get("attachments"), files, []),
            visible_to=visible_to,
            interaction_id=interaction.id if interaction else None,
        )
        self.messages[msg.id] = msg
        self._by_channel.setdefault(channel.id, []).append(msg)
        self._log.append(("create", msg))
        if visible_to is None:
            await self.gateway.dispatch("MESSAGE_CREATE", self._message_payload(msg))
        return msg

    async def _edit_message(
        self, msg: Message, data: dict[str, Any], files: Mapping[int, UploadedFile]
    ) -> None:
        check_allowed_mentions(data.get("allowed_mentions"))
        for key in ("content", "embeds"):
            if key in data:
                msg.payload[key] = data[key] if data[key] is not None else ([] if key != "content" else "")
        if "components" in data:
            msg.payload["components"] = numbered_components(data["components"])
        if "content" in data or "allowed_mentions" in data:
            # an edit re-parses the mentions under its own allowed_mentions (all of them when it sends none)
            msg.payload["allowed_mentions"] = data.get("allowed_mentions")
        old_flags = msg.flags
        new_flags = int(data["flags"]) if data.get("flags") is not None else old_flags
        # Ephemerality cannot change after sending; any edit resolves a "thinking..." placeholder.
        msg.payload["flags"] = (old_flags & FLAG_EPHEMERAL) | (new_flags & ~(FLAG_EPHEMERAL | LOADING))
        if "attachments" in data or files:
            meta = data.get("attachments")
            if meta is None:
                meta = [{"id": a.id} for a in msg.attachments]
            msg.attachments = self._build_attachments(msg.channel, meta, files, msg.attachments)
        msg.payload["edited_timestamp"] = iso()
        msg.edits += 1
        self._log.append(("edit", msg))
        if msg.visible_to is None:
            await self.gateway.dispatch("MESSAGE_UPDATE", self._message_payload(msg))

    async def _delete_message(self, msg: Message) -> None:
        msg.deleted = True
        self._log.append(("delete", msg))
        if msg.visible_to is None:
            data = {"id": msg.id, "channel_id": msg.channel.id}
            if msg.channel.guild_id:
                data["guild_id"] = msg.channel.guild_id
            await self.gateway.dispatch("MESSAGE_DELETE", data)

    async def _create_thread(self, parent: Channel, name: str, ctype: int, thread_id: str | None) -> Channel:
        guild = self.guilds[str(parent.guild_id)]
        thread = Channel(
            thread_id or self.snowflakes.next(),
            name,
            ctype,
            guild.id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            members={self.bot_user.id},
        )
        guild.channels.append(thread)
        self.channels[thread.id] = thread
        await self.gateway.dispatch("THREAD_CREATE", {**thread.payload(), "newly_created": True})
        return thread

    # ------------------------------------------------------------------ reading what people see

    def messages_seen(self, user: User, channel: Channel | None = None) -> list[Message]:
        """Messages in `channel` (default #general) as `user` sees them: others' ephemerals excluded."""
        channel = channel or self.general
        if channel.type == CHANNEL_PRIVATE_THREAD and user.id not in channel.members:
            return []  # a private thread shows only to its members
        return [
            m
            for m in self._channel_messages(channel)
            if not m.flags & LOADING and (m.visible_to is None or user.id in m.visible_to)
        ]

    def dms(self, user: User) -> list[Message]:
        """Messages in the bot's DM channel with `user`."""
        channel = self._dm_channels.get(user.id)
        return self.messages_seen(user, channel) if channel else []

    def all_seen(self, user: User) -> list[Message]:
        """Everything `user` can see anywhere (guild channels they belong to, threads, their DMs), by id."""
        out: list[Message] = []
        for channel in self.channels.values():
            guild = self._guild_of(channel)
            if guild is not None and user.id not in guild.members:
                continue
            if channel.type == CHANNEL_DM and user not in channel.recipients:
                continue
            out.extend(self.messages_seen(user, channel))
        return sorted(out, key=lambda m: int(m.id))


def make_attachment(
    emu: Any, channel: Channel, upload: UploadedFile, meta: dict[str, Any]
) -> Attachment:
    att_id = emu.snowflakes.next()
    filename = meta.get("filename") or upload.filename
    att = Attachment(att_id, filename, upload.data, upload.content_type, meta.get("description"))
    att.url = f"{emu.base_url}/attachments/{channel.id}/{att_id}/{filename}"
    emu.attachments[att_id] = att
    return att


def _snowflake_time(snowflake: str) -> float:
    return ((int(snowflake) >> 22) + 1_420_070_400_000) / 1000
