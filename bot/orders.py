"""The `/<game> orders` answer every game's cog shares: set, cancel or read one's standing orders.

Orders are a `core_orders` move like any other (logged, replayed, undone), but only their owner is
ever told of them: the answer is ephemeral, and the move has no public event.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from bot.ui import game_here, lang, player_id, send, service_of
from engine.core import get_game


async def set_orders(interaction: discord.Interaction, kind: str, orders: dict[str, Any] | None,
                     *, keep_on_return: bool = True) -> None:
    """Give (or, with None, cancel) the caller's standing orders in this channel's game of `kind`."""
    row = await game_here(interaction, kind)
    assert row.id is not None
    svc = service_of(interaction)
    actor = str(interaction.user.id)
    action = {"type": "core_orders", "orders": orders, "keep_on_return": keep_on_return}
    # announce: a game whose orders act at once (Impero's proxy bids) has those moves posted in the
    # channel, as the clock's are; the orders themselves stay the owner's (their events name only them)
    result = await svc.act(row.id, actor, action, interaction_id=str(interaction.id), announce=True)
    language = lang(interaction)
    said = [t(ev.key, language, **ev.params) for ev in result.events if ev.to is not None and actor in ev.to]
    await send(interaction, "\n".join(said) or t("core.done", language), ephemeral=True)


async def show_orders(interaction: discord.Interaction, kind: str) -> None:
    """The caller's standing orders in words, to them alone."""
    row = await game_here(interaction, kind)
    assert row.id is not None
    _, state = await service_of(interaction).state(row.id)
    language = lang(interaction)
    said = orders_text(state, kind, player_id(interaction, state), language)
    await send(interaction, said or t("core.orders_none", language), ephemeral=True)


def orders_text(state: Any, kind: str, viewer: str, language: str) -> str | None:
    """A player's own orders in words (for a panel or a private page), or None."""
    game = get_game(kind)
    orders = game.orders_of(state, viewer)
    if orders is None:
        return None
    return t("core.orders_set", language, orders=game.describe_orders(state, viewer, orders),
             keep=state.orders[viewer].keep_on_return)


async def answer_orders(interaction: discord.Interaction, kind: str, changes: dict[str, Any], *,
                        keep: bool | None = None, clear: bool = False) -> None:
    """`/<game> orders` in every game: `clear` cancels; no option shows them; otherwise the options given
    change those orders only and keep the rest (and the choice made for the return, unless `keep` is given)."""
    if clear:
        await set_orders(interaction, kind, None)
        return
    if not changes and keep is None:
        await show_orders(interaction, kind)
        return
    row = await game_here(interaction, kind)
    assert row.id is not None
    _, state = await service_of(interaction).state(row.id)
    standing = state.orders.get(player_id(interaction, state))
    merged = dict(standing.orders) if standing is not None else {}
    for key, value in changes.items():  # a per-company order adds to the others, not over them
        old = merged.get(key)
        merged[key] = {**old, **value} if isinstance(old, dict) and isinstance(value, dict) else value
    kept = keep if keep is not None else (standing.keep_on_return if standing is not None else True)
    await set_orders(interaction, kind, merged, keep_on_return=kept)
