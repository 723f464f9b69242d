"""`/stats` (a player's record as a card, the server's CSV, privacy) and `/leaderboard`: the players'
record, read from its derived tables; the recorder that keeps them current is started here."""

from __future__ import annotations

import asyncio

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.game import game_choices
from bot.ending import plan_ending
from bot.i18n import game_name, t
from bot.record import queries
from bot.record.queries import BoardLine, PlayerRecord
from bot.record.recorder import Recorder
from bot.translator import L
from bot.ui import channel_lang, file_of, guild_id, lang, require_moderator, send, service_of
from engine.core import RuleError
from render.record import BoardChart, BoardEntry, Series, StatsCard, Tile, board_chart, stats_card

TOP = 10


def hours(value: float | None, language: str) -> str:
    if value is None:
        return "—"
    return t("record.hours", language, hours=number(value, language))


def number(value: float, language: str) -> str:
    text = f"{value:.1f}"
    return text.replace(".", ",") if language == "it" else text


def card_of(rec: PlayerRecord, language: str, scope: str) -> StatsCard:
    rows = [[game_name(g.kind, language), "—" if g.display is None else number(g.display, language), str(g.rated),
             f"{g.wins} / {g.played}"] for g in rec.games]
    reliability = rec.reliability
    tiles = [
        Tile(label=t("record.reliability", language), value="—" if reliability is None else f"{reliability:.0f}%",
             note=t("record.reliability_note", language, met=rec.met, missed=rec.missed)),
        Tile(label=t("record.pace", language), value=hours(rec.median_hours, language),
             note=t("record.pace_note", language, mean=hours(rec.mean_hours, language))),
        Tile(label=t("record.played", language), value=f"{rec.wins} / {rec.played}",
             note=t("record.played_note", language)),
        Tile(label=t("record.autopilot", language), value=str(rec.autopilot),
             note=t("record.away_note", language, away=hours(rec.away_hours, language))),
        Tile(label=t("record.left", language), value=str(rec.left + rec.replaced),
             note=t("record.left_note", language, left=rec.left, replaced=rec.replaced)),
        luck_tile(rec, language),
    ]
    return StatsCard(
        title=t("record.card_title", language, player=rec.name), subtitle=scope,
        header=[t("record.col_game", language), t("record.col_rating", language), t("record.col_rated", language),
                t("record.col_wins", language)],
        rows=rows, tiles=tiles, chart_title=t("record.chart_title", language),
        history=[Series(label=game_name(g.kind, language), colour=i, points=rec.history[g.kind])
                 for i, g in enumerate(rec.games) if g.kind in rec.history],
        empty_chart=t("record.chart_empty", language), rating_note=t("record.rating_note", language))


def luck_tile(rec: PlayerRecord, language: str) -> Tile:
    """Dice luck as the losses a player's rolls inflicted beyond (or short of) what they were expected to."""
    if not rec.luck_rolls:
        return Tile(label=t("record.luck", language), value="—", note=t("record.luck_none", language))
    diff = rec.luck_actual - rec.luck_expected
    value = ("+" if diff >= 0 else "−") + number(abs(diff), language)
    return Tile(label=t("record.luck", language), value=value,
                note=t("record.luck_note", language, actual=round(rec.luck_actual),
                       expected=number(rec.luck_expected, language), rolls=rec.luck_rolls))


def summary(rec: PlayerRecord, language: str) -> str:
    reliability = rec.reliability
    return t("record.summary", language, player=rec.name, played=rec.played, wins=rec.wins,
             reliability="—" if reliability is None else f"{reliability:.0f}%",
             pace=hours(rec.median_hours, language))


def board_of(lines: list[BoardLine], kind: str, language: str, scope: str, least: int, *,
             here: bool = False) -> BoardChart:
    """`here`: a server's board (its games counted, the rating from every server)."""
    subtitle = "record.board_subtitle_here" if here else "record.board_subtitle"
    return BoardChart(title=t("record.board_title", language, game=game_name(kind, language)),
                      subtitle=t(subtitle, language, scope=scope, least=least),
                      entries=[BoardEntry(name=b.name, value=b.display, value_text=number(b.display, language),
                                          note=t("record.board_note", language, games=b.games, wins=b.wins))
                               for b in lines],
                      empty=t("record.board_empty", language, least=least))


