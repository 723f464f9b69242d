"""Interception at fractional odds, decided by the game's RNG: a chosen seed fixes the outcome, the
roll is logged in the event, and replaying the log reproduces it. Plus the transfer DMs."""

from __future__ import annotations

import pytest

from engine.core import replay
from engine.impero import GAME
from tests.engine.impero.helpers import Play

A, B, C = "1001", "1002", "1003"


def half_odds_transfer(seed: int) -> tuple[Play, list]:
    """A offers B half of A's 50.00$: factor 1.0 x 25 / 50 = 50% chance of interception."""
    p = Play(seed=seed)
    p.wait(minutes=1)
    p.act(A, {"type": "offer_money", "to": B, "amount": 2500})
    events = p.act(B, {"type": "accept_offer", "offer": p.state.offers[0].id})
    return p, events


@pytest.mark.parametrize(("seed", "intercepted"), [(0, True), (1, False), (3, True), (4, False)])
def test_interception_at_half_odds_follows_the_seed(seed: int, intercepted: bool) -> None:
    p, events = half_odds_transfer(seed)
    params = events[0].params
    assert (params["threshold"], params["out_of"], params["chance"]) == (2500 * 1000, 5000 * 1000, 50)
    assert (params["roll"] < params["threshold"]) is intercepted
    if intercepted:
        assert events[0].key == "impero.offer_intercepted" and events[0].to is None  # announced publicly
        assert p.state.cash[A] == 0 and p.state.cash[B] == 0 and p.state.bank.seized == 5000 + 5000
        dm = events[1]
        assert dm.key == "impero.dm.offer_intercepted" and set(dm.to or []) == {A, B} and dm.notify == "info"
    else:
        assert [e.key for e in events] == ["impero.dm.offer_accepted"]
        assert set(events[0].to or []) == {A, B} and events[0].notify == "info"
        assert p.state.cash[A] == 2500 and p.state.cash[B] == 7500 and p.state.bank.seized == 0
    assert p.state.op[A] == 7 and p.state.op[B] == 7 and p.state.offers == []
    rebuilt = replay(GAME, p.record, until=p.now)
    assert rebuilt.model_dump() == p.state.model_dump()


def test_odds_use_the_cash_at_offer_time_and_cap_at_one() -> None:
    p = Play(interception_permille=2000)  # factor 2.0: 30$ of 50$ would be 120%, capped at 100%
    p.wait(minutes=1)
    p.act(A, {"type": "offer_money", "to": B, "amount": 3000})
    offer = p.state.offers[0]
    assert offer.sender_cash == 5000
    num, den = GAME.interception_odds(p.state, offer)
    assert num == den
    p.state.cash[A] = 1  # later spending does not change the odds recorded with the offer
    assert GAME.interception_odds(p.state, offer) == (num, den)


def test_refusal_is_free_and_tells_both() -> None:
    p = Play()
    p.wait(minutes=1)
    p.act(A, {"type": "offer_money", "to": C, "amount": 400})
    events = p.act(C, {"type": "refuse_offer", "offer": p.state.offers[0].id})
    assert [(e.key, set(e.to or []), e.notify) for e in events] == [("impero.dm.offer_refused", {A, C}, "info")]
    assert p.state.cash[A] == 5000 and p.state.op[C] == 8 and p.state.op[A] == 7


def test_final_standings_show_net_worth_beside_cash() -> None:
    from bot.i18n import t

    p = Play(turns=1)
    p.wait(minutes=1)
    p.act(A, {"type": "create_company", "name": "Alfa", "capital": 2000})  # A: 30$ cash, 20$ in shares
    p.state.cash[C] = 5000  # C ties B on cash
    p.at(GAME.turn_ends(p.state))
    rows = [e.params for e in p.events if e.key == "impero.standing"]
    by_name = {r["player"]: r for r in rows}
    assert [r["player"] for r in rows][-1] == "Alice" and by_name["Alice"]["rank"] == 3
    assert by_name["Bob"]["rank"] == by_name["Carla"]["rank"] == 1  # equal cash shares the place
    assert by_name["Alice"]["cash"] == p.state.cash[A]
    assert by_name["Alice"]["net_worth"] == GAME.net_worth(p.state, A) > by_name["Alice"]["cash"]
    line = t("impero.standing", "it", **by_name["Alice"])
    assert line.startswith("3. Alice: capitale") and "patrimonio" in line
    assert "net worth" in t("impero.standing", "en", **by_name["Alice"])
