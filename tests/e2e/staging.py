"""Reading and staging a game's position in the e2e tests, past the commands: what the service
holds now, and a position written straight into the stored snapshot."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sqlalchemy import update
from sqlmodel import col

from bot.storage.models import GameRow
from engine.core import get_game


def game_id_of(game: Any) -> int:
    """A game's id, from the id itself or its row."""
    return game if isinstance(game, int) else game.id


async def state_of(bot: Any, game: Any) -> Any:
    """The game's state as the service has it now (`game`: its row or id)."""
    _, state = await bot.service.state(game_id_of(game))
    return state


async def rig(bot: Any, game: Any, change: Callable[[Any], Any]) -> Any:
    """Stage a position: load the snapshot, let `change` edit it, store it as a new version.
    Every move after it goes through the commands."""
    gid = game_id_of(game)
    fresh = await bot.service.get(gid)
    state = bot.service.load_state(fresh)
    change(state)
    data = json.dumps(get_game(fresh.kind).dump_state(state), separators=(",", ":"))
    async with bot.service.db.transaction() as s:
        await s.execute(update(GameRow).where(col(GameRow.id) == gid)
                        .values(snapshot_json=data, version=fresh.version + 1))
    bot.service.cache.forget(gid)  # written behind the service's back: its recent view is void
    return state
