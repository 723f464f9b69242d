"""In-memory Discord objects held by the emulator, and how they serialise to wire payloads."""

from __future__ import annotations

import datetime as dt
import itertools
import struct
import threading
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000

# Permission bits we need to talk about in tests.
ALL_PERMISSIONS = (1 << 53) - 1
PERM_ADMINISTRATOR = 1 << 3
PERM_MANAGE_GUILD = 1 << 5
PERM_VIEW_CHANNEL = 1 << 10
PERM_SEND_MESSAGES = 1 << 11
PERM_EMBED_LINKS = 1 << 14
PERM_ATTACH_FILES = 1 << 15
PERM_READ_HISTORY = 1 << 16
PERM_USE_COMMANDS = 1 << 31
PERM_CREATE_PUBLIC_THREADS = 1 << 35
PERM_CREATE_PRIVATE_THREADS = 1 << 36
PERM_SEND_IN_THREADS = 1 << 38
EVERYONE_DEFAULT = (
    PERM_VIEW_CHANNEL
    | PERM_SEND_MESSAGES
    | PERM_EMBED_LINKS
    | PERM_ATTACH_FILES
    | PERM_READ_HISTORY
    | PERM_USE_COMMANDS
    | PERM_CREATE_PUBLIC_THREADS
    | PERM_SEND_IN_THREADS
)

CHANNEL_TEXT = 0
CHANNEL_DM = 1
CHANNEL_PUBLIC_THREAD = 11
CHANNEL_PRIVATE_THREAD = 12

FLAG_EPHEMERAL = 1 << 6


def iso(ts: float | None = None) -> str:
    return dt.datetime.fromtimestamp(ts if ts is not None else time.time(), dt.UTC).isoformat()


class Snowflakes:
    """Monotonic snowflake generator (timestamp << 22 | counter), thread-safe for the CLI."""

    def __init__(self) -> None:
        self._counter = itertools.count()
        self._lock = threading.Lock()
        self._last = 0

    def next(self) -> str:
        with self._lock:
            ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
            value = (ms << 22) | (next(self._counter) & 0xFFF)
            # Keep ids strictly increasing even if the counter wraps inside one millisecond.
            value = max(value, self._last + 1)
            self._last = value
            return str(value)


@dataclass(eq=False)
class User:
    id: str
    username: str
    display_name: str
    locale: str = "it"
    bot: bool = False
    dms_open: bool = True

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "username": self.username,
            "global_name": self.display_name,
            "discriminator": "0",
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
        }

    @property
    def mention(self) -> str:
        return f"<@{self.id}>"

    def __repr__(self) -> str:
        return f"<User {self.username} {self.id}>"


@dataclass(eq=False)
class Role:
    id: str
    name: str
    permissions: int = 0
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Channel:
    id: str
    name: str
    type: int = CHANNEL_TEXT
    guild_id: str | None = None
    parent_id: str | None = None
    owner_id: str | None = None
    position: int = 0
    recipients: list[User] = field(default_factory=list)
    created: float = field(default_factory=time.time)
    members: set[str] = field(default_factory=set)  # a thread's members (a private one shows only to them)

    @property
    def is_thread(self) -> bool:
        return self.type in (CHANNEL_PUBLIC_THREAD, CHANNEL_PRIVATE_THREAD)

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {"id": self.id, "type": self.type, "flags": 0}
        if self.type == CHANNEL_DM:
            data.update(recipients=[u.payload() for u in self.recipients], last_message_id=None)
            return data
        data.update(
            name=self.name,
            guild_id=self.guild_id,
            position=self.position,
            permission_overwrites=[],
            nsfw=False,
            parent_id=self.parent_id,
            topic=None,
            last_message_id=None,
            rate_limit_per_user=0,
        )
        if self.is_thread:
            data.update(
                owner_id=self.owner_id,
                message_count=0,
                member_count=len(self.members),
                total_message_sent=0,
                thread_metadata={
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso(self.created),
                    "locked": False,
                    "invitable": True,
                    "create_timestamp": iso(self.created),
                },
            )
        return data

    def __repr__(self) -> str:
        return f"<Channel #{self.name} {self.id} type={self.type}>"


@dataclass(eq=False)
class Member:
    user: User
    roles: list[Role] = field(default_factory=list)
    nick: str | None = None
    joined: float = field(default_factory=time.time)

    def payload(self) -> dict[str, Any]:
        return {
            "user": self.user.payload(),
            "nick": self.nick,
            "avatar": None,
            "roles": [r.id for r in self.roles],
            "joined_at": iso(self.joined),
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "pending": False,
            "flags": 0,
            "communication_disabled_until": None,
        }


