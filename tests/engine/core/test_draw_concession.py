"""A draw by agreement and a concession, the core's for every game (engine/core/draw.py, concession.py),
through the test game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from engine.core import GameRecord, LogEntry, Player, RuleError, replay
from engine.core.draw import DRAW_HOURS, DRAW_TIMER
from tests.fixtures.testgame import GAME

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
SETTINGS = {"target": 30, "turn_hours": 100}
PLAYERS = [Player(id="1001", name="Alice"), Player(id="1002", name="Bob"), Player(id="1003", name="Carol")]


def new_game(players: list[Player] = PLAYERS):
    return GAME.setup(GAME.parse_settings(SETTINGS), [p.model_copy() for p in players], 7, T0)


def draw(state, who: str, answer: str, minutes: int = 1):
    return GAME.apply(state, who, {"type": "core_draw", "answer": answer}, T0 + timedelta(minutes=minutes))


def test_a_draw_every_player_agrees_to_ends_the_game_tied() -> None:
    state = new_game()
    state.total = 12  # scores do not separate a draw's players
    events = draw(state, "1001", "propose")
    assert [e.key for e in events] == ["core.draw.proposed", "core.draw.asked"]
    assert events[1].to == ["1002", "1003"] and events[1].notify == "action"
    assert state.deadline(DRAW_TIMER) == T0 + timedelta(minutes=1, hours=DRAW_HOURS)
    # the draw's deadline is no turn deadline: a moderator's force and the turn deadline pass it by
    assert GAME.turn_deadline(state) == state.deadline("turn")
    draw(state, "1002", "agree", 2)
    with pytest.raises(RuleError) as err:
        draw(state, "1002", "agree", 3)
    assert err.value.code == "core.draw.already_agreed"
    assert state.status == "active"
    events = draw(state, "1003", "agree", 4)
    assert events[-1].key == "core.ended_draw" and events[-1].notify == "game_end"
    assert state.status == "finished" and state.end_reason == "draw" and state.winners == []
    assert GAME.ranking(state) == [["1001", "1002", "1003"]]
    assert state.timers == [] and state.draw is None


def test_one_refusal_ends_the_proposal_and_its_deadline() -> None:
    state = new_game()
    draw(state, "1001", "propose")
    with pytest.raises(RuleError) as err:
        draw(state, "1002", "propose")
    assert err.value.code == "core.draw.pending"
    events = draw(state, "1003", "refuse", 2)
    assert [e.key for e in events] == ["core.draw.refused"]
    assert state.draw is None and state.deadline(DRAW_TIMER) is None and state.status == "active"
    with pytest.raises(RuleError) as err:
        draw(state, "1002", "agree", 3)
    assert err.value.code == "core.draw.none"


def test_an_unanswered_proposal_lapses_at_its_deadline() -> None:
    state = new_game()
    draw(state, "1001", "propose")
    draw(state, "1002", "agree", 2)
    events = GAME.advance(state, T0 + timedelta(hours=DRAW_HOURS, minutes=2))
    lapsed = [e for e in events if e.key == "core.draw.lapsed"]
    assert lapsed and lapsed[0].params["waiting"] == ["Carol"]
    assert state.draw is None and state.status == "active"


def test_a_pause_moves_the_draws_deadline_too() -> None:
    state = new_game()
    draw(state, "1001", "propose")
    GAME.apply(state, "mod", {"type": "mod_pause"}, T0 + timedelta(minutes=2), moderator=True)
    GAME.apply(state, "mod", {"type": "mod_resume"}, T0 + timedelta(hours=5, minutes=2), moderator=True)
    assert state.deadline(DRAW_TIMER) == T0 + timedelta(hours=DRAW_HOURS + 5, minutes=1)


def test_a_concession_ranks_last_and_the_game_goes_on() -> None:
    state = new_game()
    events = GAME.apply(state, "1002", {"type": "core_concede"}, T0 + timedelta(minutes=1))
    assert events[0].key == "core.conceded"
    assert state.status == "active" and state.conceded == ["1002"]
    with pytest.raises(RuleError) as err:
        GAME.apply(state, "1002", {"type": "core_concede"}, T0 + timedelta(minutes=2))
    assert err.value.code == "core.not_a_player"
    # the last one seated wins; the later conceder ranks above the earlier
    events = GAME.apply(state, "1001", {"type": "core_concede"}, T0 + timedelta(minutes=3))
    assert state.status == "finished" and state.winners == ["1003"] and state.end_reason == "concession"
    assert events[-1].key == "core.ended"
    assert GAME.ranking(state) == [["1003"], ["1001"], ["1002"]]


def test_a_conceders_agreement_leaves_and_may_complete_a_draw() -> None:
    four = [*PLAYERS, Player(id="1004", name="Dave")]
    state = new_game(four)
    draw(state, "1001", "propose")
    draw(state, "1002", "agree", 2)
    draw(state, "1003", "agree", 3)
    GAME.apply(state, "1004", {"type": "core_concede"}, T0 + timedelta(minutes=4))  # the one holding out
    assert state.status == "finished" and state.end_reason == "draw"
    assert GAME.ranking(state) == [["1001", "1002", "1003"], ["1004"]]


def test_the_proposer_conceding_withdraws_the_draw() -> None:
    state = new_game()
    draw(state, "1001", "propose")
    events = GAME.apply(state, "1001", {"type": "core_concede"}, T0 + timedelta(minutes=2))
    assert "core.draw.withdrawn" in [e.key for e in events]
    assert state.draw is None and state.deadline(DRAW_TIMER) is None


def test_a_moderator_removal_still_ranks_below_a_concession() -> None:
    four = [*PLAYERS, Player(id="1004", name="Dave")]
    state = new_game(four)
    GAME.apply(state, "mod", {"type": "mod_kick", "player": "1004"}, T0 + timedelta(minutes=1), moderator=True)
    GAME.apply(state, "1003", {"type": "core_concede"}, T0 + timedelta(minutes=2))
    GAME.apply(state, "mod", {"type": "mod_end"}, T0 + timedelta(minutes=3), moderator=True)
    assert GAME.ranking(state)[-2:] == [["1003"], ["1004"]]


def test_draws_and_concessions_replay() -> None:
    record = GameRecord(game="corsa", seed=7, settings=SETTINGS, created_at=T0, players=PLAYERS)
    moves = [("1003", {"type": "core_concede"}), ("1001", {"type": "core_draw", "answer": "propose"}),
             ("1002", {"type": "core_draw", "answer": "agree"})]
    for i, (who, action) in enumerate(moves):
        record.log.append(LogEntry(seq=i + 1, actor=who, action=action, at=T0 + timedelta(minutes=i + 1)))
    state = replay(GAME, record)
    assert state.status == "finished" and state.end_reason == "draw"
    assert GAME.ranking(state) == [["1001", "1002"], ["1003"]]


class _Eliminating(type(GAME)):  # type: ignore[misc]
    """The test game with Carol already out of it, as an eliminated Empire or faction is."""

    def in_play(self, state):
        return [p for p in state.active_player_ids() if p != "1003"]


def test_a_draw_is_for_the_players_still_in_play() -> None:
    game = _Eliminating()
    state = new_game()
    with pytest.raises(RuleError) as err:
        game.apply(state, "1003", {"type": "core_draw", "answer": "propose"}, T0)
    assert err.value.code == "core.draw.out"
    game.apply(state, "1001", {"type": "core_draw", "answer": "propose"}, T0)
    game.apply(state, "1002", {"type": "core_draw", "answer": "agree"}, T0)
    assert state.status == "finished" and game.ranking(state) == [["1001", "1002"], ["1003"]]
