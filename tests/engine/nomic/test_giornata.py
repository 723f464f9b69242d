"""The Giornata (rule 3), the King's succession and refusal (rule 7), newcomers (rule 4), reminders."""

from __future__ import annotations

from datetime import timedelta

import pytest

from engine.core import Player, RuleError
from engine.nomic import GAME
from tests.engine.nomic.helpers import DAY, T0, A, B, C, D, act, enact, new_game, propose, rollover, vote


def test_first_king_and_scribe_from_the_settings() -> None:
    s = new_game(king="Carla", scribe="dario")
    assert (s.king, s.scribe) == (C, D)
    with pytest.raises(RuleError) as err:
        new_game(king="Nessuno")
    assert err.value.code == "nomic.no_player"
    assert s.deadline("giornata") == T0 + 14 * DAY


def test_new_king_is_the_next_proposer_in_cyclic_alphabetical_order() -> None:
    # seats are not alphabetical: the order is by display name
    people = [Player(id="1", name="Zeno"), Player(id="2", name="Mara"), Player(id="3", name="aldo"),
              Player(id="4", name="Bice")]
    s = GAME.setup(GAME.parse_settings({"king": "Mara"}), people, 1, T0)
    propose(s, "3", enact("Da Aldo"))
    propose(s, "4", enact("Da Bice"))
    rollover(s)
    assert s.king == "3"  # after Mara: Zeno (no proposal), then aldo
    assert s.crown_open and s.deadline("crown") == T0 + 14 * DAY + timedelta(hours=24)
    # aldo refuses: Bice is next
    events = act(s, "3", {"type": "king_answer", "accept": False})
    assert s.king == "4" and s.crown_open and events[0].key == "nomic.king_refused"
    assert any(e.key == "nomic.you_are_king" and e.to == ["4"] for e in events)
    GAME.advance(s, s.clock + timedelta(hours=25))  # silence is acceptance
    assert not s.crown_open and s.king == "4"
    with pytest.raises(RuleError) as err:
        act(s, "4", {"type": "king_answer", "accept": False})
    assert err.value.code == "nomic.no_crown_offer"


def test_using_a_kings_power_accepts_the_crown() -> None:
    s = new_game()
    propose(s, B, enact("Da Bruno"))
    rollover(s)
    assert s.king == B and s.crown_open
    (p,) = propose(s, C, enact("Da Carla"))
    act(s, B, {"type": "veto", "proposal": p})
    assert not s.crown_open and not s.timers_of("crown")


def test_game_ends_when_only_the_old_king_qualifies() -> None:
    s = new_game()
    rollover(s)  # nobody proposed
    assert s.status == "finished" and s.end_reason == "no_king" and s.winners == []


def test_game_ends_when_every_candidate_refuses() -> None:
    s = new_game()
    propose(s, C, enact("Da Carla"))
    rollover(s)
    assert s.king == C
    act(s, C, {"type": "king_answer", "accept": False})
    assert s.status == "finished" and s.end_reason == "no_king"


def test_reminders_48_and_6_hours_before_to_those_who_have_not_voted() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Da votare"))
    vote(s, C, p, "for")
    end = T0 + 14 * DAY
    events = GAME.advance(s, end - timedelta(hours=48))
    reminders = [e for e in events if e.key == "nomic.reminder"]
    assert len(reminders) == 1 and sorted(reminders[0].to or []) == [A, D]
    assert reminders[0].notify == "reminder" and reminders[0].params["hours"] == 48
    vote(s, A, p, "for", at=end - timedelta(hours=10))
    events = GAME.advance(s, end - timedelta(hours=6))
    assert [e.to for e in events if e.key == "nomic.reminder"] == [[D]]
    assert GAME.awaiting(s) == {D}


def test_a_late_wake_up_sends_one_reminder_and_none_after_the_end() -> None:
    """The bot was down: both reminders due at once make one DM (the later), and a wake-up after the
    Giornata ended reminds nobody of it (issue: two "the Giornata ends <in the past>" DMs at its end)."""
    s = new_game()
    propose(s, B, enact("Da votare"))
    end = T0 + 14 * DAY
    events = GAME.advance(s, end - timedelta(hours=5))
    assert [e.params["hours"] for e in events if e.key == "nomic.reminder"] == [6]
    s = new_game()
    propose(s, B, enact("Da votare"))
    events = GAME.advance(s, end + timedelta(minutes=1))
    assert not [e for e in events if e.key == "nomic.reminder"], [e.key for e in events]
    assert "nomic.gazzetta" in [e.key for e in events]  # the Giornata itself did end


def test_newcomer_plays_from_the_next_giornata_with_average_power() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Crescita"))
    vote(s, C, p, "for")  # Bruno and Carla grow by 3
    act(s, A, {"type": "scribe_admit", "user": "2001", "name": "Nuovo"})
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "scribe_admit", "user": "2002", "name": "anna"})
    assert err.value.code == "core.name_taken"
    assert s.player("2001") is None
    rollover(s)
    seat = s.player("2001")
    assert seat is not None and seat.name == "Nuovo"
    assert s.power["2001"] == (1 + 4 + 4 + 1) // 4
    assert s.treasure["2001"] == 2000 + s.power["2001"]  # start treasure and this Giornata's income
    act(s, "2001", {"type": "give", "to": "Anna", "amount": 10})


def test_scribe_hands_the_office_on() -> None:
    s = new_game()
    act(s, A, {"type": "scribe_hand", "to": "Bruno"})
    assert s.scribe == B
    with pytest.raises(RuleError) as err:
        act(s, A, {"type": "scribe_hand", "to": "Carla"})
    assert err.value.code == "nomic.not_scribe"


def test_a_king_removed_by_a_moderator_keeps_his_place_in_the_circle() -> None:
    s = new_game(5)
    propose(s, B, enact("Da Bruno"))
    rollover(s)
    assert s.king == B
    propose(s, "1005", enact("Da Elena"))
    propose(s, A, enact("Da Anna"))
    GAME.apply(s, A, {"type": "mod_kick", "player": B}, s.clock, moderator=True)
    rollover(s)  # after Bruno come Carla and Dario (no proposals), then Elena
    assert s.king == "1005"


def test_moderators_force_the_rollover_past_the_reminders() -> None:
    s = new_game()
    propose(s, B, enact("Da Bruno"))
    events = GAME.apply(s, A, {"type": "mod_force"}, T0 + DAY, moderator=True)
    assert s.giornata == 2 and any(e.key == "nomic.gazzetta" for e in events)
    assert s.deadline("giornata") == T0 + DAY + 14 * DAY  # the new Giornata runs from the forced rollover
    assert sorted(t.at for t in s.timers_of("vote_reminder")) == [T0 + 15 * DAY - timedelta(hours=48),
                                                                   T0 + 15 * DAY - timedelta(hours=6)]
