"""A game's own pictures cache (Impero's map, market and chart; SPQRisiko's channel map) never hands one
game's picture to another that has the same id and version: two databases in one process (the season
bench plays one season after another), an import. Found by bench/season.py: a map of a past season's
game 1 at version 5 posted as this season's."""

from __future__ import annotations

import json
from datetime import UTC, datetime

from bot.cogs.impero import pictures as impero_pictures
from bot.cogs.spqrisiko import commands as spqr_commands
from bot.storage.models import GameRow
from engine.core import Player, get_game

NOW = datetime(2026, 11, 23, 8, 0, tzinfo=UTC)


def _two_games(kind: str, settings: dict[str, object]) -> list[tuple[GameRow, object]]:
    game = get_game(kind)
    players = [Player(id=str(100 + i), name=n) for i, n in enumerate(("Alice", "Bob", "Carol"))]
    out = []
    for seed in (1, 2):
        state = game.setup(game.parse_settings(settings), [p.model_copy() for p in players], seed, NOW)
        row = GameRow(id=1, kind=kind, guild_id="1", channel_id="1", creator_id="100", status="active", version=5,
                      snapshot_json=json.dumps(game.dump_state(state), default=str))
        out.append((row, state))
    return out


async def test_impero_pictures_of_two_games_with_one_id_and_version_differ() -> None:
    impero_pictures._PICTURES.clear()
    (row_a, state_a), (row_b, state_b) = _two_games("impero", {"start_cash": 100})
    state_b.turn += 1  # type: ignore[attr-defined]  # the other game is a turn further
    first = await impero_pictures.picture(row_a, state_a, "map", "it")  # type: ignore[arg-type]
    second = await impero_pictures.picture(row_b, state_b, "map", "it")  # type: ignore[arg-type]
    assert first is not None and second is not None
    assert first.fp.read() != second.fp.read()


async def test_spqrisiko_maps_of_two_games_with_one_id_and_version_differ() -> None:
    spqr_commands._MAPS.clear()
    (row_a, state_a), (row_b, state_b) = _two_games("spqrisiko", {"setup": "random"})
    first = await spqr_commands.map_file(row_a, state_a, "it")  # type: ignore[arg-type]
    second = await spqr_commands.map_file(row_b, state_b, "it")  # type: ignore[arg-type]
    assert first is not None and second is not None
    assert first.fp.read() != second.fp.read()
