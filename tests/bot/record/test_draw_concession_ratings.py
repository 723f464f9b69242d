"""The record of a draw and of a concession (docs/record.md): a draw ties the players still seated, a
concession ranks its player last (the later conceder above the earlier), both games are rated, and a
concession is no game "left" against the player's reliability. The ratings are openskill's own."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select

from bot.record.recorder import Recorder
from bot.storage.record_tables import RecordGame, RecordRating, RecordResult
from tests.bot.record.play import corsa


@pytest.fixture
async def recorder(service):
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    return rec


async def _tables(db, gid: int) -> tuple[RecordGame, dict[str, RecordResult], dict[str, RecordRating]]:
    async with db.sessions() as s:
        game = (await s.execute(select(RecordGame).where(RecordGame.game_id == gid))).scalar_one()
        results = {r.user_id: r for r in (await s.execute(select(RecordResult).where(RecordResult.game_id == gid))).scalars()}
        ratings = {r.user_id: r for r in (await s.execute(select(RecordRating))).scalars()}
    return game, results, ratings


async def test_a_draw_ties_the_players_still_seated_and_a_conceder_ranks_last(service, clock, recorder) -> None:
    gid = await corsa(service, clock, ["51", "52", "53"], steps=["add", "concede:53", "draw"], finish=False)
    await recorder.settled()
    game, results, ratings = await _tables(service.db, gid)
    assert game.end_reason == "draw" and game.rated and game.humans == 3
    assert (results["51"].place, results["52"].place, results["53"].place) == (1, 1, 3)
    assert not any(r.won for r in results.values())
    assert not results["53"].left  # conceding is no seat abandoned
    model = PlackettLuce()
    teams = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 1, 2])
    for pid, team in zip(("51", "52", "53"), teams, strict=True):
        assert ratings[pid].mu == pytest.approx(team[0].mu, abs=1e-12)
        assert ratings[pid].sigma == pytest.approx(team[0].sigma, abs=1e-12)
    # the tie leaves the two drawn players level, above the conceder
    assert ratings["51"].display == pytest.approx(ratings["52"].display)
    assert ratings["53"].display < ratings["51"].display
    assert ratings["51"].wins == 0


async def test_the_last_concession_ends_a_rated_game_won_by_the_one_left(service, clock, recorder) -> None:
    gid = await corsa(service, clock, ["61", "62", "63"], steps=["concede:62", "concede:63"], finish=False)
    await recorder.settled()
    game, results, ratings = await _tables(service.db, gid)
    assert game.end_reason == "concession" and game.rated
    assert (results["61"].place, results["63"].place, results["62"].place) == (1, 2, 3)
    assert results["61"].won and not results["62"].won
    model = PlackettLuce()
    teams = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 3])
    for pid, team in zip(("61", "63", "62"), teams, strict=True):
        assert ratings[pid].mu == pytest.approx(team[0].mu, abs=1e-12)
    assert ratings["61"].display > ratings["63"].display > ratings["62"].display
