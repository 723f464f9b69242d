"""Which games exist. Each game package registers its `Game` on import."""

from __future__ import annotations

import importlib
from typing import Any

from engine.core.errors import RuleError
from engine.core.game import Game

# the game packages Araldo ships; tests may register more (see tests/fixtures/testgame)
BUILTIN_GAMES: tuple[str, ...] = (
    "engine.impero", "engine.spqrisiko", "engine.nomic", "engine.highfrontier", "engine.galactica",
)

_GAMES: dict[str, Game[Any]] = {}
_loaded = False


def register(game: Game[Any]) -> Game[Any]:
    _GAMES[game.meta.kind] = game
    return game


def load_builtin() -> None:
    global _loaded
    if _loaded:
        return
    for module in BUILTIN_GAMES:
        try:
            importlib.import_module(module)
        except ModuleNotFoundError as exc:  # a game not built yet; any other missing import is a bug
            if exc.name != module:
                raise
    _loaded = True


def get_game(kind: str) -> Game[Any]:
    load_builtin()
    game = _GAMES.get(kind)
    if game is None:
        raise RuleError("core.unknown_game", game=kind)
    return game


def all_games() -> dict[str, Game[Any]]:
    load_builtin()
    return dict(_GAMES)
