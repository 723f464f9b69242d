"""The database bench/load_bench.py starts from: N active background games of the test game "corsa"
(copied from one game started the real way, deadlines spread over the coming week), overdue games for
the restart, and the outbox's counts."""

from __future__ import annotations

import asyncio
import json
import random
import time
from datetime import UTC, datetime, timedelta
from typing import Any

from bench.fresh_db import fresh  # noqa: F401  (bench/load_bench.py takes it from here)
from bot.service import GameService
from bot.storage.db import Database
from bot.storage.models import GameRow, OutboxRow, Seat


def snapshot_at(template: dict[str, Any], deadline: datetime) -> str:
    data = dict(template)
    data["timers"] = [{**timer, "at": deadline.isoformat()} for timer in template["timers"]]
    return json.dumps(data, separators=(",", ":"))


async def template_game(db: Database, channel: str, users: list[str]) -> tuple[GameRow, dict[str, Any]]:
    """One corsa game started the real way; its row and snapshot are copied for the background."""
    service = GameService(db)
    await service.create(kind="corsa", guild_id="0", channel_id=channel, creator_id=users[0], creator_name="bg-a",
                         settings={"target": 1000, "turn_hours": 24, "reminder_minutes": 0})
    await service.join(channel, users[1], "bg-b")
    res = await service.start(channel, users[0])
    return res.game, json.loads(res.game.snapshot_json or "{}")


async def seed_background(db: Database, guild: str, channel: str, users: list[str], count: int) -> list[int]:
    """`count` active games whose next deadlines are spread over the coming week."""
    from sqlalchemy import insert, select

    row, template = await template_game(db, f"{channel}-template", users)
    now = datetime.now(UTC)
    rng = random.Random(8)
    games, ids = [], []
    for _ in range(count):
        deadline = now + timedelta(seconds=rng.uniform(3600, 7 * 86400))
        games.append({"kind": "corsa", "guild_id": guild, "channel_id": channel, "is_thread": False, "status": "active",
                      "settings_json": row.settings_json, "seed": rng.getrandbits(63),
                      "snapshot_json": snapshot_at(template, deadline), "schema_version": row.schema_version,
                      "version": 1, "created_by": users[0], "created_at": now, "started_at": now, "updated_at": now,
                      "next_deadline": deadline, "turn_deadline": deadline})
    async with db.transaction() as s:
        for i in range(0, count, 1000):
            await s.execute(insert(GameRow), games[i:i + 1000])
        ids = list((await s.execute(select(GameRow.id).where(GameRow.channel_id == channel)
                                    .order_by(GameRow.id))).scalars())
        seats = [{"game_id": gid, "user_id": uid, "seat": n, "display_name": f"bg-{n}", "joined_at": now}
                 for gid in ids for n, uid in enumerate(users)]
        for i in range(0, len(seats), 2000):
            await s.execute(insert(Seat), seats[i:i + 2000])
    return ids


async def make_overdue(db: Database, ids: list[int], template_db_game: tuple[GameRow, dict[str, Any]]) -> dict[int, datetime]:
    """While the bot is down, these games' deadlines pass (within the last ten minutes)."""
    from sqlalchemy import update

    _row, template = template_db_game
    now = datetime.now(UTC)
    rng = random.Random(88)
    due = {gid: now - timedelta(seconds=rng.uniform(1, 600)) for gid in ids}
    async with db.transaction() as s:
        for gid, deadline in due.items():
            await s.execute(update(GameRow).where(GameRow.id == gid)
                            .values(snapshot_json=snapshot_at(template, deadline), next_deadline=deadline,
                                    turn_deadline=deadline))
    return due


async def outbox_state(db: Database) -> tuple[int, int, int]:
    """(rows, unsent, given up)."""
    from sqlalchemy import func, select

    async with db.sessions() as s:
        total = (await s.execute(select(func.count()).select_from(OutboxRow))).scalar() or 0
        unsent = (await s.execute(select(func.count()).select_from(OutboxRow)
                                  .where(OutboxRow.sent_at.is_(None)))).scalar() or 0  # type: ignore[union-attr]
        failed = (await s.execute(select(func.count()).select_from(OutboxRow)
                                  .where(OutboxRow.error.is_not(None), OutboxRow.sent_at.is_not(None)))).scalar() or 0  # type: ignore[union-attr]
    return total, unsent, failed


async def settle_outbox(db: Database, timeout: float = 180) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        _total, unsent, _failed = await outbox_state(db)
        if not unsent:
            return
        await asyncio.sleep(0.2)
