"""REST routes about guilds and people: a guild, its channels, roles and members; users by id and the
bot's DM channel with one of them."""

from __future__ import annotations

from typing import Any

from aiohttp import web

from .httputil import Body, unknown
from .rest_base import Routes


class GuildRoutes(Routes):
    """GET /users/{id}, POST /users/@me/channels, and GET of a guild, its channels, roles and members."""

    async def get_user(self, request: web.Request, body: Body, user_id: str) -> Any:
        return self.emu._user_by_id(user_id).payload()

    async def create_dm(self, request: web.Request, body: Body) -> Any:
        user = self.emu._user_by_id(str((body.json or {}).get("recipient_id")))
        return self.emu.dm_channel(user).payload()

    async def get_guild(self, request: web.Request, body: Body, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        return {**guild.payload(), "approximate_member_count": len(guild.members)}

    async def get_guild_channels(self, request: web.Request, body: Body, guild_id: str) -> Any:
        return [c.payload() for c in self._guild(guild_id).channels if not c.is_thread]

    async def get_roles(self, request: web.Request, body: Body, guild_id: str) -> Any:
        guild = self._guild(guild_id)
        return [r.payload() for r in [guild.everyone, *guild.roles]]

    async def list_members(self, request: web.Request, body: Body, guild_id: str) -> Any:
        limit = int(request.query.get("limit", 1))
        return [m.payload() for m in self._guild(guild_id).members.values()][:limit]

    async def get_member(self, request: web.Request, body: Body, guild_id: str, user_id: str) -> Any:
        member = self._guild(guild_id).members.get(user_id)
        if member is None:
            raise unknown("Member", 10007)
        return member.payload()
