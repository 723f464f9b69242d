"""Boards drawn in worker processes, so drawing never waits for the bot's interpreter lock.

In the bot's own process a board thread holds the lock to draw and gives it up for every piece of
PNG compression; under load it then waits for the event loop to hand the lock back, and one board
took three times its CPU in wall time (measured on the development container, 50 players at once:
the board thread was busy for all but a tenth of the run). A worker process draws from the
snapshot's text, which the bot already has, and sends back the PNG bytes: the only cost on the
event loop is handing over a string and receiving bytes.

Whatever a worker cannot draw the way the bot's own process would (a game or renderer it did not
import, a renderer replaced at run time, a snapshot missing or of an older schema, a pool that is
still starting or whose worker died) comes back as FALLBACK and the caller draws in its thread.
"""

from __future__ import annotations

import asyncio
import importlib
import logging
import multiprocessing
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Final

from engine.core import get_game
from engine.core.registry import all_games
from render.common import find_renderer, render_png, renderers

log = logging.getLogger(__name__)


class _Fallback:
    def __repr__(self) -> str:
        return "FALLBACK"

    def __reduce__(self) -> str:  # comes back from a worker as this module's one FALLBACK
        return "FALLBACK"


FALLBACK: Final = _Fallback()


def renderer_name(kind: str, picture: str) -> str | None:
    """The dotted name of the function that draws this picture, as both processes can compare it."""
    fn = find_renderer(kind, picture)
    return None if fn is None else f"{fn.__module__}.{fn.__qualname__}"


def _import(modules: tuple[str, ...]) -> None:
    """Worker start: the modules that registered the bot's games and renderers (plugins included)."""
    for module in modules:
        importlib.import_module(module)


def _ready() -> bool:
    return True


def _draw(kind: str, snapshot: str, viewer: str | None, picture: str, labels: dict[str, str] | None,
          expected: str) -> bytes | _Fallback | None:
    """In the worker: the PNG of this snapshot for this viewer, or FALLBACK if the renderer here is
    not the one the bot would use."""
    if renderer_name(kind, picture) != expected:
        return FALLBACK
    game = get_game(kind)
    view = game.view(game.load_state(snapshot), viewer)
    return render_png(kind, view, picture, labels)


def modules_to_import() -> tuple[str, ...]:
    """Every module that registered a game or a renderer in this process."""
    names = {type(game).__module__ for game in all_games().values()}
    names |= {fn.__module__ for fn in renderers()}
    return tuple(sorted(names))


class Painters:
    """A pool of `processes` workers, started in the background; `draw` falls back until it is up."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.modules = modules_to_import()
        self._pool: ProcessPoolExecutor | None = None
        self._up: Future[bool] | None = None

    def start(self) -> None:
        if self._pool is not None or self.processes <= 0:
            return
        try:
            # spawn, not fork: the bot's process has threads (the event loop's, the database's)
            self._pool = ProcessPoolExecutor(self.processes, multiprocessing.get_context("spawn"),
                                             initializer=_import, initargs=(self.modules,))
            self._up = self._pool.submit(_ready)
        except Exception:
            log.exception("the board processes did not start; boards are drawn in a thread")
            self._pool = self._up = None

    def ready(self) -> bool:
        up = self._up
        return up is not None and up.done() and up.exception() is None

    async def draw(self, kind: str, snapshot: str, viewer: str | None, picture: str,
                   labels: dict[str, str] | None) -> Any:
        """PNG bytes, None (no picture, or the renderer failed: logged), or FALLBACK."""
        pool = self._pool
        expected = renderer_name(kind, picture)
        if pool is None or expected is None or not self.ready():
            return FALLBACK
        try:
            return await asyncio.get_running_loop().run_in_executor(
                pool, _draw, kind, snapshot, viewer, picture, labels, expected)
        except BrokenProcessPool:
            log.warning("a board process died; starting new ones, this board is drawn in a thread")
            self._replace(pool)
            return FALLBACK
        except Exception:
            log.exception("rendering %s of a %s game failed", picture, kind)
            return None

    def _replace(self, broken: ProcessPoolExecutor) -> None:
        if self._pool is broken:
            self._pool = self._up = None
            broken.shutdown(wait=False, cancel_futures=True)
            self.start()

    def close(self) -> None:
        pool, self._pool, self._up = self._pool, None, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
