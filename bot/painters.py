"""Drawing pictures in processes of their own, so a board never holds the bot's interpreter lock.

Drawing a board is Python and Pillow work that holds the GIL for most of its time (an Impero map
or an SPQRisiko board: 15-60 ms; the test game's small board 1 ms, 2 ms when the machine is
busy). In a worker thread it still shares the lock with the event loop: every command waits behind
it, and a process with pictures to draw tops out at one core. Here a picture is drawn by a small
pool of worker processes (`spawn`, safe beside the bot's threads): the view and the words go over,
PNG bytes come back.

A worker imports the module that registered the renderer (the built-in games' `render.*`, a test
game's own module) before its first drawing of that kind. If a view cannot be pickled, the pool
cannot start, or a worker dies, the picture is drawn in the calling thread as before and the pool
is set aside (logged once): a picture is never lost to the pool.
"""

from __future__ import annotations

import importlib
import logging
import multiprocessing
import os
import threading
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from render.common import find_renderer, render_png

log = logging.getLogger(__name__)

WORKERS = max(1, min(2, (os.cpu_count() or 1) - 1))  # leave a core to the event loop
_workers = WORKERS
_pool: ProcessPoolExecutor | None = None
_disabled = False
_lock = threading.Lock()


def _draw(module: str, kind: str, view: Any, picture: str, labels: dict[str, str] | None) -> bytes | None:
    """In a worker process: the renderer's module registers it on import."""
    importlib.import_module(module)
    return render_png(kind, view, picture, labels)


def _warm() -> None:
    """Imported in each worker at its start: the renderers and Pillow load before the first board."""
    importlib.import_module("render.common")


def _get_pool() -> ProcessPoolExecutor | None:
    global _pool
    with _lock:
        if _pool is None and not _disabled:
            _pool = ProcessPoolExecutor(_workers, mp_context=multiprocessing.get_context("spawn"),
                                        initializer=_warm)
        return _pool


def _set_aside(exc: BaseException) -> None:
    global _pool, _disabled
    with _lock:
        if not _disabled:
            log.warning("drawing pictures in this process from now on: the drawing processes failed (%r)", exc)
        _disabled = True
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def start(workers: int | None = None) -> None:
    """Start the drawing processes now (at the bot's start), not at the first board. `workers`: how
    many (the DRAW_PROCESSES setting; None: WORKERS; 0: draw in the calling threads)."""
    global _workers, _disabled
    if workers is not None and workers != _workers:
        stop()
        _workers = max(workers, 1)
    _disabled = workers == 0
    pool = _get_pool()
    if pool is not None:
        for _ in range(_workers):
            pool.submit(_warm)


def stop() -> None:
    global _pool
    with _lock:
        pool, _pool = _pool, None
    if pool is not None:
        pool.shutdown(wait=False, cancel_futures=True)


def png(kind: str, view: Any, picture: str = "board", labels: dict[str, str] | None = None) -> bytes | None:
    """PNG bytes of `picture` for this view, drawn in a worker process; blocks the calling thread
    (call it from a worker thread). None if the game has no such picture."""
    fn = find_renderer(kind, picture)
    if fn is None:
        return None
    pool = _get_pool()
    if pool is not None:
        try:
            job: Future[bytes | None] = pool.submit(_draw, fn.__module__, kind, view, picture, labels)
            return job.result()
        except Exception as exc:  # a view that does not pickle, a worker gone, or a drawing that fails
            data = render_png(kind, view, picture, labels)  # a drawing that fails fails here too: raised
            _set_aside(exc)
            return data
    return render_png(kind, view, picture, labels)
