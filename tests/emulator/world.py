"""The world the bot lives in: building it (users, guilds, roles, channels, DM channels), finding things
in it, and how it looks to the bot when it connects (its user, its application, READY, GUILD_CREATE)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Self

from .httputil import DiscordError
from .models import (
    CHANNEL_DM,
    CHANNEL_TEXT,
    EVERYONE_DEFAULT,
    PERM_ADMINISTRATOR,
    PERM_MANAGE_GUILD,
    Channel,
    Guild,
    Member,
    Role,
    User,
    iso,
)


class World:
    """Part of Emulator: its guilds, users, roles and channels."""

    @classmethod
    def with_default_world(cls, **kwargs: Any) -> Self:
        """Guild "Araldo Test" with #general, an owner with Manage Server, and alice, bob, carol, dave."""
        emu = cls(**kwargs)
        owner = emu.add_user("owner", display_name="Owner", guild=None)
        guild = emu.add_guild("Araldo Test", owner=owner, channels=["general"])
        admin = emu.add_role(guild, "Admin", PERM_MANAGE_GUILD)
        guild.members[owner.id].roles.append(admin)
        for name in ("alice", "bob", "carol", "dave"):
            emu.add_user(name, display_name=name.capitalize())
        emu.app_owner = owner
        return emu

    def add_user(
        self,
        username: str,
        *,
        display_name: str | None = None,
        locale: str = "it",
        guild: Guild | str | None = "default",
        roles: Iterable[Role] = (),
        dms_open: bool = True,
    ) -> User:
        """Create a user; by default they join the default guild (pass guild=None to stay outside)."""
        if username in self.users:
            raise ValueError(f"user {username!r} already exists")
        user = User(
            self.snowflakes.next(), username, display_name or username, locale=locale, dms_open=dms_open
        )
        self.users[username] = user
        target = self.guild if guild == "default" else guild
        if isinstance(target, Guild):
            self.add_member(target, user, roles=roles)
        return user

    def add_member(
        self, guild: Guild, user: User, *, roles: Iterable[Role] = (), nick: str | None = None
    ) -> Member:
        member = Member(user, list(roles), nick)
        guild.members[user.id] = member
        if self.gateway.sessions:
            self._spawn(self.gateway.dispatch("GUILD_MEMBER_ADD", {**member.payload(), "guild_id": guild.id}))
        return member

    def add_guild(
        self, name: str, *, owner: User, channels: Iterable[str] = ("general",), locale: str = "it"
    ) -> Guild:
        gid = self.snowflakes.next()
        everyone = Role(gid, "@everyone", EVERYONE_DEFAULT)  # @everyone shares the guild's id
        guild = Guild(gid, name, owner.id, everyone, locale=locale)
        self.guilds[gid] = guild
        guild.members[owner.id] = Member(owner)
        bot_role = self.add_role(guild, self.bot_user.display_name, PERM_ADMINISTRATOR, managed=True)
        guild.members[self.bot_user.id] = Member(self.bot_user, [bot_role])
        for channel_name in channels:
            self.add_channel(guild, channel_name)
        if self.guild is None:
            self.guild = guild
        if self.gateway.sessions:
            self._spawn(self.gateway.dispatch("GUILD_CREATE", self._guild_create_payload(guild), guild.id))
        return guild

    def add_role(self, guild: Guild, name: str, permissions: int = 0, *, managed: bool = False) -> Role:
        role = Role(self.snowflakes.next(), name, permissions, position=len(guild.roles) + 1, managed=managed)
        guild.roles.append(role)
        if self.gateway.sessions:  # as Discord does, so the bot's role cache knows it
            self._spawn(self.gateway.dispatch("GUILD_ROLE_CREATE", {"guild_id": guild.id, "role": role.payload()},
                                              guild.id))
        return role

    def add_channel(self, guild: Guild, name: str, *, type: int = CHANNEL_TEXT) -> Channel:
        channel = Channel(
            self.snowflakes.next(), name.lstrip("#"), type, guild.id, position=len(guild.channels)
        )
        guild.channels.append(channel)
        self.channels[channel.id] = channel
        if self.gateway.sessions:
            self._spawn(self.gateway.dispatch("CHANNEL_CREATE", channel.payload()))
        return channel

    def user(self, username: str) -> User:
        try:
            return self.users[username]
        except KeyError:
            raise KeyError(f"no user {username!r}; known: {sorted(self.users)}") from None

    def _user_by_id(self, user_id: str) -> User:
        if user_id == self.bot_user.id:
            return self.bot_user
        for user in self.users.values():
            if user.id == user_id:
                return user
        raise DiscordError(404, 10013, "Unknown User")

    def channel(self, name: str = "general", guild: Guild | None = None) -> Channel:
        guild = guild or self.guild
        if guild is None:
            raise LookupError("no default guild")
        return guild.channel(name)

    @property
    def owner(self) -> User:
        """The default guild's owner (has Manage Server)."""
        if self.guild is None:
            raise LookupError("no default guild")
        return next(m.user for m in self.guild.members.values() if m.user.id == self.guild.owner_id)

    @property
    def general(self) -> Channel:
        return self.channel("general")

    def dm_channel(self, user: User) -> Channel:
        """The bot's DM channel with `user` (created on first use, like POST /users/@me/channels)."""
        channel = self._dm_channels.get(user.id)
        if channel is None:
            channel = Channel(self.snowflakes.next(), f"dm-{user.username}", CHANNEL_DM, recipients=[user])
            self._dm_channels[user.id] = channel
            self.channels[channel.id] = channel
        return channel

    def close_dms(self, user: User) -> None:
        """The user disallows DMs: the bot's messages to them fail with 403 / 50007."""
        user.dms_open = False

    def open_dms(self, user: User) -> None:
        user.dms_open = True

    # ------------------------------------------------------------------ how the world looks to the bot when it connects

    def _bot_user_payload(self) -> dict[str, Any]:
        # /users/@me adds what only the account itself sees (UserPIIResponse)
        return {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "email": None,
                "locale": self.bot_user.locale}

    def _application_payload(self) -> dict[str, Any]:
        owner = self.app_owner or self.bot_user
        # a bot installed to guilds only (integration type 0), with the bot and commands scopes
        scopes = ["applications.commands", "bot"]
        return {
            "id": self.application_id,
            "name": self.bot_user.display_name,
            "description": "",
            "icon": None,
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "flags_new": "0",
            "summary": "",
            "bot": self.bot_user.payload(),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "approximate_guild_count": len(self.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "eligible_oauth2_scopes": scopes,
            "install_params": {"scopes": scopes, "permissions": "0"},
            "integration_types_config": {"0": {"oauth2_install_params": {"scopes": scopes, "permissions": "0"}}},
        }

    def _ready_payload(self, session_id: str, shard: tuple[int, int] = (0, 1)) -> dict[str, Any]:
        return {
            "v": 10,
            "user": self._bot_user_payload(),
            "guilds": [
                {"id": gid, "unavailable": True}
                for gid in self.guilds
                if (int(gid) >> 22) % shard[1] == shard[0]
            ],
            "session_id": session_id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "shard": list(shard),
            "application": {"id": self.application_id, "flags": 0},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "user_settings": {},
            "guild_join_requests": [],
        }

    def _guild_create_payload(self, guild: Guild) -> dict[str, Any]:
        return {
            **guild.payload(),
            "joined_at": iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [m.payload() for m in guild.members.values()],
            "channels": [c.payload() for c in guild.channels if not c.is_thread],
            "threads": [c.payload() for c in guild.channels if c.is_thread],
            "voice_states": [],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }
