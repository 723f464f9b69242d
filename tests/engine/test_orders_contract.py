"""Standing orders, promised for every game in the registry: each game has them, a player's own
orders change nothing anyone else can see (views of the other players and the public, the log),
and they survive the snapshot. Each game's own tests show its orders acting at a deadline."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from engine.core import Player, all_games

START = datetime(2026, 11, 25, 9, 0, tzinfo=UTC)
GAMES = sorted(k for k in all_games() if k != "corsa")


def started(kind: str):
    game = all_games()[kind]
    n = max(game.meta.min_players, 3)
    players = [Player(id=f"{700 + i}", name=f"Giocatore {i}") for i in range(n)]
    return game, game.setup(game.parse_settings({}), players, 21, START)


@pytest.mark.parametrize("kind", GAMES)
def test_every_game_has_private_standing_orders(kind: str) -> None:
    game, state = started(kind)
    assert game.orders_model is not None, "every game lets an absent player leave standing orders"
    owner, *others = state.player_ids()
    sample = game.orders_sample(state, owner)
    assert sample, "orders_sample gives orders that say something (not the defaults)"
    seen = {v: game.view(state, v).model_dump(mode="json") for v in [None, *others]}
    events = game.apply(state, owner, {"type": "core_orders", "orders": sample}, START)
    assert all(e.to == [owner] for e in events), "only the owner hears of their orders"
    for v in [None, *others]:
        assert game.view(state, v).model_dump(mode="json") == seen[v], f"orders showed in {v}'s view"
    entry = {"type": "core_orders", "orders": sample}
    assert game.log_visible(entry, owner, owner)
    assert not any(game.log_visible(entry, owner, v) for v in others)
    again = game.load_state(game.dump_state_json(state))
    assert game.orders_of(again, owner) == game.orders_of(state, owner)
    said = game.describe_orders(state, owner, game.orders_of(state, owner))
    assert said and all("key" in m for m in said)
