"""A player's moves as their private web page lists them: the game's `legal_actions` for them, in the
words and groups of their Discord panel, each with the ids of the places it involves (the board's
clickable shapes filter by them) and the inputs it asks (an amount, a choice).

Each game's cog registers its lister (`register_table_moves`), built from the same functions its
Discord panel is drawn with, so the words have one home. The web (bot/web/acting.py) never imports a
cog: it reads this registry, as it reads `bot.telling.LOG_NAMES`."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from engine.core import GameState, RuleError


@dataclass(frozen=True)
class Input:
    """One thing the player types or picks before sending a move: the action's field it fills."""

    name: str
    label: str
    kind: str = "count"  # "count" (a whole number), "choice" (one of `choices`), or a game's own unit
    default: str = ""
    choices: tuple[tuple[str, str], ...] = ()  # (value, words)
    low: int | None = None
    high: int | None = None


# typed text -> the field's value, or a localized RuleError (a game's units: Impero's dollars...)
Reading = Callable[[str], Any]


@dataclass(frozen=True)
class TableMove:
    group: str  # the group's title, as the panel's select or row says it
    label: str  # the move in the panel's words
    action: dict[str, Any]  # the engine's action; the inputs' fields are filled from the form
    places: tuple[str, ...] = ()  # the game's own ids it involves (provinces, hexes, companies...)
    inputs: tuple[Input, ...] = ()
    readers: dict[str, Reading] = field(default_factory=dict)  # by input kind, beyond count and choice


Lister = Callable[[GameState, str, str], list[TableMove]]
TABLE_MOVES: dict[str, Lister] = {}


def register_table_moves(kind: str, lister: Lister) -> None:
    TABLE_MOVES[kind] = lister


def moves_of(kind: str, state: GameState, player: str, language: str) -> list[TableMove]:
    """What `player` may do now from the table (empty for a game without a lister: the conformance
    suite fails such a game)."""
    lister = TABLE_MOVES.get(kind)
    return lister(state, player, language) if lister is not None and state.status == "active" else []


_COUNT = re.compile(r"-?\d{1,9}")


def filled(move: TableMove, typed: dict[str, str]) -> dict[str, Any]:
    """The move's action with the player's inputs, or a localized RuleError naming what was wrong."""
    action = dict(move.action)
    for one in move.inputs:
        raw = (typed.get(one.name) or "").strip()
        if one.kind == "choice":
            if raw not in {value for value, _ in one.choices}:
                raise RuleError("core.table.bad_choice", what=one.label)
            value: Any = raw
        elif one.kind == "text":
            value = raw
        elif one.kind == "count":
            if not _COUNT.fullmatch(raw):
                raise RuleError("core.table.bad_count", text=raw[:32], what=one.label)
            value = int(raw)
        else:
            value = move.readers[one.kind](raw)
        set_field(action, one.name, value)
    return action


def set_field(action: dict[str, Any], name: str, value: Any) -> None:
    """`name` is a field, or a path into the action: `ship_seas.1` (the second of a list),
    `items.0.choice` (a field of a list's first item). Lists and items on the way are copied."""
    path = name.split(".")
    here: Any = action
    for i, part in enumerate(path):
        last = i == len(path) - 1
        key: Any = int(part) if isinstance(here, list) else part
        if isinstance(here, list):
            here += [None] * (key + 1 - len(here))
        if last:
            here[key] = value
            return
        inner = here[key] if isinstance(here, list) or key in here else None
        inner = list(inner or []) if path[i + 1].isdigit() else dict(inner or {})
        here[key] = inner
        here = inner


def places_in(action: dict[str, Any], fields: Iterable[str]) -> tuple[str, ...]:
    """The ids an action's `fields` hold (a list field gives each of its items), in order, once each."""
    out: list[str] = []
    for name in fields:
        value = action.get(name)
        for item in value if isinstance(value, list) else [value]:
            if isinstance(item, str | int) and not isinstance(item, bool) and str(item) and str(item) not in out:
                out.append(str(item))
    return tuple(out)
