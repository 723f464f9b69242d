"""Property tests: over random legal play, Ndri and ships are conserved but for the rules that create or
destroy them, each read from the event that tells it (collection, production, buildings, the Market,
asteroids, battles, colonisation). The Casino moves money between stakes and the Interstellar Bank."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import Event
from engine.galactica import GAME
from engine.galactica.buildings import COST as BUILD_COST
from engine.galactica.models import SHIP_TYPES, GalacticaState
from engine.galactica.planets import card, find_planet
from engine.galactica.production import COST as UNIT_COST
from tests.engine.galactica.helpers import T0, check, players


def ndri_in_play(state: GalacticaState) -> int:
    """Every Ndri in the galaxy: the factions', the stakes on the Casino tables, and what the Bank won."""
    pots = sum(s.pot for table in state.casino.values() for s in table.values())
    return sum(f.ndri for f in state.factions.values()) + pots + state.casino_bank


def ships_in_play(state: GalacticaState) -> int:
    return sum(n for f in state.fleets for n in f.ships.values())


def _ships(said: list[dict[str, Any]]) -> int:
    return sum(m["params"]["count"] for m in said if m["key"].split(".")[-1] in SHIP_TYPES)


def ledger(state: GalacticaState, events: list[Event]) -> tuple[int, int]:
    """What the rules say the move did to (Ndri in play, ships in play), event by event."""
    ndri = ships = 0
    for e in events:
        p = e.params
        if e.key == "galactica.collected":
            ndri += p["ndri"]
        elif e.key == "galactica.produced":
            paid = p["count"] // card(find_planet(state, p["planet"])).productivity
            ndri -= UNIT_COST[p["unit"]][0] * paid
            ships += p["count"] if p["unit"] in SHIP_TYPES else 0
        elif e.key == "galactica.built":
            ndri -= BUILD_COST[p["building"]][0]
        elif e.key == "galactica.market_bought":
            ndri -= p["price"]
            ships += p["quantity"] if p["unit"] in SHIP_TYPES else 0
        elif e.key == "galactica.raw_bought":
            ndri -= p["ndri"]
        elif e.key == "galactica.raw_sold":
            ndri += p["ndri"]
        elif e.key == "galactica.asteroid_bonus" and p["resource"] == "ndri":
            ndri += p["amount"]
        elif e.key == "galactica.asteroid_lost":
            ships -= _ships(p["ships"])
        elif e.key == "galactica.battle_result":
            ships -= _ships(p["attacker_lost"]) + _ships(p["defender_lost"])
        elif e.key == "galactica.colonized":
            ships -= 1
    return ndri, ships


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(2, 4), seed=st.integers(0, 2**31),
       picks=st.lists(st.integers(0, 10_000), min_size=40, max_size=40),
       spare=st.booleans(), rich=st.booleans())
def test_ndri_and_ships_are_conserved_but_for_the_rules(n: int, seed: int, picks: list[int], spare: bool,
                                                         rich: bool) -> None:
    config = {"max_rounds": 12, "asteroids_spare_last_fighter": spare, "start_ndri": 300_000 if rich else 50_000}
    state = GAME.setup(GAME.parse_settings(config), players(n), seed, T0)
    now = T0
    for step in range(2500):
        if state.status != "active":
            break
        pick = picks[step % len(picks)] + step
        now += timedelta(minutes=3 if pick % 53 else 60 * 30)
        before = (ndri_in_play(state), ships_in_play(state))
        events = GAME.advance(state, now)
        waiting = sorted(GAME.awaiting(state) | {o.to for o in state.offers}) if state.status == "active" else []
        if waiting:
            actor = waiting[pick % len(waiting)]
            options = GAME.legal_actions(state, actor)
            if options:
                events += GAME.apply(state, actor, options[pick % len(options)], now)
        d_ndri, d_ships = ledger(state, events)
        assert ndri_in_play(state) - before[0] == d_ndri, [e.key for e in events]
        assert ships_in_play(state) - before[1] == d_ships, [e.key for e in events]
        check(state)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**31), n=st.integers(2, 4))
def test_setup_invariants(seed: int, n: int) -> None:
    """Every seat gets a corner of its own, the starting fleet and money; the order is a ring of all."""
    state = GAME.setup(GAME.parse_settings({}), players(n), seed, T0)
    assert len(set(state.corners.values())) == n
    for p in state.player_ids():
        fleets = [f for f in state.fleets if f.owner == p]
        assert [f.cell for f in fleets] == [state.corners[p]] and fleets[0].ships == {"fighter": 3, "colony": 1}
        assert state.factions[p].ndri == 50_000
    assert state.starter in state.player_ids() and state.phase == "order"
    check(state)


@settings(max_examples=30, deadline=None)
@given(strikes=st.lists(st.integers(1, 6), min_size=1, max_size=6),
       blocks=st.lists(st.integers(1, 6), min_size=1, max_size=3),
       line=st.lists(st.sampled_from(["fighter", "torpedo", "colony"]), min_size=1, max_size=3))
def test_one_exchange_kills_at_most_one_unit_per_pair(strikes: list[int], blocks: list[int], line: list[str]) -> None:
    from engine.galactica.exchange import settle, strike_dice
    from engine.galactica.models import GalacticaSettings

    s = GalacticaSettings()
    receiver = line[: len(blocks)]
    blocks = blocks[: len(receiver)]
    striker = ["torpedo"] * len(strikes)
    assert strike_dice(striker, s) == len(strikes)
    made, held, killed = settle(striker, receiver, strikes, blocks, s)
    assert len(killed) == len(set(killed)) <= min(len(made), len(held))
    assert made == sorted(made, reverse=True) and held == sorted(held, reverse=True)
    assert all(0 <= i < len(receiver) for i in killed)
