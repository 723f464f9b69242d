"""Deriving many games at once for a rebuild: chunks of games derived in worker processes (the
machine's cores; the replay is pure Python, one interpreter lock per process) while the next chunk is
read and the last one written. Few games are derived in a worker thread instead (a process pool costs a
second to start)."""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from bot.record.reading import Read
from bot.record.trail import Derived, derive_game, trail_of
from engine.core.registry import all_games

log = logging.getLogger("araldo.record")

POOL_FROM = 400  # games: fewer are derived in a thread


@dataclass
class Made:
    """A game derived by a rebuild, as plain rows (they cross from a worker process)."""

    game: dict[str, Any]
    results: list[dict[str, Any]]
    waits: list[dict[str, Any]]
    trail: dict[str, Any] | None  # to keep (None: the kept one stands, or `drop`)
    drop: bool = False  # the game's log does not replay: no trail


def derive_one(read: Read) -> Derived | None:
    """One game's facts (None: its trail did not go on, derive it again from its whole log)."""
    try:
        return derive_game(read.row, read.names, read.rows, read.start)
    except Exception:
        if read.start is not None:
            return None
        raise


def made(read: Read, derived: Derived) -> Made:
    point, kept, f = derived.point, read.kept, derived.facts
    rows = (row_of(f.game), [row_of(r) for r in f.results], [row_of(w) for w in f.waits])
    if point is None:
        return Made(*rows, None, drop=True)
    if kept is not None and (kept.seq, kept.entries) == (point.seq, point.entries):
        return Made(*rows, None)
    assert read.row.id is not None
    return Made(*rows, row_of(trail_of(read.row.id, point)))


def row_of(model: Any) -> dict[str, Any]:
    return {c.name: getattr(model, c.name) for c in model.__table__.columns}


def _work(reads: list[Read]) -> list[Made | Read]:
    out: list[Made | Read] = []
    for read in reads:
        try:
            derived = derive_one(read)
        except Exception:  # a game this version cannot read (a kind no longer installed): left out, said
            log.warning("game %s left out of the players' record", read.row.id, exc_info=True)
            continue
        out.append(read if derived is None else made(read, derived))
    return out


NICENESS = 10  # the workers' priority below the bot's: a rebuild takes the cores the answers leave idle


def _start(modules: list[str]) -> None:
    """A worker process registers the games the parent knows (a game registered by a test or a plugin),
    and yields the CPU to the bot: a rebuild at startup (a new derivation, games the record never saw)
    replayed thousands of games on every core while the bot answered its first commands (the load
    bench's first moves waited 100-500 ms behind it on two cores)."""
    with contextlib.suppress(OSError):
        os.nice(NICENESS)
    for name in modules:
        importlib.import_module(name)


async def derive_all(chunks: AsyncIterator[list[Read]], again: Callable[[Read], Awaitable[Derived | None]],
                     total: int, workers: int | None = None) -> AsyncIterator[list[Made]]:
    """The chunks' games derived, chunk after chunk in order; a game whose trail did not go on is derived
    again from its whole log (`again`)."""
    n = workers or min(2, os.cpu_count() or 1)
    pool = None
    if n > 1 and total >= POOL_FROM:
        modules = sorted({type(g).__module__ for g in all_games().values()})
        pool = ProcessPoolExecutor(n, mp_context=multiprocessing.get_context("spawn"), initializer=_start,
                                   initargs=(modules,))
    loop = asyncio.get_running_loop()
    pending: deque[asyncio.Future[list[Made | Read]]] = deque()

    async def finish(fut: Awaitable[list[Made | Read]]) -> list[Made]:
        out = []
        for item in await fut:
            if isinstance(item, Made):
                out.append(item)
                continue
            derived = await again(item)
            if derived is not None:
                out.append(made(item, derived))
        return out

    try:
        async for reads in chunks:
            if pool is not None:
                pending.append(loop.run_in_executor(pool, _work, reads))
            else:
                pending.append(asyncio.ensure_future(asyncio.to_thread(_work, reads)))
            if len(pending) > n:
                yield await finish(pending.popleft())
        while pending:
            yield await finish(pending.popleft())
    finally:
        for fut in pending:
            fut.cancel()
        if pool is not None:
            # without waiting: joining the workers while they exit held the event loop for 100-470 ms
            # at the end of a rebuild (every command of the moment waited); the pool's own thread
            # reaps them, and the interpreter joins it at exit
            pool.shutdown(wait=False, cancel_futures=True)


