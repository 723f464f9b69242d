"""The platform's `/away` (core action `core_away`) drives SPQRisiko's autopilot."""

from __future__ import annotations

from datetime import timedelta

from bot.i18n import t
from engine.spqrisiko import GAME
from tests.engine.spqrisiko.helpers import at, cur, random_game, skip_reinforcements


def away(state, player, minutes_from_now: int | None, now_minutes: int = 1):
    until = None if minutes_from_now is None else at(now_minutes) + timedelta(minutes=minutes_from_now)
    return GAME.apply(state, player, {"type": "core_away", "until": until}, at(now_minutes))


def test_absence_of_a_waiting_player_puts_the_seat_on_autopilot_and_return_takes_it_off() -> None:
    state = random_game()
    other = state.order[1]
    events = away(state, other, 60 * 24)
    assert other in state.autopilot and other in state.away
    assert [e.key for e in events][:2] == ["core.away", "spqrisiko.autopilot_on"]
    assert cur(state) == state.order[0]  # not their turn: nothing is played yet
    back = away(state, other, None)
    assert other not in state.autopilot and other not in state.away
    assert "spqrisiko.autopilot_off" in [e.key for e in back]


def test_absence_on_your_own_turn_plays_it_through() -> None:
    state = random_game()
    player = cur(state)
    events = away(state, player, 60)
    keys = [e.key for e in events]
    assert "spqrisiko.autopilot_turn" in keys and "spqrisiko.turn_ended" in keys
    assert cur(state) != player and player in state.autopilot


def test_repeated_absence_and_return_without_absence_are_quiet() -> None:
    state = random_game()
    other = state.order[2]
    away(state, other, 60)
    again = away(state, other, 120)
    assert [e.key for e in again] == ["core.away"]
    assert state.autopilot.count(other) == 1
    fresh = state.order[1]
    assert [e.key for e in away(state, fresh, None)] == ["core.back"]


def test_kicking_the_player_whose_turn_it_is_plays_the_seat_at_once() -> None:
    """As /away does: the next player need not wait out the kicked player's deadline (issue 12)."""
    state = random_game()
    player, following = cur(state), state.order[1]
    events = GAME.apply(state, "mod", {"type": "mod_kick", "player": player}, at(1), moderator=True)
    keys = [e.key for e in events]
    assert keys[0] == "core.mod.kicked"
    assert "spqrisiko.autopilot_turn" in keys and "spqrisiko.turn_ended" in keys
    assert cur(state) == following and player in state.autopilot
    assert GAME.turn_deadline(state) == at(1) + timedelta(hours=state.settings.turn_hours)


def test_kicking_a_waiting_player_plays_nothing_yet() -> None:
    state = random_game()
    other = state.order[2]
    events = GAME.apply(state, "mod", {"type": "mod_kick", "player": other}, at(1), moderator=True)
    assert [e.key for e in events] == ["core.mod.kicked"] and cur(state) == state.order[0]
    assert other in state.autopilot


def test_an_autopilot_turn_with_nothing_to_place_says_so() -> None:
    """Reinforcements already placed by hand: the autopilot's line does not read "0 reinforcements
    spread over the borders (none)"."""
    state = random_game()
    player = cur(state)
    state.turn.reinforcements = 0
    events = away(state, player, 60)
    told = next(e for e in events if e.key.startswith("spqrisiko.autopilot_turn"))
    for lang, said in (("it", "nessun attacco né rinforzi rimasti da piazzare"), ("en", "no attack and no reinforcements left")):
        text = t(told.key, lang, **told.params)
        assert said in text and "0 " not in text, text


def test_an_absent_seat_played_at_once_is_not_told_it_is_their_turn() -> None:
    """Bob away: his turn is played by the autopilot in the same moment it begins, so no "È il tuo
    turno (giro 2)… Scadenza …" DM tells him of a turn already over; the channel is told what was played."""
    state = random_game()
    other = state.order[1]
    away(state, other, 60 * 24 * 30)
    skip_reinforcements(state)
    events = GAME.apply(state, cur(state), {"type": "end_turn"}, at(2))
    keys = [e.key for e in events]
    assert "spqrisiko.autopilot_turn" in keys, keys  # his turn was played through
    assert not [e for e in events if e.notify == "turn" and e.to == [other]], keys
