"""Every game's previous state version, as it was stored, loads through `migrate_state`, plays on and
is saved at the current version (tests/fixtures/migrations). Bumping a game's `state_version` without
storing a snapshot of the version before it, and a migration step for it, fails here."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest

from engine.core import all_games, get_game
from engine.core.registry import BUILTIN_GAMES
from tests.fixtures.migrations import fixture_path, load, manifest, play_on, stored

KINDS = sorted(m.rsplit(".", 1)[1] for m in BUILTIN_GAMES)


def _previous(kind: str) -> int:
    return max(get_game(kind).state_version - 1, 1)


def test_the_manifest_records_every_game_at_its_current_version() -> None:
    current = {kind: game.state_version for kind, game in all_games().items() if kind in KINDS}
    recorded = manifest()
    bumped = {k: (recorded.get(k), v) for k, v in current.items() if recorded.get(k) != v}
    assert not bumped, (
        "state_version changed for " + ", ".join(f"{k} ({old} -> {new})" for k, (old, new) in bumped.items())
        + ": teach the game's migrate_state the step from the old version, store a mid-game snapshot of the "
        "old version as tests/fixtures/migrations/<game>/v<old>.json (tests/fixtures/migrations/dump_old.py, "
        "run against the engine before the bump), then set the game's version in "
        "tests/fixtures/migrations/versions.json")


@pytest.mark.parametrize("kind", KINDS)
def test_a_snapshot_of_the_version_before_is_stored(kind: str) -> None:
    game = get_game(kind)
    need = _previous(kind)
    assert fixture_path(kind, need).exists(), (
        f"{kind} is at state version {game.state_version}: store a snapshot of version {need} as "
        f"{fixture_path(kind, need)} (tests/fixtures/migrations/dump_old.py)")
    assert load(kind, need)["state_version"] == need  # written by that version's engine


def _migrated(kind: str, version: int) -> tuple[Any, datetime]:
    game = get_game(kind)
    data = load(kind, version)
    state = game.load_state(game.migrate_state(data["state"], data["state_version"]))
    return state, datetime.fromisoformat(data["saved_at"])


@pytest.mark.parametrize(("kind", "version"), [(k, v) for k in KINDS for v in stored(k)])
def test_an_older_snapshot_loads_plays_on_and_is_saved_at_the_current_version(kind: str, version: int) -> None:
    game = get_game(kind)
    state, saved_at = _migrated(kind, version)
    assert state.status == "active"  # a game in progress, not a finished one
    game.advance(state, saved_at)
    before = game.dump_state_json(state)
    assert play_on(game, state, saved_at) >= 5
    assert game.dump_state_json(state) != before
    text = game.dump_state_json(state)
    # saved at the current version: it loads as such (no step), and round-trips unchanged
    again = game.load_state(game.migrate_state(json.loads(text), game.state_version))
    assert game.dump_state_json(again) == text
    assert play_on(game, again, again.clock + timedelta(minutes=1), steps=10, seed=8) >= 1


def test_impero_v1_auctions_still_close_at_their_stored_moment() -> None:
    game = get_game("impero")
    old = load("impero", 1)["state"]
    state, _ = _migrated("impero", 1)
    assert old["auctions"] and "closes_at" not in game.dump_state(state)["auctions"][0]
    for stored_auction, auction in zip(old["auctions"], state.auctions, strict=True):
        assert game.closes_at(state, auction) == datetime.fromisoformat(stored_auction["closes_at"])
    assert game.turn_deadline(state) == datetime.fromisoformat(old["turn_ends_at"])


def test_spqrisiko_v1_turn_deadline_is_read_from_its_timer() -> None:
    game = get_game("spqrisiko")
    old = load("spqrisiko", 1)["state"]
    state, _ = _migrated("spqrisiko", 1)
    assert "turn_deadline" not in game.dump_state(state)
    assert game.turn_deadline(state) == datetime.fromisoformat(old["turn_deadline"])


def test_highfrontier_v1_has_no_homeless_bank() -> None:
    state, _ = _migrated("highfrontier", 1)
    assert "homeless" not in load("highfrontier", 1)["state"] and state.homeless == []


def test_nomic_v2_numbers_move_onto_their_rules() -> None:
    game = get_game("nomic")
    old = load("nomic", 2)["state"]
    state, _ = _migrated("nomic", 2)
    assert old["params"] and "params" not in game.dump_state(state)
    knobs = {name: value for rule in state.rules for name, value in rule.knobs.items()}
    assert knobs and all(knobs[k] == v for k, v in old["params"].items() if k in knobs)
