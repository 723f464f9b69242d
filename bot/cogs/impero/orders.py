"""`/impero orders`: a player's standing orders, changed a piece at a time.

Each call changes only what its options name and keeps the rest: a proxy bid on one company (a
limit of 0 takes it away), developing at the turn end, the capital it leaves. No option shows the
current orders; `clear` cancels them all. The answers are ephemeral (bot/orders.py); a proxy bid
that acts at once is announced in the channel as placed by standing order, without its limit.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.cogs.impero.views import KIND, impero_state, parse_money
from bot.orders import set_orders, show_orders
from bot.ui import game_here, player_id, service_of
from engine.core import RuleError
from engine.impero import GAME


async def orders_command(interaction: discord.Interaction, *, company: str | None, limit: str | None,
                         develop: bool | None, reserve: str | None, clear: bool, keep: bool | None) -> None:
    if clear:
        await set_orders(interaction, KIND, None)
        return
    if company is None and limit is None and develop is None and reserve is None and keep is None:
        await show_orders(interaction, KIND)
        return
    row = await game_here(interaction, KIND)
    assert row.id is not None
    _, raw = await service_of(interaction).state(row.id)
    state = impero_state(raw)
    me = player_id(interaction, state)
    current = GAME.orders_of(state, me)
    orders: dict[str, Any] = current.model_dump(mode="json") if current is not None else {}
    if (company is None) != (limit is None):
        raise RuleError("impero.orders.company_and_limit")
    if company is not None and limit is not None:
        named = GAME.find_company(state, company)
        bids = {n: v for n, v in orders.get("bids", {}).items() if not _same(state, n, named.id)}
        cents = parse_money(limit)
        if cents:
            bids[named.name] = cents
        orders["bids"] = bids
    if develop is not None:
        orders["develop"] = develop
    if reserve is not None:
        orders["reserve"] = parse_money(reserve)
    standing = state.orders.get(me)
    kept = keep if keep is not None else (standing.keep_on_return if standing is not None else True)
    await set_orders(interaction, KIND, orders, keep_on_return=kept)


def _same(state: Any, name: str, company_id: str) -> bool:
    try:
        return bool(GAME.find_company(state, name).id == company_id)
    except RuleError:
        return False
