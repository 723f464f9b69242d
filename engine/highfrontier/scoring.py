"""End-game victory points from Module 5 (5H), and the solitaire score (5Ll)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.highfrontier.bull import all_hedges
from engine.highfrontier.companies import count, floated, presided, value
from engine.highfrontier.models import HfState
from engine.highfrontier.wildcat import badge

MALF_VP = 4
DEBT_CUBE_VP = -3
DEFAULT_BLUE_VP, DEFAULT_GOLD_VP = -3, -6
BANKER_SOLO_VP = 4


class Score(BaseModel):
    shares: int
    presidencies: int
    default: int
    debt: int
    malfs: int
    banker: int
    base: int
    total: int


def score(state: HfState, player: str) -> Score:
    h = state.holders[player]
    shares = sum(count(c, player) for c in floated(state))
    pres = sum(value(state, c) for c in presided(state, player))  # printed, not doubled nor per share
    if state.solo and all_hedges(state):
        shares, pres = 0, 0  # the Bull took all its hedge funds: no company VP (5Ll)
    default = 0
    if state.default_holder == player:
        default = DEFAULT_GOLD_VP if state.default_gold else DEFAULT_BLUE_VP
    debt = DEBT_CUBE_VP * sum(loan.cubes for loan in h.loans)
    malfs = MALF_VP * len(h.malfs)
    banker = BANKER_SOLO_VP if state.solo and badge(state) == player else 0  # 5F6f: the richer bank
    total = shares + pres + default + debt + malfs + banker + h.base_vp
    return Score(shares=shares, presidencies=pres, default=default, debt=debt, malfs=malfs, banker=banker,
                 base=h.base_vp, total=total)


def winners(state: HfState) -> list[str]:
    scores = {p: score(state, p).total for p in state.active_player_ids()}
    if state.solo:
        return [p for p, s in scores.items() if s >= state.settings.solo_target]
    if not scores:
        return []
    best = max(scores.values())
    return [p for p, s in scores.items() if s == best]
