"""The Emulator: in-memory Discord state, the aiohttp server, and a test API in a player's words."""

from __future__ import annotations

import asyncio
import logging
import secrets
import socket
import time
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from aiohttp import web

from . import interactions as ix
from .faults import Faults
from .gateway import Gateway
from .httputil import json_response
from .interactions import Interaction, InteractionResult
from .models import (
    ALL_PERMISSIONS,
    CHANNEL_DM,
    CHANNEL_PRIVATE_THREAD,
    CHANNEL_TEXT,
    EVERYONE_DEFAULT,
    FLAG_EPHEMERAL,
    PERM_ADMINISTRATOR,
    PERM_MANAGE_GUILD,
    Attachment,
    Channel,
    Guild,
    Member,
    Message,
    Role,
    Snowflakes,
    User,
    iso,
)
from .patching import gateway_url_for
from .rest import DiscordError, RequestRecord, Rest, UploadedFile, make_attachment

log = logging.getLogger(__name__)

MiB = 1024 * 1024
OPTION_SUB_COMMAND, OPTION_GROUP, OPTION_STRING, OPTION_INTEGER, OPTION_BOOLEAN = 1, 2, 3, 4, 5
OPTION_USER, OPTION_CHANNEL, OPTION_ROLE, OPTION_MENTIONABLE, OPTION_NUMBER, OPTION_ATTACHMENT = (
    6,
    7,
    8,
    9,
    10,
    11,
)
LOADING = 128


