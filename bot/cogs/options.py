"""A slash-command option declared in one place: its localized name and description, and the
values it offers (autocomplete or fixed choices). A cog names an option it uses in many commands
once (`FLEET = option("fleet", ...)`) and puts `@FLEET` under each command's decorator."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from discord import app_commands

F = TypeVar("F", bound=Callable[..., Any])


def option(param: str, name: app_commands.locale_str, description: app_commands.locale_str, *,
           autocomplete: Any = None, choices: list[app_commands.Choice[Any]] | None = None) -> Callable[[F], F]:
    """A decorator giving parameter `param` its name, its description and, if any, its autocomplete
    or choices; it combines with other `rename`/`describe` decorators on the same command."""

    def declare(func: F) -> F:
        if autocomplete is not None:
            func = app_commands.autocomplete(**{param: autocomplete})(func)
        if choices is not None:
            func = app_commands.choices(**{param: choices})(func)
        func = app_commands.describe(**{param: description})(func)
        return app_commands.rename(**{param: name})(func)

    return declare
