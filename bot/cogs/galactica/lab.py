"""`/galactica lab`: the designers' lab from Discord. Moderators run N seeded autopilot games per
setting variant (engine/galactica/lab.py) off the event loop and get the comparison in words and as
a chart, in the channel's language."""

from __future__ import annotations

import asyncio
import io

import discord

from bot.i18n import t
from bot.painters import off_loop, painted
from bot.pictures import picture_labels
from bot.ui import channel_lang, require_moderator, send
from engine.galactica.lab import LabReport, Variant, parse_variant, run_lab

LAB_GAMES = 50  # from Discord: enough to compare, short enough to answer within a minute
LAB_RUNNING: set[int] = set()  # one lab at a time per server: it takes the bot's CPU while it runs


def number(x: float, language: str) -> str:
    text = f"{x:,.1f}" if x % 1 else f"{int(x):,}"
    return text.translate(str.maketrans(",.", ".,")) if language == "it" else text


def lab_text(report: LabReport, language: str) -> str:
    lines = [t("galactica.lab.head", language, games=report.games, players=report.players, seed=report.seed,
               last=report.seed + report.games - 1)]
    for v in report.variants:
        causes = [{"key": f"galactica.lab.cause.{c}", "params": {"count": n, "n": n}} for c, n in v.eliminations.items()]
        wins = " / ".join(f"{share:.0%}" for share in v.win_share_by_seat)
        lines.append(t("galactica.lab.variant", language, name=v.name, rounds=number(v.rounds_mean, language),
                       low=v.rounds_min, high=v.rounds_max, days=number(v.days_mean, language), wins=wins,
                       causes=causes, early=v.early_eliminations, bets=number(v.casino_bets_mean, language),
                       ndri=number(v.ndri_curve[-1] if v.ndri_curve else 0, language)))
    return "\n".join(lines)


async def run(interaction: discord.Interaction, games: int, players: int, seed: int, variants: str,
              max_rounds: int) -> None:
    await require_moderator(interaction)
    chosen: list[Variant] = [parse_variant(v) for v in (variants.split() or ["araldo", "literal"])]
    from engine.galactica.game import Galactica

    for v in chosen:  # a bad setting is refused before anything runs, privately
        Galactica().parse_settings({"max_rounds": max_rounds, **v.settings})
    guild = interaction.guild_id or 0
    if guild in LAB_RUNNING:
        await send(interaction, t("galactica.lab.busy", await channel_lang(interaction)), ephemeral=True)
        return
    LAB_RUNNING.add(guild)
    try:
        await interaction.response.defer(thinking=True)
        language = await channel_lang(interaction)
        report = await asyncio.to_thread(run_lab, chosen, games, players, seed, max_rounds)
        from render.galactica import render_lab

        data = await off_loop(painted, render_lab, report, picture_labels("galactica", language))
        await send(interaction, lab_text(report, language),
                   file=discord.File(io.BytesIO(data), filename=f"galactica-lab-{seed}.png"))
    finally:
        LAB_RUNNING.discard(guild)
