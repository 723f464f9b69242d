"""`python -m bot record rebuild [--replay]`: migrate the database, then rebuild the players' record from
the games (going on from each game's kept trail; `--replay`: every game's log from its seed)."""

from __future__ import annotations

import asyncio
import sys
import time


def main(args: list[str], database_url: str) -> int:
    if args not in (["rebuild"], ["rebuild", "--replay"]):
        print("usage: python -m bot record rebuild [--replay]", file=sys.stderr)
        return 2
    return asyncio.run(_rebuild(database_url, "--replay" in args))


async def _rebuild(url: str, replay: bool = False) -> int:
    from bot.record.rebuild import rebuild
    from bot.storage.db import Database

    db = Database(url)
    started = time.perf_counter()
    try:
        await db.migrate()
        count = await rebuild(db, replay=replay,
                              progress=lambda done, total: print(f"\r{done}/{total}", end="", file=sys.stderr))
    finally:
        await db.close()
    print(f"\nthe players' record: {count} games (finished and running) in {time.perf_counter() - started:.1f} s")
    return 0
