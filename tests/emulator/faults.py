"""Faults injected on demand: rate limits, server errors (gateway drops live on Emulator)."""

from __future__ import annotations

from dataclasses import dataclass

from aiohttp import web

from .httputil import json_response


@dataclass
class _Fault:
    route: str
    method: str | None
    times: int
    status: int
    retry_after: float = 0.0
    is_global: bool = False
    hits: int = 0


class Faults:
    def __init__(self) -> None:
        self._faults: list[_Fault] = []

    def rate_limit(
        self,
        route: str,
        *,
        times: int = 1,
        retry_after: float = 0.1,
        method: str | None = None,
        is_global: bool = False,
    ) -> None:
        """The next `times` requests whose path contains `route` get a 429 (discord.py sleeps and retries)."""
        self._faults.append(_Fault(route, method, times, 429, retry_after, is_global))

    def server_error(
        self, route: str, *, times: int = 1, status: int = 500, method: str | None = None
    ) -> None:
        """The next `times` matching requests fail with a 5xx (discord.py retries after 1 s, 3 s, ...)."""
        self._faults.append(_Fault(route, method, times, status))

    def clear(self) -> None:
        self._faults.clear()

    @property
    def pending(self) -> int:
        return sum(f.times for f in self._faults)

    def check(self, method: str, path: str) -> web.Response | None:
        for fault in self._faults:
            if fault.route in path and (fault.method is None or fault.method.upper() == method):
                fault.times -= 1
                fault.hits += 1
                if fault.times <= 0:
                    self._faults.remove(fault)
                return _response(fault)
        return None


def _response(fault: _Fault) -> web.Response:
    if fault.status == 429:
        body = {
            "message": "You are being rate limited.",
            "retry_after": fault.retry_after,
            "global": fault.is_global,
        }
        headers = {
            "Retry-After": str(fault.retry_after),
            # discord.py treats a 429 without Via as a Cloudflare ban and gives up.
            "Via": "1.1 google",
            "X-RateLimit-Scope": "global" if fault.is_global else "user",
        }
        if fault.is_global:
            headers["X-RateLimit-Global"] = "true"
        return json_response(body, status=429, headers=headers)
    body = {"message": "500: Internal Server Error", "code": 0}
    return json_response(body, status=fault.status)
