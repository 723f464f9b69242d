"""The standing-orders promise in the conformance suite: as soon as a game starts, its first seat
leaves the game's sample orders; nothing of them may reach the channel or anyone else's DMs, and the
others' `/game log` shows the entry as private. A game without orders fails the check."""

from __future__ import annotations

from typing import Any

from engine.core import get_game


async def leave_orders(table: Any) -> None:
    state = await table.state()
    game = get_game(table.kind)
    pid = state.player_ids()[0]
    sample = game.orders_sample(state, pid)
    if game.orders_model is None or not sample:
        table.problems["orders"].append(f"{table.kind} offers no standing orders to an absent player")
        return
    action = {"type": "core_orders", "orders": sample}
    result = await table.step(table.user_of(pid), lambda: table.bot.service.act(table.game_id, pid, action))
    for ev in result.events:  # what the move says, before any cog decides where to post it
        if ev.to is None or set(ev.to) - {pid}:
            table.problems["orders"].append(f"{table.kind} tells others of a player's standing orders: {ev.key}")
    if (await table.state()).orders.get(pid) is None:
        table.problems["orders"].append(f"{table.kind} did not keep {pid}'s orders")


def check_orders_step(table: Any, after: dict[str, Any], new: list[Any], actor: Any) -> None:
    """After a step whose move was a player's orders: told to nobody but them."""
    if actor is None or after["last"].get("type") != "core_orders":
        return
    for msg in new:
        dm_to_other = msg.channel.type == 1 and msg.channel.recipients[0].id != actor.id
        public = not msg.ephemeral and msg.channel.type != 1
        seen_by_other = msg.ephemeral and msg.visible_to and set(msg.visible_to) - {actor.id}
        if dm_to_other or public or seen_by_other:
            table.problems["orders"].append(f"{actor.username}'s standing orders were shown to others: "
                                            f"{msg.content[:120]!r}")
    for pid in after["views"]:
        if pid not in (None, actor.id):
            table.hidden.append((after["seq"], pid))
