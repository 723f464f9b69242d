"""What a game offers is a move it accepts, for every registered game (issue 38): random play where,
after every step, `legal_actions` answers every player without raising, everything it offers passes
the game's own action model (the JSON a button or the autopilot would send), and an offered move
applies or is refused with a RuleError (an offer made stale by the move before it), never another
exception. `legal_actions` feeds the panels, the autopilot and every random-play test: an offer that
raises is a panel that fails."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from engine.core import Game, GameState, Player, RuleError, all_games

START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
# each step: who acts, which offer, how many minutes pass first
steps = st.lists(st.tuples(st.integers(0, 10_000), st.integers(0, 10_000), st.integers(0, 24 * 60)),
                 min_size=1, max_size=50)
TRIED = 2  # offers applied on a copy at each step, besides the one played
EVERYONE = 4  # every so many steps, every player's offers are checked (a game may compute them slowly)


def offered(game: Game[Any], state: GameState, actor: str) -> list[BaseModel]:
    """The offers, each checked through the game's action model as its JSON."""
    found = [a for a in game.legal_actions(state, actor) if not a.type.startswith("core_")]  # type: ignore[attr-defined]
    for action in found:
        game.parse_action(action.model_dump(mode="json"))  # a RuleError here: an offer no one may send
    return found


def applies_or_refused(game: Game[Any], state: GameState, actor: str, action: BaseModel, now: datetime) -> None:
    try:
        game.apply(state, actor, action.model_dump(mode="json"), now)
    except RuleError:
        pass  # refused in words: the state is as before (the core's contract)


def play(game: Game[Any], script: list[tuple[int, int, int]]) -> None:
    n = max(game.meta.min_players, 3)
    players = [Player(id=f"{800 + i}", name=f"Giocatore {i}") for i in range(n)]
    state: GameState = game.setup(game.parse_settings({}), players, 13, START)
    now = START
    for step, (who, pick, minutes) in enumerate(script):
        now += timedelta(minutes=minutes)
        game.advance(state, now)
        if state.status != "active":
            break
        if step % EVERYONE == 0:  # every panel answers, not only the mover's
            for pid in state.player_ids():
                offered(game, state, pid)
        seated = [p.id for p in state.players if not p.left]
        actor = seated[who % len(seated)]
        options = offered(game, state, actor)
        if not options:
            continue
        for k in range(1, min(TRIED, len(options) - 1) + 1):  # others offered now, each on a copy
            applies_or_refused(game, copy.deepcopy(state), actor, options[(pick + k) % len(options)], now)
        applies_or_refused(game, state, actor, options[pick % len(options)], now)


@pytest.mark.parametrize("kind", sorted(all_games()))
def test_every_offered_action_validates_and_applies_or_is_refused(kind: str) -> None:
    game = all_games()[kind]

    @settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(steps)
    def run(script: list[tuple[int, int, int]]) -> None:
        play(game, script)

    run()
