"""`/notify` and `/away`: a player's own preferences, across all their games."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import catalog, t
from bot.preferences import NOTIFY_KINDS
from bot.translator import L
from bot.ui import lang, send, service_of
from engine.core import RuleError


def parse_until(text: str, tz: str) -> datetime | None:
    """'2026-12-01', '2026-12-01 18:00' (in the server's time zone) or 'off'/'no' to come back."""
    text = text.strip()
    if text.lower() in ("off", "no", "back", "rientro", "fine"):
        return None
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d", "%d/%m/%Y %H:%M", "%d/%m/%Y"):
        try:
            naive = datetime.strptime(text, fmt)
        except ValueError:
            continue
        return naive.replace(tzinfo=ZoneInfo(tz))
    raise RuleError("core.bad_date", text=text)


class PlayerCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("notify", "cmd.notify"),
                          description=L("Choose which direct messages Araldo sends you", "cmd.notify.desc"))
    @app_commands.rename(kind=L("kind", "opt.kind"), enabled=L("enabled", "opt.enabled"),
                         language=L("language", "opt.dm_language"))
    @app_commands.describe(kind=L("Which notifications", "opt.kind.desc"),
                           enabled=L("On or off", "opt.enabled.desc"),
                           language=L("Language of your direct messages", "opt.dm_language.desc"))
    # English users read the same kinds as Italians: the base text is the English catalog's word
    @app_commands.choices(kind=[app_commands.Choice(name=L(catalog("en")[f"choice.notify.{k}"], f"choice.notify.{k}"),
                                                    value=k) for k in NOTIFY_KINDS],
                          language=[app_commands.Choice(name=L("Italian", "choice.lang.it"), value="it"),
                                    app_commands.Choice(name=L("English", "choice.lang.en"), value="en"),
                                    app_commands.Choice(name=L("As my Discord", "choice.lang.auto"), value="auto")])
    async def notify(self, interaction: discord.Interaction, kind: str | None = None,
                     enabled: bool | None = None, language: str | None = None) -> None:
        svc = service_of(interaction)
        user = str(interaction.user.id)
        if kind is not None and enabled is not None:
            await svc.set_notify(user, kind, enabled)
        if language is not None:
            await svc.set_language(user, None if language == "auto" else language)
        reader = lang(interaction)
        prefs = await svc.notify_prefs(user)
        chosen, _ = await svc.user_language(user)
        lines = [t("core.notify_title", reader)]
        for k, on in prefs.items():
            lines.append(f"{'✅' if on else '🔕'} {t(f'choice.notify.{k}', reader)}")
        lines.append(t("core.notify_language", reader,
                       language=t(f"choice.lang.{chosen or 'auto'}", reader)))
        await send(interaction, "\n".join(lines), ephemeral=True)

    @app_commands.command(name=L("away", "cmd.away"),
                          description=L("Declare an absence (or 'off' when you are back)", "cmd.away.desc"))
    @app_commands.rename(until=L("until", "opt.until"))
    @app_commands.describe(until=L("YYYY-MM-DD [HH:MM] in the server's time zone, or off", "opt.until.desc"))
    async def away(self, interaction: discord.Interaction, until: app_commands.Range[str, 1, 32]) -> None:
        svc = service_of(interaction)
        language = lang(interaction)
        tz = (await svc.guild_config(str(interaction.guild_id))).timezone if interaction.guild_id else "Europe/Rome"
        moment = parse_until(until, tz)
        results = await svc.set_away(str(interaction.user.id), moment)
        key = "core.away_set" if moment else "core.away_cleared"
        # each game's channel is told (the outbox announces it in the server's language): the absence,
        # and a turn the autopilot played at once for a player who was on turn
        await send(interaction, t(key, language, until=moment, games=len(results)), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayerCog(bot))
