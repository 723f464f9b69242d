"""`python -m bot record rebuild`: migrate the database, then rebuild the players' record from the games."""

from __future__ import annotations

import asyncio
import sys
import time


def main(args: list[str], database_url: str) -> int:
    if args != ["rebuild"]:
        print("usage: python -m bot record rebuild", file=sys.stderr)
        return 2
    return asyncio.run(_rebuild(database_url))


async def _rebuild(url: str) -> int:
    from bot.record.rebuild import rebuild
    from bot.storage.db import Database

    db = Database(url)
    started = time.perf_counter()
    try:
        await db.migrate()
        count = await rebuild(db, progress=lambda done, total: print(f"\r{done}/{total}", end="", file=sys.stderr))
    finally:
        await db.close()
    print(f"\nthe players' record: {count} games (finished and running) in {time.perf_counter() - started:.1f} s")
    return 0
