"""Turn ends on the Rome wall clock across DST, auction anti-sniping, and restarts mid-auction."""

from __future__ import annotations

import itertools
import json
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from engine.core import Player
from engine.impero import GAME

ROME = ZoneInfo("Europe/Rome")


def _turn_ends(start: datetime, turns: int = 14) -> list[datetime]:
    state = GAME.setup(GAME.parse_settings({}), [Player(id="1", name="A"), Player(id="2", name="B")], 1, start)
    ends = []
    while state.status == "active":
        ends.append(GAME.turn_ends(state))
        GAME.advance(state, GAME.turn_ends(state))
    assert len(ends) == turns
    return ends


def test_turns_end_at_nine_and_twentyone_across_spring_dst() -> None:
    ends = _turn_ends(datetime(2026, 3, 27, 10, 0, tzinfo=ROME))
    assert all(e.astimezone(ROME).strftime("%H:%M") in ("09:00", "21:00") for e in ends)
    # 28 March is winter time (UTC+1), 29 March summer time (UTC+2)
    assert datetime(2026, 3, 28, 20, 0, tzinfo=UTC) in ends
    assert datetime(2026, 3, 29, 7, 0, tzinfo=UTC) in ends
    assert datetime(2026, 3, 29, 19, 0, tzinfo=UTC) in ends
    assert [b - a for a, b in itertools.pairwise(ends)].count(timedelta(hours=11)) == 1


def test_turns_end_at_nine_and_twentyone_across_autumn_dst() -> None:
    ends = _turn_ends(datetime(2026, 10, 22, 12, 0, tzinfo=ROME))
    assert all(e.astimezone(ROME).strftime("%H:%M") in ("09:00", "21:00") for e in ends)
    assert datetime(2026, 10, 24, 19, 0, tzinfo=UTC) in ends  # 21:00 CEST
    assert datetime(2026, 10, 25, 8, 0, tzinfo=UTC) in ends  # 09:00 CET, a 13-hour turn
    assert [b - a for a, b in itertools.pairwise(ends)].count(timedelta(hours=13)) == 1


def test_first_turn_ends_at_first_boundary_six_hours_after_start() -> None:
    assert _turn_ends(datetime(2026, 11, 21, 15, 0, tzinfo=ROME))[0] == datetime(2026, 11, 21, 21, 0, tzinfo=ROME)
    assert _turn_ends(datetime(2026, 11, 21, 15, 1, tzinfo=ROME))[0] == datetime(2026, 11, 22, 9, 0, tzinfo=ROME)
    assert _turn_ends(datetime(2026, 11, 21, 2, 0, tzinfo=ROME))[0] == datetime(2026, 11, 21, 9, 0, tzinfo=ROME)


def _auction_at_noon():
    start = datetime(2026, 11, 21, 0, 0, tzinfo=UTC)
    players = [Player(id="1", name="A"), Player(id="2", name="B"), Player(id="3", name="C")]
    state = GAME.setup(GAME.parse_settings({}), players, 5, start)
    GAME.apply(state, "1", {"type": "create_company", "name": "Rete", "capital": 1000}, start)
    GAME.apply(state, "1", {"type": "recapitalize", "company": "Rete", "start_price": 100}, start)
    assert GAME.closes_at(state, state.auctions[0]) == datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    return state


def test_bid_in_last_minute_postpones_close_repeatedly() -> None:
    state = _auction_at_noon()
    b1 = datetime(2026, 11, 21, 11, 59, 30, tzinfo=UTC)
    GAME.advance(state, b1)
    ev = GAME.apply(state, "2", {"type": "bid", "company": "rete", "amount": 200}, b1)
    assert ev[0].params["extended"] is True
    assert GAME.closes_at(state, state.auctions[0]) == datetime(2026, 11, 21, 12, 1, tzinfo=UTC)
    b2 = datetime(2026, 11, 21, 12, 0, 10, tzinfo=UTC)
    GAME.advance(state, b2)
    GAME.apply(state, "3", {"type": "bid", "company": "Rete", "amount": 300}, b2)
    assert GAME.closes_at(state, state.auctions[0]) == datetime(2026, 11, 21, 12, 2, tzinfo=UTC)
    GAME.advance(state, datetime(2026, 11, 21, 12, 1, 59, tzinfo=UTC))
    assert state.auctions, "closed too early"
    events = GAME.advance(state, datetime(2026, 11, 21, 12, 2, tzinfo=UTC))
    won = [e for e in events if e.key == "impero.auction_won"]
    assert won and won[0].at == datetime(2026, 11, 21, 12, 2, tzinfo=UTC)
    assert state.companies[0].shares["3"] == 1 and not state.auctions


def test_bid_earlier_than_last_minute_does_not_postpone() -> None:
    state = _auction_at_noon()
    at = datetime(2026, 11, 21, 11, 58, 59, tzinfo=UTC)
    GAME.advance(state, at)
    GAME.apply(state, "2", {"type": "bid", "company": "Rete", "amount": 200}, at)
    assert GAME.closes_at(state, state.auctions[0]) == datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def test_restart_mid_auction_keeps_close_time() -> None:
    state = _auction_at_noon()
    b1 = datetime(2026, 11, 21, 11, 59, 30, tzinfo=UTC)
    GAME.advance(state, b1)
    GAME.apply(state, "2", {"type": "bid", "company": "Rete", "amount": 200}, b1)
    saved = json.dumps(GAME.dump_state(state))
    restored = GAME.load_state(saved)
    assert restored.model_dump() == state.model_dump()
    assert GAME.next_deadline(restored) == datetime(2026, 11, 21, 12, 1, tzinfo=UTC)
    GAME.advance(restored, datetime(2026, 11, 21, 12, 0, 59, tzinfo=UTC))
    assert restored.auctions
    GAME.advance(restored, datetime(2026, 11, 21, 12, 1, tzinfo=UTC))
    assert not restored.auctions and restored.companies[0].shares["2"] == 1


