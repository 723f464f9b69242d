"""A game whose armies are placed at random starts at the first player's turn, already scored: the
table is told those points as at every turn's start, so a later "guadagna 0 punti: 1/20" adds up."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.core import Player
from engine.spqrisiko import GAME

PLAYERS = [Player(id=str(i), name=n) for i, n in enumerate(["Alice", "Bob", "Erin"])]
NOW = datetime(2026, 11, 23, 7, tzinfo=UTC)


def test_a_random_setup_tells_the_first_turns_points() -> None:
    for seed in range(1, 8):
        state = GAME.setup(GAME.parse_settings({"setup": "random"}), PLAYERS, seed, NOW)
        first = state.order[state.current]
        [told] = GAME.start_events(state)
        assert told.key == "spqrisiko.scored" and told.to is None
        assert told.params["player"] == state.name_of(first)
        assert told.params["points"] == state.points[first] == told.params["gained"]


def test_a_placement_by_hand_has_nothing_scored_to_tell_yet() -> None:
    state = GAME.setup(GAME.parse_settings({}), PLAYERS, 1, NOW)
    assert state.phase == "placement" and GAME.start_events(state) == []
