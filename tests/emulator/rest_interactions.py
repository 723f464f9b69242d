"""REST routes about interactions: the bot's initial callback (with Discord's timing and response
types) and its followups and edits through the interaction's webhook."""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any

from aiohttp import web

from . import interactions as ix
from .httputil import Body, DiscordError, unknown
from .models import FLAG_EPHEMERAL
from .rest_base import Routes
from .validation import validate_choices, validate_modal

if TYPE_CHECKING:
    from .interactions import Interaction
    from .models import Message


class InteractionRoutes(Routes):
    """/interactions/{id}/{token}/callback and /webhooks/{app}/{token}: followups, @original and their edits."""

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
        if ctype in (ix.CHANNEL_MESSAGE, ix.UPDATE_MESSAGE) and resource_message is not None:
            # only a response that makes or changes a message has a resource; deferrals, choices and
            # modals have none
            result["resource"] = {"type": ctype, "message": emu._message_payload(resource_message)}
        return result

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


def _bad_type() -> dict[str, str]:
    return {
        "code": "INTERACTION_RESPONSE_TYPE_INVALID",
        "message": "Interaction response type is not valid here",
    }


def _visibility(inter: Interaction, data: dict[str, Any]) -> set[str] | None:
    return {inter.user.id} if int(data.get("flags") or 0) & FLAG_EPHEMERAL else None
