"""What every cog needs to talk to players: the service, the caller's language, the game of this
channel, applying an action and answering with what happened (public text, private text, board)."""

from __future__ import annotations

import asyncio
import io
import re
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

import discord

from bot.errors import default_locale, report
from bot.errors import lang as lang  # the caller's language, used by every cog
from bot.i18n import channel_language, t
from bot.pictures import board_attachment, chunks, has_picture
from bot.service import ActResult, GameService
from bot.storage.models import GameRow
from engine.core import Event, GameState, RuleError, get_game
from engine.core.moderation import CALL_KEYS


def service_of(interaction: discord.Interaction) -> GameService:
    # the client is bot.main.AraldoBot; naming that class here would close an import cycle
    service: GameService = interaction.client.service  # type: ignore[attr-defined]
    return service


async def channel_lang(interaction: discord.Interaction) -> str:
    """The language of what everyone in the channel sees (posts, images, shared panels): the
    server's, whoever acted."""
    if interaction.guild_id is None:
        return lang(interaction)
    cfg = await service_of(interaction).guild_config(str(interaction.guild_id))
    return channel_language(cfg.locale, default_locale(interaction))


def channel_id(interaction: discord.Interaction) -> str:
    if interaction.channel_id is None:
        raise RuleError("core.guild_only")
    return str(interaction.channel_id)


def guild_id(interaction: discord.Interaction) -> str:
    if interaction.guild_id is None:
        raise RuleError("core.guild_only")
    return str(interaction.guild_id)


def player_id(interaction: discord.Interaction, state: GameState) -> str:
    """The caller's id when they play `state`'s game; a clear error otherwise."""
    user = str(interaction.user.id)
    if state.player(user) is None:
        raise RuleError("core.not_a_player")
    return user


async def moderates(svc: GameService, member: discord.Member) -> bool:
    """Is this member a moderator of their server: Manage Server, or the role `/mod config` names."""
    if member.guild_permissions.manage_guild:
        return True
    cfg = await svc.guild_config(str(member.guild.id))
    return bool(cfg.mod_role_id) and any(str(r.id) == cfg.mod_role_id for r in member.roles)


async def is_moderator(interaction: discord.Interaction) -> bool:
    member = interaction.user
    if not isinstance(member, discord.Member) or interaction.guild_id is None:
        return False
    return await moderates(service_of(interaction), member)


async def require_moderator(interaction: discord.Interaction) -> None:
    if not await is_moderator(interaction):
        raise RuleError("core.not_moderator")


async def game_here(interaction: discord.Interaction, kind: str | None = None, *,
                    live_only: bool = True) -> GameRow:
    svc = service_of(interaction)
    try:
        row = await svc.in_channel(channel_id(interaction), live_only=live_only)
    except RuleError as exc:
        # a move in the channel of a game that just ended: say so, not "no game here"
        if not live_only or exc.code != "core.no_game_here":
            raise
        await svc.in_channel(channel_id(interaction))  # still "no game here" if there never was one
        raise RuleError("core.game_over") from None
    if kind is not None and row.kind != kind:
        raise RuleError("core.wrong_game", game=row.kind)
    return row


def file_of(attachment: tuple[str, bytes] | None) -> discord.File | None:
    if attachment is None:
        return None
    return discord.File(io.BytesIO(attachment[1]), filename=attachment[0])


def fit(text: str, limit: int) -> str:
    """`text` within one of Discord's length limits (a modal's title is 45), cut at a word with "…"."""
    if len(text) <= limit:
        return text
    cut = text[:limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut).rstrip(" ,;:") + "…"


