"""JSON responses the way discord.py expects them."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from aiohttp import web


def json_response(data: Any, *, status: int = 200, headers: Mapping[str, str] | None = None) -> web.Response:
    # discord.py only decodes bodies whose Content-Type is exactly "application/json" (no charset).
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(
        body=body, status=status, headers={**(headers or {}), "Content-Type": "application/json"}
    )
