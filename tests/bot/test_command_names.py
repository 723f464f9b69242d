"""Sentences name commands as their reader's client shows them (issue 37): an Italian post says
"/galactica pannello", never the English "/galactica panel", because command names in text come from the
same registered command tree `/help` reads."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands

from bot.i18n import set_command_names, t
from bot.translator import AraldoTranslator, command_paths, register_command_names


@pytest.fixture
def tree() -> Iterator[app_commands.CommandTree]:  # type: ignore[type-arg]
    from bot.cogs.galactica.commands import GalacticaCog
    from bot.cogs.game import GameCog
    from bot.cogs.highfrontier.commands import HfCog

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    for cog in (GalacticaCog, GameCog):
        bot.tree.add_command(cog.group)  # type: ignore[attr-defined]
    # High Frontier's cog adds /hf report when made, to its own copy of the group (never the class's,
    # which every later cog of the process copies)
    bot.tree.add_command(HfCog(bot).group)
    register_command_names(bot.tree)
    yield bot.tree
    for language in ("it", "en"):
        set_command_names(language, {})


def test_the_tree_gives_each_languages_path(tree: app_commands.CommandTree) -> None:  # type: ignore[type-arg]
    top = tree.get_commands()
    italian = command_paths(top, "it")  # type: ignore[arg-type]
    assert italian["/galactica panel"] == "/galactica pannello"
    assert italian["/galactica direction"] == "/galactica senso"
    assert command_paths(top, "en")["/galactica panel"] == "/galactica panel"  # type: ignore[arg-type]


def test_italian_sentences_name_the_commands_the_italian_client_shows(tree: Any) -> None:
    said = t("help.galactica.howto", "it")
    assert "/galactica pannello" in said and "/galactica senso" in said
    assert "/galactica panel" not in said and "/galactica direction" not in said
    hf = t("help.highfrontier.howto", "it")
    assert "/hf report ledger" not in hf and "/hf report turn-end" not in hf
    english = t("help.galactica.howto", "en")
    assert "/galactica panel" in english  # an English client shows the English names


def test_what_a_player_wrote_is_quoted_as_written(tree: Any) -> None:
    set_command_names("it", {"/game log": "/game registro"})
    assert "/game log" in t("core.dm_fallback", "it", user="<@1>", text="scrivo /game log")


async def test_discord_shows_italian_descriptions_naming_italian_commands(tree: Any) -> None:
    from bot.i18n import catalog

    key = next(k for k, v in catalog("it").items() if k.startswith("opt.") and "/game rules" in v)
    shown = await AraldoTranslator().translate(app_commands.locale_str("x", key=key), discord.Locale.italian,
                                               None)  # type: ignore[arg-type]
    assert shown is not None and "/game rules" not in shown and "/game regole" in shown
