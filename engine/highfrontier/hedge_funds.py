"""Hedge funds (5B8b,c): what a capped president takes, or the default token they forgive."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.highfrontier.companies import ev, label, who
from engine.highfrontier.models import HfState


def take(state: HfState, player: str, what: str) -> list[Event]:
    claim = next((c for c in state.claims if c.player == player), None)
    if claim is None:
        raise RuleError("hf.no_claim")
    h = state.holders[player]
    if what == "share":
        if not h.hedge_shares:
            raise RuleError("hf.hedge_empty", what=what)
        h.hedge_shares -= 1
        h.share_tokens += 1  # a sixth or seventh share (5A1f)
    elif what == "cube":
        if not h.hedge_cubes:
            raise RuleError("hf.hedge_empty", what=what)
        h.hedge_cubes -= 1
        h.cubes_gained += 1
    else:
        if state.default_holder is None:
            raise RuleError("hf.no_default")
        state.default_holder = None  # forgiveness, wherever the token is (5B8c)
    state.claims.remove(claim)
    return [ev("hedge", player=who(state, player), what=what, company=label(state.companies[claim.company]))]
