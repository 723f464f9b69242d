"""The pages' copy of a game: a new version adds only the moves made since, and an undo is seen."""

from __future__ import annotations

from bot.service import GameService
from bot.web.history import History
from bot.web.links import Reader
from bot.web.pages import build
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


async def test_a_readers_lines_stay_aligned_to_the_steps_past_anothers_undo_note(service: GameService) -> None:
    """An undo's note of what one player saw is no line for the others: their log keeps one entry per
    step (None there), so a later version adds only its own moves, never the ones said before again."""
    gid = await played(service, 2)
    _, state = await service.state(gid)
    owner, other = state.players[0].id, state.players[1].id
    note = {"type": "mod_revealed", "to": owner, "seen": [{"key": "core.none", "params": {}}]}
    await service.act(gid, "mod", note, moderator=True)
    tables = Tables(service, History())
    first = await tables.table(gid)
    theirs = await first.log_lines(other, "it")
    assert len(theirs) == 3 and theirs[2] is None and all(theirs[:2])
    assert (await first.log_lines(owner, "it"))[2] is not None
    _, state = await service.state(gid)
    await service.act(gid, state.players[state.turn].id, {"type": "add", "amount": 2})
    second = await tables.table(gid)
    again = await second.log_lines(other, "it")
    assert again[:3] == theirs and again[3] is not None and len(again) == 4
    assert again[3] != again[1]  # the new move, not the second move said again
    page = await build(second, Reader(game_id=gid, player=other), None, "it")
    assert [n for n, _ in page.log] == [4, 2, 1]  # the step numbers, newest first; step 3 is no line for them
    earlier = await build(second, Reader(game_id=gid, player=other), 3, "it")
    assert [n for n, _ in earlier.log] == [2, 1]
