"""The final standing the players' record rates: winners, then a kept score (ties grouped), then those
who left; nothing for a game still running."""

from __future__ import annotations

from datetime import UTC, datetime

from engine.core import GameState, Player, Rng
from engine.core.ranking import final_ranking, scores_kept

NOW = datetime(2026, 11, 21, tzinfo=UTC)


class Scored(GameState):
    points: dict[str, int] = {}


def state(**kw) -> Scored:
    players = [Player(id=p, name=p) for p in "abcde"]
    return Scored(game="x", seed=1, rng=Rng(seed=1), players=players, created_at=NOW, clock=NOW, **kw)


def test_winners_then_scores_then_those_who_left() -> None:
    s = state(status="finished", winners=["c"], points={"a": 3, "b": 7, "c": 9, "d": 3, "e": 8})
    s.players[4].left = True
    assert final_ranking(s, scores_kept(s)) == [["c"], ["b"], ["a", "d"], ["e"]]


def test_without_a_score_the_rest_tie_and_a_running_game_has_no_standing() -> None:
    s = state(status="finished", winners=["a", "b"])
    assert final_ranking(s, scores_kept(s)) == [["a", "b"], ["c", "d", "e"]]
    assert final_ranking(state(), {}) == []


def test_the_contract_default_reads_points_or_cash() -> None:
    import tests.fixtures.testgame  # noqa: F401
    from engine.core import get_game

    game = get_game("corsa")
    s = state(status="finished", winners=["e"], points={"a": 1, "b": 2, "c": 2, "d": 0, "e": 5})
    assert game.ranking(s) == [["e"], ["b", "c"], ["a"], ["d"]]  # type: ignore[arg-type]
