"""Which action types a game's private panel must offer, for the guard test of each panel's e2e file:
every action type the engine knows has a test played from the panel, or is named here with why it
is not the panel's business (docs/architecture.md, "Private panels", says the same in words)."""

from __future__ import annotations

from typing import Any

from engine.core import get_game
from engine.core.moderation import Away

AWAY = str(Away.model_fields["type"].default)
# not played from a game's panel, by design, for every game
NOT_ON_ANY_PANEL: dict[str, str] = {
    AWAY: "an absence is declared with /away, one command for every game, not a move of the game",
}
MODERATOR_REASON = "a moderator's move, played with /mod by the table's moderator, never by a player"


def action_types(kind: str) -> dict[str, str]:
    """Every action type of the game -> why it is not on the panel ("" when the panel must offer it)."""
    schemas = get_game(kind).action_schema()
    out: dict[str, str] = {}
    for part in ("game", "moderator"):
        schema = schemas[part]
        for ref in schema.get("oneOf", []):
            spec = schema["$defs"][ref["$ref"].rsplit("/", 1)[1]]
            kind_of = str(spec["properties"]["type"]["const"])
            out[kind_of] = MODERATOR_REASON if part == "moderator" else ""
    out.update(NOT_ON_ANY_PANEL)
    return out


def untested(kind: str, module: Any, not_on_panel: dict[str, str]) -> list[str]:
    """Action types with neither a `test_<type>` in `module` nor a reason to stay off the panel."""
    types = action_types(kind) | not_on_panel
    return sorted(k for k, why in types.items() if not why and not callable(getattr(module, f"test_{k}", None)))
