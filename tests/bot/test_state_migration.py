"""A stored Impero snapshot from before deadlines lived in their timers only (state version 1, with
`turn_ends_at` and each auction's `closes_at`) loads, plays on, and is saved as version 2 (issue 12)."""

from __future__ import annotations

import json

from bot.service import GameService
from bot.storage.models import GameRow
from engine.impero import GAME

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
