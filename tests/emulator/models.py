"""The world's objects as the emulator stores them: ids (snowflakes), messages and their attachments,
and how tests read them. Guilds, users, roles and channels live in guilds.py and are re-exported here,
so `tests.emulator.models` still names every object of the world."""

from __future__ import annotations

import itertools
import struct
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from .guilds import (
    ALL_PERMISSIONS,
    CHANNEL_DM,
    CHANNEL_PRIVATE_THREAD,
    CHANNEL_PUBLIC_THREAD,
    CHANNEL_TEXT,
    EVERYONE_DEFAULT,
    PERM_ADMINISTRATOR,
    PERM_ATTACH_FILES,
    PERM_CREATE_PRIVATE_THREADS,
    PERM_CREATE_PUBLIC_THREADS,
    PERM_EMBED_LINKS,
    PERM_MANAGE_GUILD,
    PERM_READ_HISTORY,
    PERM_SEND_IN_THREADS,
    PERM_SEND_MESSAGES,
    PERM_USE_COMMANDS,
    PERM_VIEW_CHANNEL,
    Channel,
    Guild,
    Member,
    Role,
    User,
    iso,
)

__all__ = [
    "ALL_PERMISSIONS",
    "CHANNEL_DM",
    "CHANNEL_PRIVATE_THREAD",
    "CHANNEL_PUBLIC_THREAD",
    "CHANNEL_TEXT",
    "DISCORD_EPOCH_MS",
    "EVERYONE_DEFAULT",
    "FLAG_EPHEMERAL",
    "LOADING",
    "PERM_ADMINISTRATOR",
    "PERM_ATTACH_FILES",
    "PERM_CREATE_PRIVATE_THREADS",
    "PERM_CREATE_PUBLIC_THREADS",
    "PERM_EMBED_LINKS",
    "PERM_MANAGE_GUILD",
    "PERM_READ_HISTORY",
    "PERM_SEND_IN_THREADS",
    "PERM_SEND_MESSAGES",
    "PERM_USE_COMMANDS",
    "PERM_VIEW_CHANNEL",
    "Attachment",
    "Channel",
    "Guild",
    "Member",
    "Message",
    "Role",
    "Snowflakes",
    "User",
    "iso",
    "iter_components",
    "png_dimensions",
]

DISCORD_EPOCH_MS = 1_420_070_400_000

FLAG_EPHEMERAL = 1 << 6
LOADING = 1 << 7  # a deferred response still "thinking..."


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
