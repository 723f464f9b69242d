"""`/help`: what Araldo's commands do, overall and for one game, read from the commands the bot has
registered (their names and descriptions in the reader's language) and each game's short how-to
(`help.<game>.howto` in the game's catalog)."""

from __future__ import annotations

from collections.abc import Iterable

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.game import game_choices
from bot.i18n import commands_in, game_name, has, t
from bot.translator import AnyCommand, L, path, words
from bot.ui import lang, send
from engine.core import all_games, get_game


def game_of(command: AnyCommand) -> str | None:
    """The game whose cog package declares this top-level command, if any."""
    module = command.module or ""
    return next((kind for kind in all_games() if module.startswith(f"bot.cogs.{kind}.")), None)


def lines_of(top: Iterable[AnyCommand], language: str) -> list[str]:
    """One line per command a player can type: `/group sub` — what it does."""
    out = []
    for command in top:
        leaves = [c for c in command.walk_commands() if not isinstance(c, app_commands.Group)] \
            if isinstance(command, app_commands.Group) else [command]
        for leaf in leaves:
            what = words(getattr(leaf, "_locale_description", None) or leaf.description, language)
            out.append(f"`{path(leaf, language)}` — {what}")
    return out


def registered(bot: commands.Bot) -> list[AnyCommand]:
    return [c for c in bot.tree.get_commands() if isinstance(c, app_commands.Command | app_commands.Group)]


def overall_help(bot: commands.Bot, language: str) -> str:
    """Every game with its command, then the commands every game shares."""
    top = registered(bot)
    lines = [t("core.help.title", language), t("core.help.intro", language), "", t("core.help.games", language)]
    for kind in sorted(all_games()):
        own = [c for c in top if game_of(c) == kind]
        if not own:
            continue
        names = ", ".join(f"`{path(c, language)}`" for c in own)
        lines.append(t("core.help.game_line", language, game=game_name(kind, language), commands=names, kind=kind,
                       option=words(L("game", "opt.game"), language)))
    lines += ["", t("core.help.shared", language)]
    lines += lines_of([c for c in top if game_of(c) is None and (c.module or "").startswith("bot.")], language)
    return commands_in("\n".join(lines), language)  # the commands the lines name, as the reader's client shows them


def game_help(bot: commands.Bot, kind: str, language: str) -> str:
    """One game: its summary, how to play it, and every command it has."""
    meta = get_game(kind).meta
    players = t("core.help.players", language, min=meta.min_players, max=meta.max_players)
    lines = [f"**{game_name(kind, language)}** ({players})"]
    if has(f"game.{kind}.summary", language):
        lines.append(t(f"game.{kind}.summary", language))
    if has(f"help.{kind}.howto", language):
        howto = t(f"help.{kind}.howto", language)  # t() names its commands as the reader's client shows them
        lines += ["", t("core.help.howto", language), howto]
    lines += ["", t("core.help.commands", language)]
    lines += lines_of([c for c in registered(bot) if game_of(c) == kind], language)
    lines += ["", t("core.help.more", language, path=meta.rules_path)]
    return "\n".join(lines)


class HelpCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("help", "cmd.help"), description=L("How to play: every game and its commands",
                                                                   "cmd.help.desc"))
    @app_commands.rename(kind=L("game", "opt.game"))
    @app_commands.describe(kind=L("One game: how to play it and its commands", "opt.help.game.desc"))
    @app_commands.choices(kind=game_choices())
    async def help(self, interaction: discord.Interaction, kind: str | None = None) -> None:
        language = lang(interaction)
        text = game_help(self.bot, kind, language) if kind else overall_help(self.bot, language)
        await send(interaction, text, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(HelpCog(bot))
