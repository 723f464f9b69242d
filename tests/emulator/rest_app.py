"""REST routes about the bot itself: where the Gateway is, the bot's user and application, and the
application commands it syncs (global and per guild)."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .httputil import Body, DiscordError, unknown
from .rest_base import Routes
from .validation import validate_commands


class AppRoutes(Routes):
    """GET /gateway, /gateway/bot, /users/@me, the application, and listing or overwriting commands."""

    async def get_gateway(self, request: web.Request, body: Body) -> Any:
        return {"url": self.emu.gateway_url}

    async def get_gateway_bot(self, request: web.Request, body: Body) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.emu.gateway_url, "shards": 1, "session_start_limit": limit}

    async def get_me(self, request: web.Request, body: Body) -> Any:
        if self.emu.token is not None and request.headers.get("Authorization") != f"Bot {self.emu.token}":
            raise DiscordError(401, 0, "401: Unauthorized")
        return self.emu._bot_user_payload()

    async def get_application(self, request: web.Request, body: Body) -> Any:
        return self.emu._application_payload()

    async def get_commands(
        self, request: web.Request, body: Body, app_id: str, guild_id: str | None = None
    ) -> Any:
        self._check_app(app_id)
        return [dict(c) for c in self.emu._command_list(guild_id)]

    async def put_commands(
        self, request: web.Request, body: Body, app_id: str, guild_id: str | None = None
    ) -> Any:
        self._check_app(app_id)
        if guild_id is not None and guild_id not in self.emu.guilds:
            raise unknown("Guild", 10004)
        errs = validate_commands(body.json, global_scope=guild_id is None)
        if errs:
            raise DiscordError(400, 50035, "Invalid Form Body", errs.tree)
        return self.emu._store_commands(guild_id, body.json)