def _mod(p, kind: str, **extra) -> list:
    return GAME.apply(p.state, "mod", {"type": kind, **extra}, p.now, moderator=True)


def test_after_a_pause_bids_follow_the_moved_close() -> None:
    """The issue's case: an auction due at 21:02, three hours of pause; the timer says 00:02 and so
    does everything else: a bid at 21:01:30 is not a last-minute bid, one at 21:30 is accepted, and
    a last-minute bid at 00:01:30 names the pushed-back close in the outbid DM too."""
    from tests.engine.impero.helpers import Play

    day = datetime(2026, 11, 21, tzinfo=UTC)
    p = Play(timezone="UTC")
    p.at(day.replace(hour=9, minute=2))
    p.act("1001", {"type": "create_company", "name": "Rete", "capital": 1000})
    p.act("1001", {"type": "recapitalize", "company": "Rete", "start_price": 100})
    assert GAME.closes_at(p.state, p.state.auctions[0]) == day.replace(hour=21, minute=2)
    p.at(day.replace(hour=18))
    _mod(p, "mod_pause")
    p.at(day.replace(hour=21))
    _mod(p, "mod_resume")
    close = day + timedelta(days=1, minutes=2)
    assert GAME.closes_at(p.state, p.state.auctions[0]) == close
    assert GAME.view(p.state, None).market.auctions[0].closes_at == close

    p.at(day.replace(hour=21, minute=1, second=30))
    placed = p.act("1002", {"type": "bid", "company": "Rete", "amount": 100})[0]
    assert placed.params["extended"] is False and placed.params["closes_at"] == close.isoformat()
    p.at(day.replace(hour=21, minute=30))
    events = p.act("1003", {"type": "bid", "company": "Rete", "amount": 200})
    outbid = next(e for e in events if e.key == "impero.dm.outbid")
    assert outbid.params["closes_at"] == close.isoformat()

    p.at(close - timedelta(seconds=30))
    events = p.act("1002", {"type": "bid", "company": "Rete", "amount": 300})
    later = close + timedelta(minutes=1)
    assert events[0].params["extended"] is True
    outbid = next(e for e in events if e.key == "impero.dm.outbid")
    assert outbid.to == ["1003"] and outbid.params["closes_at"] == later.isoformat()
    assert GAME.closes_at(p.state, p.state.auctions[0]) == later
    assert GAME.view(p.state, "1002").me.leading_bids[0].closes_at == later


def test_a_forced_turn_end_leaves_the_next_turn_its_minimum_length() -> None:
    """/mod force of the 21:00 turn end at 20:59:30: the next turn ends at the first turn-end time at
    least first_turn_min_hours (6) away, 09:00 the next day, not 30 seconds later."""
    from tests.engine.impero.helpers import Play

    day = datetime(2026, 11, 21, tzinfo=UTC)
    p = Play(timezone="UTC")
    assert GAME.turn_ends(p.state) == day.replace(hour=21)
    p.at(day.replace(hour=20, minute=59, second=30))
    events = _mod(p, "mod_force")
    started = next(e for e in events if e.key == "impero.turn_started")
    nine = day + timedelta(days=1, hours=9)
    assert p.state.turn == 2 and GAME.turn_ends(p.state) == nine
    assert started.params["ends_at"] == nine.isoformat()
    p.at(nine)  # an ordinary turn end keeps the wall clock: the next one is 21:00 the same day
    assert GAME.turn_ends(p.state) == nine.replace(hour=21)


def test_a_snapshot_from_before_the_timers_only_rule_migrates() -> None:
    """Version 1 snapshots carried copies of the turn end and the auction closes; the migration drops
    them and the timers (which were always there) keep the times."""
    state = _auction_at_noon()
    old = GAME.dump_state(state)
    old["turn_ends_at"] = "2026-11-21T20:00:00Z"
    old["auctions"][0]["closes_at"] = "2026-11-21T12:00:00Z"
    assert GAME.state_version == 2
    migrated = GAME.load_state(GAME.migrate_state(old, 1))
    assert GAME.dump_state(migrated) == GAME.dump_state(state)
    assert "closes_at" not in json.dumps(GAME.dump_state(migrated))


def test_a_spqrisiko_snapshot_from_before_the_timers_only_rule_migrates() -> None:
    from engine.spqrisiko import GAME as SPQR

    players = [Player(id=str(i), name=f"P{i}") for i in range(3)]
    state = SPQR.setup(SPQR.parse_settings({}), players, 3, datetime(2026, 11, 21, tzinfo=UTC))
    old = SPQR.dump_state(state)
    old["turn_deadline"] = "2026-11-21T12:00:00Z"
    assert SPQR.dump_state(SPQR.load_state(SPQR.migrate_state(old, 1))) == SPQR.dump_state(state)
