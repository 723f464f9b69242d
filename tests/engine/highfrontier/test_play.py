"""Random legal play: invariants at every step, the end of the game, replay == snapshot, and every
action type reached."""

from __future__ import annotations

import random
import typing

import pytest
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


# Plays of the seeded search (bench/hf_coverage.py: each seed plays a 2-player, a 3-player dawn and a
# solo table, in that order, from one Random(seed)) and the action types each reaches first; between
# them every type. Each is its own test, so a parallel run spreads them.
COVERING_PLAYS: dict[tuple[int, int], set[str]] = {
    (0, 2): {"accept", "angel", "bank", "base_vp", "bernal", "board", "buy", "contract_advance", "default_token",
             "deflate", "event_roll", "exodus", "first_isotope", "float", "hedge", "homeless", "isotopes", "ledger",
             "litigate", "offer", "parade", "proxy", "proxy_answer", "risk_one", "rival_bank", "rob", "turn_end",
             "usurp", "wildcat", "withdraw", "year"},
    (0, 3): {"angel_pick", "cash_ratio", "cede", "dump", "new_banker", "repay", "service", "witness"},
    (0, 1): {"bull_choice"},
    (1, 2): {"end_game", "fragment"},
    (3, 2): {"rollover"},
}
SETUPS = ((2, "standard"), (3, "dawn"), (1, "standard"))


def test_the_covering_plays_reach_every_action_type_between_them() -> None:
    assert sorted(RANDOM_TYPES - set().union(*COVERING_PLAYS.values())) == []


@pytest.mark.parametrize(("seed", "players"), sorted(COVERING_PLAYS))
def test_random_play_reaches_its_action_types(seed: int, players: int) -> None:
    rnd = random.Random(seed)
    index = [n for n, _ in SETUPS].index(players)  # the seed's earlier plays draw their picks first
    picks = [[rnd.randrange(10_000) for _ in range(250)] for _ in range(index + 1)][-1]
    setup = SETUPS[index][1]
    config = {"last_year": 12, "loan_years": 1, "setup": setup, "reports": "trusted" if setup == "standard" else "witnessed"}
    seen: set[str] = set()
    state, record, now = play(players, seed, picks, config, seen=seen)
    assert state.status == "finished"
    assert sorted(COVERING_PLAYS[(seed, players)] - seen) == []
    assert replays_to(state, record, now)
