"""Random legal play to the end: invariants hold at every step and replay rebuilds the snapshot."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GameRecord, LogEntry, replay
from engine.core.moderation import Away
from engine.spqrisiko import GAME
from engine.spqrisiko.ai import choose_action
from engine.spqrisiko.board import board
from tests.engine.spqrisiko.helpers import T0, players

RANDOM_STEPS = 300  # random legal moves first (with timeouts and absences), then the greedy bot
MAX_STEPS = 4000  # the greedy bot finishes a 6-point game long before this


def check(state) -> None:
    """The invariants of every reachable state."""
    b = board()
    assert all(n >= 0 for n in state.legions.values())
    assert set(state.legions) == set(state.owner)
    for p in state.owner:  # a dict: one owner per province, and it is one of the five armies
        assert p in b.provinces and state.owner[p] in state.armies
    if state.phase != "placement":
        assert set(state.owner) == set(b.provinces)
        assert all(state.legions[p] >= 1 for p in b.provinces)
    assert all(n > 0 for fleet in state.ships.values() for n in fleet.values())
    assert all(army in state.order for fleet in state.ships.values() for army in fleet)  # neutrals sail not
    assert not any(fleet.get(p) for fleet in state.ships.values() for p in state.eliminated)
    assert all(n >= 0 for n in state.neutral_left.values())
    cards = [*state.deck.draw_pile, *state.deck.discard, *(c for h in state.hands.values() for c in h)]
    assert len(cards) == 55 and len(set(cards)) == 55


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 5), seed=st.integers(0, 2**31), choose_random=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=RANDOM_STEPS, max_size=RANDOM_STEPS))
def test_random_play_to_the_end(n: int, seed: int, choose_random: bool, picks: list[int]) -> None:
    config = {"target_points": 6, "turn_hours": 6, "setup": "random" if seed % 2 else "choose"}
    people = players(n)
    state = GAME.setup(GAME.parse_settings(config), [p.model_copy() for p in people], seed, T0)
    check(state)
    log: list[LogEntry] = []
    now = T0
    for step in range(MAX_STEPS):
        if state.status != "active":
            break
        pick = picks[step] if step < len(picks) else None
        now += timedelta(minutes=7 if pick is None or pick % 50 else 400)  # now and then a turn times out
        GAME.advance(state, now)
        check(state)
        if state.status != "active":
            break
        actor = state.order[state.current]
        if pick is None:  # the rest of the game: the greedy bot plays every seat to a winner
            action = choose_action(state, actor)
        else:
            options = [a for a in GAME.legal_actions(state, actor) if not (isinstance(a, Away) and a.until)]
            if pick % 97 == 0:  # sometimes someone else declares an absence or comes back
                actor = state.order[(state.current + 1) % n]
                options = [a for a in GAME.legal_actions(state, actor) if isinstance(a, Away)]
            if not options:
                continue
            use_random = choose_random and step % 3 != 0
            action = options[pick % len(options)] if use_random or actor != state.order[state.current] \
                else choose_action(state, actor)
        GAME.apply(state, actor, action, now)
        log.append(LogEntry(at=now, actor=actor, action=action.model_dump(mode="json")))
        check(state)
        public = GAME.view(state, None)
        assert public.hand is None
    assert state.status == "finished" and state.winners, "random then greedy play reaches a winner"
    assert state.end_reason in ("target", "last_standing")
    record = GameRecord(game="spqrisiko", seed=seed, settings=config, created_at=T0, players=people, log=log)
    rebuilt = replay(GAME, record, until=now)
    GAME.advance(state, now)
    assert rebuilt.model_dump() == state.model_dump()


def test_greedy_game_finishes() -> None:
    state = GAME.setup(GAME.parse_settings({"setup": "random"}), players(5), 3, T0)
    now = T0
    for _ in range(5000):
        if state.status != "active":
            break
        now += timedelta(minutes=1)
        actor = state.order[state.current]
        GAME.apply(state, actor, choose_action(state, actor), now)
        check(state)
    assert state.status == "finished" and len(state.winners) == 1
