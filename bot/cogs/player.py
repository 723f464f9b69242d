"""`/notify` and `/away`: a player's own preferences, across all their games."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import discord
from discord import app_commands
from discord.ext import commands

from bot.desk import NOTE_MAX, REMINDER_MAX, MyGame, check_zone, clock_text, parse_clock
from bot.i18n import catalog, game_name, t
from bot.preferences import NOTIFY_KINDS
from bot.storage.models import PlayerRhythm
from bot.translator import L
from bot.ui import PANEL_OPENERS, OpenPanelButton, game_here, lang, send, service_of
from engine.core import RuleError

OFF_WORDS = ("off", "no", "back", "rientro", "fine")


def parse_until(text: str, tz: str) -> datetime | None:
    """'2026-12-01', '2026-12-01 18:00' (in the server's time zone) or 'off'/'no' to come back."""
    text = text.strip()
    if text.lower() in OFF_WORDS:
        return None
    for fmt in ("%Y-%m-%d %H:%M", "%Y-%m-%d", "%d/%m/%Y %H:%M", "%d/%m/%Y"):
        try:
            naive = datetime.strptime(text, fmt)
        except ValueError:
            continue
        return naive.replace(tzinfo=ZoneInfo(tz))
    raise RuleError("core.bad_date", text=text)


def rhythm_changes(quiet: str | None, timezone: str | None, reminder: int | None) -> dict[str, Any]:
    """What /notify's rhythm options change: quiet '23:00-07:00' or 'off', a time zone or 'off'
    (the server's), a reminder interval in minutes (0: each game's own)."""
    out: dict[str, Any] = {}
    if quiet is not None:
        if quiet.strip().lower() in OFF_WORDS:
            out.update(quiet_from=None, quiet_to=None)
        else:
            start, sep, end = quiet.partition("-")
            if not sep:
                raise RuleError("core.bad_quiet", text=quiet)
            out.update(quiet_from=parse_clock(start), quiet_to=parse_clock(end))
            if out["quiet_from"] == out["quiet_to"]:
                raise RuleError("core.bad_quiet", text=quiet)
    if timezone is not None:
        out["timezone"] = None if timezone.strip().lower() in OFF_WORDS else check_zone(timezone.strip())
    if reminder is not None:
        out["reminder_minutes"] = reminder or None
    return out


def rhythm_lines(rhythm: PlayerRhythm | None, reader: str) -> list[str]:
    """What /notify shows of a player's rhythm."""
    zone = rhythm.timezone if rhythm and rhythm.timezone else t("core.rhythm_server_zone", reader)
    lines = [t("core.rhythm_zone", reader, zone=zone)]
    if rhythm and rhythm.quiet_from is not None and rhythm.quiet_to is not None:
        lines.append(t("core.rhythm_quiet", reader, start=clock_text(rhythm.quiet_from), end=clock_text(rhythm.quiet_to)))
    else:
        lines.append(t("core.rhythm_no_quiet", reader))
    if rhythm and rhythm.reminder_minutes:
        lines.append(t("core.rhythm_reminder", reader, minutes=rhythm.reminder_minutes))
    else:
        lines.append(t("core.rhythm_game_reminder", reader))
    return lines


def my_game_line(g: MyGame, reader: str) -> str:
    """One game of /games: name, link to its channel, what is asked of the reader and by when (a
    Discord timestamp: each reader's client shows it in their own time zone)."""
    row = g.row
    link = f"https://discord.com/channels/{row.guild_id}/{row.channel_id}"
    owe = t(g.owed[0].key, reader, **g.owed[0].params) if g.owed else t("core.my_games_yours", reader) if g.awaiting else t(
        "core.my_games_lobby" if row.status == "lobby" else "core.my_games_others", reader)
    when = t("core.my_games_by", reader, at=f"<t:{int(g.deadline.timestamp())}:f>",
             rel=f"<t:{int(g.deadline.timestamp())}:R>") if g.deadline else ""
    # the game's own headline, apart from the deadline before it ("... (in 2 days) — Year 1: Erin's turn.")
    headline = t("core.my_games_now", reader, headline=t(g.headline.key, reader, **g.headline.params)) \
        if row.status == "active" else ""
    return t("core.my_games_line", reader, mark="⏳" if g.awaiting else "▫️", game=game_name(row.kind, reader),
             id=row.id, link=link, owe=owe, when=when, headline=headline).rstrip()


class PlayerCog(commands.Cog):
    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    @app_commands.command(name=L("notify", "cmd.notify"),
                          description=L("Your DMs: which, their language, your quiet hours and reminder interval",
                                        "cmd.notify.desc"))
    @app_commands.rename(kind=L("kind", "opt.kind"), enabled=L("enabled", "opt.enabled"),
                         language=L("language", "opt.dm_language"), quiet=L("quiet", "opt.quiet"),
                         timezone=L("timezone", "opt.my_timezone"), reminder=L("reminder", "opt.my_reminder"))
    @app_commands.describe(kind=L("Which notifications", "opt.kind.desc"),
                           enabled=L("On or off", "opt.enabled.desc"),
                           language=L("Language of your direct messages", "opt.dm_language.desc"),
                           quiet=L("Quiet hours, e.g. 23:00-07:00 (or off): DMs and reminders wait", "opt.quiet.desc"),
                           timezone=L("Your time zone, e.g. America/New_York (or off)", "opt.my_timezone.desc"),
                           reminder=L("Minutes before a turn deadline for your reminder (0: the game's)",
                                      "opt.my_reminder.desc"))
    # English users read the same kinds as Italians: the base text is the English catalog's word
    @app_commands.choices(kind=[app_commands.Choice(name=L(catalog("en")[f"choice.notify.{k}"], f"choice.notify.{k}"),
                                                    value=k) for k in NOTIFY_KINDS],
                          language=[app_commands.Choice(name=L("Italian", "choice.lang.it"), value="it"),
                                    app_commands.Choice(name=L("English", "choice.lang.en"), value="en"),
                                    app_commands.Choice(name=L("As my Discord", "choice.lang.auto"), value="auto")])
    async def notify(self, interaction: discord.Interaction, kind: str | None = None,
                     enabled: bool | None = None, language: str | None = None,
                     quiet: app_commands.Range[str, 1, 16] | None = None,
                     timezone: app_commands.Range[str, 1, 64] | None = None,
                     reminder: app_commands.Range[int, 0, REMINDER_MAX] | None = None) -> None:
        svc = service_of(interaction)
        user = str(interaction.user.id)
        rhythm = rhythm_changes(quiet, timezone, reminder)  # all checked before anything is written
        if kind is not None and enabled is not None:
            await svc.set_notify(user, kind, enabled)
        if language is not None:
            await svc.set_language(user, None if language == "auto" else language)
        if rhythm:
            await svc.set_rhythm(user, **rhythm)
        reader = lang(interaction)
        prefs = await svc.notify_prefs(user)
        chosen, _ = await svc.user_language(user)
        lines = [t("core.notify_title", reader)]
        for k, on in prefs.items():
            lines.append(f"{'✅' if on else '🔕'} {t(f'choice.notify.{k}', reader)}")
        lines.append(t("core.notify_language", reader,
                       language=t(f"choice.lang.{chosen or 'auto'}", reader)))
        lines.extend(rhythm_lines(await svc.rhythm(user), reader))
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

    @app_commands.command(name=L("games", "cmd.games"),
                          description=L("Your games on every server, those awaiting you first", "cmd.games.desc"))
    async def games(self, interaction: discord.Interaction) -> None:
        reader = lang(interaction)
        mine = await service_of(interaction).my_games(str(interaction.user.id))
        if not mine:
            await send(interaction, t("core.my_games_none", reader), ephemeral=True)
            return
        lines = [t("core.my_games_title", reader, count=len(mine),
                   waiting=sum(1 for g in mine if g.awaiting))]
        view = discord.ui.View(timeout=None)
        for g in mine:
            lines.append(my_game_line(g, reader))
            # a button opens the clicker's own panel of that game (bot/ui.py), wherever /games was asked
            if g.row.status == "active" and g.row.kind in PANEL_OPENERS and len(view.children) < 25:
                label = t("core.my_games_button", reader, game=game_name(g.row.kind, reader), id=g.row.id)
                view.add_item(OpenPanelButton(g.row.id or 0, label))
        await send(interaction, "\n".join(lines), ephemeral=True, view=view if view.children else None)

    @app_commands.command(name=L("note", "cmd.note"),
                          description=L("Your private note for this channel's game", "cmd.note.desc"))
    @app_commands.guild_only()
    @app_commands.rename(text=L("text", "opt.note_text"), clear=L("clear", "opt.note_clear"))
    @app_commands.describe(text=L("The note (it replaces the one you had); leave out to read it", "opt.note_text.desc"),
                           clear=L("Erase your note", "opt.note_clear.desc"))
    async def note(self, interaction: discord.Interaction, text: app_commands.Range[str, 1, NOTE_MAX] | None = None,
                   clear: bool = False) -> None:
        # kept with the game (game_note), never an action: not in the log, the export, nor anyone else's view
        svc = service_of(interaction)
        reader = lang(interaction)
        row = await game_here(interaction, live_only=False)
        assert row.id is not None
        user = str(interaction.user.id)
        if not any(seat.user_id == user for seat in await svc.seats(row.id)):
            raise RuleError("core.note_not_seated")
        if clear or text is not None:
            await svc.set_note(row.id, user, "" if clear else text or "")
        mine = await svc.note(row.id, user)
        game = game_name(row.kind, reader)
        said = t("core.note_show", reader, game=game, id=row.id, note=mine) if mine \
            else t("core.note_empty", reader, game=game, id=row.id)
        await send(interaction, said, ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(PlayerCog(bot))
