"""What every answer of the web pages carries and how often a client may ask: a Content-Security-Policy
without inline script (the page's script is a static file), `X-Content-Type-Options: nosniff`,
`Referrer-Policy: no-referrer` (a private link never leaks to another site through a Referer), and a
token bucket per client address on every route."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable

from aiohttp import web

CSP = ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer",
           "X-Frame-Options": "DENY", "Cross-Origin-Opener-Policy": "same-origin"}
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


class RateLimit:
    """A token bucket per client address: `burst` requests at once, refilled at `per_minute`."""

    def __init__(self, per_minute: float, burst: int) -> None:
        self.rate, self.burst = per_minute / 60.0, burst
        self._buckets: dict[str, tuple[float, float]] = {}

    def allow(self, who: str) -> bool:
        if self.rate <= 0:
            return True
        now = time.monotonic()
        tokens, at = self._buckets.get(who, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        if len(self._buckets) > 50_000:  # a flood of addresses: forget the old ones
            self._buckets.clear()
        if tokens < 1:
            self._buckets[who] = (tokens, now)
            return False
        self._buckets[who] = (tokens - 1, now)
        return True


def client_address(request: web.Request, behind_proxy: bool) -> str:
    """Who asks: the peer, or behind a trusted reverse proxy the address it says it forwarded for."""
    if behind_proxy:
        forwarded = request.headers.get("X-Forwarded-For", "")
        if forwarded:
            return forwarded.split(",")[-1].strip()[:64]
    return request.remote or "?"


