"""REST v10 as the bot sees it: the route table, reading each request, faults, and turning handlers'
results and DiscordErrors into Discord's answers. The handlers live in rest_*.py, one file per kind of
resource."""

from __future__ import annotations

import json
import logging
import re
from typing import TYPE_CHECKING

from aiohttp import web

from .httputil import Body, DiscordError, RequestRecord, UploadedFile, json_response, response_json, unknown
from .messages import make_attachment
from .multipart import BadBody, form_parts, media_type
from .rest_app import AppRoutes
from .rest_base import Handler
from .rest_channels import ChannelRoutes
from .rest_guilds import GuildRoutes
from .rest_interactions import InteractionRoutes

if TYPE_CHECKING:
    from .emulator import Emulator

__all__ = ["Body", "DiscordError", "RequestRecord", "Rest", "UploadedFile", "make_attachment", "unknown"]

log = logging.getLogger(__name__)

MiB = 1024 * 1024
API_PREFIX = re.compile(r"^/api(?:/v\d+)?")


class Rest(AppRoutes, InteractionRoutes, ChannelRoutes, GuildRoutes):
    """Every REST route the bot may call, with Discord's status codes, error codes and validation."""

    def __init__(self, emu: Emulator) -> None:
        self.emu = emu
        self.routes: list[tuple[str, re.Pattern[str], Handler]] = []
        r = self._route
        r("GET", "/gateway", self.get_gateway)
        r("GET", "/gateway/bot", self.get_gateway_bot)
        r("GET", "/users/@me", self.get_me)
        r("GET", "/users/{user_id}", self.get_user)
        r("POST", "/users/@me/channels", self.create_dm)
        r("GET", "/oauth2/applications/@me", self.get_application)
        r("GET", "/applications/@me", self.get_application)
        r("GET", "/applications/{app_id}/commands", self.get_commands)
        r("PUT", "/applications/{app_id}/commands", self.put_commands)
        r("GET", "/applications/{app_id}/guilds/{guild_id}/commands", self.get_commands)
        r("PUT", "/applications/{app_id}/guilds/{guild_id}/commands", self.put_commands)
        r("POST", "/interactions/{interaction_id}/{token}/callback", self.interaction_callback)
        r("POST", "/webhooks/{app_id}/{token}", self.followup)
        r("GET", "/webhooks/{app_id}/{token}/messages/{message_id}", self.get_webhook_message)
        r("PATCH", "/webhooks/{app_id}/{token}/messages/{message_id}", self.edit_webhook_message)
        r("DELETE", "/webhooks/{app_id}/{token}/messages/{message_id}", self.delete_webhook_message)
        r("GET", "/channels/{channel_id}", self.get_channel)
        r("PATCH", "/channels/{channel_id}", self.edit_channel)
        r("GET", "/channels/{channel_id}/messages", self.list_messages)
        r("POST", "/channels/{channel_id}/messages", self.create_message)
        r("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message)
        r("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message)
        r("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message)
        r("POST", "/channels/{channel_id}/threads", self.create_thread)
        r("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread)
        r("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member)
        r("POST", "/channels/{channel_id}/typing", self.typing)
        r("GET", "/guilds/{guild_id}", self.get_guild)
        r("GET", "/guilds/{guild_id}/channels", self.get_guild_channels)
        r("GET", "/guilds/{guild_id}/roles", self.get_roles)
        r("GET", "/guilds/{guild_id}/members", self.list_members)
        r("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member)

    def _route(self, method: str, template: str, handler: Handler) -> None:
        pattern = re.sub(r"\{(\w+)\}", r"(?P<\1>[^/]+)", template.replace("@", "@"))
        self.routes.append((method, re.compile(f"^{pattern}/?$"), handler))

    # ------------------------------------------------------------------ plumbing

    async def handle(self, request: web.Request) -> web.StreamResponse:
        path = API_PREFIX.sub("", request.path)
        self.emu._touch()
        body: Body | None = None
        try:
            body = await self._read_body(request)
            response = await self._answer(request, path, body)
        except DiscordError as exc:  # an unreadable body
            response = exc.response()
        finally:
            self.emu._touch()
        self.emu.requests.append(
            RequestRecord(request.method, path, response.status, body.json if body else None,
                          query=dict(request.query), response=response_json(response),
                          headers=dict(response.headers))
        )
        return response

    async def _answer(self, request: web.Request, path: str, body: Body) -> web.StreamResponse:
        emu = self.emu
        fault = emu.faults.check(request.method, path)
        if fault is not None:
            return fault
        limits = emu.rate_limits.take(request.method, path)
        if limits.refused is not None:
            return limits.refused
        response = await self._route_to_handler(request, path, body)
        response.headers.update(limits.headers)
        return response

    async def _route_to_handler(self, request: web.Request, path: str, body: Body) -> web.StreamResponse:
        emu = self.emu
        found = next(
            (
                (h, m)
                for method, pattern, h in self.routes
                if method == request.method and (m := pattern.match(path))
            ),
            None,
        )
        if found is None:
            emu.unknown_routes.append((request.method, path))
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        try:
            handler, match = found
            result = await handler(request, body, **match.groupdict())
        except DiscordError as exc:
            emu._record_error(path, exc)
            return exc.response()
        except Exception as exc:  # an emulator bug: make it loud instead of a silent retry loop
            log.exception("emulator failed on %s %s", request.method, path)
            emu.internal_errors.append(exc)
            return json_response({"message": f"emulator bug: {exc!r}", "code": 0}, status=500)
        if isinstance(result, web.StreamResponse):
            return result
        if result is None:
            return web.Response(status=204)
        return json_response(result)

    async def _read_body(self, request: web.Request) -> Body:
        body = Body()
        if not request.can_read_body:
            return body
        kind, params = media_type(request.headers.get("Content-Type", ""))
        raw = await request.read()
        if kind.startswith("multipart/"):
            try:
                parts = form_parts(raw, params.get("boundary", ""))
            except BadBody as exc:
                raise DiscordError(400, 50035, f"Invalid Form Body: {exc}") from exc
            total = 0
            for part in parts:
                if part.name == "payload_json":
                    body.json = json.loads(part.data)
                elif m := re.fullmatch(r"files\[(\d+)\]", part.name):
                    if len(part.data) > self.emu.attachment_size_limit:
                        raise DiscordError(413, 40005, "Request entity too large")
                    total += len(part.data)
                    index = int(m.group(1))
                    body.files[index] = UploadedFile(index, part.filename or f"file{index}", part.content_type,
                                                     part.data)
            if total > self.emu.attachment_total_limit:
                raise DiscordError(413, 40005, "Request entity too large")
        elif raw:
            try:
                body.json = json.loads(raw)
            except ValueError as exc:
                raise DiscordError(400, 50109, "The request body contains invalid JSON.") from exc
        return body
