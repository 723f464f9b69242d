"""Guilds and what is in them: users, roles, channels, members, with Discord's permission bits, channel
types and how each serialises to a wire payload."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from typing import Any

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


def iso(ts: float | None = None) -> str:
    return dt.datetime.fromtimestamp(ts if ts is not None else time.time(), dt.UTC).isoformat()


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
            "flags": 0,
            "banner": None,
            "accent_color": None,
            "avatar_decoration_data": None,
            "collectibles": None,
            "primary_guild": None,
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
    archived: bool = False  # a thread's: closed to the list of active threads until someone posts again
    locked: bool = False  # an archived thread only moderators may reopen
    archived_at: float | None = None

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
                    "archived": self.archived,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": iso(self.archived_at or self.created),
                    "locked": self.locked,
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
            "banner": None,
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
            "home_header": None,
            "region": "deprecated",
            "widget_enabled": False,
            "widget_channel_id": None,
            "max_presences": None,
            "max_members": 25_000_000,
            "max_stage_video_channel_users": 50,
            "max_video_channel_users": 25,
            "safety_alerts_channel_id": None,
            "nsfw": False,
            "incidents_data": None,
        }
