"""Random legal play: money is conserved, shares stay sane, CEO seats are consistent, replay matches.

`drive` plays a script of (actor, pick, minutes) steps: it advances the clock (turn ends, auction
closes), asks `legal_actions` and applies one, choosing the action *type* first so that rare moves
(accept, claim, rent, withdraw) are as likely as common ones. `test_the_driver_explores` proves on
fixed scripts that it reaches every action type, auctions won, interceptions and many turn ends.
"""

from __future__ import annotations

import random
from collections import Counter
from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import LogEntry, replay
from engine.impero import GAME, ImperoState
from engine.impero.board import build_map, register_map
from tests.engine.impero.helpers import Play

N = 3
# a crowded 24-node map where networks meet at once: rentals, blocked companies, no free node left
register_map(build_map("prop-mini", ["######", "######", "###.##", "######", "..####"]))
Script = list[tuple[int, int, int]]
gaps = st.one_of(st.integers(0, 60), st.integers(0, 14 * 60))  # minutes: several moves per turn, some long waits
steps = st.lists(st.tuples(st.integers(0, N - 1), st.integers(0, 10_000), gaps), min_size=1, max_size=120)
ACTION_TYPES = {"create_company", "buy_node", "upgrade_node", "set_reinvest", "recapitalize", "rent_node", "bid",
                "list_shares", "withdraw_listing", "buy_shares", "claim_ceo", "offer_money", "accept_offer",
                "refuse_offer"}


def money_total(state: ImperoState) -> int:
    held = sum(state.cash.values()) + sum(GAME.escrow(state, p) for p in state.cash)
    capital = sum(c.capital for c in state.companies)
    bank = state.bank
    return held + capital + bank.paid_in + bank.seized - bank.minted


def check_invariants(state: ImperoState) -> None:
    assert money_total(state) == N * state.settings.start_cash
    assert all(v >= 0 for v in state.cash.values()) and all(v >= 0 for v in state.op.values())
    for c in state.companies:
        assert c.capital >= 0 and c.op >= 0
        assert all(v > 0 for v in c.shares.values())
        assert c.total_shares() >= state.settings.founder_shares
        for pid in c.shares:
            assert GAME.listed(state, pid, c.id) <= c.shares[pid]
        assert state.player(c.ceo) is not None
        top = max(c.shares.values())
        ceo_shares = c.shares.get(c.ceo, 0)
        if ceo_shares < top:  # someone holds more: the seat must be claimable by them
            rich = [p for p, v in c.shares.items() if v == top]
            assert all(GAME.can_claim(state, c, p) for p in rich)
            if state.status == "active":
                assert any(a.type == "claim_ceo" for a in GAME.legal_actions(state, rich[0]))
        else:  # nobody may claim a seat held by a top shareholder
            assert not any(GAME.can_claim(state, c, p) for p in c.shares)
    for node, cid in state.owner.items():
        assert node in state.company(cid).nodes
    for node, renters in state.renters.items():
        assert node in state.owner and state.owner[node] not in renters and len(set(renters)) == len(renters)


def drive(script: Script, seed: int, **rules: object) -> tuple[Play, Counter[str]]:
    """Play the script, checking the invariants after every step; returns the game and what happened."""
    seen: Counter[str] = Counter()
    p = Play(seed=seed, n=N, blackout_denominator=60, interception_permille=300, **rules)
    for actor_index, pick, minutes in script:
        p.now += timedelta(minutes=minutes)
        seen.update(e.key for e in GAME.advance(p.state, p.now))
        check_invariants(p.state)
        if p.state.status != "active":
            break
        actor = p.state.players[actor_index].id
        legal = GAME.legal_actions(p.state, actor)
        if not legal:
            continue
        kinds = sorted({str(a.type) for a in legal})
        kind = kinds[pick % len(kinds)]
        same = [a for a in legal if a.type == kind]
        action = same[(pick // len(kinds)) % len(same)].model_dump(mode="json")
        events = GAME.apply(p.state, actor, action, p.now)  # a RuleError here means legal_actions lied
        seen[kind] += 1
        seen.update(e.key for e in events)
        p.record.log.append(LogEntry(at=p.now, actor=actor, action=action))
        check_invariants(p.state)
    return p, seen


def check_snapshot_and_replay(p: Play) -> None:
    snapshot = ImperoState.model_validate_json(p.state.model_dump_json())
    assert snapshot.model_dump() == p.state.model_dump()
    rebuilt = replay(GAME, p.record, until=p.state.clock)
    assert rebuilt.model_dump() == snapshot.model_dump()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps, st.integers(0, 2**32), st.booleans(), st.sampled_from(["italia", "prop-mini"]))
def test_random_legal_play(script: Script, seed: int, blocked_only: bool, board: str) -> None:
    p, _ = drive(script, seed, rent_only_when_blocked=blocked_only, map=board)
    check_snapshot_and_replay(p)


def test_the_driver_explores() -> None:
    """The same driver on fixed random scripts reaches every move and the rare outcomes."""
    total: Counter[str] = Counter()
    turns = []
    for i in range(12):
        rnd = random.Random(i)
        script = [(rnd.randrange(N), rnd.randrange(10_000), rnd.randrange(0, 60 if rnd.random() < 0.8 else 14 * 60))
                  for _ in range(120)]
        p, seen = drive(script, seed=i, rent_only_when_blocked=bool(i % 2), map="prop-mini" if i % 3 else "italia")
        check_snapshot_and_replay(p)
        total += seen
        turns.append(p.state.turn)
    assert set(total) >= ACTION_TYPES, ACTION_TYPES - set(total)
    for key in ("impero.auction_won", "impero.dm.outbid", "impero.offer_intercepted", "impero.dm.offer_accepted",
                "impero.dm.offer_expired", "impero.ceo_changed", "impero.node_rented", "impero.dm.blackout",
                "impero.turn_report"):
        assert total[key] > 0, key
    assert max(turns) >= 10 and total["impero.turn_report"] >= 60


def test_whole_game_conserves_money() -> None:
    p = Play(seed=5, n=N)
    t = 0
    while p.state.status == "active":
        t += 1
        p.now += timedelta(minutes=97)
        GAME.advance(p.state, p.now)
        if p.state.status != "active":
            break
        actor = p.state.players[t % N].id
        legal = GAME.legal_actions(p.state, actor)
        if legal:
            action = legal[(t * 7) % len(legal)].model_dump(mode="json")
            GAME.apply(p.state, actor, action, p.now)
            p.record.log.append(LogEntry(at=p.now, actor=actor, action=action))
        check_invariants(p.state)
    assert p.state.turn == 14 and not p.state.auctions and not p.state.offers
    check_snapshot_and_replay(p)