async def send(interaction: discord.Interaction, content: str, *, ephemeral: bool = False,
               file: discord.File | None = None, view: discord.ui.View | None = None,
               embed: discord.Embed | None = None) -> None:
    """Answer the interaction (first reply or followup), splitting text over 2000 characters."""
    parts = chunks(content) if content else [""]
    for i, part in enumerate(parts):
        last = i == len(parts) - 1
        kwargs: dict[str, Any] = {"ephemeral": ephemeral}
        if last and file is not None:
            kwargs["file"] = file
        if last and view is not None:
            kwargs["view"] = view
        if last and embed is not None:
            kwargs["embed"] = embed
        if interaction.response.is_done():
            await interaction.followup.send(part or "\u200b", **kwargs)
        else:
            await interaction.response.send_message(part or "\u200b", **kwargs)


async def spend_buttons(interaction: discord.Interaction, choice: str) -> None:
    """A one-shot button (accept or refuse an offer, admit a newcomer...) whose move the engine has just
    taken: its message loses its buttons and says what was chosen (on a shared message, by whom), so
    nobody clicks a spent choice again. Call it before answering: it is the interaction's response."""
    message = interaction.message
    if message is None or interaction.response.is_done():
        return
    if message.flags.ephemeral:
        line = t("core.ui.done", lang(interaction), choice=choice)
    else:
        line = t("core.ui.done_by", await channel_lang(interaction), choice=choice, user=f"<@{interaction.user.id}>")
    text = f"{message.content}\n{line}" if message.content else line
    await interaction.response.edit_message(content=text if len(text) <= 2000 else line, view=None)


# ---- modals that outlive the bot -------------------------------------------------------------
# A modal's submit is a fresh interaction naming only its custom_id. Araldo's game modals carry
# their whole context there, are forgotten by discord.py once sent, and every submit is answered by
# the handler its custom_id names: a modal opened before a restart is played after it.
ModalHandler = Callable[[discord.Interaction, "re.Match[str]", dict[str, str]], Awaitable[None]]


async def send_modal(interaction: discord.Interaction, modal: discord.ui.Modal) -> None:
    """Open `modal`, whose custom_id names its handler and context; its submit goes to that handler."""
    await interaction.response.send_modal(modal)
    modal.stop()  # not kept in memory: the same path serves a submit before and after a restart


def modal_values(interaction: discord.Interaction) -> dict[str, str]:
    """The text fields of a submitted modal, by custom_id."""
    data: dict[str, Any] = dict(interaction.data or {})
    values: dict[str, str] = {}
    for row in data.get("components", []):
        for item in row.get("components", [row.get("component")] if row.get("component") else []):
            if isinstance(item, dict) and "custom_id" in item:
                values[str(item["custom_id"])] = str(item.get("value") or "")
    return values


async def answer_modal(interaction: discord.Interaction,
                       handlers: Iterable[tuple[re.Pattern[str], ModalHandler]]) -> None:
    """A modal submit whose custom_id one of `handlers` matches, played by it (a cog's listener)."""
    if interaction.type != discord.InteractionType.modal_submit:
        return
    custom_id = str(dict(interaction.data or {}).get("custom_id", ""))
    for pattern, handler in handlers:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            try:
                await handler(interaction, match, modal_values(interaction))
            except Exception as exc:
                await report(interaction, exc)
            return


# kind -> opens the clicking player's private panel for a game (each game's cog registers its own)
PanelOpener = Callable[[discord.Interaction, GameRow], Awaitable[None]]
PANEL_OPENERS: dict[str, PanelOpener] = {}


class OpenPanelButton(discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
                      template=r"araldo:panel:(?P<game>\d+)"):
    """Under a turn ping: whoever clicks gets their own private panel of what they may do now."""

    def __init__(self, game_id: int, label: str = "") -> None:
        super().__init__(discord.ui.Button(label=label[:80] or None, style=discord.ButtonStyle.success,
                                           custom_id=f"araldo:panel:{game_id}", emoji="🎮"))
        self.game_id = game_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Item[Any],
                             match: Any) -> OpenPanelButton:
        return cls(int(match["game"]), str(getattr(item, "label", "")))

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            row = await service_of(interaction).get(self.game_id)
            opener = PANEL_OPENERS.get(row.kind)
            if opener is None:
                raise RuleError("core.no_panel")
            await opener(interaction, row)
        except Exception as exc:
            await report(interaction, exc)


