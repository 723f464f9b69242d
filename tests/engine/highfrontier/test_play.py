"""Random legal play: invariants at every step, the end of the game, replay == snapshot, and every
action type reached."""

from __future__ import annotations

import random
import typing

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.highfrontier.actions import HfAction
from tests.engine.highfrontier.play import play, replays_to

ALL_TYPES = {m.model_fields["type"].default for m in typing.get_args(typing.get_args(HfAction)[0])}
# 5Ec's answer needs debt cubes and Aqua at the very move of the flip: rare in random play, played
# through every case in test_flip_repay.py
RANDOM_TYPES = ALL_TYPES - {"flip_repay"}


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(1, 4), seed=st.integers(0, 2**31), dawn=st.booleans(),
       picks=st.lists(st.integers(0, 10_000), min_size=60, max_size=60))
def test_random_play_keeps_the_invariants_and_replays(n: int, seed: int, dawn: bool, picks: list[int]) -> None:
    config = {"last_year": 4, "loan_years": 2, "setup": "dawn" if dawn and n > 1 else "standard"}
    state, record, now = play(n, seed, picks, config)  # `check` runs after every step
    assert state.status == "finished"
    assert replays_to(state, record, now)


def test_random_play_reaches_every_action_type() -> None:
    seen: set[str] = set()
    for seed in range(10):
        rnd = random.Random(seed)
        for n, setup in ((2, "standard"), (3, "dawn"), (1, "standard")):
            config = {"last_year": 12, "loan_years": 1, "setup": setup,
                      "reports": "trusted" if setup == "standard" else "witnessed"}
            state, record, now = play(n, seed, [rnd.randrange(10_000) for _ in range(250)], config, seen=seen)
            assert state.status == "finished"
        if seen >= RANDOM_TYPES:
            break
    assert sorted(RANDOM_TYPES - seen) == []
    assert replays_to(state, record, now)
