"""What `/game web` answers: the game's public address, and for its players and moderators their own
signed links (bot/web/links.py), in the reader's language. Ephemeral: a private link is the reader's alone."""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.i18n import t
from bot.web.app import WebServer
from bot.web.links import MODERATOR


def public_url(web: WebServer, game_id: int) -> str:
    return f"{web.base_url}/g/{game_id}"


async def private_url(web: WebServer, game_id: int, reader: str, *, regenerate: bool = False) -> str:
    assert web.links is not None
    token = await web.links.token(game_id, reader, regenerate=regenerate)
    return f"{public_url(web, game_id)}/p/{token}"


async def links_text(web: WebServer, game_id: int, *, player: str | None, moderator: str | None, regenerate: bool,
                     now: datetime, lang: str) -> str:
    """The links this reader may have, one a line; `regenerate` revokes their older private links first."""
    if web.links is None:
        return t("web.links.off", lang)
    until = now + timedelta(days=web.link_days)
    lines = [t("web.links.public", lang, url=f"<{public_url(web, game_id)}>")]
    if player is not None:
        url = await private_url(web, game_id, player, regenerate=regenerate)
        lines.append(t("web.links.private", lang, url=f"<{url}>", at=until))
    if moderator is not None:
        url = await private_url(web, game_id, MODERATOR + moderator, regenerate=regenerate)
        lines.append(t("web.links.moderator", lang, url=f"<{url}>", at=until))
    if regenerate and (player is not None or moderator is not None):
        lines.append(t("web.links.regenerated", lang))
    return "\n".join(lines)
