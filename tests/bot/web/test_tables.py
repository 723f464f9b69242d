"""The pages' copy of a game: a new version adds only the moves made since, and an undo is seen."""

from __future__ import annotations

from bot.service import GameService
from bot.web.history import History
from bot.web.tables import Tables
from tests.bot.web.test_history import played


async def test_new_moves_are_added_and_an_undo_is_seen(service: GameService) -> None:
    gid = await played(service, 6)
    tables = Tables(service, History())
    first = await tables.table(gid)
    lines = await first.log_lines("", "it")
    assert len(lines) == 6 and all("**Anna**" in line or "**Bruno**" in line for line in lines)
    _, state = await service.state(gid)
    await service.act(gid, state.players[state.turn].id, {"type": "add", "amount": 2})
    second = await tables.table(gid)
    assert second is not first and len(second.rows) == 7 and second.rows[:6] == first.rows
    said = await second.log_lines("", "it")
    assert said[:6] == lines and len(said) == 7
    assert (await tables.table(gid)) is second  # the same version: the same table
    await service.undo(gid, 3, "mod")
    third = await tables.table(gid)
    rows = await service.log_rows(gid)
    assert [r.id for r in third.rows] == [r.id for r in rows]
    again = await third.log_lines("", "it")
    assert len(again) == len(rows) and again[:4] == lines[:4]
