"""Paying and being paid for Module 5 deals: Aqua from your Bank before the flip, pearls after."""

from __future__ import annotations

from engine.core import RuleError
from engine.highfrontier import inflation, isotope_bank
from engine.highfrontier.models import BULL, SPECULATORS, HfState


def can_pay(state: HfState, player: str, base: int) -> bool:
    if player == BULL:
        return True
    if state.flipped:
        return isotope_bank.pearls(state, isotope_bank.key(player, isotope_bank.bank_of(state, player))) >= base
    return state.holders[player].aqua >= inflation.aqua(state, base)


def charge(state: HfState, player: str, base: int) -> int:
    """A Module 5 payment of `base` (doubled by inflation): to the common reserve before the flip,
    to the speculators after it (5F4a). The Bull never pays (5L). Returns what was paid."""
    if player == BULL:
        return 0
    if state.flipped:
        bank = isotope_bank.bank_of(state, player)
        isotope_bank.pay(state, isotope_bank.key(player, bank), base, isotope_bank.key(SPECULATORS, bank))
        return base
    amount = inflation.aqua(state, base)
    h = state.holders[player]
    if h.aqua < amount:
        raise RuleError("hf.short_aqua", need=amount, have=h.aqua)
    h.aqua -= amount
    return amount


def credit(state: HfState, player: str, base: int) -> int:
    """Aqua from the common reserve before the flip; pearls from the speculators after, as far as
    they have (5F4b,d). Returns what was received."""
    if player == BULL:
        return 0
    if state.flipped:
        return isotope_bank.from_speculators(state, player, base, isotope_bank.bank_of(state, player))
    amount = inflation.aqua(state, base)
    state.holders[player].aqua += amount
    return amount
