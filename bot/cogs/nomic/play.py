"""Shared by the DecameroNomic cog and its panels: a game's state read for a click, its views, and
an action played with its answer (public events in the channel, the player's own privately)."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.service import ActResult
from bot.storage.models import GameRow
from bot.ui import call_button, channel_lang, game_here, lang, render_events, send, service_of, spend_buttons
from engine.core import RuleError, get_game
from engine.core.names import find_by_name
from engine.nomic.models import NomicState
from engine.nomic.views import NomicView

KIND = "nomic"  # the nomic cogs take the game's name from here


def nomic_state(state: Any) -> NomicState:
    if not isinstance(state, NomicState):
        raise RuleError("core.wrong_game", game=getattr(state, "game", KIND))
    return state


def public_view(state: NomicState) -> NomicView:
    view = get_game(KIND).view(state, None)
    assert isinstance(view, NomicView)
    return view


def my_view(state: NomicState, user: str) -> NomicView:
    view = get_game(KIND).view(state, user)
    assert isinstance(view, NomicView)
    return view


async def load(interaction: discord.Interaction, game_id: int) -> tuple[GameRow, NomicState]:
    row, state = await service_of(interaction).state(game_id)
    return row, nomic_state(state)


async def play(interaction: discord.Interaction, game_id: int, action: dict[str, Any], *,
               actor: str | None = None, choice: str | None = None) -> ActResult:
    """Apply an action and answer: public events in the channel, the actor's own privately. With
    `choice` (a one-shot button's label), the clicked message loses its buttons once the move is in.
    What the channel reads is in the channel's language, whoever acted; the actor's own in his."""
    language = lang(interaction)
    who = actor or str(interaction.user.id)
    result = await service_of(interaction).act(game_id, who, action, interaction_id=str(interaction.id))
    if choice is not None:
        await spend_buttons(interaction, choice)
    shared = await channel_lang(interaction)
    public, _ = render_events(result.events, shared, viewer=who)
    _, private = render_events(result.events, language, viewer=who)
    # a post that calls someone to act (a letter's voters) carries the button to their own panel
    view = call_button(result.game, result.state, public, shared)
    await send(interaction, public or t("core.done", shared), view=view)
    if private:
        await send(interaction, private, ephemeral=True)
    return result


async def here(interaction: discord.Interaction) -> tuple[int, NomicState]:
    row = await game_here(interaction, KIND)
    assert row.id is not None
    return row.id, nomic_state(service_of(interaction).load_state(row))


async def act_here(interaction: discord.Interaction, action: dict[str, Any]) -> None:
    """Apply `action` in this channel's game and answer."""
    game_id, _ = await here(interaction)
    await play(interaction, game_id, action)


def player_named(state: NomicState, name: str) -> str:
    pid = find_by_name(name, {p.id: p.name for p in state.players if not p.left})
    if pid is None:
        raise RuleError("nomic.no_player", name=name)
    return pid