def panel_button(row: GameRow, events: list[Event], language: str) -> discord.ui.View | None:
    """The "open my panel" button, under a message that calls a player to play."""
    if row.id is None or row.kind not in PANEL_OPENERS or not any(ev.key in CALL_KEYS for ev in events):
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(OpenPanelButton(row.id, t("core.button.panel", language)))
    return view


def call_button(row: GameRow, state: GameState, text: str, language: str) -> discord.ui.View | None:
    """The "open my panel" button under a post that names, with a mention, a player the game now
    awaits (a game's own call: a letter's voters, a deal's receiver)."""
    if state.status != "active" or not any(f"<@{pid}>" in text for pid in get_game(row.kind).awaiting(state)):
        return None
    return panel_button(row, [Event(key=CALL_KEYS[0])], language)


def render_events(events: list[Event], language: str, *, viewer: str | None) -> tuple[str, str]:
    """(public text, text only `viewer` may see)."""
    public, private = [], []
    for ev in events:
        text = t(ev.key, language, **ev.params)
        if ev.to is None:
            public.append(text)
        elif viewer is not None and viewer in ev.to:
            private.append(text)
    return "\n".join(public), "\n".join(private)


async def act(interaction: discord.Interaction, row: GameRow, action: dict[str, Any], *,
              board: bool = False, moderator: bool = False) -> ActResult:
    """Apply a player's action and answer: what everyone may know in the channel, the actor's
    private part ephemerally, the board image when asked."""
    assert row.id is not None
    # no defer before the move: a refusal must stay ephemeral, and a deferred reply's first
    # followup inherits the defer's visibility. Moves take milliseconds; rendering may not.
    result = await service_of(interaction).act(row.id, str(interaction.user.id), action,
                                               interaction_id=str(interaction.id), moderator=moderator)
    await answer_public(interaction, result, board=board)
    return result


BOARD_WAIT = 1.0  # at most, for a board to be ready for the interaction's first callback
ANSWER_BY = 2.0  # ...and no later than this after Discord created the interaction


def _board_wait(interaction: discord.Interaction) -> float:
    """How long a move's answer may wait for its board before deferring. By the interaction's own
    timestamp, so a command that was slow to reach the bot defers at once; capped, so a clock behind
    Discord's cannot stretch it."""
    age = (discord.utils.utcnow() - interaction.created_at).total_seconds()
    return max(0.0, min(BOARD_WAIT, ANSWER_BY - age))


async def answer_public(interaction: discord.Interaction, result: ActResult, *, board: bool = False,
                        view: discord.ui.View | None = None, file: discord.File | None = None) -> None:
    """A move's public part in the channel's language (with the board and a panel when given),
    the actor's private part ephemerally in their own."""
    language = await channel_lang(interaction)
    viewer = str(interaction.user.id)
    public, _ = render_events(result.events, language, viewer=viewer)
    _, private = render_events(result.events, lang(interaction), viewer=viewer)
    if view is None:  # a turn ping carries the button that opens the called player's panel
        view = panel_button(result.game, [ev for ev in result.events if ev.to is None], language)
    if board and file is None and has_picture(result.game.kind):
        drawing = asyncio.ensure_future(board_attachment(result.game, result.state, None, lang=language))
        if not interaction.response.is_done():
            # the board in the first callback when it is drawn in time (one request less, and no
            # "thinking..." flash); else the placeholder first, well inside Discord's 3 s
            try:
                await asyncio.wait_for(asyncio.shield(drawing), timeout=_board_wait(interaction))
            except TimeoutError:
                await interaction.response.defer(thinking=True)
        file = file_of(await drawing)
    await send(interaction, public or t("core.done", language), file=file, view=view)
    if private:
        await send(interaction, private, ephemeral=True)
