"""Ratings after a series of games equal openskill's own, computed directly; moderator-ended games and
games of one human are not rated; a game ending is recorded by itself after its commit."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select

from bot.record.rebuild import rebuild
from bot.record.recorder import Recorder
from bot.storage.record_tables import RecordGame, RecordRating, RecordResult, RecordWait
from tests.bot.record.play import corsa


@pytest.fixture
async def recorder(service):
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    return rec


async def _ratings(db) -> dict[str, RecordRating]:
    async with db.sessions() as s:
        return {r.user_id: r for r in (await s.execute(select(RecordRating))).scalars()}


async def _winner(db, game_id: int) -> str:
    async with db.sessions() as s:
        rows = (await s.execute(select(RecordResult).where(RecordResult.game_id == game_id))).scalars()
        return next(r.user_id for r in rows if r.won)


async def test_a_known_series_rates_as_openskill_does(service, clock, recorder) -> None:
    series = [["11", "12", "13"], ["12", "13"], ["13", "11", "14"], ["11", "12"]]
    model = PlackettLuce()
    direct = {}
    for n, players in enumerate(series):
        gid = await corsa(service, clock, players, channel=f"60{n}")
        await recorder.settled()
        winner = await _winner(service.db, gid)
        others = [p for p in players if p != winner]
        teams = [[direct.get(p) or model.rating()] for p in [winner, *others]]
        # Corsa names its winner and no order among the rest: they tie second
        rated = model.rate(teams, ranks=[1] + [2] * len(others))
        for p, team in zip([winner, *others], rated, strict=True):
            direct[p] = team[0]
    got = await _ratings(service.db)
    assert set(got) == set(direct)
    for p, r in direct.items():
        assert got[p].mu == pytest.approx(r.mu, abs=1e-12) and got[p].sigma == pytest.approx(r.sigma, abs=1e-12)
        assert got[p].display == pytest.approx(r.mu - 3 * r.sigma)
    assert got["11"].games == 3 and got["14"].games == 1


async def test_moderator_ended_games_are_unrated(service, clock, recorder) -> None:
    gid = await corsa(service, clock, ["21", "22", "23"], steps=["add", "end"])
    await recorder.settled()
    async with service.db.sessions() as s:
        game = (await s.execute(select(RecordGame).where(RecordGame.game_id == gid))).scalar_one()
        results = list((await s.execute(select(RecordResult).where(RecordResult.game_id == gid))).scalars())
    assert game.end_reason == "moderator" and not game.rated
    assert len(results) == 3 and not any(r.rated or r.mu is not None for r in results)
    assert await _ratings(service.db) == {}


async def test_a_deadline_counts_as_missed_and_moves_as_met(service, clock, recorder) -> None:
    gid = await corsa(service, clock, ["31", "32"], steps=["add", "late", "add"], target=9)
    await recorder.settled()
    async with service.db.sessions() as s:
        results = {r.user_id: r for r in (await s.execute(
            select(RecordResult).where(RecordResult.game_id == gid))).scalars()}
    assert sum(r.missed for r in results.values()) == 1
    assert sum(r.met for r in results.values()) == sum(r.moves for r in results.values())
    async with service.db.sessions() as s:
        waits = sorted(w.seconds for w in (await s.execute(select(RecordWait))).scalars())
    # every move came 30 minutes after its call, but the one after the deadline: the call began when
    # the deadline fired, an hour before (the tick came 30 minutes late, then 30 minutes of play)
    assert waits == [1800] * (len(waits) - 1) + [3600]
    assert all(r.calls >= r.met + r.missed for r in results.values())


async def test_rebuild_gives_the_same_tables(service, clock, recorder) -> None:
    for n, players in enumerate([["41", "42"], ["42", "43", "41"], ["43", "44"]]):
        await corsa(service, clock, players, channel=f"61{n}", steps=["late"] if n == 1 else None)
    await recorder.settled()
    before = await _ratings(service.db)
    assert await rebuild(service.db) == 3
    assert await _ratings(service.db) == before


async def test_a_game_left_to_one_player_is_unrated(service, clock, recorder) -> None:
    gid = await corsa(service, clock, ["81", "82", "83"], steps=["kick:82", "kick:83"])
    await recorder.settled()
    async with service.db.sessions() as s:
        game = (await s.execute(select(RecordGame).where(RecordGame.game_id == gid))).scalar_one()
        results = {r.user_id: r for r in (await s.execute(
            select(RecordResult).where(RecordResult.game_id == gid))).scalars()}
    assert not game.rated and results["82"].left and results["83"].left
    assert await _ratings(service.db) == {}


async def test_an_undone_ending_leaves_the_record_and_its_ratings(service, clock, recorder) -> None:
    first = await corsa(service, clock, ["84", "85"], channel="640")
    second = await corsa(service, clock, ["84", "85"], channel="641")
    await recorder.settled()
    assert set(await _ratings(service.db)) == {"84", "85"}
    await service.undo(second, 1, "999")  # the winning move taken back: the game runs again
    await recorder.settled()
    async with service.db.sessions() as s:
        recorded = {g.game_id: g.running for g in (await s.execute(select(RecordGame))).scalars()}
    assert recorded == {first: False, second: True}  # the second counts again as a running game
    after = await _ratings(service.db)
    assert after["84"].games == 1 and after["85"].games == 1  # rated again from the first game alone


async def test_startup_records_the_games_the_record_missed(service, clock) -> None:
    first = Recorder(service.db)
    first.rebuild_if_stale()  # a fresh database: built at once, empty
    await first.settled()
    missed = await corsa(service, clock, ["86", "87"])  # ended while no recorder listened (a crash)
    again = Recorder(service.db)
    again.rebuild_if_stale()
    await again.settled()
    async with service.db.sessions() as s:
        assert [g.game_id for g in (await s.execute(select(RecordGame))).scalars()] == [missed]
    assert set(await _ratings(service.db)) == {"86", "87"}


async def test_an_imported_old_game_ended_at_its_last_move_not_at_its_import(service, clock, recorder) -> None:
    """Issue 38: an old game imported a month later is rated as ended when its last move ended it, so
    it takes its place among the games rated since in the order they really ended."""
    import json

    from engine.core import GameRecord

    gid = await corsa(service, clock, ["61", "62"], channel="611")
    await recorder.settled()
    last = (await service.log_rows(gid))[-1].at
    exported = json.loads((await service.record(gid)).model_dump_json())
    clock.advance(days=30)
    later = await corsa(service, clock, ["61", "63"], channel="612")  # a game that ends after the old one
    await recorder.settled()
    clock.advance(days=1)
    imported = await service.import_record(GameRecord.model_validate(exported), guild_id="500", channel_id="613",
                                           moderator="mod")
    await recorder.settled()
    async with service.db.sessions() as s:
        games = {g.game_id: g for g in (await s.execute(select(RecordGame))).scalars()}
        results = (await s.execute(select(RecordResult).where(RecordResult.game_id == imported.game.id))).scalars().all()
    ended = games[imported.game.id].finished_at
    assert ended.replace(tzinfo=None) == last.replace(tzinfo=None)
    assert ended.replace(tzinfo=None) < games[later].finished_at.replace(tzinfo=None)
    assert results and all(r.finished_at.replace(tzinfo=None) == last.replace(tzinfo=None) for r in results)
