"""`/game`: what every game shares — create, join, leave, start, status, log, export, rules, list.
The lobby lives in lobby.py, settings as typed in table_settings.py, moves in words in bot/telling.py."""

from __future__ import annotations

import io
from pathlib import Path

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.draw_concede import ConcedeButton, DrawButton, concede_here, draw_here
from bot.cogs.lobby import LobbyButton, deadline_text, lobby_action_here, lobby_text, lobby_view
from bot.cogs.table_settings import (
    parse_settings,
    settings_autocomplete,
    settings_defaults,
    settings_in_units,
    settings_text,
)
from bot.i18n import game_name, t
from bot.pictures import board_attachment
from bot.telling import described_moves, readable, where_it_stands
from bot.translator import L
from bot.ui import channel_id, channel_lang, file_of, game_here, guild_id, is_moderator, lang, send, service_of
from bot.web.invite import links_text
from engine.core import RuleError, all_games, get_game

REPO_ROOT = Path(__file__).resolve().parents[2]
LOG_PAGE = 10


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=L(g.meta.name, f"game.{kind}.name"), value=kind)
            for kind, g in sorted(all_games().items())]


class GameCog(commands.Cog):
    group = app_commands.Group(name="game", description=L("Create, join and follow games", "cmd.game.desc"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton, DrawButton, ConcedeButton)

    @group.command(name=L("create", "cmd.game.create"),
                   description=L("Create a game in this channel or in a new thread", "cmd.game.create.desc"))
    @app_commands.rename(kind=L("game", "opt.game"), settings=L("settings", "opt.settings"),
                         thread=L("thread", "opt.thread"))
    @app_commands.describe(kind=L("Which game", "opt.game.desc"),
                           settings=L("Settings as key=value pairs, e.g. target=15", "opt.settings.desc"),
                           thread=L("Play in a new thread of this channel", "opt.thread.desc"))
    @app_commands.choices(kind=game_choices())
    @app_commands.autocomplete(settings=settings_autocomplete)
    async def create(self, interaction: discord.Interaction, kind: str, settings: str | None = None,
                     thread: bool = False) -> None:
        svc = service_of(interaction)
        language = await channel_lang(interaction)
        gid = guild_id(interaction)
        cfg = await svc.guild_config(gid)
        parsed = settings_in_units(kind, parse_settings(settings))
        game = get_game(kind)
        game.parse_settings({"timezone": cfg.timezone, **parsed})  # refuse bad settings before any thread
        where = channel_id(interaction)
        is_thread = False
        if thread:
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise RuleError("core.thread_needs_text_channel")
            created = await channel.create_thread(name=f"{game.meta.name} — {interaction.user.display_name}",
                                                  type=discord.ChannelType.public_thread)
            where, is_thread = str(created.id), True
        row = await svc.create(kind=kind, guild_id=gid, channel_id=where, creator_id=str(interaction.user.id),
                               creator_name=interaction.user.display_name, settings=parsed, is_thread=is_thread,
                               timezone=cfg.timezone)
        assert row.id is not None
        text = await lobby_text(interaction, row.id, language)
        if is_thread:
            text = t("core.created_in_thread", language, thread=f"<#{where}>") + "\n" + text
            target = self.bot.get_channel(int(where))
            if isinstance(target, discord.Thread):
                await target.send(text, view=lobby_view(row.id, language))
        await send(interaction, text, view=lobby_view(row.id, language))

    @group.command(name=L("join", "cmd.game.join"), description=L("Join the game of this channel", "cmd.game.join.desc"))
    async def join(self, interaction: discord.Interaction) -> None:
        await lobby_action_here(interaction, "join")

    @group.command(name=L("leave", "cmd.game.leave"),
                   description=L("Leave the game of this channel before it starts", "cmd.game.leave.desc"))
    async def leave(self, interaction: discord.Interaction) -> None:
        await lobby_action_here(interaction, "leave")

    @group.command(name=L("start", "cmd.game.start"), description=L("Start the game of this channel", "cmd.game.start.desc"))
    async def start(self, interaction: discord.Interaction) -> None:
        await lobby_action_here(interaction, "start")

    @group.command(name=L("draw", "cmd.game.draw"),
                   description=L("Propose to end the game in a draw, or find the draw proposed", "cmd.game.draw.desc"))
    async def draw(self, interaction: discord.Interaction) -> None:
        await draw_here(interaction)

    @group.command(name=L("concede", "cmd.game.concede"),
                   description=L("Leave the game for good, ranked last: the others play on", "cmd.game.concede.desc"))
    async def concede(self, interaction: discord.Interaction) -> None:
        await concede_here(interaction)

    @group.command(name=L("status", "cmd.game.status"),
                   description=L("The board, whose turn it is and the next deadline", "cmd.game.status.desc"))
    async def status(self, interaction: discord.Interaction) -> None:
        language = await channel_lang(interaction)
        row = await game_here(interaction, live_only=False)
        assert row.id is not None
        if row.status == "lobby":
            await send(interaction, await lobby_text(interaction, row.id, language),
                       view=lobby_view(row.id, language))
            return
        await interaction.response.defer(thinking=True)
        svc = service_of(interaction)
        state = svc.load_state(row)
        game = get_game(row.kind)
        lines = [f"**{game_name(row.kind, language)}** #{row.id}", where_it_stands(row.kind, state, language)]
        if row.status == "active":
            lines.append(deadline_text(row.turn_deadline, language))
            owed = sorted(game.awaiting(state))
            if owed:
                lines.append(t("core.waiting_for", language, players=[f"<@{p}>" for p in owed]))
            if state.paused_at is not None:
                lines.append(t("core.game_paused", language))
        await send(interaction, "\n".join(lines), file=file_of(await board_attachment(row, state, None, lang=language)))

    @group.command(name=L("log", "cmd.game.log"), description=L("The game's recent moves", "cmd.game.log.desc"))
    @app_commands.rename(page=L("page", "opt.page"))
    @app_commands.describe(page=L("1 is the most recent page", "opt.page.desc"))
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        language = lang(interaction)
        row = await game_here(interaction, live_only=False)
        assert row.id is not None
        svc = service_of(interaction)
        # the entries they read
        rows = readable(row.kind, await svc.log_rows(row.id), str(interaction.user.id), row.status == "finished")
        pages = max(1, (len(rows) + LOG_PAGE - 1) // LOG_PAGE)
        if page > pages:
            raise RuleError("core.no_such_page", pages=pages)
        end = len(rows) - (page - 1) * LOG_PAGE
        shown = rows[max(0, end - LOG_PAGE):end][::-1]  # newest first, as page 1 is the newest page
        lines = [t("core.log_title", language, page=page, pages=pages, count=len(rows)),
                 *await described_moves(svc, row, shown, language, viewer=str(interaction.user.id), stamped=True)]
        if not shown:
            lines.append(t("core.log_empty", language))
        await send(interaction, "\n".join(lines), ephemeral=True)

    @group.command(name=L("web", "cmd.game.web"),
                   description=L("The link to this game's web page (and to your private view)", "cmd.game.web.desc"))
    @app_commands.rename(regenerate=L("regenerate", "opt.regenerate"))
    @app_commands.describe(regenerate=L("A new private link: the old ones stop working", "opt.regenerate.desc"))
    async def web(self, interaction: discord.Interaction, regenerate: bool = False) -> None:
        row = await game_here(interaction, live_only=False)
        assert row.id is not None
        svc = service_of(interaction)
        user = str(interaction.user.id)
        seated = any(seat.user_id == user for seat in await svc.seats(row.id))
        moderator = user if await is_moderator(interaction) else None
        text = await links_text(getattr(self.bot, "web"), row.id, player=user if seated else None,  # noqa: B009
                                moderator=moderator, regenerate=regenerate, now=svc.clock(), lang=lang(interaction))
        await send(interaction, text, ephemeral=True)

    @group.command(name=L("export", "cmd.game.export"),
                   description=L("Download the game as a JSON file (araldo-game/1)", "cmd.game.export.desc"))
    async def export(self, interaction: discord.Interaction) -> None:
        row = await game_here(interaction, live_only=False)
        assert row.id is not None
        # the export carries the seed, from which every future draw (an SPQRisiko deck, an Impero
        # blackout) can be worked out: while the game runs only moderators may have it
        if row.status != "finished" and not await is_moderator(interaction):
            raise RuleError("core.export_after_end")
        record = await service_of(interaction).record(row.id)
        data = record.model_dump_json(indent=2).encode()
        file = discord.File(io.BytesIO(data), filename=f"araldo-{row.kind}-{row.id}.json")
        await send(interaction, t("core.exported", lang(interaction), entries=len(record.log)), file=file,
                   ephemeral=True)
        # the asker's own /note goes with their export, apart from the record (which never holds notes)
        note = await service_of(interaction).note(row.id, str(interaction.user.id))
        if note:
            await send(interaction, t("core.exported_note", lang(interaction)), ephemeral=True,
                       file=discord.File(io.BytesIO(note.encode()), filename=f"araldo-{row.kind}-{row.id}-note.txt"))

    @group.command(name=L("rules", "cmd.game.rules"), description=L("The rules as Araldo plays them", "cmd.game.rules.desc"))
    @app_commands.rename(kind=L("game", "opt.game"))
    @app_commands.describe(kind=L("Which game", "opt.game.desc"))
    @app_commands.choices(kind=game_choices())
    async def rules(self, interaction: discord.Interaction, kind: str) -> None:
        language = lang(interaction)
        meta = get_game(kind).meta
        text = t("core.rules", language, game=game_name(meta.kind, language), min=meta.min_players, max=meta.max_players,
                 path=meta.rules_path, summary=t(f"game.{kind}.summary", language))
        defaults = " ".join(f"{k}={settings_text(v)}" for k, v in settings_defaults(kind).items() if v is not None)
        text += "\n" + t("core.rules_settings", language, settings=defaults)
        path = REPO_ROOT / meta.rules_path
        file = discord.File(str(path), filename=path.name) if path.is_file() else None
        await send(interaction, text, file=file, ephemeral=True)

    @group.command(name=L("list", "cmd.game.list"), description=L("Games in this server", "cmd.game.list.desc"))
    async def list_games(self, interaction: discord.Interaction) -> None:
        language = lang(interaction)
        rows = await service_of(interaction).guild_games(guild_id(interaction))
        if not rows:
            await send(interaction, t("core.no_games", language), ephemeral=True)
            return
        lines = [t("core.games_title", language)]
        for row in rows:
            lines.append(t("core.game_line", language, game=game_name(row.kind, language), id=row.id,
                           channel=f"<#{row.channel_id}>", status=t(f"core.status.{row.status}", language)))
        await send(interaction, "\n".join(lines), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
