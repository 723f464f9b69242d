"""`/game`: what every game shares — create, join, leave, start, status, log, export, rules, list."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import has, t
from bot.pictures import board_attachment
from bot.storage.models import ActionRow, GameRow
from bot.translator import L
from bot.ui import (
    channel_id,
    channel_lang,
    file_of,
    game_here,
    guild_id,
    is_moderator,
    lang,
    panel_button,
    send,
    service_of,
)
from engine.core import Event, GameState, RuleError, all_games, get_game

REPO_ROOT = Path(__file__).resolve().parents[2]
LOG_PAGE = 10

# kind -> the words a game's own ids stand for (provinces, seas, companies...) in a language: each
# game's cog registers its own, so /game log reads "Gallia Cisalpina", never "gallia_cisalpina"
GameNames = Callable[[GameState, str], dict[str, str]]
LOG_NAMES: dict[str, GameNames] = {}


def register_log_names(kind: str, names: GameNames) -> None:
    LOG_NAMES[kind] = names


def _named(value: Any, names: dict[str, str]) -> Any:
    if isinstance(value, str):
        return names.get(value, value)
    if isinstance(value, list):
        return [_named(v, names) for v in value]
    return value


def game_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=L(g.meta.name, f"game.{kind}.name"), value=kind)
            for kind, g in sorted(all_games().items())]


def parse_settings(text: str | None) -> dict[str, Any]:
    """`key=value key2=value2` -> dict; numbers and true/false are typed, the rest kept as text."""
    out: dict[str, Any] = {}
    for part in (text or "").split():
        if "=" not in part:
            raise RuleError("core.bad_settings_text", text=part)
        key, value = part.split("=", 1)
        out[key.strip().lower()] = [_typed(v) for v in value.split(",")] if "," in value else _typed(value)
    return out


def _typed(value: str) -> Any:
    """Numbers and yes/no as such, the rest as text; the game's settings model validates the rest."""
    if value.lower() in ("true", "false", "si", "sì", "no", "yes"):
        return value.lower() in ("true", "si", "sì", "yes")
    try:
        return int(value)
    except ValueError:
        return None if value.lower() in ("none", "null", "-") else value


def describe_action(kind: str, action: dict[str, Any], names: dict[str, str], language: str) -> str:
    """A log entry in words: `log.<game>.<type>` (or `log.core.<type>`) if the catalogs have it,
    else the raw action. Player ids among the values become names."""
    params = {k: _named(v, names) for k, v in action.items() if k != "type"}
    kind_of = action.get("type", "?")
    for key in (f"log.{kind}.{kind_of}", f"log.core.{kind_of}"):
        if has(key, language):
            return t(key, language, **params)
    args = " ".join(f"{k}={v}" for k, v in params.items() if v is not None)
    return f"`{kind_of}` {args}".strip()


async def described_moves(svc: Any, row: GameRow, rows: list[ActionRow], language: str,
                          viewer: str | None = None) -> list[str]:
    """Log rows in words: "`#12` **Bob** — reinforces Gallia with 3 legionaries" (a move the viewer may
    not see, such as an Impero transfer, says only that it is private)."""
    seats = {s.user_id: s.display_name for s in await svc.seats(row.id)}
    names = dict(seats)
    if row.kind in LOG_NAMES and row.snapshot_json is not None:
        names = {**LOG_NAMES[row.kind](svc.load_state(row), language), **seats}
    game = get_game(row.kind)
    out = []
    for r in rows:
        action = json.loads(r.action_json)
        who = f"**{seats[r.actor]}**" if r.actor in seats else f"<@{r.actor}>"  # a moderator off the table
        mod = " 🛡️" if r.moderator else ""
        if viewer is None or game.log_visible(action, r.actor, viewer):
            what = describe_action(row.kind, action, names, language)
        else:
            what = t("core.log_private", language)
        out.append(f"`#{r.seq}` {who}{mod} — {what}")
    return out


def deadline_text(row_deadline: Any, language: str) -> str:
    if row_deadline is None:
        return t("core.no_deadline_now", language)
    return t("core.deadline", language, at=row_deadline)


async def lobby_text(interaction: discord.Interaction, game_id: int, language: str) -> str:
    svc = service_of(interaction)
    row = await svc.get(game_id)
    seats = await svc.seats(game_id)
    meta = get_game(row.kind).meta
    names = [f"<@{s.user_id}>" for s in seats]
    return t("core.lobby", language, game=meta.name, id=game_id, players=names, count=len(seats),
             min=meta.min_players, max=meta.max_players)


