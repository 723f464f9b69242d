"""Private links to a game's page: signed with itsdangerous, bound to one game and one reader,
expiring, and revocable by regenerating.

A link's token is `URLSafeTimedSerializer(key).dumps({"g": game, "r": reader, "n": generation})`: the
game, the reader (a player's id, or `mod:<id>` for a moderator) and the generation it was made with,
plus the time it was signed. Nothing secret travels in it (an id is no secret, the view is built on
the server). It is refused when the signature is wrong, when it is older than WEB_LINK_DAYS, when it
names another game than the page's, or when its generation is not the reader's current one
(`web_link.generation`): `/game web regenerate:yes` bumps it and every older link dies.

The key is WEB_SECRET, else one generated at the first start and kept in the `web_setting` table, so
links survive restarts and every process over the same database signs alike.
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass

from itsdangerous import BadData, URLSafeSerializer, URLSafeTimedSerializer
from sqlmodel import col, select

from bot.storage.db import Database
from bot.storage.models import WebLink, WebSetting

SALT = "araldo.web.link"
PAGE_SALT = "araldo.web.page"  # a page's own token, carried by its move forms
KEY_NAME = "link_key"
MODERATOR = "mod:"
GENERATION_TTL = 5.0


@dataclass(frozen=True)
class Reader:
    """Who a page is for: the public, a player of the game, or a moderator."""

    game_id: int
    player: str | None = None
    moderator: str | None = None

    @property
    def scope(self) -> str:
        if self.moderator is not None:
            return f"mod:{self.moderator}"
        return self.player or "public"


async def link_key(db: Database, configured: str) -> str:
    """WEB_SECRET, else the key kept in the database (made at the first start)."""
    if configured:
        return configured
    async with db.sessions() as s:
        found = await s.get(WebSetting, KEY_NAME)
        if found is not None:
            return found.value
    async with db.transaction() as s:
        found = await s.get(WebSetting, KEY_NAME)  # another process may have made it meanwhile
        if found is None:
            found = WebSetting(name=KEY_NAME, value=secrets.token_urlsafe(48))
            s.add(found)
        return found.value


class Links:
    def __init__(self, db: Database, key: str, max_age_days: int) -> None:
        self.db = db
        self.signer = URLSafeTimedSerializer(key, salt=SALT)
        self.pages = URLSafeSerializer(key, salt=PAGE_SALT)
        self.max_age = max_age_days * 86400
        # this process's copy, updated at once on a regenerate here and read again after GENERATION_TTL
        # seconds (a regenerate made by another process over the same database)
        self._generations: dict[tuple[int, str], tuple[int, float]] = {}

    async def generation(self, game_id: int, reader: str) -> int:
        key = (game_id, reader)
        known = self._generations.get(key)
        if known is not None and time.monotonic() - known[1] < GENERATION_TTL:
            return known[0]
        async with self.db.sessions() as s:
            found = (await s.execute(select(WebLink.generation).where(
                col(WebLink.game_id) == game_id, col(WebLink.user_id) == reader))).scalar()
        if len(self._generations) > 10_000:
            self._generations.clear()
        self._generations[key] = (int(found or 0), time.monotonic())
        return int(found or 0)

    async def regenerate(self, game_id: int, reader: str) -> int:
        """Revoke every link of this reader to this game: the next one carries a new generation."""
        async with self.db.transaction() as s:
            found = await s.get(WebLink, (game_id, reader))
            if found is None:
                found = WebLink(game_id=game_id, user_id=reader, generation=1)
                s.add(found)
            else:
                found.generation += 1
            generation = found.generation
        self._generations[(game_id, reader)] = (generation, time.monotonic())
        return generation

    async def token(self, game_id: int, reader: str, *, regenerate: bool = False) -> str:
        generation = await (self.regenerate(game_id, reader) if regenerate else self.generation(game_id, reader))
        return str(self.signer.dumps({"g": game_id, "r": reader, "n": generation}))

    def page_token(self, game_id: int, player: str, version: int) -> str:
        """The token a private page's move forms carry (against cross-site requests): signed for this
        game, player and the version the page shows, so a form also says which version it was drawn at."""
        return str(self.pages.dumps({"g": game_id, "r": player, "v": version}))

    def page_version(self, token: str, game_id: int, player: str) -> int | None:
        """The version a page token was made at, if it is genuine and this game's and player's."""
        try:
            data = self.pages.loads(token[:256])
        except (BadData, ValueError, TypeError):
            return None
        if not isinstance(data, dict) or data.get("g") != game_id or data.get("r") != player:
            return None
        version = data.get("v")
        return version if isinstance(version, int) and not isinstance(version, bool) else None

    async def reader(self, game_id: int, token: str) -> Reader | None:
        """The reader a token was made for, if it is genuine, fresh, for this game and not revoked."""
        if not token or len(token) > 512:
            return None
        try:
            data = self.signer.loads(token, max_age=self.max_age)
        except (BadData, ValueError, TypeError):
            return None
        if not isinstance(data, dict) or data.get("g") != game_id:
            return None
        who, generation = data.get("r"), data.get("n")
        if not isinstance(who, str) or not who or not isinstance(generation, int):
            return None
        if generation != await self.generation(game_id, who):
            return None
        if who.startswith(MODERATOR):
            return Reader(game_id, moderator=who.removeprefix(MODERATOR))
        return Reader(game_id, player=who)
