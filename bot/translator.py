"""Command names, descriptions, options and choices in Italian, from the same catalogs as messages.

Commands are declared with English base names and `L(text, key)`; Discord shows Italian users the
catalog's Italian text for `key` (names must stay lowercase, without spaces).
"""

from __future__ import annotations

import discord
from discord import app_commands

from bot.i18n import catalog


def L(text: str, key: str) -> app_commands.locale_str:
    return app_commands.locale_str(text, key=key)


class AraldoTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        key = string.extras.get("key")
        if not key:
            return None
        if locale is discord.Locale.italian:
            return catalog("it").get(key)
        return None  # English is the base text