class Emulator:
    """A loopback Discord. Build the world, `await start()`, point the bot at `base_url`, then act."""

    def __init__(
        self,
        *,
        token: str | None = None,
        interaction_timeout: float = 3.0,
        followup_window: float = 15 * 60,
        settle_quiet: float = 0.15,
        host: str = "127.0.0.1",
        port: int = 0,
        bot_name: str = "Araldo",
    ) -> None:
        self.token = token  # None accepts any token
        self.interaction_timeout = interaction_timeout
        self.followup_window = followup_window
        self.settle_quiet = settle_quiet
        # the bot under test may say it is still working (sending DMs in the background): then an
        # interaction has not settled yet even if the wire is quiet
        self.busy_probe: Callable[[], bool] | None = None
        self.attachment_size_limit = 10 * MiB
        self.attachment_total_limit = 25 * MiB
        self.host, self.port = host, port
        self.snowflakes = Snowflakes()
        self.faults = Faults()
        self.gateway = Gateway(self)
        self.rest = Rest(self)

        self.users: dict[str, User] = {}  # by username
        self.guilds: dict[str, Guild] = {}
        self.channels: dict[str, Channel] = {}
        self.messages: dict[str, Message] = {}
        self.attachments: dict[str, Attachment] = {}
        self.interactions: dict[str, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.global_commands: list[dict[str, Any]] = []
        self.guild_commands: dict[str, list[dict[str, Any]]] = {}
        self.command_syncs = 0
        self.requests: list[RequestRecord] = []
        self.unknown_routes: list[tuple[str, str]] = []
        self.errors: list[tuple[str, int, int, str]] = []  # (path, status, code, message) sent to the bot
        self.internal_errors: list[BaseException] = []  # bugs in the emulator itself (answered with 500)
        self._by_channel: dict[str, list[Message]] = {}
        self._dm_channels: dict[str, Channel] = {}
        self._log: list[tuple[str, Message]] = []  # ("create" | "edit" | "delete", message), in order
        self._last_activity = time.monotonic()
        self._runner: web.AppRunner | None = None
        self._tasks: set[asyncio.Task[Any]] = set()

        self.bot_user = User(self.snowflakes.next(), bot_name.lower(), bot_name, locale="en-US", bot=True)
        self.application_id = self.bot_user.id
        self.app_owner: User | None = None
        self.guild: Guild | None = None  # the default guild, when there is one

    # ------------------------------------------------------------------ world building

    @classmethod
    def with_default_world(cls, **kwargs: Any) -> Emulator:
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

    # ------------------------------------------------------------------ server lifecycle

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def gateway_url(self) -> str:
        return gateway_url_for(self.base_url)

    async def start(self) -> None:
        app = web.Application(client_max_size=64 * MiB)  # let our own 413 (40005) answer oversize uploads
        app.router.add_get("/", self.gateway.handle)
        app.router.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self._serve_attachment)
        app.router.add_route("*", "/api/{tail:.*}", self.rest.handle)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, self.port))
        self.port = sock.getsockname()[1]
        await web.SockSite(self._runner, sock).start()

    async def stop(self) -> None:
        await self.gateway.close()
        for task in list(self._tasks):
            task.cancel()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def __aenter__(self) -> Emulator:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    async def _serve_attachment(self, request: web.Request) -> web.StreamResponse:
        att = self.attachments.get(request.match_info["attachment_id"])
        if att is None:
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        return web.Response(body=att.data, content_type=att.content_type or "application/octet-stream")

    def _spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    def _touch(self) -> None:
        self._last_activity = time.monotonic()

    def _record_error(self, path: str, exc: DiscordError) -> None:
        self.errors.append((path, exc.status, exc.code, exc.message))
        parts = path.strip("/").split("/")
        inter = None
        if len(parts) >= 3 and parts[0] == "interactions":
            inter = self.interactions.get(parts[1])
        elif len(parts) >= 3 and parts[0] == "webhooks":
            inter = self.interactions_by_token.get(parts[2])
        if inter is not None:
            inter.errors.append((exc.status, exc.code, exc.message))

    # ------------------------------------------------------------------ gateway helpers

    async def wait_until_connected(self, timeout: float = 10.0) -> None:
        await asyncio.wait_for(self.gateway.connected.wait(), timeout)

    async def wait_for_commands(self, *names: str, timeout: float = 10.0) -> None:
        """Wait until the bot synced commands (and, if given, until these top-level names exist)."""
        deadline = time.monotonic() + timeout
        while True:
            known = {c["name"] for c in self._all_commands()}
            if self.command_syncs and all(n in known for n in names):
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"bot did not sync commands {names or ''} (has: {sorted(known)})")
            await asyncio.sleep(0.02)

    async def disconnect_gateway(self, close_code: int = 4000) -> None:
        """Drop the bot's Gateway connection with `close_code` (4000 makes discord.py RESUME)."""
        await self.gateway.disconnect(close_code)

    def _bot_user_payload(self) -> dict[str, Any]:
        return {**self.bot_user.payload(), "verified": True, "mfa_enabled": False, "flags": 0, "email": None}

    def _application_payload(self) -> dict[str, Any]:
        owner = self.app_owner or self.bot_user
        return {
            "id": self.application_id,
            "name": self.bot_user.display_name,
            "description": "",
            "icon": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "owner": owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "summary": "",
            "bot": self.bot_user.payload(),
            "interactions_endpoint_url": None,
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

    # ------------------------------------------------------------------ commands

    def _all_commands(self) -> list[dict[str, Any]]:
        return [*self.global_commands, *(c for cmds in self.guild_commands.values() for c in cmds)]

    def _command_list(self, guild_id: str | None) -> list[dict[str, Any]]:
        return self.global_commands if guild_id is None else self.guild_commands.get(guild_id, [])

    def _store_commands(self, guild_id: str | None, commands: list[dict[str, Any]]) -> list[dict[str, Any]]:
        old = {(c["type"], c["name"]): c["id"] for c in self._command_list(guild_id)}
        stored = []
        for cmd in commands:
            ctype = int(cmd.get("type", 1))
            full = {
                "id": old.get((ctype, cmd["name"])) or self.snowflakes.next(),
                "application_id": self.application_id,
                "version": self.snowflakes.next(),
                "type": ctype,
                "name": cmd["name"],
                "name_localizations": cmd.get("name_localizations"),
                "description": cmd.get("description", ""),
                "description_localizations": cmd.get("description_localizations"),
                "options": cmd.get("options") or [],
                "default_member_permissions": cmd.get("default_member_permissions"),
                "dm_permission": cmd.get("dm_permission", True),
                "contexts": cmd.get("contexts"),
                "integration_types": cmd.get("integration_types") or [0],
                "nsfw": cmd.get("nsfw", False),
            }
            if guild_id is not None:
                full["guild_id"] = guild_id
            stored.append(full)
        if guild_id is None:
            self.global_commands = stored
        else:
            self.guild_commands[guild_id] = stored
        self.command_syncs += 1
        return stored

    def command(self, name: str, guild: Guild | None = None) -> dict[str, Any]:
        """A synced top-level chat-input command by name (guild commands shadow global ones)."""
        pools = ([self.guild_commands.get(guild.id, [])] if guild else []) + [self.global_commands]
        for pool in pools:
            for cmd in pool:
                if name in _names(cmd) and cmd["type"] == 1:
                    return cmd
        known = sorted(c["name"] for c in self._all_commands())
        raise LookupError(f"no synced command /{name}; the bot synced {known}")

    # ------------------------------------------------------------------ messages (shared with REST)

    def _channel_messages(self, channel: Channel) -> list[Message]:
        return [m for m in self._by_channel.get(channel.id, []) if not m.deleted]

    def _guild_of(self, channel: Channel) -> Guild | None:
        return self.guilds.get(channel.guild_id) if channel.guild_id else None

    def _message_payload(self, msg: Message) -> dict[str, Any]:
        data: dict[str, Any] = {
            "id": msg.id,
            "channel_id": msg.channel.id,
            "author": msg.author.payload(),
            "content": msg.content,
            "timestamp": iso(_snowflake_time(msg.id)),
            "edited_timestamp": msg.payload.get("edited_timestamp"),
            "tts": bool(msg.payload.get("tts")),
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in msg.attachments],
            "embeds": msg.embeds,
            "components": msg.components,
            "pinned": False,
            "type": 0,
            "flags": msg.flags,
        }
        if msg.channel.guild_id:
            data["guild_id"] = msg.channel.guild_id
        if msg.payload.get("message_reference"):
            data["message_reference"] = msg.payload["message_reference"]
            data["type"] = 19
        inter = self.interactions.get(msg.interaction_id or "")
        if inter is not None:
            data["webhook_id"] = self.application_id
            data["application_id"] = self.application_id
            data["interaction_metadata"] = {
                "id": inter.id,
                "type": inter.type,
                "user": inter.user.payload(),
                "authorizing_integration_owners": {},
            }
            if inter.type == ix.APPLICATION_COMMAND and msg is inter.original:
                data["type"] = 20
        return data

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
        stored = {
            k: data[k]
            for k in ("content", "embeds", "components", "flags", "tts", "message_reference")
            if k in data
        }
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
        for key in ("content", "embeds", "components"):
            if key in data:
                msg.payload[key] = data[key] if data[key] is not None else ([] if key != "content" else "")
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

    def assert_no_unknown_routes(self) -> None:
        assert not self.unknown_routes, (
            f"the bot called routes the emulator does not know: {self.unknown_routes}"
        )

    async def say(self, user: User, content: str, channel: Channel | None = None) -> Message:
        """`user` types a plain message; the bot receives MESSAGE_CREATE."""
        channel = channel or self.general
        return await self._create_message(channel, {"content": content}, {}, author=user)

    # ------------------------------------------------------------------ acting: interactions

    async def slash(
        self,
        user: User,
        command: str,
        *,
        channel: Channel | None = None,
        options: Mapping[str, Any] | None = None,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> InteractionResult:
        """`user` runs `/command` ("impero bid" for a subcommand) with typed options; waits for the answer."""
        channel = channel or self.general
        data = self._command_data(user, channel, command, {**(options or {}), **kwargs}, focused=None)
        return await self._interact(ix.APPLICATION_COMMAND, user, channel, data, timeout=timeout)

    async def autocomplete(
        self,
        user: User,
        command: str,
        *,
        focused: str,
        value: str = "",
        channel: Channel | None = None,
        options: Mapping[str, Any] | None = None,
        timeout: float = 10.0,
        **kwargs: Any,
    ) -> list[dict[str, Any]]:
        """`user` types `value` into option `focused`; returns the offered choices ({"name", "value"})."""
        channel = channel or self.general
        values = {**(options or {}), **kwargs, focused: value}
        data = self._command_data(user, channel, command, values, focused=focused)
        result = await self._interact(ix.AUTOCOMPLETE, user, channel, data, timeout=timeout)
        return list(result.choices or [])

    async def click(
        self,
        user: User,
        message: Message | InteractionResult,
        label: str | None = None,
        *,
        custom_id: str | None = None,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """`user` clicks the button with this label (or custom_id) on `message`."""
        msg = message.message if isinstance(message, InteractionResult) else message
        self._check_can_see(user, msg)
        buttons = [
            b
            for b in msg.buttons
            if (label is None or b.get("label") == label)
            and (custom_id is None or b.get("custom_id") == custom_id)
        ]
        if not buttons:
            raise LookupError(
                f"no button label={label!r} custom_id={custom_id!r} on {msg!r}; buttons: {msg.button_labels}"
            )
        button = buttons[0]
        if button.get("disabled"):
            raise PermissionError(f"button {label or custom_id!r} is disabled")
        if "custom_id" not in button:
            raise ValueError(f"button {label!r} is a link/premium button; it sends no interaction")
        data = {"custom_id": button["custom_id"], "component_type": 2}
        return await self._interact(
            ix.MESSAGE_COMPONENT, user, msg.channel, data, message=msg, timeout=timeout
        )

    async def select(
        self,
        user: User,
        message: Message | InteractionResult,
        values: list[Any],
        *,
        custom_id: str | None = None,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """`user` picks `values` (option values, or labels) in a select menu on `message`."""
        msg = message.message if isinstance(message, InteractionResult) else message
        self._check_can_see(user, msg)
        selects = [s for s in msg.selects if custom_id is None or s.get("custom_id") == custom_id]
        if not selects:
            raise LookupError(f"no select menu custom_id={custom_id!r} on {msg!r}")
        sel = selects[0]
        if sel.get("disabled"):
            raise PermissionError("select menu is disabled")
        data: dict[str, Any] = {"custom_id": sel["custom_id"], "component_type": sel["type"]}
        if sel["type"] == 3:
            by_label = {o.get("label"): o["value"] for o in sel.get("options", [])}
            allowed = {o["value"] for o in sel.get("options", [])}
            picked = [v if v in allowed else by_label.get(v, v) for v in map(str, values)]
            bad = [v for v in picked if v not in allowed]
            if bad:
                raise ValueError(f"{bad} not among the select's options {sorted(allowed)}")
        else:
            guild = self._guild_of(msg.channel)
            resolved: dict[str, dict[str, Any]] = {}
            picked = [self._resolve_entity(v, sel["type"], guild, resolved) for v in values]
            data["resolved"] = resolved
        low, high = int(sel.get("min_values", 1)), int(sel.get("max_values", 1))
        if not low <= len(picked) <= high:
            raise ValueError(f"select needs between {low} and {high} values, got {len(picked)}")
        data["values"] = picked
        return await self._interact(
            ix.MESSAGE_COMPONENT, user, msg.channel, data, message=msg, timeout=timeout
        )

    async def submit_modal(
        self,
        user: User,
        modal: InteractionResult | Mapping[str, Any],
        values: Mapping[str, Any],
        *,
        timeout: float = 10.0,
    ) -> InteractionResult:
        """`user` fills the modal a previous interaction opened (values by custom_id or label), submits."""
        source = modal.interaction if isinstance(modal, InteractionResult) else None
        spec = modal.modal if isinstance(modal, InteractionResult) else dict(modal)
        if not spec:
            raise ValueError("that interaction did not open a modal")
        channel = source.channel if source else self.general
        remaining = dict(values)
        components = [self._fill_modal_component(c, remaining) for c in spec.get("components", [])]
        if remaining:
            raise LookupError(f"modal has no fields {sorted(remaining)}")
        data = {"custom_id": spec["custom_id"], "components": [c for c in components if c is not None]}
        message = source.message if source else None
        return await self._interact(ix.MODAL_SUBMIT, user, channel, data, message=message, timeout=timeout)

    def _fill_modal_component(
        self, comp: dict[str, Any], values: dict[str, Any], label: str | None = None
    ) -> dict[str, Any] | None:
        ctype = comp.get("type")
        if ctype == 1:
            children = [self._fill_modal_component(c, values) for c in comp.get("components", [])]
            return {"type": 1, "components": [c for c in children if c is not None]}
        if ctype == 18:  # label wrapping one input
            inner = self._fill_modal_component(comp["component"], values, comp.get("label"))
            return None if inner is None else {"type": 18, "component": inner}
        if ctype == 4:
            cid = comp["custom_id"]
            key = cid if cid in values else (label or comp.get("label"))
            value = str(values.pop(key, comp.get("value") or ""))
            if comp.get("required", True) and not value:
                raise ValueError(f"modal field {key!r} is required")
            if len(value) < int(comp.get("min_length") or 0) or len(value) > int(
                comp.get("max_length") or 4000
            ):
                raise ValueError(f"modal field {key!r}: length {len(value)} outside the allowed range")
            return {"type": 4, "custom_id": cid, "value": value}
        if ctype == 3:
            cid = comp["custom_id"]
            key = cid if cid in values else label
            picked = values.pop(key, [])
            return {
                "type": 3,
                "custom_id": cid,
                "values": [picked] if isinstance(picked, str) else list(picked),
            }
        return None

    def _check_can_see(self, user: User, msg: Message) -> None:
        if msg.deleted or (msg.visible_to is not None and user.id not in msg.visible_to):
            raise PermissionError(f"{user.username} cannot see {msg!r}")

    # ------------------------------------------------------------------ interaction plumbing

    def _command_data(
        self, user: User, channel: Channel, path: str, values: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        guild = self._guild_of(channel)
        names = path.strip().lstrip("/").split()
        cmd = self.command(names[0], guild)
        if guild is None and (
            cmd.get("dm_permission") is False or (cmd.get("contexts") and 1 not in cmd["contexts"])
        ):
            raise PermissionError(f"/{names[0]} cannot be used in DMs")
        if guild is not None and not _may_use(
            guild.permissions_of(user), cmd.get("default_member_permissions")
        ):
            raise PermissionError(f"{user.username} lacks the permissions to see /{names[0]}")
        data: dict[str, Any] = {"id": cmd["id"], "name": cmd["name"], "type": 1}
        if "guild_id" in cmd:
            data["guild_id"] = cmd["guild_id"]
        resolved: dict[str, dict[str, Any]] = {}
        container = data
        defs = cmd.get("options") or []
        for name in names[1:]:
            sub = next(
                (o for o in defs if name in _names(o) and o["type"] in (OPTION_SUB_COMMAND, OPTION_GROUP)),
                None,
            )
            if sub is None:
                raise LookupError(f"/{path}: no subcommand {name!r}")
            node: dict[str, Any] = {"name": sub["name"], "type": sub["type"], "options": []}
            container["options"] = [node]
            container, defs = node, sub.get("options") or []
        if any(o["type"] in (OPTION_SUB_COMMAND, OPTION_GROUP) for o in defs):
            raise LookupError(f"/{path} needs a subcommand: {[o['name'] for o in defs]}")
        container["options"] = self._leaf_options(defs, values, guild, resolved, focused, path)
        if resolved:
            data["resolved"] = resolved
        return data

    def _leaf_options(
        self,
        defs: list[dict[str, Any]],
        values: dict[str, Any],
        guild: Guild | None,
        resolved: dict[str, dict[str, Any]],
        focused: str | None,
        path: str,
    ) -> list[dict[str, Any]]:
        # Accept the canonical name or any localized one (a person types what their client shows).
        by_name = {alias: o for o in defs for alias in _names(o)}
        focused_name = by_name[focused]["name"] if focused in by_name else focused
        out = []
        for key, raw in values.items():
            alias = key if key in by_name else key.replace("_", "-")
            if alias not in by_name:
                raise LookupError(f"/{path} has no option {key!r}; options: {sorted(by_name)}")
            spec = by_name[alias]
            name = spec["name"]
            if name == focused_name:
                out.append({"name": name, "type": spec["type"], "value": str(raw), "focused": True})
                continue
            out.append(
                {"name": name, "type": spec["type"], "value": self._option_value(spec, raw, guild, resolved)}
            )
        given = {o["name"] for o in out}
        missing = [o["name"] for o in defs if o.get("required") and o["name"] not in given]
        if missing and focused is None:
            raise ValueError(f"/{path} is missing required options {missing}")
        return out

    def _option_value(
        self, spec: dict[str, Any], raw: Any, guild: Guild | None, resolved: dict[str, dict[str, Any]]
    ) -> Any:
        otype = spec["type"]
        if spec.get("choices"):
            for choice in spec["choices"]:
                if raw == choice["name"] and raw not in [c["value"] for c in spec["choices"]]:
                    raw = choice["value"]
            if raw not in [c["value"] for c in spec["choices"]] and str(raw) not in [
                str(c["value"]) for c in spec["choices"]
            ]:
                raise ValueError(f"option {spec['name']!r}: {raw!r} is not one of the choices")
        if otype == OPTION_STRING:
            value: Any = str(raw)
            if not int(spec.get("min_length", 0)) <= len(value) <= int(spec.get("max_length", 6000)):
                raise ValueError(f"option {spec['name']!r}: length out of range")
            return value
        if otype in (OPTION_INTEGER, OPTION_NUMBER):
            value = int(raw) if otype == OPTION_INTEGER else float(raw)
            if ("min_value" in spec and value < spec["min_value"]) or (
                "max_value" in spec and value > spec["max_value"]
            ):
                raise ValueError(f"option {spec['name']!r}: {value} out of range")
            return value
        if otype == OPTION_BOOLEAN:
            return raw if isinstance(raw, bool) else str(raw).lower() in ("true", "1", "yes", "si", "sì")
        if otype == OPTION_ATTACHMENT:
            filename, blob = (raw.filename, raw.data) if isinstance(raw, Attachment) else raw
            att = make_attachment(self, self.general, UploadedFile(0, filename, None, bytes(blob)), {})
            resolved.setdefault("attachments", {})[att.id] = att.payload()
            return att.id
        return self._resolve_entity(raw, otype, guild, resolved)

    def _resolve_entity(
        self, raw: Any, otype: int, guild: Guild | None, resolved: dict[str, dict[str, Any]]
    ) -> str:
        """Users, channels, roles and mentionables travel as ids plus `resolved` data."""
        if isinstance(raw, str) and not isinstance(raw, User):
            raw = self._lookup_entity(raw.lstrip("@#<>!&"), guild)
        if isinstance(raw, User):
            resolved.setdefault("users", {})[raw.id] = raw.payload()
            member = guild.members.get(raw.id) if guild else None
            if member is not None:
                mdata = {k: v for k, v in member.payload().items() if k != "user"}
                mdata["permissions"] = str(guild.permissions_of(raw)) if guild else "0"
                resolved.setdefault("members", {})[raw.id] = mdata
            return raw.id
        if isinstance(raw, Channel):
            resolved.setdefault("channels", {})[raw.id] = {
                **{k: raw.payload()[k] for k in ("id", "type", "name", "parent_id") if k in raw.payload()},
                "permissions": str(ALL_PERMISSIONS),
            }
            return raw.id
        if isinstance(raw, Role):
            resolved.setdefault("roles", {})[raw.id] = raw.payload()
            return raw.id
        raise ValueError(f"cannot use {raw!r} as an option of type {otype}")

    def _lookup_entity(self, text: str, guild: Guild | None) -> User | Channel | Role:
        for user in self.users.values():
            if text in (user.username, user.id, user.display_name):
                return user
        for channel in self.channels.values():
            if text in (channel.name, channel.id) and (guild is None or channel.guild_id == guild.id):
                return channel
        for role in [*(guild.roles if guild else []), *([guild.everyone] if guild else [])]:
            if text in (role.name, role.id):
                return role
        raise LookupError(f"no user, channel or role called {text!r}")

    def _interaction_payload(self, inter: Interaction, data: dict[str, Any]) -> dict[str, Any]:
        channel, guild, user = inter.channel, inter.guild, inter.user
        payload: dict[str, Any] = {
            "id": inter.id,
            "application_id": self.application_id,
            "type": inter.type,
            "token": inter.token,
            "version": 1,
            "data": data,
            "channel_id": channel.id,
            "channel": {**channel.payload(), "permissions": str(guild.permissions_of(user) if guild else 0)},
            "locale": user.locale,
            "entitlements": [],
            "attachment_size_limit": self.attachment_size_limit,
            "context": 0 if guild else 1,
        }
        if guild is not None:
            member = guild.members.get(user.id)
            if member is None:
                raise PermissionError(f"{user.username} is not a member of {guild.name}")
            payload.update(
                guild_id=guild.id,
                guild_locale=guild.locale,
                guild={"id": guild.id, "locale": guild.locale, "features": []},
                member={**member.payload(), "permissions": str(guild.permissions_of(user))},
                app_permissions=str(guild.permissions_of(self.bot_user)),
                authorizing_integration_owners={"0": guild.id},
            )
        else:
            payload.update(
                user=user.payload(),
                app_permissions=str(EVERYONE_DEFAULT),
                authorizing_integration_owners={"0": "0"},
            )
        if inter.message is not None:
            payload["message"] = self._message_payload(inter.message)
        return payload

    async def _interact(
        self,
        itype: int,
        user: User,
        channel: Channel,
        data: dict[str, Any],
        *,
        message: Message | None = None,
        timeout: float = 10.0,
    ) -> InteractionResult:
        if not self.gateway.sessions:
            raise RuntimeError("the bot is not connected to the emulator's Gateway")
        inter = Interaction(
            id=self.snowflakes.next(),
            token=f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(48)}",
            type=itype,
            user=user,
            channel=channel,
            guild=self._guild_of(channel),
            payload={},
            message=message,
        )
        inter.payload = self._interaction_payload(inter, data)
        self.interactions[inter.id] = inter
        self.interactions_by_token[inter.token] = inter
        mark = len(self._log)
        inter.created = time.monotonic()
        self._touch()
        await self.gateway.dispatch("INTERACTION_CREATE", inter.payload)
        await self._settle(inter, timeout)
        return self._result(inter, mark)

    async def _settle(self, inter: Interaction, timeout: float) -> None:
        """Wait until the bot answered and went quiet (or missed the 3-second window and said so)."""
        deadline = time.monotonic() + timeout
        while True:
            now = time.monotonic()
            quiet = now - self._last_activity >= self.settle_quiet and not (self.busy_probe and self.busy_probe())
            answered = inter.acknowledged and not inter.loading
            gave_up = (
                not inter.acknowledged and inter.errors and now - inter.created > self.interaction_timeout
            )
            if quiet and (answered or gave_up):
                return
            if now > deadline:
                state = "deferred but never followed up" if inter.loading else "never acknowledged"
                raise TimeoutError(
                    f"{inter!r}: {state} within {timeout}s; errors sent to the bot: {inter.errors}"
                )
            await asyncio.sleep(0.01)

    def _result(self, inter: Interaction, mark: int) -> InteractionResult:
        touched: list[Message] = []
        created: list[Message] = []
        for kind, msg in self._log[mark:]:
            if kind == "create":
                created.append(msg)
            if msg not in touched:
                touched.append(msg)
        visible = [m for m in touched if not m.deleted and not m.flags & LOADING]
        return InteractionResult(inter, visible, created)


def _names(obj: Mapping[str, Any]) -> set[str]:
    return {obj["name"], *(obj.get("name_localizations") or {}).values()}


def _may_use(user_perms: int, required: str | None) -> bool:
    """Discord hides a command unless the member has all of default_member_permissions ("0": admins only)."""
    if required is None:
        return True
    is_admin = user_perms == ALL_PERMISSIONS
    return is_admin or (required != "0" and user_perms & int(required) == int(required))


def _snowflake_time(snowflake: str) -> float:
    return ((int(snowflake) >> 22) + 1_420_070_400_000) / 1000
