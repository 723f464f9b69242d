"""The game state of the channel an autocomplete is typed in: every game's option lists read it."""

from __future__ import annotations

import discord

from bot.ui import service_of
from engine.core import GameState


async def live_state(interaction: discord.Interaction, kind: str) -> GameState | None:
    """The active game of `kind` in this channel, or None: an autocomplete never fails at the user."""
    try:
        svc = service_of(interaction)
        row = await svc.in_channel(str(interaction.channel_id), live_only=True)
        if row.kind != kind or row.status != "active":
            return None
        return svc.load_state(row)
    except Exception:
        return None
