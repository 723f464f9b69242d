"""Random legal play to the end: cards and tiles stay whole at every step, replay rebuilds the snapshot,
and between them the plays reach every action type."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import get_args

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GameRecord, LogEntry, replay
from engine.galactica import GAME
from engine.galactica.actions import GalacticaAction
from engine.galactica.autopilot import choose_action
from engine.galactica.models import GalacticaState
from tests.engine.galactica.helpers import T0, check, players

ALL_TYPES = {m.model_fields["type"].default for m in get_args(get_args(GalacticaAction)[0])}
MAX_STEPS = 6000


def play(n: int, seed: int, picks: list[int], config: dict[str, int]
         ) -> tuple[GalacticaState, list[LogEntry], set[str], datetime]:
    """Random choices among legal actions (mixed with the autopilot), timeouts now and then."""
    people = players(n)
    state = GAME.setup(GAME.parse_settings(config), [p.model_copy() for p in people], seed, T0)
    check(state)
    log: list[LogEntry] = []
    seen: set[str] = set()
    now = T0
    for step in range(MAX_STEPS):
        if state.status != "active":
            break
        pick = picks[step % len(picks)] + step
        now += timedelta(minutes=3 if pick % 61 else 60 * 30)  # now and then a turn or a battle times out
        GAME.advance(state, now)
        check(state)
        if state.status != "active":
            break
        waiting = sorted(GAME.awaiting(state) | {o.to for o in state.offers})  # an offer may be answered any time
        actor = waiting[pick % len(waiting)]
        options = GAME.legal_actions(state, actor)
        if not options:
            continue
        action = options[pick % len(options)] if pick % 3 else choose_action(state, actor)
        if action is None:
            continue
        GAME.apply(state, actor, action, now)
        seen.add(action.type)  # type: ignore[attr-defined]
        log.append(LogEntry(at=now, actor=actor, action=action.model_dump(mode="json")))
        check(state)
    return state, log, seen, now


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31),
       picks=st.lists(st.integers(0, 10_000), min_size=50, max_size=50))
def test_random_play_to_the_end(n: int, seed: int, picks: list[int]) -> None:
    config = {"max_rounds": 25, "turn_hours": 12}
    state, log, _, now = play(n, seed, picks, config)
    assert state.status == "finished" and state.winners
    assert state.end_reason in ("last_standing", "round_limit")
    record = GameRecord(game="galactica", seed=seed, settings=config, created_at=T0, players=players(n), log=log)
    rebuilt = replay(GAME, record, until=now)
    GAME.advance(state, now)
    assert rebuilt.model_dump() == state.model_dump()


# Seeded plays (2 + seed % 3 factions, richer than the default so assaults come early) and the action
# types each reaches first; between them every type. One test each, so a parallel run spreads them.
COVERING_SEEDS: dict[int, set[str]] = {
    0: {"build", "colonize", "end_phase", "move"},
    1: {"casino_bet", "choose_direction", "land", "load", "market_decide", "market_draw", "market_raw", "pick_line",
        "produce", "trade_answer", "trade_offer"},
    2: {"lose_ships"},
    5: {"casino_leave"},
}


def test_the_covering_plays_reach_every_action_type_between_them() -> None:
    assert set().union(*COVERING_SEEDS.values()) == ALL_TYPES


@pytest.mark.parametrize("seed", sorted(COVERING_SEEDS))
def test_every_action_type_is_reached(seed: int) -> None:
    """Richer factions (a setting) build defences and carry tanks sooner, so assaults come early."""
    _, _, types, _ = play(2 + seed % 3, seed, [seed * 7919 + i * 104_729 for i in range(97)],
                          {"max_rounds": 60, "start_ndri": 300_000})
    assert sorted(COVERING_SEEDS[seed] - types) == []
