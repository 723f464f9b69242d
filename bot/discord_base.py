"""Point discord.py at another Discord API base (only the loopback emulator in tests does this)."""

from __future__ import annotations

import discord.gateway
import discord.http
import yarl


def use_api_base(base_url: str) -> None:
    """REST calls go to <base>/api/v10 and the Gateway to ws://<host>/ of the same base.

    Both are class attributes in discord.py (REST routes are built from `Route.BASE`, and a client
    opens `DiscordWebSocket.DEFAULT_GATEWAY` before READY hands it a resume URL).
    """
    url = yarl.URL(base_url.rstrip("/"))
    discord.http.Route.BASE = f"{url}/api/v10"
    scheme = "wss" if url.scheme == "https" else "ws"
    discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = url.with_scheme(scheme).with_path("/")
