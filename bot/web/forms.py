"""What a seated player's private page adds at the game's newest step: their moves as forms, grouped as
their Discord panel groups them (bot/tablemoves.py, each game's lister), and the page's own token the
forms carry (bot/web/links.py). Played by bot/web/acting.py."""

from __future__ import annotations

import asyncio

from markupsafe import Markup

from bot.tablemoves import TableMove, moves_of
from bot.web.links import Links, Reader
from bot.web.markup import discord_html
from bot.web.tables import Table

Groups = list[tuple[str, list[tuple[int, TableMove, Markup]]]]  # (title, [(index, move, its words as HTML)])


async def listed(table: Table, player: str, lang: str) -> list[TableMove]:
    """The player's moves at the table's version, worked out once per version and language (off the
    event loop: some games try every candidate move), on a state of their own (the rules may touch it)."""
    key = ("moves", player, lang)
    found: list[TableMove] | None = table.extra.get(key)
    if found is None:
        row = table.row
        found = await asyncio.to_thread(lambda: moves_of(row.kind, table.svc.load_state(row), player, lang))
        table.extra[key] = found
    return list(found)


async def page_forms(table: Table, reader: Reader, lang: str, links: Links | None) -> tuple[Groups, str]:
    """The page's move forms in groups, and the token they carry (none for the public, a moderator,
    a player without a seat, a game not running)."""
    player = reader.player
    if player is None or player not in table.names or table.row.status != "active" or links is None:
        return [], ""
    groups: Groups = []
    for i, move in enumerate(await listed(table, player, lang)):
        if not groups or groups[-1][0] != move.group:
            groups.append((move.group, []))
        groups[-1][1].append((i, move, discord_html(move.label, table.names)))
    return groups, links.page_token(reader.game_id, player, table.row.version)
