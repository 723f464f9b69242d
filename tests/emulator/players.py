"""Acting as the people in the world: typing a message, a slash command, autocomplete, clicking a
button, picking in a select menu, submitting a modal; then waiting for the bot's answer and gathering
what the person saw."""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Mapping
from typing import Any

from . import interactions as ix
from .interactions import Interaction, InteractionResult
from .models import EVERYONE_DEFAULT, LOADING, Channel, Message, User
from .patience import WAIT


class Players:
    """Part of Emulator: what a person does, and what they observe afterwards."""

    async def say(self, user: User, content: str, channel: Channel | None = None) -> Message:
        """`user` types a plain message; the bot receives MESSAGE_CREATE."""
        channel = channel or self.general
        return await self._create_message(channel, {"content": content}, {}, author=user)

    async def slash(
        self,
        user: User,
        command: str,
        *,
        channel: Channel | None = None,
        options: Mapping[str, Any] | None = None,
        timeout: float = WAIT,
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
        timeout: float = WAIT,
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
        timeout: float = WAIT,
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
        timeout: float = WAIT,
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
        timeout: float = WAIT,
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
        if source is None:
            # a modal given as a dict: on Discord some interaction opened it; the latest that opened this
            # one, else the latest modal this user opened
            opened = [i for i in self.interactions.values() if i.modal]
            source = next((i for i in reversed(opened) if i.modal and i.modal.get("custom_id") == spec["custom_id"]),
                          next((i for i in reversed(opened) if i.user is user), None))
        message = source.message if source else None
        return await self._interact(ix.MODAL_SUBMIT, user, channel, data, message=message, timeout=timeout,
                                    trigger=source)

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
        timeout: float = WAIT,
        trigger: Interaction | None = None,
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
            trigger=trigger,
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