class StatsCog(commands.Cog):
    group = app_commands.Group(name=L("stats", "cmd.stats"),
                               description=L("The players' record: ratings, reliability, pace", "cmd.stats.desc"))

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @group.command(name=L("show", "cmd.stats.show"),
                   description=L("A player's record as a card (yours by default)", "cmd.stats.show.desc"))
    @app_commands.rename(player=L("player", "opt.player"), kind=L("game", "opt.game"))
    @app_commands.describe(player=L("Whose record (yours by default)", "record.opt.player.desc"),
                           kind=L("Only this game", "record.opt.game.desc"))
    @app_commands.choices(kind=game_choices())
    async def show(self, interaction: discord.Interaction, player: discord.User | None = None,
                   kind: str | None = None) -> None:
        language = lang(interaction)
        db = service_of(interaction).db
        caller = str(interaction.user.id)
        user = str(player.id) if player is not None else caller
        if user != caller and await queries.is_hidden(db, user):
            raise RuleError("record.private")
        rec = await queries.player_record(db, user, kind)
        if rec is None:
            raise RuleError("record.nothing_yet")
        scope = game_name(kind, language) if kind else t("record.all_games", language)
        png = await asyncio.to_thread(stats_card, card_of(rec, language, scope))
        await send(interaction, summary(rec, language), ephemeral=True,
                   file=file_of(("record.png", png)))

    @group.command(name=L("export", "cmd.stats.export"),
                   description=L("The server's finished games and results as CSV (moderators)", "cmd.stats.export.desc"))
    async def export(self, interaction: discord.Interaction) -> None:
        await require_moderator(interaction)
        server = guild_id(interaction)
        text = await queries.export_csv(service_of(interaction).db, server)
        await send(interaction, t("record.exported", lang(interaction)), ephemeral=True,
                   file=file_of((f"araldo-record-{server}.csv", text.encode())))

    @group.command(name=L("privacy", "cmd.stats.privacy"),
                   description=L("Hide your record from others (boards skip you)", "cmd.stats.privacy.desc"))
    @app_commands.rename(hidden=L("hidden", "opt.hidden"))
    @app_commands.describe(hidden=L("Hide it (yes) or show it again (no)", "opt.hidden.desc"))
    async def privacy(self, interaction: discord.Interaction, hidden: bool) -> None:
        await queries.set_hidden(service_of(interaction).db, str(interaction.user.id), hidden)
        await send(interaction, t("record.hidden" if hidden else "record.shown", lang(interaction)), ephemeral=True)

    @app_commands.command(name=L("leaderboard", "cmd.leaderboard"),
                          description=L("The best players of a game by conservative rating", "cmd.leaderboard.desc"))
    @app_commands.rename(kind=L("game", "opt.game"), everywhere=L("everywhere", "opt.everywhere"),
                         least=L("least_games", "opt.least_games"))
    @app_commands.describe(kind=L("Which game", "opt.game.desc"),
                           everywhere=L("Every server, not only this one", "opt.everywhere.desc"),
                           least=L("Only players with at least this many rated games (here, unless everywhere)",
                                   "opt.least_games.desc"))
    @app_commands.choices(kind=game_choices())
    async def leaderboard(self, interaction: discord.Interaction, kind: str, everywhere: bool = False,
                          least: app_commands.Range[int, 1, 1000] = 3) -> None:
        language = await channel_lang(interaction)
        server = None if everywhere else guild_id(interaction)
        lines = await queries.board(service_of(interaction).db, kind, guild=server, least=least, top=TOP)
        scope = t("record.everywhere" if everywhere else "record.this_server", language)
        chart = board_of(lines, kind, language, scope, least, here=server is not None)
        png = await asyncio.to_thread(board_chart, chart)
        text = "\n".join(t("record.board_line", language, rank=i + 1, player=b.name, rating=number(b.display, language),
                           games=b.games) for i, b in enumerate(lines)) or t("record.board_empty", language, least=least)
        if server is not None:  # how fast this server's tables of the game move
            pace = await queries.server_pace(service_of(interaction).db, server, kind)
            if pace.moves:
                text += "\n" + t("record.server_pace", language, median=hours(pace.median_hours, language),
                                  mean=hours(pace.mean_hours, language))
        # the subtitle says what is ranked and what the number is, as the picture does
        await send(interaction, f"**{chart.title}**\n-# {chart.subtitle}\n{text}", file=file_of(("leaderboard.png", png)))


async def setup(bot: commands.Bot) -> None:
    service = bot.service  # type: ignore[attr-defined]
    notifier = getattr(bot, "notifier", None)
    recorder = Recorder(service.db, ended=plan_ending, kick=notifier.kick if notifier is not None else None)
    service.listeners.append(recorder.heard)
    bot.recorder = recorder  # type: ignore[attr-defined]
    shards = getattr(getattr(bot, "settings", None), "shard_ids", None)
    if not shards or 0 in shards:  # one process of a sharded bot rebuilds stale tables, not all at once
        recorder.rebuild_if_stale(getattr(bot, "_resume_task", None))  # after the overdue games
    await bot.add_cog(StatsCog(bot))
