"""Game settings as players type and read them in `/game create` and `/game rules`: `key=value`
text, money in dollars (the engine keeps cents), and the autocomplete that offers each default."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from engine.core import RuleError, all_games, get_game


def parse_settings(text: str | None) -> dict[str, Any]:
    """`key=value key2=value2` -> dict; numbers and true/false are typed, the rest kept as text."""
    out: dict[str, Any] = {}
    for part in (text or "").split():
        if "=" not in part:
            raise RuleError("core.bad_settings_text", text=part)
        key, value = part.split("=", 1)
        out[key.strip().lower()] = [_typed(v) for v in value.split(",")] if "," in value else _typed(value)
    return out


def _typed(value: str) -> Any:
    """Numbers and yes/no as such, the rest as text; the game's settings model validates the rest."""
    if value.lower() in ("true", "false", "si", "sì", "no", "yes"):
        return value.lower() in ("true", "si", "sì", "yes")
    try:
        return int(value)
    except ValueError:
        return None if value.lower() in ("none", "null", "-") else value


def money_settings(kind: str) -> set[str]:
    """Settings a game stores in cents (marked `{"unit": "cents"}`): players type and read dollars."""
    model = get_game(kind).settings_model
    return {name for name, field in model.model_fields.items()
            if isinstance(field.json_schema_extra, dict) and field.json_schema_extra.get("unit") == "cents"}


def _cents(value: Any) -> Any:
    if isinstance(value, list):
        return [_cents(v) for v in value]
    if isinstance(value, bool) or value is None:
        return value
    if isinstance(value, int):
        return value * 100
    from bot.cogs.impero.views import parse_money  # dollars as every command takes them ("12,50")

    return parse_money(str(value))


def _dollars(value: Any) -> Any:
    if isinstance(value, list):
        return [_dollars(v) for v in value]
    if isinstance(value, int) and not isinstance(value, bool):
        whole, cents = divmod(value, 100)
        return str(whole) if not cents else f"{whole}.{cents:02d}"  # "," separates list items
    return value


def settings_in_units(kind: str, typed: dict[str, Any]) -> dict[str, Any]:
    """What a player typed -> the game's units: money settings from dollars to cents."""
    money = money_settings(kind)
    return {k: _cents(v) if k in money else v for k, v in typed.items()}


def settings_defaults(kind: str) -> dict[str, Any]:
    """Every setting of a game with its default, as a player would type it in /game create
    (money in dollars)."""
    model = get_game(kind).settings_model
    money = money_settings(kind)
    out = {name: field.get_default(call_default_factory=True) for name, field in model.model_fields.items()}
    return {k: _dollars(v) if k in money else v for k, v in out.items()}


def settings_text(value: Any) -> str:
    if isinstance(value, list | tuple):
        return ",".join(str(v) for v in value)
    return str(value).lower() if isinstance(value, bool) else str(value)


async def settings_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Offer what is typed so far plus one more `key=default` for each setting not given yet."""
    kind = getattr(interaction.namespace, "kind", None) or getattr(interaction.namespace, "game", None)
    if not kind or kind not in all_games():
        return []
    typed = current.strip()
    given = {part.split("=", 1)[0].lower() for part in typed.split() if "=" in part}
    last = typed.split()[-1] if typed and "=" not in typed.split()[-1] else ""
    base = " ".join(p for p in typed.split() if "=" in p)
    out = []
    for key, default in settings_defaults(kind).items():
        if key in given or (last and not key.startswith(last.lower())) or default is None:
            continue
        text = f"{base} {key}={settings_text(default)}".strip()
        if len(text) <= 100:
            out.append(app_commands.Choice(name=text, value=text))
    return out[:25]
