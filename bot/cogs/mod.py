"""`/mod`: what moderators (Manage Server, or the configured role) can do to a game.
Every action goes into the game's log or audit trail with its author."""

from __future__ import annotations

import json
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.pictures import chunks
from bot.telling import described_moves
from bot.translator import L
from bot.ui import (
    act,
    channel_id,
    channel_lang,
    game_here,
    guild_id,
    lang,
    panel_button,
    render_events,
    require_moderator,
    send,
    service_of,
)
from engine.core import GameRecord, RuleError
from engine.core.revealed import Revelation

UNDONE_LIMIT = 2000
HISTORY_SCAN = 200  # how far back in the channel the undone moves' messages are looked for


async def strike_undone(channel: Any, interaction_ids: set[str], note: str) -> int:
    """Edit the channel messages that answered the undone moves: struck through, marked as no
    longer counting. Found by the interaction that made them, in the channel's recent history."""
    if not interaction_ids or channel is None or not hasattr(channel, "history"):
        return 0
    edited = 0
    async for message in channel.history(limit=HISTORY_SCAN):
        meta = message.interaction_metadata
        if meta is None or str(meta.id) not in interaction_ids or message.flags.ephemeral:
            continue
        body = message.content or ""
        if body.startswith(note):
            continue
        room = UNDONE_LIMIT - len(note) - 6
        struck = f"~~{body[:room]}~~" if body.strip() else ""
        try:
            await message.edit(content=f"{note}\n{struck}".strip())
            edited += 1
        except discord.HTTPException:  # a message we may no longer edit stays as it was
            continue
    return edited


def revealed_lines(revealed: list[Revelation], names: dict[str, str], language: str) -> list[str]:
    """What undone moves had shown, one line per player who saw it (or one for the whole table)."""
    out = []
    for r in revealed:
        what = t(r.what.key, language, **r.what.params)
        if r.players is None:
            out.append(t("core.revealed.everyone", language, what=what))
        else:
            out.extend(t("core.revealed.player", language, player=names.get(p, p), what=what) for p in r.players)
    return out


class UndoConfirm(discord.ui.View):
    def __init__(self, game_id: int, count: int, moderator: int, language: str) -> None:
        super().__init__(timeout=300)
        self.game_id, self.count, self.moderator = game_id, count, moderator
        self.confirm.label = t("core.button.confirm_undo", language)
        self.cancel.label = t("core.button.keep_moves", language)

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        return interaction.user.id == self.moderator

    @discord.ui.button(style=discord.ButtonStyle.danger, custom_id="araldo:undo:confirm")
    async def confirm(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]) -> None:
        from bot.errors import report

        try:
            await require_moderator(interaction)
            await interaction.response.defer()  # the replay may take seconds: acknowledge first
            svc = service_of(interaction)
            doomed = await svc.undo_preview(self.game_id, self.count)  # what is taken back, to tell the table
            res = await svc.undo(self.game_id, self.count, str(interaction.user.id))
            self.stop()
            await interaction.edit_original_response(  # the entries taken back: the move and what followed it
                content=t("core.undone", lang(interaction), count=len(doomed), version=res.game.version), view=None)
            # the table is told, in the server's language: who undid what; the old answers are struck
            language = await channel_lang(interaction)
            # the notes of what an earlier undo had shown stay with their readers, never told to the table
            public = [r for r in doomed if json.loads(r.action_json).get("type") != "mod_revealed"]
            # read as by nobody at the table: a private move (a bribe, standing orders) is said only to be one
            moves = await described_moves(svc, res.game, public, language, viewer="")
            text = t("core.undone_public", language, moderator=interaction.user.mention, count=len(moves),
                     moves="\n".join(moves))
            if any(e.key == "core.undo_reseeded" for e in res.events):  # the future is drawn afresh: say so
                text += "\n" + t("core.undo_reseeded", language)
            for part in chunks(text):
                await interaction.followup.send(part, ephemeral=False)
            # what the game says now: a deadline that fell due, whoever must play again (called by name)
            # (the fresh draw was said in the notice above: not a second time on its own)
            told, _ = render_events([e for e in res.events if e.key != "core.undo_reseeded"], language, viewer=None)
            if told:
                button = panel_button(res.game, res.events, language)
                if button is None:
                    await interaction.followup.send(told, ephemeral=False)
                else:
                    await interaction.followup.send(told, ephemeral=False, view=button)
            await strike_undone(interaction.channel, {r.interaction_id for r in doomed if r.interaction_id},
                                t("core.undone_mark", language, moderator=interaction.user.mention))
        except Exception as exc:
            await report(interaction, exc)

    @discord.ui.button(style=discord.ButtonStyle.secondary, custom_id="araldo:undo:cancel")
    async def cancel(self, interaction: discord.Interaction, _button: discord.ui.Button[Any]) -> None:
        self.stop()
        await interaction.response.edit_message(content=t("core.undo_cancelled", lang(interaction)), view=None)


