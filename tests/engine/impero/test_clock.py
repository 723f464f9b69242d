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
        ends.append(state.turn_ends_at)
        GAME.advance(state, state.turn_ends_at)
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
    assert state.auctions[0].closes_at == datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
    return state


def test_bid_in_last_minute_postpones_close_repeatedly() -> None:
    state = _auction_at_noon()
    b1 = datetime(2026, 11, 21, 11, 59, 30, tzinfo=UTC)
    GAME.advance(state, b1)
    ev = GAME.apply(state, "2", {"type": "bid", "company": "rete", "amount": 200}, b1)
    assert ev[0].params["extended"] is True
    assert state.auctions[0].closes_at == datetime(2026, 11, 21, 12, 1, tzinfo=UTC)
    b2 = datetime(2026, 11, 21, 12, 0, 10, tzinfo=UTC)
    GAME.advance(state, b2)
    GAME.apply(state, "3", {"type": "bid", "company": "Rete", "amount": 300}, b2)
    assert state.auctions[0].closes_at == datetime(2026, 11, 21, 12, 2, tzinfo=UTC)
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
    assert state.auctions[0].closes_at == datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


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
