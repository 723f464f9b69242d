"""The application commands the bot synced, and a person's typed command turned into the interaction
data Discord would send: subcommands, localized names, options checked against their definitions,
users, channels and roles resolved."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Mapping
from typing import Any

from .httputil import UploadedFile
from .messages import make_attachment
from .models import ALL_PERMISSIONS, Attachment, Channel, Guild, Role, User
from .patience import WAIT

OPTION_SUB_COMMAND, OPTION_GROUP, OPTION_STRING, OPTION_INTEGER, OPTION_BOOLEAN = 1, 2, 3, 4, 5
OPTION_USER, OPTION_CHANNEL, OPTION_ROLE, OPTION_MENTIONABLE, OPTION_NUMBER, OPTION_ATTACHMENT = (
    6,
    7,
    8,
    9,
    10,
    11,
)


class Commands:
    """Part of Emulator: the commands the bot synced and how a person's use of one reaches the bot."""

    async def wait_for_commands(self, *names: str, timeout: float = WAIT) -> None:
        """Wait until the bot synced commands (and, if given, until these top-level names exist)."""
        deadline = time.monotonic() + timeout
        while True:
            known = {c["name"] for c in self._all_commands()}
            if self.command_syncs and all(n in known for n in names):
                return
            if time.monotonic() > deadline:
                raise TimeoutError(f"bot did not sync commands {names or ''} (has: {sorted(known)})")
            await asyncio.sleep(0.02)

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

    # ------------------------------------------------------------------ a person's typed command, as Discord would send it

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


def _names(obj: Mapping[str, Any]) -> set[str]:
    return {obj["name"], *(obj.get("name_localizations") or {}).values()}


def _may_use(user_perms: int, required: str | None) -> bool:
    """Discord hides a command unless the member has all of default_member_permissions ("0": admins only)."""
    if required is None:
        return True
    is_admin = user_perms == ALL_PERMISSIONS
    return is_admin or (required != "0" and user_perms & int(required) == int(required))