class ModCog(commands.Cog):
    group = app_commands.Group(name="mod", description=L("Moderator tools for the game of this channel", "cmd.mod.desc"),
                               guild_only=True)
    # no default_permissions: Discord would then hide /mod from the configured moderator role too;
    # every subcommand checks Manage Server or that role itself (require_moderator)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def _engine(self, interaction: discord.Interaction, action: dict[str, Any]) -> None:
        await require_moderator(interaction)
        row = await game_here(interaction)
        await act(interaction, row, action, moderator=True)

    @group.command(name=L("pause", "cmd.mod.pause"), description=L("Pause the game: deadlines stop", "cmd.mod.pause.desc"))
    async def pause(self, interaction: discord.Interaction) -> None:
        await self._engine(interaction, {"type": "mod_pause"})

    @group.command(name=L("resume", "cmd.mod.resume"),
                   description=L("Resume the game: deadlines move by the pause", "cmd.mod.resume.desc"))
    async def resume(self, interaction: discord.Interaction) -> None:
        await self._engine(interaction, {"type": "mod_resume"})

    @group.command(name=L("extend", "cmd.mod.extend"), description=L("Move the next deadline later", "cmd.mod.extend.desc"))
    @app_commands.rename(minutes=L("minutes", "opt.minutes"))
    @app_commands.describe(minutes=L("How many minutes later", "opt.minutes.desc"))
    async def extend(self, interaction: discord.Interaction,
                     minutes: app_commands.Range[int, 1, 43_200]) -> None:
        await self._engine(interaction, {"type": "mod_extend", "minutes": minutes})

    @group.command(name=L("force", "cmd.mod.force"), description=L("Fire the next deadline now", "cmd.mod.force.desc"))
    async def force(self, interaction: discord.Interaction) -> None:
        await self._engine(interaction, {"type": "mod_force"})

    @group.command(name=L("kick", "cmd.mod.kick"), description=L("Remove a player from the game", "cmd.mod.kick.desc"))
    @app_commands.rename(player=L("player", "opt.player"))
    @app_commands.describe(player=L("The player", "opt.player.desc"))
    async def kick(self, interaction: discord.Interaction, player: discord.User) -> None:
        await self._engine(interaction, {"type": "mod_kick", "player": str(player.id)})

    @group.command(name=L("replace", "cmd.mod.replace"),
                   description=L("Give a player's seat to someone else", "cmd.mod.replace.desc"))
    @app_commands.rename(player=L("player", "opt.player"), new_player=L("new_player", "opt.new_player"))
    @app_commands.describe(player=L("The player", "opt.player.desc"),
                           new_player=L("Who takes the seat", "opt.new_player.desc"))
    async def replace(self, interaction: discord.Interaction, player: discord.User, new_player: discord.User) -> None:
        await self._engine(interaction, {"type": "mod_replace", "player": str(player.id),
                                         "new_id": str(new_player.id), "new_name": new_player.display_name[:64]})

    @group.command(name=L("end", "cmd.mod.end"), description=L("End the game now", "cmd.mod.end.desc"))
    @app_commands.rename(reason=L("reason", "opt.reason"))
    @app_commands.describe(reason=L("Why (shown to the players)", "opt.reason.desc"))
    async def end(self, interaction: discord.Interaction, reason: app_commands.Range[str, 0, 200] = "") -> None:
        await self._engine(interaction, {"type": "mod_end", "reason": reason})

    @group.command(name=L("undo", "cmd.mod.undo"), description=L("Take back the last moves", "cmd.mod.undo.desc"))
    @app_commands.rename(count=L("count", "opt.count"))
    @app_commands.describe(count=L("How many log entries", "opt.count.desc"))
    async def undo(self, interaction: discord.Interaction, count: app_commands.Range[int, 1, 100] = 1) -> None:
        await require_moderator(interaction)
        language = lang(interaction)
        row = await game_here(interaction)
        assert row.id is not None
        svc = service_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)  # the undone moves are replayed
        doomed = await svc.undo_preview(row.id, count)
        listed = await described_moves(svc, row, doomed, language)  # the moves and whatever followed them
        lines = [t("core.undo_preview", language, count=len(listed)), *listed]
        revealed = await svc.undo_revealed(row.id, count)
        if revealed:
            names = {s.user_id: s.display_name for s in await svc.seats(row.id)}
            lines += ["", t("core.undo_revealed", language), *revealed_lines(revealed, names, language)]
        if await svc.undo_reseeds(row.id):
            lines += ["", t("core.undo_reseeds", language)]
        await send(interaction, "\n".join(lines), ephemeral=True,
                   view=UndoConfirm(row.id, count, interaction.user.id, language))

    @group.command(name=L("verify", "cmd.mod.verify"),
                   description=L("Replay the log and compare it with the saved game", "cmd.mod.verify.desc"))
    async def verify(self, interaction: discord.Interaction) -> None:
        await require_moderator(interaction)
        row = await game_here(interaction, live_only=False)
        assert row.id is not None
        await interaction.response.defer(ephemeral=True, thinking=True)  # a long log replays for seconds
        ok, detail = await service_of(interaction).verify(row.id, str(interaction.user.id))
        key = "core.verify_ok" if ok else "core.verify_bad"
        await send(interaction, t(key, lang(interaction), detail=detail), ephemeral=True)

    @group.command(name=L("import", "cmd.mod.import"),
                   description=L("Load a game exported with /game export into this channel", "cmd.mod.import.desc"))
    @app_commands.rename(file=L("file", "opt.file"))
    @app_commands.describe(file=L("The JSON file", "opt.file.desc"))
    async def import_game(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        await require_moderator(interaction)
        if file.size > 5 * 1024 * 1024:
            raise RuleError("core.import_too_big")
        try:
            record = GameRecord.model_validate_json(await file.read())
        except ValueError:
            raise RuleError("core.import_not_a_game") from None
        await interaction.response.defer(thinking=True)  # the replay may take seconds
        res = await service_of(interaction).import_record(record, guild_id=guild_id(interaction),
                                                          channel_id=channel_id(interaction),
                                                          moderator=str(interaction.user.id))
        await send(interaction, t("core.imported", await channel_lang(interaction), id=res.game.id, entries=len(record.log)))

    @group.command(name=L("config", "cmd.mod.config"),
                   description=L("Server settings: moderator role, language, time zone, lobby channel",
                                 "cmd.mod.config.desc"))
    @app_commands.rename(role=L("role", "opt.role"), language=L("language", "opt.language"),
                         timezone=L("timezone", "opt.timezone"), lobby=L("lobby", "opt.lobby"),
                         no_lobby=L("no_lobby", "opt.no_lobby"))
    @app_commands.describe(role=L("Role whose members may moderate games", "opt.role.desc"),
                           language=L("Language of public messages", "opt.language.desc"),
                           timezone=L("Time zone for new games, e.g. Europe/Rome", "opt.timezone.desc"),
                           lobby=L("Channel where substitute ads are posted too", "opt.lobby.desc"),
                           no_lobby=L("Post substitute ads in the game's channel only", "opt.no_lobby.desc"))
    @app_commands.choices(language=[app_commands.Choice(name=L("Italian", "choice.lang.it"), value="it"),
                                    app_commands.Choice(name=L("English", "choice.lang.en"), value="en")])
    async def config(self, interaction: discord.Interaction, role: discord.Role | None = None,
                     language: str | None = None, timezone: str | None = None,
                     lobby: discord.TextChannel | None = None, no_lobby: bool = False) -> None:
        from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

        await require_moderator(interaction)
        values: dict[str, Any] = {}
        if role is not None:
            values["mod_role_id"] = str(role.id)
        if language is not None:
            values["locale"] = language
        if timezone is not None:
            try:
                ZoneInfo(timezone)
            except (ZoneInfoNotFoundError, ValueError):
                raise RuleError("core.bad_timezone", timezone=timezone) from None
            values["timezone"] = timezone
        if lobby is not None:
            values["lobby_channel_id"] = str(lobby.id)
        if no_lobby:
            values["lobby_channel_id"] = None
        cfg = await service_of(interaction).set_guild_config(guild_id(interaction), **values)
        await send(interaction, t("core.config", lang(interaction), role=f"<@&{cfg.mod_role_id}>" if cfg.mod_role_id
                                  else "-", language=cfg.locale, timezone=cfg.timezone,
                                  lobby=f"<#{cfg.lobby_channel_id}>" if cfg.lobby_channel_id else "-"), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(ModCog(bot))
