"""The season of every registered game (tests/season/harness.py), held to the stored game after every
step. Each game is played once, as one test, and every check must hold (a check it cannot make is a
failure, never a skip)."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from engine.core.registry import BUILTIN_GAMES
from tests.e2e.conformance.table import CHECKS
from tests.season.harness import SEASON_CHECKS, play_season
from tests.season.seats import seat_of

pytestmark = pytest.mark.e2e

GAMES = tuple(module.rsplit(".", 1)[1] for module in BUILTIN_GAMES)
SEED = 20261126
BUDGET = 90.0  # seconds a game's season may take in CI


def test_every_registered_game_has_a_seat_player() -> None:
    for kind in GAMES:
        assert seat_of(kind).kind == kind, f"{kind} has no seat player in tests/season/seats"


@pytest.mark.parametrize("kind", GAMES)
async def test_season_agrees_with_the_stored_game(kind: str, tmp_path_factory: Any) -> None:
    """One test a game (its season is played once, on one worker); every check of every step must hold."""
    began = time.monotonic()
    found = await play_season(kind, SEED, Path(tmp_path_factory.mktemp(f"season-{kind}")))
    seconds = time.monotonic() - began
    failed = {check: problems for check, problems in found.items() if problems}
    assert failed == {}, f"{kind} fails " + "; ".join(
        f"{check}:\n" + "\n".join(problems[:15]) for check, problems in failed.items())
    assert set(found) >= set(CHECKS) | set(SEASON_CHECKS), f"{kind}: a check was not made"
    assert seconds <= BUDGET, f"{kind}'s season took {seconds:.1f} s (budget {BUDGET:.0f} s)"
