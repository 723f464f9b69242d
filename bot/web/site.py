"""What the web pages share while the bot runs: the game service, the live hub, the history's
checkpoints, the games read lately, the signed links, and the pages and boards already made."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any

from aiohttp import web

from bot.gamecache import Recent
from bot.gamestore import Update
from bot.service import GameService
from bot.web.history import History
from bot.web.links import Links
from bot.web.live import Hub
from bot.web.relay import Relay
from bot.web.security import RateLimit
from bot.web.tables import Tables

STREAMS_PER_ADDRESS = 16  # a household's tabs and phones; beyond that a client only holds connections


class Site:
    """See the module's docstring; bot/web/app.py serves it."""

    def __init__(self, svc: GameService, *, default_locale: str = "it", secret: str = "", link_days: int = 30,
                 public_url: str = "", per_minute: float = 240, burst: int = 120, behind_proxy: bool = False,
                 moves_per_minute: float = 60, move_burst: int = 20) -> None:
        self.svc = svc
        self.default_locale = default_locale
        self.secret, self.link_days = secret, link_days
        self.public_url = public_url
        self.hub = Hub()
        self.history = History()
        self.tables = Tables(svc, self.history)
        self.limit = RateLimit(per_minute, burst)
        # moves from the table, beyond the pages' budget: a household's players, not a script's flood
        self.move_limit = RateLimit(moves_per_minute if per_minute > 0 else 0, move_burst)
        self.behind_proxy = behind_proxy
        self.links: Links | None = None
        self.images: dict[tuple[Any, ...], bytes] = {}
        self.pages_cache: Recent[tuple[Any, ...], tuple[int, str]] = Recent(limit=512, fresh=3600.0)  # status, html
        self.building: dict[tuple[Any, ...], asyncio.Future[tuple[int, str]]] = {}  # pages being made, by key
        self.port = 0
        # asked at every request of a moderator's link: is (guild, user) a moderator now? None: nobody is
        self.moderates: Callable[[str, str], Awaitable[bool]] | None = None
        self.streams: dict[str, int] = {}  # live streams held open, by client address
        self.streams_per_address = STREAMS_PER_ADDRESS
        self.relay: Relay | None = None  # PostgreSQL: the signal to and from the other processes

    async def heard(self, upd: Update) -> None:
        """The service's listener: after a commit this process's pages are told at once, and through
        the relay every other process's."""
        await self.hub.heard(upd)
        if self.relay is not None and upd.game.id is not None:
            self.relay.tell(upd.game.id, upd.game.version)

    def heard_elsewhere(self, game_id: int, version: int) -> None:
        """A notice through PostgreSQL: a row of the game older than it is forgotten (the next read is
        fresh), then its readers are told."""
        known = self.svc.cache.row(game_id)
        if known is not None and known.version < version:
            self.svc.cache.forget(game_id)
        self.hub.publish(game_id, version)

    @property
    def base_url(self) -> str:
        return self.public_url or f"http://127.0.0.1:{self.port}"

    def keep_image(self, key: tuple[Any, ...], data: bytes) -> None:
        if len(self.images) >= 256:
            self.images.pop(next(iter(self.images)))
        self.images[key] = data


SITE = web.AppKey("site", Site)
