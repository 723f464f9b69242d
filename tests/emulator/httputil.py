"""HTTP as Discord speaks it: JSON responses the way discord.py expects them, Discord's error answers,
the request body as read (JSON and uploaded files), and the record of each request."""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web


def json_response(data: Any, *, status: int = 200, headers: Mapping[str, str] | None = None) -> web.Response:
    # discord.py only decodes bodies whose Content-Type is exactly "application/json" (no charset).
    body = json.dumps(data, separators=(",", ":")).encode()
    return web.Response(
        body=body, status=status, headers={**(headers or {}), "Content-Type": "application/json"}
    )


class DiscordError(Exception):
    """Raised inside handlers; turned into Discord's JSON error body."""

    def __init__(self, status: int, code: int, message: str, errors: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.status, self.code, self.message, self.errors = status, code, message, errors

    def response(self) -> web.Response:
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors is not None:
            body["errors"] = self.errors
        return json_response(body, status=self.status)


def unknown(what: str, code: int) -> DiscordError:
    return DiscordError(404, code, f"Unknown {what}")


@dataclass
class UploadedFile:
    index: int
    filename: str
    content_type: str | None
    data: bytes


@dataclass
class Body:
    json: Any = None
    files: dict[int, UploadedFile] = field(default_factory=dict)


@dataclass
class RequestRecord:
    """One exchange as it went over the wire: the bot's request and the emulator's answer."""

    method: str
    path: str
    status: int
    body: Any  # the request's JSON (payload_json of a multipart upload), or None
    at: float = field(default_factory=time.monotonic)
    query: dict[str, str] = field(default_factory=dict)
    response: Any = None  # the answer's JSON body, or None (204, non-JSON)
    headers: dict[str, str] = field(default_factory=dict)  # the answer's headers


def response_json(response: web.StreamResponse) -> Any:
    """The JSON body of an answer built with json_response, else None."""
    body = getattr(response, "body", None)
    if response.content_type != "application/json" or not isinstance(body, bytes | bytearray) or not body:
        return None
    return json.loads(body)
