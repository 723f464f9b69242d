"""A proposal that falls is told with what it had needed (issue 37: "4035 contro 0" with no word why)."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from engine.nomic import voting
from tests.engine.nomic.helpers import B, C, D, enact, new_game, proposal, propose, rollover, vote


def told(events: list[Any], pid: int) -> Any:
    return next(e for e in events if e.key == "nomic.rejected_why" and e.params["proposal"] == pid)


def test_a_tie_is_told_it_needed_more_for_than_against() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, C, p, "against")
    ev = told(rollover(s), p)
    assert ev.to is None  # the table is told, not only the author
    assert ev.params["why"] == [{"key": "nomic.why.majority", "params": {}}]
    text = t(ev.key, "it", **ev.params)
    assert "2001 contro 2001" in text and "più voti a favore che contro" in text, text
    assert "more votes for than against" in t(ev.key, "en", **ev.params)


def test_an_absolute_majority_says_how_many_votes_it_needed(monkeypatch: Any) -> None:
    real = voting.variant
    monkeypatch.setattr(voting, "variant", lambda state, name: "absolute" if name == "majority" else real(state, name))
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, D, p, "for")
    ev = told(rollover(s), p)
    assert proposal(s, p).votes_against == 0
    why = ev.params["why"][0]
    assert why["key"] == "nomic.why.absolute" and why["params"]["for"] == proposal(s, p).votes_for
    assert why["params"]["half"] >= proposal(s, p).votes_for
    text = t(ev.key, "en", **ev.params)
    assert f"more than {why['params']['half']} of {why['params']['total']}" in text, text


def test_a_game_ending_without_a_king_says_why_and_the_reminders_warned_first() -> None:
    from engine.nomic import GAME

    s = new_game()
    reminders = sorted(tm.at for tm in s.timers if tm.kind == "vote_reminder")
    assert reminders, "the Giornata has vote reminders"
    warned = GAME.advance(s, reminders[0])
    warning = [e for e in warned if e.key == "nomic.warn_no_king"]
    assert warning and warning[0].to is None, [e.key for e in warned]  # the table, not one player
    assert "no one can be King" in t("nomic.warn_no_king", "en", **warning[0].params)
    ended = rollover(s)
    keys = [e.key for e in ended]
    assert s.status == "finished" and keys.index("nomic.end.no_king") == keys.index("core.ended") - 1, keys


def test_no_warning_when_someone_can_follow_the_king() -> None:
    from engine.nomic import GAME

    s = new_game()
    propose(s, B, enact("Cortesia"))
    reminders = sorted(tm.at for tm in s.timers if tm.kind == "vote_reminder")
    assert not [e for e in GAME.advance(s, reminders[0]) if e.key == "nomic.warn_no_king"]
