"""Standing orders in DecameroNomic: a default vote (or "as player X votes") and a default Top Polls
rating, cast at the close of the vote for letters left unanswered, announced as such, weighed as
rule 1700 weighs any vote."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from engine.core import RuleError
from engine.nomic import GAME
from engine.nomic.models import NomicState
from engine.nomic.ruleset import variant
from tests.engine.nomic.helpers import DAY, T0, A, B, C, D, act, enact, new_game, proposal, propose, rollover, vote


def orders(s: NomicState, player: str, **given: Any) -> list[Any]:
    return act(s, player, {"type": "core_orders", "orders": given})


def said(events: list[Any], key: str) -> list[Any]:
    return [e for e in events if e.key == key]


def test_a_default_vote_is_cast_at_the_close_announced_and_weighed() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    orders(s, C, vote="against", rating=3)
    vote(s, D, p, "for")
    assert C not in proposal(s, p).ballots, "orders wait for the close"
    events = rollover(s)
    (told,) = said(events, "nomic.orders_voted")
    assert told.params == {"player": "Carla", "letter": 1, "choices": ["#1 ✗"]} and told.to is None
    assert events.index(told) < events.index(said(events, "nomic.gazzetta")[0]), "told when the vote closes"
    # Carla's treasure weighs against: 2001 (Bruno) + 2001 (Dario) for, 2001 against
    assert (proposal(s, p).votes_for, proposal(s, p).votes_against) == (4002, 2001)
    assert proposal(s, p).outcome == "passed"


def test_without_orders_an_unanswered_letter_is_not_counted() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, D, p, "against")
    events = rollover(s)
    assert not said(events, "nomic.orders_voted") and not said(events, "nomic.orders_voted_as")
    assert (proposal(s, p).votes_for, proposal(s, p).votes_against) == (2001, 2001)
    assert proposal(s, p).outcome == "rejected"


def test_a_vote_cast_in_person_stands_and_a_for_grows_power() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    orders(s, C, vote="against")
    orders(s, D, vote="for")
    vote(s, C, p, "for")
    power = dict(s.power)
    events = rollover(s)
    assert [e.params["player"] for e in said(events, "nomic.orders_voted")] == ["Dario"]
    assert (proposal(s, p).votes_for, proposal(s, p).votes_against) == (3 * 2001, 0)
    # rule 1300: Dario's vote in favour grows him and Bruno like any vote in favour (+3)
    assert s.power[D] - power[D] == 3 and s.power[B] - power[B] == 3


def test_an_away_player_is_spoken_for() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    act(s, C, {"type": "core_away", "until": (T0 + 20 * DAY).isoformat()})
    orders(s, C, vote="for")
    events = rollover(s)
    assert said(events, "nomic.orders_voted")[0].params["player"] == "Carla"
    assert proposal(s, p).votes_for == 2 * 2001


def test_as_player_follows_the_vote_at_the_close_then_the_own_default() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    (q,) = propose(s, C, enact("Gentilezza"))
    orders(s, A, as_player=D, vote="abstain", rating=9)
    vote(s, D, p, "against", at=s.clock + timedelta(hours=1))  # Dario answers Bruno's letter only
    events = rollover(s)
    by_letter = {e.params["letter"]: e for e in events if e.key.startswith("nomic.orders_voted")}
    assert by_letter[1].key == "nomic.orders_voted_as" and by_letter[1].params["proxy"] == "Dario"
    assert by_letter[1].params["choices"] == ["#1 ✗"]
    assert by_letter[2].key == "nomic.orders_voted" and by_letter[2].params["choices"] == ["#2 –"]
    # the King's vote, by orders too, weighs double
    assert proposal(s, p).votes_against == 2001 + 2 * 2001
    assert proposal(s, q).votes_for == 2001


def test_a_proxy_follows_the_others_orders_too_and_without_any_vote_casts_nothing() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    orders(s, D, vote="for")
    orders(s, C, as_player=D)
    orders(s, A, as_player=B)  # Bruno is the author: his vote is his automatic one, in favour
    events = rollover(s)
    told = {e.params["player"]: e.params["choices"] for e in events if e.key.startswith("nomic.orders_voted")}
    assert told == {"Dario": ["#1 ✓"], "Carla": ["#1 ✓"], "Anna": ["#1 ✓"]}
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    orders(s, C, as_player=D)  # Dario neither votes nor has orders
    events = rollover(s)
    assert not [e for e in events if e.key.startswith("nomic.orders_voted")]
    assert C not in proposal(s, p).ballots


def test_the_default_rating_feeds_top_polls() -> None:
    s = new_game()
    propose(s, B, enact("Cortesia"))
    for voter in (A, C, D):
        orders(s, voter, vote="for", rating=8)
    power = s.power[B]
    events = rollover(s)
    (prize,) = said(events, "nomic.polls_prize")
    assert prize.params["player"] == "Bruno" and prize.params["average"] == "8.00"
    assert s.power[B] > power


@pytest.mark.parametrize(("given", "code"), [
    ({"as_player": C}, "nomic.orders_self_proxy"),
    ({"as_player": "9999"}, "nomic.orders_not_playing"),
    ({"rating": 5}, "nomic.orders_rating_alone"),
    ({}, "nomic.orders_empty"),
    ({"vote": "maybe"}, "core.bad_orders"),
    ({"vote": "for", "rating": 11}, "core.bad_orders"),
    ({"voto": "for"}, "core.bad_orders"),
])
def test_bad_orders_are_refused_and_change_nothing(given: dict[str, Any], code: str) -> None:
    s = new_game()
    with pytest.raises(RuleError) as err:
        orders(s, C, **given)
    assert err.value.code == code and C not in s.orders


def test_a_proxy_loop_is_refused() -> None:
    s = new_game()
    orders(s, C, as_player=D)
    orders(s, D, as_player=A)
    with pytest.raises(RuleError) as err:
        orders(s, A, as_player=C)
    assert err.value.code == "nomic.orders_proxy_loop" and err.value.params["chain"] == "Anna → Carla → Dario → Anna"
    orders(s, A, as_player=B)  # a chain without a loop is fine


def test_no_proxy_while_only_the_kings_vote_counts() -> None:
    s = new_game()
    next(r for r in s.rules if r.id == "1700").knobs["vote_weight"] = "king"
    assert variant(s, "vote_weight") == "king"
    with pytest.raises(RuleError) as err:
        orders(s, C, as_player=D)
    assert err.value.code == "nomic.orders_no_proxy"
    orders(s, C, vote="for")  # a plain default vote is still allowed


def test_orders_say_themselves_and_stay_private() -> None:
    s = new_game()
    events = orders(s, C, as_player=D, vote="against", rating=4)
    assert all(e.to == [C] for e in events)
    described = GAME.describe_orders(s, C, GAME.orders_of(s, C))
    assert [m["key"] for m in described] == ["nomic.orders.as_player", "nomic.orders.vote_else", "nomic.orders.rating"]
    assert described[0]["params"] == {"player": "Dario"}


def test_a_proxy_given_before_the_kings_vote_alone_falls_back_to_the_default_vote() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    orders(s, C, as_player=D, vote="abstain")
    vote(s, D, p, "for")
    next(r for r in s.rules if r.id == "1700").knobs["vote_weight"] = "king"
    events = rollover(s)
    (told,) = said(events, "nomic.orders_voted")
    assert told.params["player"] == "Carla" and told.params["choices"] == ["#1 –"]
