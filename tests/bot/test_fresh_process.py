"""A fresh process whose first database call reads a game (`GameService.get`, `state`) works: the
row is built before anything else touched SQLAlchemy's mappers (run in a subprocess, as only a new
interpreter shows it)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SETUP = """
import asyncio, sys
from datetime import UTC, datetime
from bot.service import GameService
from bot.storage.db import Database

async def main():
    db = Database(sys.argv[1])
    await db.migrate()
    svc = GameService(db, clock=lambda: datetime(2026, 11, 25, 9, 0, tzinfo=UTC))
    row = await svc.create(kind="impero", guild_id="1", channel_id="2", creator_id="10", creator_name="Alice")
    await svc.join("2", "11", "Bob")
    await svc.start("2", "10")
    print(row.id)
    await db.close()

asyncio.run(main())
"""

FIRST_CALL = """
import asyncio, sys
from bot.service import GameService
from bot.storage.db import Database

async def main():
    db = Database(sys.argv[1])
    svc = GameService(db)
    row = await getattr(svc, sys.argv[3])(int(sys.argv[2]))
    print(type(row).__name__)
    await db.close()

asyncio.run(main())
"""


def run(code: str, *args: str) -> str:
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout.strip()


def test_a_fresh_process_can_read_a_game_first(tmp_path: Path) -> None:
    url = f"sqlite+aiosqlite:///{tmp_path}/araldo.db"
    game_id = run(SETUP, url)
    assert run(FIRST_CALL, url, game_id, "get") == "GameRow"
    assert run(FIRST_CALL, url, game_id, "state") == "tuple"
