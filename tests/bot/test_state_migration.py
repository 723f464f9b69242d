"""A stored Impero snapshot from before deadlines lived in their timers only (state version 1, with
`turn_ends_at` and each auction's `closes_at`) loads, plays on, and is saved as version 2 (issue 12). And every game's row stored at its previous version does the same."""

from __future__ import annotations

import json
from datetime import datetime

import pytest

from bot.service import GameService
from bot.storage.models import GameRow, Seat
from engine.core import RuleError, get_game
from engine.impero import GAME
from tests.fixtures.migrations import load as load_fixture

GUILD, CHAN = "500", "620"


async def test_a_version_1_impero_snapshot_plays_on(service: GameService, db) -> None:
    await service.create(kind="impero", guild_id=GUILD, channel_id=CHAN, creator_id="1001", creator_name="A",
                         settings={})
    await service.join(CHAN, "1002", "B")
    res = await service.start(CHAN, "1001")
    gid = res.game.id
    await service.act(gid, "1001", {"type": "create_company", "name": "Rete", "capital": 1000})
    await service.act(gid, "1001", {"type": "recapitalize", "company": "Rete", "start_price": 100})
    async with db.sessions() as s:
        row = await s.get(GameRow, gid)
        data = json.loads(row.snapshot_json)
        close = data["timers"][-1]["at"]
        data["turn_ends_at"] = data["timers"][0]["at"]
        data["auctions"][0]["closes_at"] = close
        row.snapshot_json, row.schema_version = json.dumps(data), 1
        await s.commit()
    row, state = await service.state(gid)
    assert row.schema_version == 1 and GAME.closes_at(state, state.auctions[0]).isoformat()[:19] == close[:19]
    await service.act(gid, "1002", {"type": "bid", "company": "Rete", "amount": 100})
    row, state = await service.state(gid)
    assert row.schema_version == GAME.state_version == 2
    assert "turn_ends_at" not in row.snapshot_json and state.auctions[0].best_bidder == "1002"


@pytest.mark.parametrize("kind", ["impero", "spqrisiko", "nomic", "highfrontier", "galactica"])
async def test_a_row_stored_at_the_previous_version_is_played_and_saved_at_the_current_one(
        service: GameService, db, clock, kind: str) -> None:
    """Every game: a game row saved in the database with the previous schema_version and that version's
    snapshot (tests/fixtures/migrations) is read by the service, takes a move, and is saved as current."""
    game = get_game(kind)
    version = max(game.state_version - 1, 1)
    data = load_fixture(kind, version)
    saved_at = datetime.fromisoformat(data["saved_at"])
    clock.set(saved_at)
    async with db.transaction() as s:
        row = GameRow(kind=kind, guild_id=GUILD, channel_id=f"7{version}", status="active", seed=29,
                      snapshot_json=json.dumps(data["state"]), schema_version=version, version=1, created_by="u0",
                      created_at=saved_at, started_at=saved_at, updated_at=saved_at)
        s.add(row)
        await s.flush()
        assert row.id is not None
        gid = row.id
        for i, p in enumerate(data["state"]["players"]):
            s.add(Seat(game_id=gid, user_id=p["id"], seat=i, display_name=p["name"], joined_at=saved_at))
    row, state = await service.state(gid)
    assert row.schema_version == version
    moved = None
    for actor in sorted(game.awaiting(state)) or [p.id for p in state.players]:
        for action in game.legal_actions(state, actor):
            if action.type in ("core_away", "end_game"):  # type: ignore[attr-defined]
                continue
            try:
                await service.act(gid, actor, action)
            except RuleError:
                continue
            moved = action
            break
        if moved is not None:
            break
    assert moved is not None
    row, state = await service.state(gid)
    assert row.schema_version == game.state_version and row.version == 2
    stored = json.loads(row.snapshot_json or "{}")
    assert game.dump_state(game.load_state(stored)) == game.dump_state(state)
    log = await service.log_rows(gid)
    assert [json.loads(r.action_json)["type"] for r in log] == [moved.type]  # type: ignore[attr-defined]
