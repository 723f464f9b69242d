"""The lobby: the message with Join / Leave / Start under a new game, its buttons (which survive
restarts), and the start that calls whoever must act first."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.pictures import board_attachment
from bot.ui import channel_lang, file_of, game_here, is_moderator, panel_button, render_events, send, service_of
from engine.core import Event, get_game


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
        # what the setup decided (the dice for the order of play, a first turn's points) before what comes now
        decided, _ = render_events([e for e in res.events if e.key != "core.started"], language, viewer=None)
        lines = [
            t("core.started", language, game=res.game.kind, players=[f"<@{p.id}>" for p in state.players]),
            *([decided] if decided else []),
            t(headline.key, language, **headline.params),
        ]
        # each player is told what to do first: whoever must act is called, with what they owe, the
        # deadline and the command to use; the others what they may do meanwhile, or to wait
        awaiting = game.awaiting(state)
        pings, others = [], []
        for player in state.players:
            steps = [m.model_dump() for m in game.first_steps(state, player.id)]
            if player.id in awaiting:
                key = "core.turn_ping" if res.game.turn_deadline is not None else "core.turn_call"
                pings.append(t(key, language, who=player.id, deadline=res.game.turn_deadline,
                               owed=steps or [{"key": "core.first.panel"}]))
            elif steps:
                others.append(t("core.first_steps", language, who=player.id, steps=steps))
            else:
                others.append(t("core.first_wait", language, who=player.id))
        told = pings + others + [t("core.first_help", language)]
        text = "\n".join(lines + ([] if pings else [deadline_text(res.game.turn_deadline, language)]) + told)
        view = panel_button(res.game, [Event(key="core.turn_ping")], language) if pings else None
        await send(interaction, text, file=file_of(await board_attachment(res.game, state, None, lang=language)),
                   view=view)


async def lobby_action_here(interaction: discord.Interaction, what: str) -> None:
    """/game join, leave and start: the lobby buttons' action on this channel's game."""
    row = await game_here(interaction)
    assert row.id is not None
    await lobby_action(interaction, what, row.id)
