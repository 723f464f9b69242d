"""One board process and the socket between it and the bot's event loop.

Requests are pickled `(function, args)` and answered in order, each message prefixed with its
length (as `multiprocessing.Connection` frames them, which the worker uses). The bot's side is an
asyncio protocol on the event loop: no helper threads. `concurrent.futures.ProcessPoolExecutor` did
the same work with a manager thread and a feeder thread, which under load woke up and asked for the
interpreter lock for every board: 0.46 ms of the bot's CPU a board, measured alone, against the
1.3 ms the drawing itself takes in the worker.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import logging
import multiprocessing
import os
import pickle
import socket
import traceback
from collections import deque
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

log = logging.getLogger(__name__)


class WorkerGone(Exception):
    """The board process exited (killed, out of memory, failed to start) before it answered."""


def _serve(conn: Connection, modules: tuple[str, ...]) -> None:
    """The worker: import what registered the games and renderers, say so, then answer requests."""
    for module in modules:
        importlib.import_module(module)
    conn.send_bytes(b"")
    while True:
        try:
            fn, args = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):  # the bot closed its end, or exited
            return
        try:
            reply: tuple[bool, Any, str] = (True, fn(*args), "")
        except Exception as exc:
            reply = (False, exc, traceback.format_exc())
        try:
            data = pickle.dumps(reply, pickle.HIGHEST_PROTOCOL)
        except Exception as exc:  # an error that cannot travel travels as its text
            data = pickle.dumps((False, RuntimeError(repr(reply[1])), repr(exc)), pickle.HIGHEST_PROTOCOL)
        conn.send_bytes(data)


class _Replies(asyncio.Protocol):
    def __init__(self, worker: Worker) -> None:
        self.worker = worker
        self.buffer = bytearray()

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        while len(self.buffer) >= 4:
            size = int.from_bytes(self.buffer[:4], "big", signed=True)
            start = 4
            if size == -1:  # Connection's frame for a message of 2 GiB or more
                if len(self.buffer) < 12:
                    return
                size, start = int.from_bytes(self.buffer[4:12], "big"), 12
            if len(self.buffer) < start + size:
                return
            message = bytes(self.buffer[start:start + size])
            del self.buffer[:start + size]
            self.worker.answered(message)

    def connection_lost(self, exc: Exception | None) -> None:
        self.worker.gone()


class Worker:
    """A spawned board process. `up` resolves when it has imported everything; `run` sends work."""

    def __init__(self, modules: tuple[str, ...], on_death: Callable[[Worker], None] | None = None) -> None:
        loop = asyncio.get_running_loop()
        self._on_death = on_death  # told when a worker that was up exits
        context = multiprocessing.get_context("spawn")  # not fork: the bot's process has threads
        here, there = context.Pipe()  # a socket pair
        self.process = context.Process(target=_serve, args=(there, modules), name="araldo-painter", daemon=True)
        self.process.start()
        there.close()
        self.up: asyncio.Future[Any] = loop.create_future()
        self._waiting: deque[asyncio.Future[Any]] = deque([self.up])
        self._transport: asyncio.Transport | None = None
        self.alive = True
        sock = socket.socket(fileno=os.dup(here.fileno()))
        here.close()
        self._connecting = loop.create_task(self._connect(loop, sock))

    async def _connect(self, loop: asyncio.AbstractEventLoop, sock: socket.socket) -> None:
        try:
            transport, _ = await loop.create_connection(lambda: _Replies(self), sock=sock)
        except Exception:
            sock.close()
            self.gone()
            return
        if not self.alive:
            transport.close()
            return
        self._transport = transport  # `up` can only resolve through it: no request comes before

    def pending(self) -> int:
        return len(self._waiting)

    def is_up(self) -> bool:
        """Started, and not exited since."""
        up = self.up
        return self.alive and up.done() and not up.cancelled() and up.exception() is None

    def run(self, fn: Any, args: tuple[Any, ...]) -> asyncio.Future[Any]:
        """fn(*args) in the worker (one that is up); the future raises WorkerGone if it exits first."""
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        if not self.is_up() or self._transport is None:
            future.set_exception(WorkerGone())
            return future
        data = pickle.dumps((fn, args), pickle.HIGHEST_PROTOCOL)
        self._waiting.append(future)
        self._transport.write(len(data).to_bytes(4, "big", signed=True) + data)
        return future

    def answered(self, message: bytes) -> None:
        future = self._waiting.popleft()
        if future.done():  # its caller stopped waiting (cancelled)
            return
        if future is self.up:
            future.set_result(True)
            return
        ok, value, remote = pickle.loads(message)
        if ok:
            future.set_result(value)
        else:
            if remote:
                value.add_note(f"in the board process:\n{remote}")
            future.set_exception(value)

    def gone(self) -> None:
        if not self.alive:
            return
        was_up = self.is_up()
        self.alive = False
        while self._waiting:
            future = self._waiting.popleft()
            if not future.done() and not future.get_loop().is_closed():
                future.set_exception(WorkerGone())
        if was_up and self._on_death is not None:
            self._on_death(self)

    def close(self) -> None:
        """Stop it: close its socket and kill it (it keeps nothing that could be lost)."""
        self.gone()
        if self._transport is not None:
            with contextlib.suppress(RuntimeError):  # its event loop already closed (tests run many)
                self._transport.close()
        if self.process.is_alive():
            self.process.kill()
        multiprocessing.active_children()  # reaps the processes that have exited
