"""Who wants what: each server's settings (/mod config) and each player's language and notifications
(/notify). The game service inherits these reads and writes; games and their moves live in bot/service.py."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from sqlalchemy import Connection, bindparam, insert, update
from sqlmodel import select

from bot.gamecache import Recent
from bot.storage.db import Database
from bot.storage.models import GuildConfig, NotifyPref, UserLanguage
from engine.core import RuleError

_LANG, _CONFIG, _NOTIFY = (m.__table__ for m in (UserLanguage, GuildConfig, NotifyPref))  # type: ignore[union-attr]
_LANGS_OF = select(_LANG).where(_LANG.c.user_id.in_(bindparam("ids", expanding=True)))
_CONFIGS_OF = select(_CONFIG).where(_CONFIG.c.guild_id.in_(bindparam("ids", expanding=True)))
_NOTIFY_OF = select(_NOTIFY).where(_NOTIFY.c.user_id.in_(bindparam("ids", expanding=True)))
_SEEN = update(_LANG).where(_LANG.c.user_id == bindparam("user")).values(seen=bindparam("seen"))
_FIRST_SEEN = insert(_LANG).values(user_id=bindparam("user"), seen=bindparam("seen"))
# a locale first seen is stored this long after, with the others seen meanwhile, in one transaction:
# a burst of new players (fifty new games' first moves on PostgreSQL) paid a write transaction each
# (BEGIN, UPDATE, INSERT, COMMIT on the event loop) on the way to their answers
LOCALES_AFTER = 1.0
log = logging.getLogger("araldo.preferences")
NOTIFY_KINDS = ("turn", "action", "outbid", "reminder", "game_end", "info", "images", "next")
# kinds off until a player turns them on: a board image in every DM is heavy on a phone; "you're
# next" (the turn before yours has started) is asked for by who wants it
NOTIFY_OFF_BY_DEFAULT = ("images", "next")


class Preferences:
    """Kept in this process for FRESH_SECONDS after each read (bot/gamecache.py): every move answers
    in its server's language and the sender reads every recipient's preferences. A change made here
    is seen at once; one made by another process within FRESH_SECONDS."""

    db: Database
    default_locale: str
    default_timezone: str

    def _init_preferences(self) -> None:
        self._seen_locale: dict[str, str] = {}  # the Discord locale last seen per user (stored, or about to be)
        self._unstored_locales: dict[str, str] = {}  # seen, waiting for store_locales()
        self._storing_locales: asyncio.Task[None] | None = None
        self._configs: Recent[str, GuildConfig] = Recent()
        self._notify: Recent[str, dict[str, bool]] = Recent()  # user -> the kinds they set
        self._languages: Recent[str, tuple[str | None, str | None]] = Recent()  # user -> (chosen, seen)

    # ---- guild settings ------------------------------------------------------------------
    async def guild_config(self, guild_id: str) -> GuildConfig:
        return (await self.guild_configs({guild_id}))[guild_id]

    def _new_config(self, guild_id: str) -> GuildConfig:
        return GuildConfig(guild_id=guild_id, locale=self.default_locale, timezone=self.default_timezone)

    async def set_guild_config(self, guild_id: str, **values: Any) -> GuildConfig:
        async with self.db.transaction() as s:
            cfg = await s.get(GuildConfig, guild_id)
            if cfg is None:
                cfg = self._new_config(guild_id)
                s.add(cfg)
            for key, value in values.items():
                setattr(cfg, key, value)
        self._configs.put(guild_id, cfg)
        return cfg

    # ---- players' languages and notifications ----------------------------------------------
    async def remember_locale(self, user_id: str, locale: str | None) -> None:
        """Keep the Discord locale a player's client last showed us, for the DMs we send them later.
        This process knows it at once (`_seen_locale`); the database gets it LOCALES_AFTER later,
        with every other locale seen meanwhile, off the path of the command that showed it."""
        if not locale or self._seen_locale.get(user_id) == locale:
            return
        self._seen_locale[user_id] = locale
        self._languages.forget(user_id)
        self._unstored_locales[user_id] = locale[:16]
        if self._storing_locales is None:
            self._storing_locales = asyncio.get_running_loop().create_task(self._store_locales_later())

    async def _store_locales_later(self) -> None:
        await asyncio.sleep(LOCALES_AFTER)
        self._storing_locales = None
        try:
            await self.store_locales()
        except Exception:  # a language we fail to store never disturbs anything else
            log.warning("could not store the locales of %d users", len(self._unstored_locales), exc_info=True)

    async def store_locales(self, *, closing: bool = False) -> None:
        """The locales seen and not stored yet, in one transaction (at once: a read of them, closing)."""
        if closing and self._storing_locales is not None:
            self._storing_locales.cancel()
            self._storing_locales = None
        pending, self._unstored_locales = self._unstored_locales, {}
        if not pending:
            return

        def store(conn: Connection) -> None:
            for user_id, seen in pending.items():
                if not conn.execute(_SEEN, {"user": user_id, "seen": seen}).rowcount:
                    conn.execute(_FIRST_SEEN, {"user": user_id, "seen": seen})

        try:
            await self.db.run(store, write=True)
        except BaseException:
            self._unstored_locales = {**pending, **self._unstored_locales}  # tried again with the next ones
            raise

    async def set_language(self, user_id: str, chosen: str | None) -> None:
        """A player's own choice for their DMs ("it", "en"), or None to follow their Discord client."""
        await self.store_locales()  # their row is written once, not by two transactions at once
        async with self.db.transaction() as s:
            pref = await s.get(UserLanguage, user_id)
            if pref is None:
                s.add(UserLanguage(user_id=user_id, chosen=chosen))
            else:
                pref.chosen = chosen
        self._languages.forget(user_id)

    async def user_language(self, user_id: str) -> tuple[str | None, str | None]:
        """(their choice, the Discord locale last seen) for a player's DMs."""
        await self.store_locales()
        async with self.db.sessions() as s:
            pref = await s.get(UserLanguage, user_id)
        if pref is None:
            return None, self._seen_locale.get(user_id)
        return pref.chosen, pref.seen or self._seen_locale.get(user_id)

    async def user_languages(self, user_ids: set[str]) -> dict[str, tuple[str | None, str | None]]:
        """(choice, Discord locale last seen) of several players, for a sending pass: at most one read."""
        found = {u: known for u in user_ids if (known := self._languages.get(u)) is not None}
        missing = user_ids - found.keys()
        if missing:
            stored = await self.db.run(
                lambda conn: {r.user_id: (r.chosen, r.seen) for r in conn.execute(_LANGS_OF, {"ids": list(missing)})},
                write=False)
            for u in missing:
                found[u] = stored.get(u, (None, None))
                self._languages.put(u, found[u])
        out = {}
        for u in user_ids:  # a locale seen this very moment may not be stored yet
            chosen, seen = found.get(u, (None, None))
            out[u] = (chosen, self._unstored_locales.get(u) or seen or self._seen_locale.get(u))
        return out

    async def guild_configs(self, guild_ids: set[str]) -> dict[str, GuildConfig]:
        """Several servers' settings, at most one read (defaults for those that never ran /mod config)."""
        found = {g: cfg for g in guild_ids if (cfg := self._configs.get(g)) is not None}
        missing = guild_ids - found.keys()
        if missing:
            stored = await self.db.run(lambda conn: {r.guild_id: GuildConfig(**r._mapping)
                                                     for r in conn.execute(_CONFIGS_OF, {"ids": list(missing)})},
                                       write=False)
            for g in missing:
                found[g] = stored.get(g) or self._new_config(g)
                self._configs.put(g, found[g])
        return found

    async def notify_settings(self, user_ids: set[str]) -> dict[tuple[str, str], bool]:
        """The (user, kind) notifications these users turned on or off; absent means on."""
        found = {u: kinds for u in user_ids if (kinds := self._notify.get(u)) is not None}
        missing = user_ids - found.keys()
        if missing:
            rows = await self.db.run(lambda conn: list(conn.execute(_NOTIFY_OF, {"ids": list(missing)})), write=False)
            for u in missing:
                found[u] = {}
            for r in rows:
                found[r.user_id][r.kind] = r.enabled
            for u in missing:
                self._notify.put(u, found[u])
        return {(u, kind): on for u, kinds in found.items() for kind, on in kinds.items()}

    async def notify_enabled(self, user_id: str, kind: str) -> bool:
        async with self.db.sessions() as s:
            pref = await s.get(NotifyPref, (user_id, kind))
        return pref.enabled if pref else kind not in NOTIFY_OFF_BY_DEFAULT

    async def set_notify(self, user_id: str, kind: str, enabled: bool) -> None:
        if kind not in NOTIFY_KINDS:
            raise RuleError("core.bad_notify_kind", kinds=list(NOTIFY_KINDS))
        async with self.db.transaction() as s:
            pref = await s.get(NotifyPref, (user_id, kind))
            if pref is None:
                s.add(NotifyPref(user_id=user_id, kind=kind, enabled=enabled))
            else:
                pref.enabled = enabled
        self._notify.forget(user_id)

    async def notify_prefs(self, user_id: str) -> dict[str, bool]:
        async with self.db.sessions() as s:
            rows = (await s.execute(select(NotifyPref).where(NotifyPref.user_id == user_id))).scalars()
            prefs = {r.kind: r.enabled for r in rows}
        return {kind: prefs.get(kind, kind not in NOTIFY_OFF_BY_DEFAULT) for kind in NOTIFY_KINDS}
