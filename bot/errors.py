"""How failures reach users: a RuleError as an ephemeral sentence in their language; anything
else logged with a short reference id that the user sees, never a traceback."""

from __future__ import annotations

import logging
import secrets

import discord
from discord import app_commands

from bot.i18n import reader_language, t
from engine.core import RuleError


def default_locale(interaction: discord.Interaction) -> str:
    settings = getattr(interaction.client, "settings", None)
    return str(getattr(settings, "default_locale", "it"))

def lang(interaction: discord.Interaction) -> str:
    """The caller's language, for what only they see (ephemeral replies, modals)."""
    return reader_language(str(interaction.locale) if interaction.locale else None, default_locale(interaction))


log = logging.getLogger("araldo.errors")


async def send_ephemeral(interaction: discord.Interaction, text: str) -> None:
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not deliver an error message", exc_info=True)


async def report(interaction: discord.Interaction, error: BaseException) -> None:

    original = getattr(error, "original", None) or error
    if isinstance(original, RuleError):
        await send_ephemeral(interaction, t(original.code, lang(interaction), **original.params))
        return
    if isinstance(original, app_commands.CheckFailure):
        await send_ephemeral(interaction, t("core.not_moderator", lang(interaction)))
        return
    ref = secrets.token_hex(4)
    log.error("unexpected error [%s] in %s", ref, getattr(interaction.command, "qualified_name", "?"),
              exc_info=original)
    await send_ephemeral(interaction, t("core.error", lang(interaction), ref=ref))


def install_error_handler(tree: app_commands.CommandTree[discord.Client]) -> None:
    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report(interaction, error)

    tree.on_error = on_error  # type: ignore[method-assign]
