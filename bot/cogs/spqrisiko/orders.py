"""`/spqr orders`: a player's standing orders, how the autopilot plays their seat when their turn
lapses or while they are away. Only the caller ever sees them (answers are ephemeral)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.cogs.spqrisiko import views as v
from bot.cogs.spqrisiko.moves import split_names
from bot.orders import answer_orders
from bot.translator import L
from engine.spqrisiko.models import KIND


def _choices(key: str, values: tuple[str, ...]) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=L(value, f"choice.spqr.{key}.{value}"), value=value) for value in values]


def orders_command() -> app_commands.Command[Any, ..., None]:
    """A fresh `/spqr orders` command (each cog instance gets its own)."""

    @app_commands.command(name=L("orders", "cmd.spqr.orders"),
                          description=L("Standing orders for your turns when you are not there (only you see them)",
                                        "cmd.spqr.orders.desc"))
    @app_commands.rename(posture=L("posture", "opt.spqr.posture"), odds=L("odds", "opt.spqr.odds"),
                         placement=L("placement", "opt.spqr.placement"), regions=L("regions", "opt.spqr.regions"),
                         cards=L("cards", "opt.spqr.cards"), keep=L("keep", "opt.spqr.keep"),
                         clear=L("clear", "opt.spqr.clear"))
    @app_commands.describe(posture=L("Hold, defend the borders, or attack", "opt.spqr.posture.desc"),
                           odds=L("Attack: the least chance of winning, in percent", "opt.spqr.odds.desc"),
                           placement=L("Reinforcements: spread on the borders or on the weakest",
                                       "opt.spqr.placement.desc"),
                           regions=L("Provinces to reinforce first, comma-separated", "opt.spqr.regions.desc"),
                           cards=L("Trade a set as soon as you can, or keep your cards", "opt.spqr.cards.desc"),
                           keep=L("Keep the orders when you come back (default yes)", "opt.spqr.keep.desc"),
                           clear=L("Cancel your standing orders", "opt.spqr.clear.desc"))
    @app_commands.choices(posture=_choices("posture", ("hold", "defend", "attack")),
                          placement=_choices("placement", ("borders", "weakest")),
                          cards=_choices("cards", ("trade", "hold")))
    @app_commands.autocomplete(regions=v.own_provinces)
    async def orders(interaction: discord.Interaction, posture: str | None = None,
                     odds: app_commands.Range[int, 1, 100] | None = None, placement: str | None = None,
                     regions: str | None = None, cards: str | None = None, keep: bool | None = None,
                     clear: bool = False) -> None:
        changes: dict[str, Any] = {k: val for k, val in (("posture", posture), ("attack_odds", odds),
                                                         ("placement", placement), ("cards", cards))
                                   if val is not None}
        if regions is not None:
            changes["regions"] = split_names(regions)
        await answer_orders(interaction, KIND, changes, keep=keep, clear=clear)

    return orders
