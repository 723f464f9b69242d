"""REST v10 routes the bot may call, with Discord's status codes, error codes and validation."""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import interactions as ix
from .httputil import json_response
from .models import (
    CHANNEL_DM,
    CHANNEL_PRIVATE_THREAD,
    CHANNEL_PUBLIC_THREAD,
    FLAG_EPHEMERAL,
    PERM_CREATE_PRIVATE_THREADS,
    PERM_CREATE_PUBLIC_THREADS,
    Attachment,
    Channel,
    iso,
)
from .multipart import BadBody, form_parts, media_type
from .validation import (
    is_empty_message,
    validate_choices,
    validate_commands,
    validate_message,
    validate_modal,
)

if TYPE_CHECKING:
    from .emulator import Emulator
    from .interactions import Interaction
    from .models import Message

log = logging.getLogger(__name__)

MiB = 1024 * 1024
API_PREFIX = re.compile(r"^/api(?:/v\d+)?")


class DiscordError(Exception):
    """Raised inside handlers; turned into Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def unknown(what: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


@dataclass
class UploadedFile:
    index: int
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class Body:
    json: Any = None
    files: dict[int, UploadedFile] = field(default_factory=dict)


@dataclass
class RequestRecord:
    method: str
    path: str
    status: int
    body: Any
    at: float = field(default_factory=time.monotonic)


Handler = Callable[..., Awaitable[Any]]


class Rest:
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
        emu = self.emu
        path = API_PREFIX.sub("", request.path)
        emu._touch()
        try:
            body = await self._read_body(request)
        except DiscordError as exc:
            emu.requests.append(RequestRecord(request.method, path, exc.status, None))
            return exc.response()
        fault = emu.faults.check(request.method, path)
        if fault is not None:
            emu.requests.append(RequestRecord(request.method, path, fault.status, body.json))
            return fault
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
            emu.requests.append(RequestRecord(request.method, path, 404, body.json))
            return json_response({"message": "404: Not Found", "code": 0}, status=404)
        try:
            handler, match = found
            result = await handler(request, body, **match.groupdict())
        except DiscordError as exc:
            emu.requests.append(RequestRecord(request.method, path, exc.status, body.json))
            emu._record_error(path, exc)
            return exc.response()
        except Exception as exc:  # an emulator bug: make it loud instead of a silent retry loop
            log.exception("emulator failed on %s %s", request.method, path)
            emu.internal_errors.append(exc)
            emu.requests.append(RequestRecord(request.method, path, 500, body.json))
            return json_response({"message": f"emulator bug: {exc!r}", "code": 0}, status=500)
        finally:
            emu._touch()
        if isinstance(result, web.StreamResponse):
            status = result.status
            response = result
        elif result is None:
            status, response = 204, web.Response(status=204)
        else:
            status, response = 200, json_response(result)
        emu.requests.append(RequestRecord(request.method, path, status, body.json))
        return response

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

    # ------------------------------------------------------------------ gateway, users, application

    async def get_gateway(self, request: web.Request, body: Body) -> Any:
        return {"url": self.emu.gateway_url}

    async def get_gateway_bot(self, request: web.Request, body: Body) -> Any:
        limit = {"total": 1000, "remaining": 999, "reset_after": 0, "max_concurrency": 1}
        return {"url": self.emu.gateway_url, "shards": 1, "session_start_limit": limit}

    async def get_me(self, request: web.Request, body: Body) -> Any:
        if self.emu.token is not None and request.headers.get("Authorization") != f"Bot {self.emu.token}":
            raise DiscordError(401, 0, "401: Unauthorized")
        return self.emu._bot_user_payload()

    async def get_user(self, request: web.Request, body: Body, user_id: str) -> Any:
        return self.emu._user_by_id(user_id).payload()

    async def get_application(self, request: web.Request, body: Body) -> Any:
        return self.emu._application_payload()

    async def create_dm(self, request: web.Request, body: Body) -> Any:
        user = self.emu._user_by_id(str((body.json or {}).get("recipient_id")))
        return self.emu.dm_channel(user).payload()

    # ------------------------------------------------------------------ application commands

    def _check_app(self, app_id: str) -> None:
        if app_id != self.emu.application_id:
            raise unknown("Application", 10002)

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

    # ------------------------------------------------------------------ interactions

    async def interaction_callback(
        self, request: web.Request, body: Body, interaction_id: str, token: str
    ) -> Any:
        emu = self.emu
        inter = emu.interactions.get(interaction_id)
        if inter is None or inter.token != token:
            raise unknown("interaction", 10062)
        if inter.acknowledged:
            raise DiscordError(400, 40060, "Interaction has already been acknowledged.")
        if time.monotonic() - inter.created > emu.interaction_timeout:
            raise unknown("interaction", 10062)
        payload = body.json or {}
        ctype = int(payload.get("type", 0))
        data = payload.get("data") or {}
        resource_message: Message | None = None
        if ctype == ix.PONG:
            if inter.type != ix.PING:
                raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": [_bad_type()]}})
        elif ctype == ix.CHANNEL_MESSAGE:
            self._validate_message(data, body)
            resource_message = await emu._create_message(
                inter.channel, data, body.files, interaction=inter, visible_to=_visibility(inter, data)
            )
            inter.original = resource_message
        elif ctype == ix.DEFERRED_CHANNEL_MESSAGE:
            placeholder = {"content": "", "flags": (int(data.get("flags") or 0) & FLAG_EPHEMERAL) | 128}
            resource_message = await emu._create_message(
                inter.channel, placeholder, {}, interaction=inter, visible_to=_visibility(inter, placeholder)
            )
            inter.original = resource_message
        elif ctype in (ix.DEFERRED_UPDATE, ix.UPDATE_MESSAGE):
            if inter.message is None:
                raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": [_bad_type()]}})
            inter.original = inter.message
            if ctype == ix.UPDATE_MESSAGE:
                self._validate_message(data, body, partial=True)
                await emu._edit_message(inter.message, data, body.files)
                resource_message = inter.message
        elif ctype == ix.AUTOCOMPLETE_RESULT:
            if inter.type != ix.AUTOCOMPLETE:
                raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": [_bad_type()]}})
            errs = validate_choices(data)
            if errs:
                raise DiscordError(400, 50035, "Invalid Form Body", {"data": errs.tree})
            inter.choices = list(data.get("choices") or [])
        elif ctype == ix.MODAL:
            if inter.type in (ix.MODAL_SUBMIT, ix.AUTOCOMPLETE):
                raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": [_bad_type()]}})
            errs = validate_modal(data)
            if errs:
                raise DiscordError(400, 50035, "Invalid Form Body", {"data": errs.tree})
            inter.modal = data
        else:
            raise DiscordError(400, 50035, "Invalid Form Body", {"type": {"_errors": [_bad_type()]}})
        inter.response_type = ctype
        emu._touch()
        if request.query.get("with_response") not in ("1", "true", "True"):
            return None
        info: dict[str, Any] = {"id": inter.id, "type": inter.type}
        if inter.original is not None:
            info.update(
                response_message_id=inter.original.id,
                response_message_loading=inter.loading,
                response_message_ephemeral=inter.original.ephemeral,
            )
        result: dict[str, Any] = {"interaction": info}
        if ctype != ix.PONG:
            result["resource"] = {"type": ctype}
            if resource_message is not None:
                result["resource"]["message"] = emu._message_payload(resource_message)
        return result

    def _validate_message(self, data: dict[str, Any], body: Body, *, partial: bool = False) -> None:
        errs = validate_message(data, has_files=bool(body.files), partial=partial)
        if errs:
            raise DiscordError(400, 50035, "Invalid Form Body", errs.tree)
        if not partial and is_empty_message(data, bool(body.files)):
            raise DiscordError(400, 50006, "Cannot send an empty message")

    def _interaction_for_webhook(self, app_id: str, token: str) -> Interaction:
        self._check_app(app_id)
        inter = self.emu.interactions_by_token.get(token)
        if inter is None or not inter.acknowledged:
            raise unknown("Webhook", 10015)
        if time.monotonic() - inter.created > self.emu.followup_window:
            raise DiscordError(401, 50027, "Invalid Webhook Token")
        return inter

    def _webhook_message(self, inter: Interaction, message_id: str) -> Message:
        if message_id == "@original":
            if inter.original is None or inter.original.deleted:
                raise unknown("Message", 10008)
            return inter.original
        for msg in inter.followups:
            if msg.id == message_id and not msg.deleted:
                return msg
        raise unknown("Message", 10008)

    async def followup(self, request: web.Request, body: Body, app_id: str, token: str) -> Any:
        inter = self._interaction_for_webhook(app_id, token)
        data = body.json or {}
        self._validate_message(data, body)
        if inter.loading and inter.original is not None:
            # Discord fills the "is thinking..." placeholder with the first followup.
            msg = inter.original
            await self.emu._edit_message(msg, {**data, "flags": msg.flags & FLAG_EPHEMERAL}, body.files)
        else:
            msg = await self.emu._create_message(
                inter.channel, data, body.files, interaction=inter, visible_to=_visibility(inter, data)
            )
            inter.followups.append(msg)
        if request.query.get("wait") in ("1", "true", "True"):
            return self.emu._message_payload(msg)
        return None

    async def get_webhook_message(
        self, request: web.Request, body: Body, app_id: str, token: str, message_id: str
    ) -> Any:
        inter = self._interaction_for_webhook(app_id, token)
        return self.emu._message_payload(self._webhook_message(inter, message_id))

    async def edit_webhook_message(
        self, request: web.Request, body: Body, app_id: str, token: str, message_id: str
    ) -> Any:
        inter = self._interaction_for_webhook(app_id, token)
        msg = self._webhook_message(inter, message_id)
        data = dict(body.json or {})
        self._validate_message(data, body, partial=True)
        data["flags"] = (msg.flags & FLAG_EPHEMERAL) | (int(data.get("flags") or 0) & ~FLAG_EPHEMERAL & ~128)
        await self.emu._edit_message(msg, data, body.files)
        return self.emu._message_payload(msg)

    async def delete_webhook_message(
        self, request: web.Request, body: Body, app_id: str, token: str, message_id: str
    ) -> Any:
        inter = self._interaction_for_webhook(app_id, token)
        await self.emu._delete_message(self._webhook_message(inter, message_id))
        return None

    # ------------------------------------------------------------------ channels and messages

    def _channel(self, channel_id: str) -> Channel:
        channel = self.emu.channels.get(channel_id)
        if channel is None:
            raise unknown("Channel", 10003)
        return channel

    def _message(self, channel: Channel, message_id: str) -> Message:
        msg = self.emu.messages.get(message_id)
        if msg is None or msg.deleted or msg.channel is not channel or msg.visible_to is not None:
            raise unknown("Message", 10008)
        return msg

    async def get_channel(self, request: web.Request, body: Body, channel_id: str) -> Any:
        return self._channel(channel_id).payload()

    async def list_messages(self, request: web.Request, body: Body, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        limit = int(request.query.get("limit", 50))
        msgs = [m for m in self.emu._channel_messages(channel) if m.visible_to is None]
        if before := request.query.get("before"):
            msgs = [m for m in msgs if int(m.id) < int(before)]
        if after := request.query.get("after"):
            msgs = [m for m in msgs if int(m.id) > int(after)]
            return [self.emu._message_payload(m) for m in msgs[:limit]][::-1]
        return [self.emu._message_payload(m) for m in reversed(msgs)][:limit]

    async def get_message(self, request: web.Request, body: Body, channel_id: str, message_id: str) -> Any:
        return self.emu._message_payload(self._message(self._channel(channel_id), message_id))

    async def create_message(self, request: web.Request, body: Body, channel_id: str) -> Any:
        channel = self._channel(channel_id)
        data = body.json or {}
        if channel.type == CHANNEL_DM and not all(u.dms_open for u in channel.recipients):
            raise DiscordError(403, 50007, "Cannot send messages to this user")
        self._validate_message(data, body)
        msg = await self.emu._create_message(channel, data, body.files)
        return self.emu._message_payload(msg)

    async def edit_message(self, request: web.Request, body: Body, channel_id: str, message_id: str) -> Any:
        msg = self._message(self._channel(channel_id), message_id)
        if msg.author is not self.emu.bot_user:
            raise DiscordError(403, 50005, "Cannot edit a message authored by another user")
        self._validate_message(body.json or {}, body, partial=True)
        await self.emu._edit_message(msg, body.json or {}, body.files)
        return self.emu._message_payload(msg)

    async def delete_message(self, request: web.Request, body: Body, channel_id: str, message_id: str) -> Any:
        await self.emu._delete_message(self._message(self._channel(channel_id), message_id))
        return None

    async def create_thread(
        self, request: web.Request, body: Body, channel_id: str, message_id: str | None = None
    ) -> Any:
        parent = self._channel(channel_id)
        if parent.guild_id is None or parent.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        data = body.json or {}
        name = data.get("name")
        if not name or len(name) > 100:
            raise DiscordError(
                400,
                50035,
                "Invalid Form Body",
                {
                    "name": {
                        "_errors": [
                            {
                                "code": "BASE_TYPE_BAD_LENGTH",
                                "message": "Must be between 1 and 100 in length.",
                            }
                        ]
                    }
                },
            )
        if message_id is not None:
            self._message(parent, message_id)
            ctype = CHANNEL_PUBLIC_THREAD
        else:
            ctype = int(data.get("type") or CHANNEL_PRIVATE_THREAD)
        guild = self._guild(str(parent.guild_id))
        needed = PERM_CREATE_PRIVATE_THREADS if ctype == CHANNEL_PRIVATE_THREAD else PERM_CREATE_PUBLIC_THREADS
        if not guild.permissions_of(self.emu.bot_user) & needed:
            raise DiscordError(403, 50013, "Missing Permissions")
        thread = await self.emu._create_thread(parent, name, ctype, thread_id=message_id)
        return thread.payload()

    async def add_thread_member(self, request: web.Request, body: Body, channel_id: str, user_id: str) -> Any:
        thread = self._channel(channel_id)
        if not thread.is_thread:
            raise DiscordError(400, 50024, "Cannot execute action on this channel type")
        if user_id not in self._guild(str(thread.guild_id)).members:
            raise unknown("Member", 10007)
        thread.members.add(user_id)
        await self.emu.gateway.dispatch("THREAD_MEMBERS_UPDATE", {
            "id": thread.id, "guild_id": thread.guild_id, "member_count": len(thread.members),
            "added_members": [{"id": thread.id, "user_id": user_id, "join_timestamp": iso(time.time()), "flags": 0}],
        })
        return None

    async def typing(self, request: web.Request, body: Body, channel_id: str) -> Any:
        self._channel(channel_id)
        return None

    # ------------------------------------------------------------------ guilds

    def _guild(self, guild_id: str) -> Any:
        guild = self.emu.guilds.get(guild_id)
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

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


def _bad_type() -> dict[str, str]:
    return {
        "code": "INTERACTION_RESPONSE_TYPE_INVALID",
        "message": "Interaction response type is not valid here",
    }


def _visibility(inter: Interaction, data: dict[str, Any]) -> set[str] | None:
    return {inter.user.id} if int(data.get("flags") or 0) & FLAG_EPHEMERAL else None


def make_attachment(
    emu: Emulator, channel: Channel, upload: UploadedFile, meta: dict[str, Any]
) -> Attachment:
    att_id = emu.snowflakes.next()
    filename = meta.get("filename") or upload.filename
    att = Attachment(att_id, filename, upload.data, upload.content_type, meta.get("description"))
    att.url = f"{emu.base_url}/attachments/{channel.id}/{att_id}/{filename}"
    emu.attachments[att_id] = att
    return att