def money_settings(kind: str) -> set[str]:
    """Settings a game stores in cents (marked `{"unit": "cents"}`): players type and read dollars."""
    model = get_game(kind).settings_model
    return {name for name, field in model.model_fields.items()
            if isinstance(field.json_schema_extra, dict) and field.json_schema_extra.get("unit") == "cents"}


def _cents(value: Any) -> Any:
    if isinstance(value, list):
        return [_cents(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value * 100
    from bot.cogs.impero_views import parse_money  # dollars as every command takes them ("12,50")

    return parse_money(str(value))


def _dollars(value: Any) -> Any:
    if isinstance(value, list):
        return [_dollars(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        whole, cents = divmod(value, 100)
        return str(whole) if not cents else f"{whole}.{cents:02d}"  # "," separates list items
    return value


def settings_in_units(kind: str, typed: dict[str, Any]) -> dict[str, Any]:
    """What a player typed -> the game's units: money settings from dollars to cents."""
    money = money_settings(kind)
    return {k: _cents(v) if k in money else v for k, v in typed.items()}


def settings_defaults(kind: str) -> dict[str, Any]:
    """Every setting of a game with its default, as a player would type it in /game create
    (money in dollars)."""
    model = get_game(kind).settings_model
    money = money_settings(kind)
    out = {name: field.get_default(call_default_factory=True) for name, field in model.model_fields.items()}
    return {k: _dollars(v) if k in money else v for k, v in out.items()}


def settings_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


async def settings_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Offer what is typed so far plus one more `key=default` for each setting not given yet."""
    kind = getattr(interaction.namespace, "kind", None) or getattr(interaction.namespace, "game", None)
    if not kind or kind not in all_games():
        return []
    typed = current.strip()
    given = {part.split("=", 1)[0].lower() for part in typed.split() if "=" in part}
    last = typed.split()[-1] if typed and "=" not in typed.split()[-1] else ""
    base = " ".join(p for p in typed.split() if "=" in p)
    out = []
    for key, default in settings_defaults(kind).items():
        if key in given or (last and not key.startswith(last.lower())) or default is None:
            continue
        text = f"{base} {key}={settings_text(default)}".strip()
        if len(text) <= 100:
            out.append(app_commands.Choice(name=text, value=text))
    return out[:25]


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                  template=r"araldo:lobby:(?P<what>join|leave|start):(?P<game>\d+)"):
    """Join / Leave / Start under the lobby message; survives restarts (state is in the id)."""

    def __init__(self, what: str, game_id: int, label: str) -> None:
        style = discord.ButtonStyle.success if what == "start" else discord.ButtonStyle.primary
        if what == "leave":
            style = discord.ButtonStyle.secondary
        super().__init__(discord.ui.Button(label=label, style=style, custom_id=f"araldo:lobby:{what}:{game_id}"))
        self.what = what
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> LobbyButton:
        return cls(match["what"], int(match["game"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        from bot.errors import report

        try:
            await lobby_action(interaction, self.what, self.game_id)
        except Exception as exc:
            await report(interaction, exc)


def lobby_view(game_id: int, language: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for what in ("join", "leave", "start"):
        view.add_item(LobbyButton(what, game_id, t(f"core.button.{what}", language)))
    return view


async def lobby_action(interaction: discord.Interaction, what: str, game_id: int) -> None:
    svc = service_of(interaction)
    language = await channel_lang(interaction)
    row = await svc.get(game_id)
    user = interaction.user
    if what == "join":
        await svc.join(row.channel_id, str(user.id), user.display_name)
        await send(interaction, t("core.joined", language, player=user.mention,
                                  game=get_game(row.kind).meta.name))
    elif what == "leave":
        await svc.leave(row.channel_id, str(user.id))
        await send(interaction, t("core.left", language, player=user.mention))
    else:
        res = await svc.start(row.channel_id, str(user.id), moderator=await is_moderator(interaction))
        await interaction.response.defer(thinking=True)
        state = res.state
        game = get_game(res.game.kind)
        headline = game.headline(state)
        lines = [
            t("core.started", language, game=game.meta.name, players=[f"<@{p.id}>" for p in state.players]),
            t(headline.key, language, **headline.params),
        ]
        # whoever must act first is called, with what they owe, the deadline and the command to use
        pings = [t("core.turn_ping", language, who=pid, owed=[m.model_dump() for m in owed],
                   deadline=res.game.turn_deadline)
                 for pid in sorted(game.awaiting(state)) if (owed := game.owed(state, pid))]
        text = "\n".join(lines + (pings or [deadline_text(res.game.turn_deadline, language)]))
        view = panel_button(res.game, [Event(key="core.turn_ping")], language) if pings else None
        await send(interaction, text, file=file_of(await board_attachment(res.game, state, None, lang=language)),
                   view=view)


async def lobby_action_here(interaction: discord.Interaction, what: str) -> None:
    """/game join, leave and start: the lobby buttons' action on this channel's game."""
    row = await game_here(interaction)
    assert row.id is not None
    await lobby_action(interaction, what, row.id)


class GameCog(commands.Cog):
    group = app_commands.Group(name="game", description=L("Create, join and follow games", "cmd.game.desc"),
                               guild_only=True)

    def __init__(self, bot: commands.Bot) -> None:
        self.bot = bot

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(LobbyButton)

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
        headline = game.headline(state)
        lines = [f"**{game.meta.name}** #{row.id}", t(headline.key, language, **headline.params)]
        if row.status == "active":
            lines.append(deadline_text(row.turn_deadline, language))
            owed = sorted(game.awaiting(state))
            if owed:
                lines.append(t("core.waiting_for", language, players=[f"<@{p}>" for p in owed]))
            if state.paused_at is not None:
                lines.append(t("core.game_paused", language))
        else:
            lines.append(t("core.ended", language, winners=[state.name_of(w) for w in state.winners]))
        await send(interaction, "\n".join(lines), file=file_of(await board_attachment(row, state, None, lang=language)))

    @group.command(name=L("log", "cmd.game.log"), description=L("The game's recent moves", "cmd.game.log.desc"))
    @app_commands.rename(page=L("page", "opt.page"))
    @app_commands.describe(page=L("1 is the most recent page", "opt.page.desc"))
    async def log(self, interaction: discord.Interaction, page: app_commands.Range[int, 1, 10_000] = 1) -> None:
        language = lang(interaction)
        row = await game_here(interaction, live_only=False)
        assert row.id is not None
        svc = service_of(interaction)
        rows = await svc.log_rows(row.id)
        seats = {s.user_id: s.display_name for s in await svc.seats(row.id)}
        game = get_game(row.kind)
        names = dict(seats)
        if row.kind in LOG_NAMES and row.snapshot_json is not None:
            names = {**LOG_NAMES[row.kind](svc.load_state(row), language), **seats}
        viewer = str(interaction.user.id)
        pages = max(1, (len(rows) + LOG_PAGE - 1) // LOG_PAGE)
        if page > pages:
            raise RuleError("core.no_such_page", pages=pages)
        end = len(rows) - (page - 1) * LOG_PAGE
        shown = rows[max(0, end - LOG_PAGE):end]
        lines = [t("core.log_title", language, page=page, pages=pages, count=len(rows))]
        for r in shown:
            action = json.loads(r.action_json)
            who = f"**{seats[r.actor]}**" if r.actor in seats else f"<@{r.actor}>"  # a moderator off the table
            mod = " 🛡️" if r.moderator else ""
            if game.log_visible(action, r.actor, viewer):
                what = describe_action(row.kind, action, names, language)
            else:
                what = t("core.log_private", language)
            lines.append(f"`#{r.seq}` <t:{int(r.at.timestamp())}:f> {who}{mod} — {what}")
        if not shown:
            lines.append(t("core.log_empty", language))
        await send(interaction, "\n".join(lines), ephemeral=True)

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

    @group.command(name=L("rules", "cmd.game.rules"), description=L("The rules as Araldo plays them", "cmd.game.rules.desc"))
    @app_commands.rename(kind=L("game", "opt.game"))
    @app_commands.describe(kind=L("Which game", "opt.game.desc"))
    @app_commands.choices(kind=game_choices())
    async def rules(self, interaction: discord.Interaction, kind: str) -> None:
        language = lang(interaction)
        meta = get_game(kind).meta
        text = t("core.rules", language, game=meta.name, min=meta.min_players, max=meta.max_players,
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
            lines.append(t("core.game_line", language, game=get_game(row.kind).meta.name, id=row.id,
                           channel=f"<#{row.channel_id}>", status=t(f"core.status.{row.status}", language)))
        await send(interaction, "\n".join(lines), ephemeral=True)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(GameCog(bot))
