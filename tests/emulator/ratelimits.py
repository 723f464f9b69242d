"""Rate limits as Discord applies and announces them: per-route buckets (one per route and major
parameter: a channel, a guild, an interaction's webhook), the bot's global limit, the `X-RateLimit-*`
headers on every answer, and a 429 with Discord's body and headers when a bucket is empty.

By default the limits are generous (a hundred times Discord's), so the test suite never waits on them
while discord.py still reads real headers; `use_discord_limits()` applies Discord's own figures (the
load bench and the tests of the limits do)."""

from __future__ import annotations

import hashlib
import math
import re
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any

from aiohttp import web

from .httputil import json_response

GENEROUS = 100  # the default limits are Discord's times this


@dataclass(frozen=True)
class Route:
    """A bucket: `limit` requests per `per` seconds for each value of the route's major parameter."""

    name: str
    method: str  # "*" for any
    pattern: re.Pattern[str]  # its first group, when it has one, is the major parameter
    limit: int
    per: float
    is_global: bool = True  # counts against the bot's global limit (interactions do not)


def _r(name: str, method: str, pattern: str, limit: int, per: float, *, is_global: bool = True) -> Route:
    return Route(name, method, re.compile(pattern), limit, per, is_global)


# Discord's figures for what the bot does most; anything else shares a default bucket per route.
ROUTES: tuple[Route, ...] = (
    # posting in a channel, a thread or a DM channel (a DM is a post in the DM channel): 5 every 5 s
    # per channel
    _r("create-message", "POST", r"^/channels/(\d+)/messages/?$", 5, 5.0),
    _r("edit-message", "PATCH", r"^/channels/(\d+)/messages/\d+/?$", 5, 5.0),
    _r("delete-message", "DELETE", r"^/channels/(\d+)/messages/\d+/?$", 5, 1.0),
    # interactions are outside the global limit; followups go through the interaction's webhook
    _r("interaction-callback", "POST", r"^/interactions/(\d+)/[^/]+/callback/?$", 5, 5.0, is_global=False),
    _r("interaction-webhook", "*", r"^/webhooks/\d+/([^/]+)", 5, 2.0, is_global=False),
)
DEFAULT_LIMIT, DEFAULT_PER = 50, 1.0
GLOBAL_LIMIT, GLOBAL_PER = 50, 1.0  # requests a second for the whole bot
_MAJOR = re.compile(r"^/(?:channels|guilds)/(\d+)")


@dataclass
class _Window:
    reset_at: float  # monotonic
    used: int = 0


@dataclass
class Decision:
    """What the limiter says about one request: the headers of its answer, or the 429 to give."""

    headers: dict[str, str]
    refused: web.Response | None = None


class RateLimits:
    """Part of the emulator: counts each request in its bucket and in the global window."""

    def __init__(self) -> None:
        self.scale = GENEROUS
        self.speed = 1.0  # windows last per / speed seconds
        self._windows: dict[tuple[str, str], _Window] = {}
        self._global = _Window(0.0)
        self.refused: Counter[str] = Counter()  # 429s given, by scope ("user" for a route, "global")

    def use_discord_limits(self, *, speed: float = 1.0) -> None:
        """Discord's own limits from now on (the default ones are generous); `speed` > 1 shortens every
        window that many times, so a test sees several windows go by in a second."""
        self.scale, self.speed = 1, speed
        self._windows.clear()
        self._global = _Window(0.0)

    def use_generous_limits(self) -> None:
        self.scale, self.speed = GENEROUS, 1.0
        self._windows.clear()

    def _bucket(self, method: str, path: str) -> tuple[Route, str]:
        for route in ROUTES:
            if route.method in ("*", method) and (m := route.pattern.match(path)):
                return route, m.group(1) if m.groups() else ""
        template = re.sub(r"/\d{5,}", "/{id}", path)
        major = _MAJOR.match(path)
        route = Route(f"{method} {template}", method, re.compile(""), DEFAULT_LIMIT, DEFAULT_PER)
        return route, major.group(1) if major else ""

    def take(self, method: str, path: str) -> Decision:
        """Count the request; its answer's headers, or a 429 when its bucket or the global window is empty."""
        now = time.monotonic()
        route, major = self._bucket(method, path)
        if route.is_global:
            if now >= self._global.reset_at:
                self._global = _Window(now + GLOBAL_PER / self.speed)
            if self._global.used >= GLOBAL_LIMIT * self.scale:
                self.refused["global"] += 1
                return Decision({}, _too_many(self._global.reset_at - now, None, is_global=True))
            self._global.used += 1
        limit = route.limit * self.scale
        window = self._windows.get((route.name, major))
        if window is None or now >= window.reset_at:
            window = self._windows[(route.name, major)] = _Window(now + route.per / self.speed)
        after = window.reset_at - now
        headers = {
            "X-RateLimit-Limit": str(limit),
            "X-RateLimit-Remaining": str(max(limit - window.used - 1, 0)),
            "X-RateLimit-Reset": f"{time.time() + after:.3f}",
            "X-RateLimit-Reset-After": f"{after:.3f}",
            "X-RateLimit-Bucket": hashlib.sha1(route.name.encode()).hexdigest()[:32],
        }
        if window.used >= limit:
            self.refused["user"] += 1
            headers["X-RateLimit-Remaining"] = "0"
            return Decision(headers, _too_many(after, headers, is_global=False))
        window.used += 1
        return Decision(headers)


def _too_many(retry_after: float, headers: dict[str, Any] | None, *, is_global: bool) -> web.Response:
    retry_after = round(max(retry_after, 0.001), 3)
    body = {"message": "You are being rate limited.", "retry_after": retry_after, "global": is_global}
    extra = {
        **(headers or {}),
        "Retry-After": str(math.ceil(retry_after)),  # whole seconds, rounded up, as Discord sends
        "Via": "1.1 google",  # discord.py takes a 429 without Via for a Cloudflare ban
        "X-RateLimit-Scope": "global" if is_global else "user",
    }
    if is_global:
        extra["X-RateLimit-Global"] = "true"
    return json_response(body, status=429, headers=extra)
