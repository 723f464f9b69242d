"""Command names, descriptions, options and choices in Italian, from the same catalogs as messages.

Commands are declared with English base names and `L(text, key)`; Discord shows Italian users the
catalog's Italian text for `key` (names must stay lowercase, without spaces).
"""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands

from bot.i18n import LANGUAGES, catalog, commands_in, set_command_names

AnyCommand = app_commands.Command | app_commands.Group  # type: ignore[type-arg]


def L(text: str, key: str) -> app_commands.locale_str:
    return app_commands.locale_str(text, key=key)


class AraldoTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        if not key:
            return None
        if locale is discord.Locale.italian:
            said = catalog("it").get(key)
            # a description naming a command names it as the Italian client lists it
            return commands_in(said, "it") if said is not None else None
        return None  # English is the base text


def words(text: object, language: str) -> str:
    """A command's name or description in `language`: the catalog's Italian for its key, else its text."""
    if isinstance(text, app_commands.locale_str):
        key = text.extras.get("key")
        if language != "en" and key:
            return catalog(language).get(key, text.message)
        return text.message
    return str(text)


def path(command: AnyCommand, language: str) -> str:
    """`/group sub` as `language`'s Discord client shows it."""
    names = []
    node: AnyCommand | None = command
    while node is not None:
        names.append(words(getattr(node, "_locale_name", None) or node.name, language))
        node = node.parent
    return "/" + " ".join(reversed(names))


def command_paths(top: Iterable[AnyCommand], language: str) -> dict[str, str]:
    """Every command and group, by its English path, as `language`'s client shows it."""
    names: dict[str, str] = {}
    for command in top:
        nodes = [command, *command.walk_commands()] if isinstance(command, app_commands.Group) else [command]
        for node in nodes:
            names["/" + node.qualified_name] = path(node, language)
    return names


def register_command_names(tree: app_commands.CommandTree) -> None:
    """Sentences name commands as each reader's client shows them (bot/i18n.py), from the same tree
    `/help` reads: called once the bot has loaded its commands."""
    top = [c for c in tree.get_commands() if isinstance(c, app_commands.Command | app_commands.Group)]
    for language in LANGUAGES:
        set_command_names(language, command_paths(top, language))
