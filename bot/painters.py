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
import time
from collections.abc import Callable
from typing import Any, Final, TypeVar

from bot.painter_process import Worker, WorkerGone
from engine.core import get_game
from engine.core.registry import all_games
from render.common import find_renderer, render_png, renderers, to_png

T = TypeVar("T")

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


def _report_failed_start(up: asyncio.Future[Any]) -> None:
    if not up.cancelled() and up.exception() is not None:
        log.error("a board process failed to start; pictures are drawn in threads")


def board_of(kind: str, state: Any, viewer: str | None, picture: str, labels: dict[str, str] | None) -> bytes | None:
    """The PNG of `picture` as `viewer` sees this state: the same drawing in either process."""
    return render_png(kind, get_game(kind).view(state, viewer), picture, labels)


def _draw(kind: str, snapshot: str, viewer: str | None, picture: str, labels: dict[str, str] | None,
          expected: str) -> bytes | _Fallback | None:
    """In the worker: the PNG of this snapshot for this viewer, or FALLBACK if the renderer here is
    not the one the bot would use."""
    if renderer_name(kind, picture) != expected:
        return FALLBACK
    return board_of(kind, get_game(kind).load_state(snapshot), viewer, picture, labels)


def modules_to_import() -> tuple[str, ...]:
    """Every module that registered a game or a renderer in this process."""
    names = {type(game).__module__ for game in all_games().values()}
    names |= {fn.__module__ for fn in renderers()}
    return tuple(sorted(names))


MAX_DEATHS, DEATH_WINDOW = 3, 60  # more deaths than this within the window: no more workers


class Painters:
    """`processes` board processes, started in the background; until one is up, `draw` hands every
    board back and `call` runs in a thread here."""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self.modules = modules_to_import()
        self._workers: list[Worker] = []
        self._deaths: list[float] = []  # when workers that were up exited, for MAX_DEATHS
        self.loop: asyncio.AbstractEventLoop | None = None

    def start(self) -> None:
        """Call on the event loop that will ask for pictures: the workers' sockets are read there."""
        if self._workers or self.processes <= 0:
            return
        self.loop = _running_loop()
        for _ in range(self.processes):
            self._spawn()

    def _spawn(self) -> None:
        try:
            worker = Worker(self.modules, on_death=self._replace)
        except Exception:
            log.exception("a board process did not start; pictures are drawn in threads")
            return
        worker.up.add_done_callback(_report_failed_start)
        self._workers.append(worker)

    def _ready_worker(self) -> Worker | None:
        """The least busy worker that is up (none for another event loop than the one started on)."""
        if self.loop is None or self.loop is not _running_loop():
            return None
        up = [w for w in self._workers if w.is_up()]
        return min(up, key=Worker.pending) if up else None

    def ready(self) -> bool:
        return self._ready_worker() is not None

    async def draw(self, kind: str, snapshot: str, viewer: str | None, picture: str,
                   labels: dict[str, str] | None) -> Any:
        """PNG bytes, None (no picture, or the renderer failed: logged), or FALLBACK."""
        worker = self._ready_worker()
        expected = renderer_name(kind, picture)
        if worker is None or expected is None:
            return FALLBACK
        try:
            return await worker.run(_draw, (kind, snapshot, viewer, picture, labels, expected))
        except WorkerGone:  # replaced already (on_death): this one board goes to the thread
            log.warning("a board process died; this board is drawn in a thread")
            return FALLBACK
        except Exception:
            log.exception("rendering %s of a %s game failed", picture, kind)
            return None

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """fn(*args) in a worker, or in a thread here when none is up or `fn` (or a function among
        `args`) is not a module-level name a worker can import. Its own errors raise."""
        worker = self._ready_worker()
        if worker is None or not all(map(_importable, (fn, *args))):
            return await asyncio.to_thread(fn, *args)
        try:
            result: T = await worker.run(fn, args)
            return result
        except WorkerGone:  # replaced already (on_death)
            log.warning("a board process died; this picture is drawn in a thread")
            return await asyncio.to_thread(fn, *args)

    def _replace(self, dead: Worker) -> None:
        """A worker that exited gives way to a new one (at once: not on the next board), unless
        workers keep dying (a board that crashes the process itself would respawn one per board)."""
        if dead in self._workers:
            self._workers.remove(dead)
            dead.close()
            now = time.monotonic()
            self._deaths = [t for t in self._deaths if now - t < DEATH_WINDOW] + [now]
            if len(self._deaths) > MAX_DEATHS:
                log.error("board processes died %d times in %d s; pictures are drawn in threads from now on",
                          len(self._deaths), DEATH_WINDOW)
                return
            self._spawn()

    def close(self) -> None:
        workers, self._workers = self._workers, []
        for worker in workers:
            worker.close()


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _importable(value: object) -> bool:
    """Not a function, or one a worker finds by its name (not a lambda, a closure or a stand-in)."""
    if not callable(value) or isinstance(value, type):
        return True
    module, name = getattr(value, "__module__", None), getattr(value, "__qualname__", "")
    if module is None or "<" in name:
        return False
    found: Any = importlib.import_module(module)
    for part in name.split("."):
        found = getattr(found, part, None)
    return found is value


def painted(render: Callable[..., Any], *args: Any) -> bytes:
    """PNG of `render(*args)`: a renderer's picture, for `off_loop`."""
    return to_png(render(*args))


_RUNNING: list[Painters | None] = [None]  # one pool for the whole process, whatever bots it runs


def current() -> Painters | None:
    return _RUNNING[0]


def start(processes: int) -> None:
    """Draw pictures in `processes` worker processes (0: in threads here). Call once the games and
    renderers are registered: the workers import the modules that registered them. Kept until the
    process exits, like a thread pool (tests run many bots in one process)."""
    running = _RUNNING[0]
    if running is not None and running.processes == processes and running.modules == modules_to_import() \
            and running.loop is _running_loop():
        return
    if running is not None:
        running.close()
    _RUNNING[0] = Painters(processes) if processes > 0 else None
    if _RUNNING[0] is not None:
        _RUNNING[0].start()


async def off_loop(fn: Callable[..., T], *args: Any) -> T:
    """fn(*args) off the event loop: in a board process when they run, else in a thread."""
    painters = _RUNNING[0]
    if painters is None:
        return await asyncio.to_thread(fn, *args)
    return await painters.call(fn, *args)
