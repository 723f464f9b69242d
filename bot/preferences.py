"""Who wants what: each server's settings (/mod config) and each player's language and notifications
(/notify). The game service inherits these reads and writes; games and their moves live in bot/service.py."""

from __future__ import annotations

from typing import Any

from sqlmodel import col, select

from bot.storage.db import Database
from bot.storage.models import GuildConfig, NotifyPref, UserLanguage
from engine.core import RuleError

NOTIFY_KINDS = ("turn", "action", "outbid", "reminder", "game_end", "info", "images")
# kinds off until a player turns them on: a board image in every DM is heavy on a phone
NOTIFY_OFF_BY_DEFAULT = ("images",)


class Preferences:
    db: Database
    default_locale: str
    default_timezone: str
    _seen_locale: dict[str, str]  # the Discord locale last stored per user

    # ---- guild settings ------------------------------------------------------------------
    async def guild_config(self, guild_id: str) -> GuildConfig:
        async with self.db.sessions() as s:
            cfg = await s.get(GuildConfig, guild_id)
        return cfg or self._new_config(guild_id)

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
        return cfg

    # ---- players' languages and notifications ----------------------------------------------
    async def remember_locale(self, user_id: str, locale: str | None) -> None:
        """Keep the Discord locale a player's client last showed us, for the DMs we send them later."""
        if not locale or self._seen_locale.get(user_id) == locale:
            return
        self._seen_locale[user_id] = locale
        async with self.db.transaction() as s:
            pref = await s.get(UserLanguage, user_id)
            if pref is None:
                s.add(UserLanguage(user_id=user_id, seen=locale[:16]))
            elif pref.seen != locale:
                pref.seen = locale[:16]

    async def set_language(self, user_id: str, chosen: str | None) -> None:
        """A player's own choice for their DMs ("it", "en"), or None to follow their Discord client."""
        async with self.db.transaction() as s:
            pref = await s.get(UserLanguage, user_id)
            if pref is None:
                s.add(UserLanguage(user_id=user_id, chosen=chosen))
            else:
                pref.chosen = chosen

    async def user_language(self, user_id: str) -> tuple[str | None, str | None]:
        """(their choice, the Discord locale last seen) for a player's DMs."""
        async with self.db.sessions() as s:
            pref = await s.get(UserLanguage, user_id)
        if pref is None:
            return None, self._seen_locale.get(user_id)
        return pref.chosen, pref.seen or self._seen_locale.get(user_id)

    async def user_languages(self, user_ids: set[str]) -> dict[str, tuple[str | None, str | None]]:
        """(choice, Discord locale last seen) of several players in one read, for a sending pass."""
        async with self.db.sessions() as s:
            rows = (await s.execute(select(UserLanguage).where(col(UserLanguage.user_id).in_(user_ids)))).scalars()
            found = {r.user_id: (r.chosen, r.seen) for r in rows}
        out = {}
        for u in user_ids:  # a locale seen this very moment may not be stored yet
            chosen, seen = found.get(u, (None, None))
            out[u] = (chosen, seen or self._seen_locale.get(u))
        return out

    async def guild_configs(self, guild_ids: set[str]) -> dict[str, GuildConfig]:
        """Several servers' settings in one read (defaults for those that never ran /mod config)."""
        async with self.db.sessions() as s:
            found = {c.guild_id: c for c in (await s.execute(
                select(GuildConfig).where(col(GuildConfig.guild_id).in_(guild_ids)))).scalars()}
        return {gid: found.get(gid) or self._new_config(gid) for gid in guild_ids}

    async def notify_settings(self, user_ids: set[str]) -> dict[tuple[str, str], bool]:
        """The (user, kind) notifications these users turned on or off; absent means on."""
        async with self.db.sessions() as s:
            rows = (await s.execute(select(NotifyPref).where(col(NotifyPref.user_id).in_(user_ids)))).scalars()
            return {(r.user_id, r.kind): r.enabled for r in rows}

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

    async def notify_prefs(self, user_id: str) -> dict[str, bool]:
        async with self.db.sessions() as s:
            rows = (await s.execute(select(NotifyPref).where(NotifyPref.user_id == user_id))).scalars()
            prefs = {r.kind: r.enabled for r in rows}
        return {kind: prefs.get(kind, kind not in NOTIFY_OFF_BY_DEFAULT) for kind in NOTIFY_KINDS}
