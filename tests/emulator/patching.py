"""Point an unmodified discord.py at the emulator (or anywhere else) by moving its two base URLs."""

from __future__ import annotations

from collections.abc import Callable

import yarl


def gateway_url_for(base_url: str) -> str:
    """The emulator serves its Gateway at the root of the same host: http://h:p -> ws://h:p/."""
    url = yarl.URL(base_url.rstrip("/"))
    scheme = "wss" if url.scheme == "https" else "ws"
    return str(url.with_scheme(scheme).with_path("/"))


def point_discord_py_at(base_url: str) -> Callable[[], None]:
    """Send discord.py's REST calls and Gateway connection to `base_url`; returns an undo function.

    discord.py builds every REST URL (including interaction callbacks and webhooks) from
    `discord.http.Route.BASE`, and (in 2.x) connects a plain `Client` straight to
    `DiscordWebSocket.DEFAULT_GATEWAY` without calling GET /gateway/bot; after READY it reconnects to
    READY's `resume_gateway_url`, which the emulator sets to itself. Both are class attributes, so this
    affects every client in the process: tests must not talk to real Discord at the same time.
    """
    import discord.gateway
    import discord.http

    old_base = discord.http.Route.BASE
    old_gateway = discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    discord.http.Route.BASE = f"{base_url.rstrip('/')}/api/v10"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(gateway_url_for(base_url))

    def restore() -> None:
        discord.http.Route.BASE = old_base
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = old_gateway

    return restore