@dataclass(eq=False)
class Guild:
    id: str
    name: str
    owner_id: str
    everyone: Role
    roles: list[Role] = field(default_factory=list)
    channels: list[Channel] = field(default_factory=list)
    members: dict[str, Member] = field(default_factory=dict)
    locale: str = "it"

    def channel(self, name: str) -> Channel:
        for ch in self.channels:
            if ch.name == name.lstrip("#"):
                return ch
        raise KeyError(f"no channel named {name!r} in guild {self.name!r}")

    def role(self, name: str) -> Role:
        for role in [self.everyone, *self.roles]:
            if role.name == name:
                return role
        raise KeyError(f"no role named {name!r} in guild {self.name!r}")

    def permissions_of(self, user: User) -> int:
        if user.id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user.id)
        perms = self.everyone.permissions
        for role in member.roles if member else []:
            perms |= role.permissions
        if perms & PERM_ADMINISTRATOR:
            return ALL_PERMISSIONS
        return perms

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": self.owner_id,
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in [self.everyone, *self.roles]],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "application_id": None,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": self.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
        }


@dataclass
class Attachment:
    """A file as stored by the emulator; PNG dimensions are read from the IHDR chunk."""

    id: str
    filename: str
    data: bytes
    content_type: str | None = None
    description: str | None = None
    url: str = ""

    @property
    def size(self) -> int:
        return len(self.data)

    @property
    def png_size(self) -> tuple[int, int] | None:
        return png_dimensions(self.data)

    @property
    def width(self) -> int | None:
        size = self.png_size
        return size[0] if size else None

    @property
    def height(self) -> int | None:
        size = self.png_size
        return size[1] if size else None

    def payload(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": self.id,
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            data["content_type"] = self.content_type
        if self.description:
            data["description"] = self.description
        size = self.png_size
        if size:
            data["width"], data["height"] = size
        return data


def png_dimensions(data: bytes) -> tuple[int, int] | None:
    # PNG layout: 8-byte signature, then the IHDR chunk (length, b"IHDR", width, height, ...).
    if len(data) < 24 or data[:8] != b"\x89PNG\r\n\x1a\n" or data[12:16] != b"IHDR":
        return None
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def iter_components(components: list[dict[str, Any]] | None) -> list[dict[str, Any]]:
    """Flatten nested components (action rows, v2 containers/sections and their accessories)."""
    out: list[dict[str, Any]] = []
    for comp in components or []:
        out.append(comp)
        out.extend(iter_components(comp.get("components")))
        if isinstance(comp.get("accessory"), dict):
            out.extend(iter_components([comp["accessory"]]))
        if isinstance(comp.get("component"), dict):  # v2 label wraps a single component
            out.extend(iter_components([comp["component"]]))
    return out


@dataclass(eq=False)
class Message:
    """A message as the emulator stores it: the wire payload plus who may see it."""

    id: str
    channel: Channel
    author: User
    payload: dict[str, Any]
    attachments: list[Attachment] = field(default_factory=list)
    visible_to: set[str] | None = None  # None: everyone in the channel
    interaction_id: str | None = None
    webhook_token: str | None = None
    deleted: bool = False
    edits: int = 0

    @property
    def content(self) -> str:
        return str(self.payload.get("content") or "")

    @property
    def embeds(self) -> list[dict[str, Any]]:
        return list(self.payload.get("embeds") or [])

    @property
    def components(self) -> list[dict[str, Any]]:
        return list(self.payload.get("components") or [])

    @property
    def flags(self) -> int:
        return int(self.payload.get("flags") or 0)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def all_components(self) -> list[dict[str, Any]]:
        return iter_components(self.components)

    @property
    def buttons(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components if c.get("type") == 2]

    @property
    def button_labels(self) -> list[str]:
        return [str(b.get("label") or "") for b in self.buttons]

    @property
    def selects(self) -> list[dict[str, Any]]:
        return [c for c in self.all_components if c.get("type") in (3, 5, 6, 7, 8)]

    @property
    def custom_ids(self) -> list[str]:
        return [c["custom_id"] for c in self.all_components if "custom_id" in c]

    @property
    def images(self) -> list[Attachment]:
        return [a for a in self.attachments if a.png_size is not None]

    def text(self) -> str:
        """Human-readable rendering: content, embeds, component labels, attachment names."""
        lines: list[str] = []
        if self.content:
            lines.append(self.content)
        for embed in self.embeds:
            if embed.get("author", {}).get("name"):
                lines.append(f"[{embed['author']['name']}]")
            if embed.get("title"):
                lines.append(f"## {embed['title']}")
            if embed.get("description"):
                lines.append(embed["description"])
            for fld in embed.get("fields", []):
                lines.append(f"- {fld.get('name')}: {fld.get('value')}")
            if embed.get("footer", {}).get("text"):
                lines.append(f"_{embed['footer']['text']}_")
        for comp in self.all_components:
            if comp.get("type") == 10 and comp.get("content"):  # v2 text display
                lines.append(comp["content"])
        labels = [f"[{lbl}]" for lbl in self.button_labels if lbl]
        if labels:
            lines.append(" ".join(labels))
        for sel in self.selects:
            opts = ", ".join(o.get("label", "") for o in sel.get("options", []))
            lines.append(f"<select {sel.get('placeholder') or sel.get('custom_id')}: {opts}>")
        for att in self.attachments:
            lines.append(f"(attachment {att.filename}, {att.size} bytes)")
        return "\n".join(lines)

    def __repr__(self) -> str:
        eph = " ephemeral" if self.ephemeral else ""
        return f"<Message {self.id} in #{self.channel.name}{eph}: {self.content[:40]!r}>"
