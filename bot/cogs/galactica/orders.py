"""`/galactica orders`: a player's standing orders, how an autopilot plays their seat when their turn
lapses or while they are away. Only the caller ever sees them (answers are ephemeral)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.galactica.views import KIND
from bot.orders import answer_orders
from bot.translator import L

POSTURES = [app_commands.Choice(name=L(p, f"choice.gal.posture.{p}"), value=p) for p in ("economy", "defend", "full")]


def orders_command() -> app_commands.Command[Any, ..., None]:
    """A fresh `/galactica orders` command (each cog instance gets its own)."""

    @app_commands.command(name=L("orders", "cmd.gal.orders"),
                          description=L("Standing orders for your turns when you are not there (only you see them)",
                                        "cmd.gal.orders.desc"))
    @app_commands.rename(posture=L("posture", "opt.gal.posture"), keep=L("keep", "opt.gal.keep"),
                         clear=L("clear", "opt.gal.clear"))
    @app_commands.describe(posture=L("Economy only, defend your planets, or play fully", "opt.gal.posture.desc"),
                           keep=L("Keep the orders when you come back (default yes)", "opt.gal.keep.desc"),
                           clear=L("Cancel your standing orders", "opt.gal.clear.desc"))
    @app_commands.choices(posture=POSTURES)
    async def orders(interaction: discord.Interaction, posture: str | None = None, keep: bool | None = None,
                     clear: bool = False) -> None:
        changes = {"posture": posture} if posture is not None else {}
        await answer_orders(interaction, KIND, changes, keep=keep, clear=clear)

    return orders
