"""Live pages: a small in-process publish/subscribe per game. The game service tells the hub after
every committed change of a game (a move, a deadline, an undo); every open page of that game holds a
Server-Sent Events stream and hears the new version at once, then fetches what changed."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator

from bot.gamestore import Update

QUEUE_SIZE = 8  # a reader this far behind only needs the newest version: older ones are dropped


class Hub:
    def __init__(self) -> None:
        self._readers: dict[int, set[asyncio.Queue[int]]] = {}
        self._told: dict[int, int] = {}  # game -> the newest version told (heard twice: in-process and relayed)

    def readers(self, game_id: int | None = None) -> int:
        if game_id is not None:
            return len(self._readers.get(game_id, ()))
        return sum(len(q) for q in self._readers.values())

    def publish(self, game_id: int, version: int) -> bool:
        """Tell the game's readers its new version; False when it was told already."""
        if version >= 0:
            if self._told.get(game_id, -1) >= version:
                return False
            if len(self._told) > 50_000:
                self._told.clear()
            self._told[game_id] = version
        for queue in list(self._readers.get(game_id, ())):
            if queue.full():
                with contextlib.suppress(asyncio.QueueEmpty):
                    queue.get_nowait()
            queue.put_nowait(version)
        return True

    async def heard(self, upd: Update) -> None:
        """The service's listener: after a commit, every reader of the game is told its version."""
        if upd.game.id is not None:
            self.publish(upd.game.id, upd.game.version)

    @contextlib.asynccontextmanager
    async def subscribe(self, game_id: int) -> AsyncIterator[asyncio.Queue[int]]:
        queue: asyncio.Queue[int] = asyncio.Queue(QUEUE_SIZE)
        self._readers.setdefault(game_id, set()).add(queue)
        try:
            yield queue
        finally:
            readers = self._readers.get(game_id)
            if readers is not None:
                readers.discard(queue)
                if not readers:
                    self._readers.pop(game_id, None)

    def close(self) -> None:
        """Shutdown: every stream ends (a version of -1 tells its loop to stop)."""
        for game_id in list(self._readers):
            self.publish(game_id, -1)
