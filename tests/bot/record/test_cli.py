"""`python -m bot record rebuild` rebuilds the record of a database's games, no token needed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from sqlalchemy import select

from bot.storage.record_tables import RecordRating
from tests.bot.record.play import corsa

# the test game is registered by the tests only: the command runs with it, as `python -m bot` would
LAUNCH = ("import sys, tests.fixtures.testgame; from bot.__main__ import main; "
          "sys.argv = ['bot', 'record', 'rebuild']; sys.exit(main())")
ROOT = Path(__file__).resolve().parents[3]


async def test_rebuild_from_the_command_line(service, clock, tmp_path) -> None:
    if not service.db.is_sqlite:
        return
    await corsa(service, clock, ["91", "92"])  # no recorder listening: only the rebuild records it
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(PYTHONPATH=str(ROOT), DATABASE_URL=service.db.url)
    res = subprocess.run([sys.executable, "-c", LAUNCH], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert "1 games (finished and running)" in res.stdout
    async with service.db.sessions() as s:
        rated = {r.user_id for r in (await s.execute(select(RecordRating))).scalars()}
    assert rated == {"91", "92"}
