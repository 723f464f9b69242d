from __future__ import annotations

from datetime import UTC, datetime, time, timedelta

from hypothesis import given
from hypothesis import strategies as st

from engine.core.clock import first_wall_time_after_gap, next_wall_time
from engine.core.deck import Deck
from engine.core.money import format_cents, split_floor
from engine.core.rng import Rng

TURNS = [time(9), time(21)]


def test_rng_is_reproducible_and_serialisable() -> None:
    a = Rng(seed=5)
    rolls = [a.die() for _ in range(50)]
    b = Rng.model_validate(Rng(seed=5).model_dump())
    assert [b.die() for _ in range(50)] == rolls
    assert set(rolls) <= set(range(1, 7)) and len(set(rolls)) == 6


def test_rng_uniform_enough() -> None:
    r = Rng(seed=1)
    counts = [0] * 6
    for _ in range(60_000):
        counts[r.die() - 1] += 1
    assert all(9_500 < c < 10_500 for c in counts)


def test_chance_extremes() -> None:
    r = Rng(seed=2)
    assert not any(r.chance(0, 10) for _ in range(100))
    assert all(r.chance(10, 10) for _ in range(100))


@given(st.integers(min_value=0, max_value=10**9), st.lists(st.integers(min_value=0, max_value=50), min_size=1))
def test_split_conserves_money(total: int, weights: list[int]) -> None:
    parts, leftover = split_floor(total, weights)
    assert sum(parts) + leftover == total and leftover >= 0
    if sum(weights):
        assert leftover < sum(weights)


def test_rulebook_dividend_example_split() -> None:
    parts, leftover = split_floor(700, [1, 2])
    assert parts == [233, 466] and leftover == 1
    assert format_cents(233) == "2.33$" and format_cents(-5) == "-0.05$"


def test_wall_times_across_dst() -> None:
    # Sunday 29 March 2026, Europe/Rome jumps from 02:00 to 03:00 (UTC+1 -> UTC+2)
    before = datetime(2026, 3, 28, 21, 0, tzinfo=UTC)  # 22:00 local
    assert next_wall_time(before, TURNS, "Europe/Rome") == datetime(2026, 3, 29, 7, 0, tzinfo=UTC)
    # Sunday 25 October 2026, back from UTC+2 to UTC+1
    before = datetime(2026, 10, 24, 20, 0, tzinfo=UTC)  # 22:00 local
    assert next_wall_time(before, TURNS, "Europe/Rome") == datetime(2026, 10, 25, 8, 0, tzinfo=UTC)
    # exactly on a boundary: the next one
    at_nine = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
    assert next_wall_time(at_nine, TURNS, "Europe/Rome") == datetime(2026, 11, 21, 20, 0, tzinfo=UTC)


def test_first_boundary_at_least_gap_after() -> None:
    start = datetime(2026, 11, 21, 14, 0, tzinfo=UTC)  # 15:00 Rome, 21:00 is exactly 6 h later
    assert first_wall_time_after_gap(start, TURNS, "Europe/Rome", timedelta(hours=6)) == datetime(
        2026, 11, 21, 20, 0, tzinfo=UTC)
    start = datetime(2026, 11, 21, 14, 1, tzinfo=UTC)
    assert first_wall_time_after_gap(start, TURNS, "Europe/Rome", timedelta(hours=6)) == datetime(
        2026, 11, 22, 8, 0, tzinfo=UTC)


def test_deck_reshuffles_discards() -> None:
    rng = Rng(seed=3)
    deck = Deck.shuffled(["a", "b"], rng)
    drawn = [deck.draw(rng), deck.draw(rng)]
    assert sorted(drawn) == ["a", "b"] and deck.draw(rng) is None
    deck.discard_cards(["a", "b"])
    assert deck.draw(rng) in {"a", "b"} and len(deck) == 1 and deck.discard == []
