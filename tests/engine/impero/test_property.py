"""Random legal play: money is conserved, shares stay sane, CEO seats are consistent, replay matches."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import LogEntry, replay
from engine.impero import GAME, ImperoState
from tests.engine.impero.helpers import Play

N = 3
steps = st.lists(st.tuples(st.integers(0, N - 1), st.integers(0, 10_000), st.integers(0, 14 * 60)),
                 min_size=1, max_size=45)


def money_total(state: ImperoState) -> int:
    held = sum(state.cash.values()) + sum(GAME.escrow(state, p) for p in state.cash)
    capital = sum(c.capital for c in state.companies)
    bank = state.bank
    return held + capital + bank.paid_in + bank.seized - bank.minted


def check_invariants(state: ImperoState) -> None:
    assert money_total(state) == N * state.settings.start_cash
    assert all(v >= 0 for v in state.cash.values()) and all(v >= 0 for v in state.op.values())
    for c in state.companies:
        assert all(v > 0 for v in c.shares.values())
        assert c.total_shares() >= state.settings.founder_shares
        for pid in c.shares:
            assert GAME.listed(state, pid, c.id) <= c.shares[pid]
        top = max(c.shares.values())
        ceo_shares = c.shares.get(c.ceo, 0)
        if ceo_shares < top:  # someone holds more: the seat must be claimable by them
            rich = [p for p, v in c.shares.items() if v == top]
            assert all(GAME.can_claim(state, c, p) for p in rich)
            assert any(a.type == "claim_ceo" for a in GAME.legal_actions(state, rich[0]))
    for node, cid in state.owner.items():
        assert node in state.company(cid).nodes


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps, st.integers(0, 2**32))
def test_random_legal_play(script: list[tuple[int, int, int]], seed: int) -> None:
    p = Play(seed=seed, n=N, blackout_denominator=60, interception_permille=300)
    for actor_index, pick, minutes in script:
        p.now += timedelta(minutes=minutes)
        GAME.advance(p.state, p.now)
        check_invariants(p.state)
        if p.state.status != "active":
            break
        actor = p.state.players[actor_index].id
        legal = GAME.legal_actions(p.state, actor)
        if not legal:
            continue
        action = legal[pick % len(legal)].model_dump(mode="json")
        GAME.apply(p.state, actor, action, p.now)  # a RuleError here means legal_actions lied
        p.record.log.append(LogEntry(at=p.now, actor=actor, action=action))
        check_invariants(p.state)
    rebuilt = replay(GAME, p.record, until=p.state.clock)
    assert rebuilt.model_dump() == p.state.model_dump()


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
    assert replay(GAME, p.record, until=p.state.clock).model_dump() == p.state.model_dump()
