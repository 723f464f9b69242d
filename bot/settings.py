"""Araldo's settings, from the environment and an optional `.env` file (see .env.example)."""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

DEFAULT_DATABASE_URL = "sqlite+aiosqlite:///araldo.db"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_file=".env", env_file_encoding="utf-8", extra="ignore")

    discord_token: str = Field(default="", alias="DISCORD_TOKEN")
    database_url: str = Field(default=DEFAULT_DATABASE_URL, alias="DATABASE_URL")
    default_locale: str = Field(default="it", alias="DEFAULT_LOCALE")
    default_timezone: str = Field(default="Europe/Rome", alias="DEFAULT_TIMEZONE")
    dev_guild_id: int | None = Field(default=None, alias="DEV_GUILD_ID")
    log_level: str = Field(default="INFO", alias="LOG_LEVEL")
    shard_count: int | None = Field(default=None, alias="SHARD_COUNT", ge=1)
    shard_ids: list[int] | None = Field(default=None, alias="SHARD_IDS")
    discord_api_base: str | None = Field(default=None, alias="DISCORD_API_BASE")
    # commands' boards are drawn in this many worker processes (bot/painters.py); 0: in a thread here
    board_processes: int = Field(default=1, alias="BOARD_PROCESSES", ge=0, le=16)
    # the table in the browser (bot/web): where it listens (WEB_PORT=0: no web pages), the address the
    # links the bot posts start with (behind a reverse proxy: the proxy's), and the key links are signed
    # with (empty: one is generated and kept in the database's web_setting table)
    web_host: str = Field(default="127.0.0.1", alias="WEB_HOST")
    web_port: int = Field(default=8080, alias="WEB_PORT", ge=0, le=65535)
    public_url: str = Field(default="", alias="PUBLIC_URL")
    web_secret: str = Field(default="", alias="WEB_SECRET")
    web_link_days: int = Field(default=30, alias="WEB_LINK_DAYS", ge=1, le=365)
    # behind a reverse proxy: take the client's address for the rate limit from X-Forwarded-For
    web_behind_proxy: bool = Field(default=False, alias="WEB_BEHIND_PROXY")

    @field_validator("dev_guild_id", "shard_count", mode="before")
    @classmethod
    def _blank_is_none(cls, v: object) -> object:
        return None if v == "" else v

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _parse_ids(cls, v: object) -> object:
        if v is None or v == "":
            return None
        if isinstance(v, str):
            return [int(part) for part in v.replace(" ", "").split(",") if part]
        if isinstance(v, int):
            return [v]
        return v

    @field_validator("public_url")
    @classmethod
    def _public_url(cls, v: str) -> str:
        v = v.strip().rstrip("/")
        if v and not v.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return v

    def web_base(self, port: int | None = None) -> str:
        """Where a reader reaches the pages: PUBLIC_URL, else this process's own address."""
        if self.public_url:
            return self.public_url
        host = "127.0.0.1" if self.web_host in ("0.0.0.0", "::", "") else self.web_host
        return f"http://{host}:{port or self.web_port}"

    @field_validator("default_locale")
    @classmethod
    def _locale(cls, v: str) -> str:
        if v not in ("it", "en"):
            raise ValueError("must be 'it' or 'en'")
        return v

    @field_validator("default_timezone")
    @classmethod
    def _tz(cls, v: str) -> str:
        try:
            ZoneInfo(v)
        except (ZoneInfoNotFoundError, ValueError):
            raise ValueError(f"unknown time zone {v!r}") from None
        return v

    @field_validator("log_level")
    @classmethod
    def _level(cls, v: str) -> str:
        v = v.upper()
        if v not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
            raise ValueError("must be DEBUG, INFO, WARNING, ERROR or CRITICAL")
        return v

    @field_validator("database_url")
    @classmethod
    def _db(cls, v: str) -> str:
        if not v.startswith(("sqlite+aiosqlite://", "postgresql+asyncpg://", "postgresql://")):
            raise ValueError("must start with sqlite+aiosqlite:// or postgresql+asyncpg://")
        if v.startswith("postgresql://"):
            v = "postgresql+asyncpg://" + v.removeprefix("postgresql://")
        return v

    @model_validator(mode="after")
    def _shards(self) -> Settings:
        if self.shard_ids and self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT")
        if self.shard_ids and self.shard_count and any(i >= self.shard_count or i < 0 for i in self.shard_ids):
            raise ValueError("SHARD_IDS must be between 0 and SHARD_COUNT-1")
        return self
