"""Request bodies as discord.py sends them (JSON, or multipart/form-data with `payload_json` and
`files[n]`), read by splitting the bytes.

aiohttp's own readers parse every Content-Type and Content-Disposition header through Python's
`email` package: in a benchmark of many players at once that was 44 % of the emulator's CPU, taken
from the bot under test on a two-core machine. Parsing a request is Discord's cost, not the bot's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote

# key=token or key="quoted \"string\"" (discord.py's FormData leaves values unquoted but escaped)
_PARAM = re.compile(r'\s*([!#$%&\'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))')
_ESCAPED = re.compile(r"\\(.)")


class BadBody(ValueError):
    """Not a body Discord would read."""


def header_params(text: str) -> dict[str, str]:
    """The `key=value` parameters after a header's first `;`, keys lowercased, values unquoted
    (`key*=charset''percent-encoded` decoded as RFC 5987 says)."""
    out: dict[str, str] = {}
    for m in _PARAM.finditer(text):
        key = m.group(1).lower()
        value = _ESCAPED.sub(r"\1", m.group(2)) if m.group(2) is not None else m.group(3)
        if key.endswith("*"):
            charset, _, rest = value.partition("'")
            value = unquote(rest.partition("'")[2], encoding=charset or "utf-8")
            key = key[:-1]
        out[key] = value
    return out


def media_type(header: str) -> tuple[str, dict[str, str]]:
    """A Content-Type header as (lowercased type/subtype, parameters)."""
    kind, _, rest = header.partition(";")
    return kind.strip().lower(), header_params(rest)


@dataclass
class Part:
    name: str
    filename: str | None
    content_type: str | None
    data: bytes


def form_parts(body: bytes, boundary: str) -> list[Part]:
    """The parts of a multipart/form-data body, in order."""
    if not boundary:
        raise BadBody("multipart body without a boundary")
    chunks = body.split(b"--" + boundary.encode("latin-1"))
    parts: list[Part] = []
    for chunk in chunks[1:]:  # before the first delimiter: the preamble
        if chunk.startswith(b"--"):  # the closing delimiter
            return parts
        head, blank, data = chunk.removeprefix(b"\r\n").partition(b"\r\n\r\n")
        if not blank:
            raise BadBody("a part without a blank line after its headers")
        headers: dict[str, str] = {}
        for line in head.decode("utf-8", "replace").split("\r\n"):
            key, colon, value = line.partition(":")
            if colon:
                headers[key.strip().lower()] = value.strip()
        disposition = header_params(headers.get("content-disposition", "").partition(";")[2])
        parts.append(Part(disposition.get("name", ""), disposition.get("filename"), headers.get("content-type"),
                          data.removesuffix(b"\r\n")))
    raise BadBody("multipart body without its closing delimiter")
