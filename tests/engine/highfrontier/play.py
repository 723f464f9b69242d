"""Random legal play for the tests and the bench: every seat answers what it owes, then the
current player picks among its legal actions."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from engine.core import GameRecord, LogEntry, replay
from engine.highfrontier import GAME
from engine.highfrontier.models import BULL, HfState
from tests.engine.highfrontier.helpers import T0, players


def check(state: HfState) -> None:
    """The invariants of every reachable state."""
    from engine.highfrontier.market import board

    b = board()
    for c in state.companies.values():
        assert len(c.holes) == 3
        assert all(h is None or h in state.holders for h in c.holes)
        if c.floated:
            assert 1 <= c.row <= b.rows and 1 <= c.col <= b.side(state.flipped).columns
            assert c.holes[0] is not None
        else:
            assert c.holes == [None, None, None]
    for pid, h in state.holders.items():
        on_board = sum(c.holes.count(pid) for c in state.companies.values() if c.floated)
        assert on_board <= h.share_tokens <= 7, "share limit"
        if pid != BULL:
            assert h.share_tokens == state.settings.share_limit + (b.hedge_shares - h.hedge_shares)
        assert h.aqua >= 0
    for v in state.vaults.values():
        assert v.gold >= 0 and v.blue >= 0
    assert sum(v.gold for v in state.vaults.values()) == state.created.gold - state.removed.gold
    assert sum(v.blue for v in state.vaults.values()) == state.created.blue - state.removed.blue
    # the wildcat bank (5F6): its vaults hold pearls only while it exists; each bank has its own total
    from engine.highfrontier import isotope_bank
    from engine.highfrontier.models import WILDCAT

    if state.wildcat is None:
        assert all(not (v.gold or v.blue) for o, v in state.vaults.items() if o.startswith(WILDCAT))
    else:
        assert state.flipped and state.wildcat != state.banker
    # a homeless bank (5F1b) is one that exists, after the flip, listed once
    assert len(set(state.homeless)) == len(state.homeless)
    assert all(state.flipped and (b == "main" or state.wildcat) for b in state.homeless)
    totals = isotope_bank.isotope_total(state, "main") + isotope_bank.isotope_total(state, "wildcat")
    assert totals == sum(v.gold for v in state.vaults.values())


ANSWERS = ("board", "angel", "deflate", "proxy_answer", "rollover", "angel_pick", "bull_choice")
CLIMB = ("parade", "usurp", "risk_one", "buy", "service", "hedge")


def novelty(action: Any) -> str:
    """What curiosity counts as new: the type, and which company for a service (loans matter)."""
    if action.type == "service":
        return f"service:{action.company[:-1]}"
    return str(action.type)


def play(n: int, seed: int, picks: list[int], settings: dict[str, Any], *, finish: bool = True,
         seen: set[str] | None = None) -> tuple[HfState, GameRecord, datetime]:
    people = players(n)
    state = GAME.setup(GAME.parse_settings(settings), [p.model_copy() for p in people], seed, T0)
    check(state)
    log: list[LogEntry] = []
    now = T0
    step = 0
    while state.status == "active" and step < len(picks) + (400 if finish else 0):
        pick = picks[step] if step < len(picks) else None
        step += 1
        now += timedelta(minutes=5 if pick is None or pick % 41 else 60 * 30)  # now and then a deadline passes
        GAME.advance(state, now)
        check(state)
        if state.status != "active":
            break
        owed = sorted(GAME.awaiting(state))
        current = state.order[state.current]
        actor = owed[(pick or 0) % len(owed)] if owed else current
        if pick is not None and pick % 7 == 0:
            actor = state.order[pick % len(state.order)]
        options = GAME.legal_actions(state, actor)
        if pick is None:  # finishing: answer windows first, then move the years on
            options = [o for o in options if o.type not in ("end_game",)]
            wanted = [o for o in options if o.type in ANSWERS] or \
                [o for o in options if o.type in ("turn_end", "year")]
            options = wanted or options
        elif pick % 53:
            options = [o for o in options if o.type != "end_game"] or options
        if not options:
            continue
        if seen is not None and pick is not None and owed and pick % 2 == 0:  # answer what is owed, often
            options = [o for o in options if o.type in ANSWERS] or options
        if seen is not None and pick is not None and (pick % 4 == 1 or pick % 5 == 4):  # climb: caps need height
            options = [o for o in options if o.type in CLIMB] or options
        if seen is not None and pick is not None and pick % 4 == 2:  # and borrow: rollovers need loans
            options = [o for o in options if (getattr(o, "cubes", 0) and o.type == "service")
                       or (o.type == "float" and o.company.startswith("hexagon"))] or options
        if seen is not None and pick is not None and pick % 3 == 0:  # curiosity: an action not tried yet
            late = step > len(picks) * 4 // 5  # ending the game is tried only late
            # a loan kept is what lets a rollover happen: curiosity repays only once one was seen
            keep = "rollover" in seen
            options = [o for o in options if novelty(o) not in seen and (late or o.type != "end_game")
                       and (keep or o.type != "repay")] or options
        action = options[(pick or step) % len(options)]
        GAME.apply(state, actor, action, now)
        if seen is not None:
            seen.add(action.type)
            seen.add(novelty(action))
        log.append(LogEntry(at=now, actor=actor, action=action.model_dump(mode="json")))
        check(state)
    record = GameRecord(game="highfrontier", seed=seed, settings=settings, created_at=T0, players=people, log=log)
    return state, record, now


def replays_to(state: HfState, record: GameRecord, now: datetime) -> bool:
    rebuilt = replay(GAME, record, until=now)
    GAME.advance(state, now)
    return GAME.dump_state(rebuilt) == GAME.dump_state(state)  # type: ignore[arg-type]
