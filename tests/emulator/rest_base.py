"""What every REST route group shares: the emulator it answers for, and the checks and lookups several
kinds of resource need (the application id, a guild by id, a message body's validity)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from .httputil import Body, DiscordError, unknown
from .validation import is_empty_message, validate_message

if TYPE_CHECKING:
    from .emulator import Emulator
    from .models import Guild

Handler = Callable[..., Awaitable[Any]]


class Routes:
    """Base of the route groups that `Rest` is made of: they all answer for the same emulator."""

    emu: Emulator

    def _check_app(self, app_id: str) -> None:
        if app_id != self.emu.application_id:
            raise unknown("Application", 10002)

    def _guild(self, guild_id: str) -> Guild:
        guild = self.emu.guilds.get(guild_id)
        if guild is None:
            raise unknown("Guild", 10004)
        return guild

    def _validate_message(self, data: dict[str, Any], body: Body, *, partial: bool = False) -> None:
        errs = validate_message(data, has_files=bool(body.files), partial=partial)
        if errs:
            raise DiscordError(400, 50035, "Invalid Form Body", errs.tree)
        if not partial and is_empty_message(data, bool(body.files)):
            raise DiscordError(400, 50006, "Cannot send an empty message")
