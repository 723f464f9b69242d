"""What this process already knows, so a move does not read the database before writing it.

A move used to read its channel's game, then the game again, then the server's settings, and the
sender read the game, the server and the players' preferences once more: five reads of about a
millisecond of CPU each (a pooled connection, BEGIN, the query, ROLLBACK, each a hop to the driver's
thread), for data this process had written itself a moment before.

`GameCache` keeps the latest row of each game this process read or wrote (at most LIMIT games and
BUDGET characters of snapshots). Correctness never rests on it:
- a write is always `UPDATE ... WHERE version = <the version the move was computed on>`; a cached
  row that another process (another shard, a tool) made stale fails that check, is dropped, and the
  move is computed again on a fresh read;
- a move the rules refuse on a cached row is refused only after the stored version is confirmed
  equal (a stale row could refuse a move that is now legal);
- what a player is shown comes from a read, or from what this process itself read or saved within
  the last FRESH_SECONDS: the channel's live game for a command (a channel belongs to one server,
  and a server to one shard, so only tools and tests write it from another process), the outbox
  sender's games, the settings and preferences below. What another process changed shows
  up within that time; a move on a game another process ended meanwhile fails the version check and
  is refused on the fresh row.
Rows in the cache are never changed in place: a save stores a new row object (the sender renders
from rows in a worker thread while moves go on).
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

from bot.storage.models import LIVE, GameRow

FRESH_SECONDS = 5.0  # how long a read-only view may trust what this process last saw
LIMIT = 4096  # games kept; the least recently used go first
BUDGET = 64 * 1024 * 1024  # ...and at most this many characters of snapshots (a big game's is 100+ KiB)

K = TypeVar("K")
V = TypeVar("V")


class Recent(Generic[K, V]):
    """Values with the moment they were last confirmed; the least recently used are dropped past
    `limit` values, or past `budget` units of `weigh(value)` when given."""

    def __init__(self, *, limit: int = LIMIT, fresh: float = FRESH_SECONDS,
                 clock: Callable[[], float] = time.monotonic, weigh: Callable[[V], int] | None = None,
                 budget: int = 0) -> None:
        self.limit, self.fresh, self.clock = limit, fresh, clock
        self.weigh, self.budget = weigh, budget
        self.weight = 0
        self._items: OrderedDict[K, tuple[V, float]] = OrderedDict()

    def put(self, key: K, value: V) -> None:
        self.forget(key)
        self._items[key] = (value, self.clock())
        if self.weigh is not None:
            self.weight += self.weigh(value)
        while len(self._items) > self.limit or (self.weigh is not None and self.weight > self.budget
                                                 and len(self._items) > 1):
            _key, (old, _at) = self._items.popitem(last=False)
            if self.weigh is not None:
                self.weight -= self.weigh(old)

    def get(self, key: K, *, fresh_only: bool = True) -> V | None:
        """The value; with `fresh_only`, only if confirmed within the last `fresh` seconds."""
        found = self._items.get(key)
        if found is None or (fresh_only and self.clock() - found[1] > self.fresh):
            return None
        self._items.move_to_end(key)
        return found[0]

    def forget(self, key: K) -> None:
        found = self._items.pop(key, None)
        if found is not None and self.weigh is not None:
            self.weight -= self.weigh(found[0])

    def clear(self) -> None:
        self._items.clear()
        self.weight = 0

    def __len__(self) -> int:
        return len(self._items)


class GameCache:
    """The latest row of each game this process read or saved."""

    def __init__(self, *, limit: int = LIMIT, fresh: float = FRESH_SECONDS, budget: int = BUDGET,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.rows: Recent[int, GameRow] = Recent(limit=limit, fresh=fresh, clock=clock, budget=budget,
                                                 weigh=lambda row: len(row.snapshot_json or ""))
        self.channels: Recent[str, int] = Recent(limit=limit, fresh=fresh, clock=clock)  # -> its live game

    def put(self, row: GameRow) -> None:
        """The row as stored right now (just read, or just committed by this process)."""
        if row.id is None:
            return
        self.rows.put(row.id, row)
        if row.status in LIVE:
            self.channels.put(row.channel_id, row.id)
        elif self.channels.get(row.channel_id, fresh_only=False) == row.id:
            self.channels.forget(row.channel_id)

    def live_in(self, channel_id: str) -> GameRow | None:
        """The channel's live game, if this process read or saved it within FRESH_SECONDS."""
        game_id = self.channels.get(channel_id, fresh_only=False)
        row = self.rows.get(game_id) if game_id is not None else None
        if row is None or row.status not in LIVE or row.channel_id != channel_id:
            return None
        return row

    def row(self, game_id: int) -> GameRow | None:
        """The latest row this process knows, however old: only for a write guarded by its version."""
        return self.rows.get(game_id, fresh_only=False)

    def recent(self, game_id: int) -> GameRow | None:
        """The row if this process read or saved it within FRESH_SECONDS (the outbox sender's view)."""
        return self.rows.get(game_id)

    def forget(self, game_id: int) -> None:
        self.rows.forget(game_id)
