"""The Emulator: the loopback Discord tests start, its state, and its HTTP server. What it does is split by
subject: world.py (guilds and people), messages.py, commands.py, players.py (acting as a person), with
the Gateway in gateway.py and REST in rest.py."""

from __future__ import annotations

import asyncio
import logging
import socket
import time
from collections.abc import Callable
from typing import Any

from aiohttp import web

from .commands import Commands
from .faults import Faults
from .gateway import Gateway
from .httputil import json_response
from .interactions import Interaction
from .messages import MessageStore
from .models import Attachment, Channel, Guild, Message, Snowflakes, User
from .patching import gateway_url_for
from .patience import WAIT
from .players import Players
from .ratelimits import RateLimits
from .rest import DiscordError, RequestRecord, Rest
from .world import World

log = logging.getLogger(__name__)

MiB = 1024 * 1024


class Emulator(World, MessageStore, Commands, Players):
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
        self.rate_limits = RateLimits()  # generous unless a test calls rate_limits.use_discord_limits()
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

    def assert_no_unknown_routes(self) -> None:
        assert not self.unknown_routes, (
            f"the bot called routes the emulator does not know: {self.unknown_routes}"
        )

    # ------------------------------------------------------------------ gateway helpers

    async def wait_until_connected(self, timeout: float = WAIT) -> None:
        await asyncio.wait_for(self.gateway.connected.wait(), timeout)

    async def disconnect_gateway(self, close_code: int = 4000) -> None:
        """Drop the bot's Gateway connection with `close_code` (4000 makes discord.py RESUME)."""
        await self.gateway.disconnect(close_code)
