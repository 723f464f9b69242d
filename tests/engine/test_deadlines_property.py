"""One truth for time, for every registered game: random play with moderators' pause, resume,
extend and force interleaved; after each step every deadline a view shows is a timer of the state
(never a copy left behind when a timer moved), none already past, and the moves the game offers are
accepted exactly while play is open (issue 12)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel

from engine.core import Game, GameState, Player, RuleError, all_games

START = datetime(2026, 11, 21, 19, 0, tzinfo=UTC)
# a view field that names a moment the game will change by itself
DEADLINE = re.compile(r"deadline|closes_at|ends_at|expires_at")
OPS = ["act", "act", "act", "wait", "pause", "resume", "extend", "force"]
steps = st.lists(st.tuples(st.sampled_from(OPS), st.integers(0, 10_000), st.integers(0, 13 * 60)),
                 min_size=1, max_size=40)


def shown_deadlines(value: Any, key: str = "") -> list[tuple[str, datetime]]:
    if isinstance(value, BaseModel):
        value = value.model_dump()
    if isinstance(value, dict):
        return [d for k, v in value.items() for d in shown_deadlines(v, str(k))]
    if isinstance(value, list):
        return [d for v in value for d in shown_deadlines(v, key)]
    if isinstance(value, datetime) and DEADLINE.search(key):
        return [(key, value)]
    return []


def check_deadlines(game: Game[Any], state: GameState) -> None:
    timers = {t.at for t in state.timers}
    for viewer in [None, *state.player_ids()]:
        for key, at in shown_deadlines(game.view(state, viewer)):
            assert at in timers, f"{key} {at} shown, timers {sorted(timers)}"
            if state.paused_at is None:
                assert at > state.clock, f"{key} {at} shown after it passed"
    turn = game.turn_deadline(state)
    assert turn is None or turn in timers


def play(game: Game[Any], script: list[tuple[str, int, int]]) -> None:
    n = max(game.meta.min_players, 3)
    players = [Player(id=f"{900 + i}", name=f"Giocatore {i}") for i in range(n)]
    state: GameState = game.setup(game.parse_settings({}), players, 12, START)
    now = START
    check_deadlines(game, state)
    for op, pick, minutes in script:
        if state.status != "active":
            break
        if op == "wait":
            now += timedelta(minutes=minutes)
            game.advance(state, now)
        elif op == "act":
            now += timedelta(seconds=pick % 90)
            game.advance(state, now)
            actor = players[pick % n].id
            offered = [a for a in game.legal_actions(state, actor) if not a.type.startswith("core_")]  # type: ignore[attr-defined]
            if offered:
                action = offered[pick % len(offered)]
                if state.paused_at is not None:
                    with pytest.raises(RuleError):
                        game.apply(state, actor, action.model_dump(mode="json"), now)
                else:  # offered while its timer has not fired: accepted
                    game.apply(state, actor, action.model_dump(mode="json"), now)
        else:
            mod: dict[str, Any] = {"type": f"mod_{op}"}
            if op == "extend":
                mod["minutes"] = 1 + minutes
                if state.timers and pick % 2:
                    mod["timer_id"] = state.timers[pick % len(state.timers)].id
            try:
                game.apply(state, "mod", mod, now, moderator=True)
            except RuleError:
                pass  # resume when not paused, force with nothing due: refused, nothing changed
        check_deadlines(game, state)


@pytest.mark.parametrize("kind", sorted(all_games()))
def test_views_show_the_deadline_that_fires(kind: str) -> None:
    game = all_games()[kind]

    @settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(steps)
    def run(script: list[tuple[str, int, int]]) -> None:
        play(game, script)

    run()


@pytest.mark.parametrize("kind", sorted(all_games()))
def test_a_pause_then_resume_moves_every_shown_deadline(kind: str) -> None:
    """The example the issue found: three hours of pause, and nothing shown may stay behind."""
    play(all_games()[kind], [("act", 0, 0), ("act", 1, 0), ("pause", 0, 0), ("wait", 0, 180), ("resume", 0, 0),
                             ("extend", 0, 30), ("act", 2, 0), ("force", 0, 0), ("act", 3, 0)])


def deadline_copies(model: type[BaseModel], path: str = "", seen: set[type] | None = None) -> list[str]:
    """Fields of a state model (and the models inside it) named like a deadline: copies of a timer."""
    from typing import get_args

    seen = seen if seen is not None else set()
    if model in seen:
        return []
    seen.add(model)
    found: list[str] = []
    for name, field in model.model_fields.items():
        if DEADLINE.search(name):
            found.append(f"{path}{name}")
        stack: list[Any] = [field.annotation]
        while stack:
            tp = stack.pop()
            if isinstance(tp, type) and issubclass(tp, BaseModel):
                found += deadline_copies(tp, f"{path}{name}.", seen)
            stack.extend(get_args(tp))
    return found


@pytest.mark.parametrize("kind", sorted(all_games()))
def test_no_state_keeps_a_copy_of_a_deadline(kind: str) -> None:
    """A deadline lives in its timer (`state.deadline(kind, **match)`), never beside it in the state."""
    assert deadline_copies(all_games()[kind].state_model) == []
