"""The homeless isotope bank (5F1b): a bank whose Factory, or its Bernal colony's Surface Factory, is
destroyed. It panics, keeps transacting, may be robbed, and lapses when a new bank opens (5F6e, in
`wildcat.create` and `wildcat.rival`)."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.highfrontier import isotope_bank, panic
from engine.highfrontier.companies import ev, who
from engine.highfrontier.models import RESERVE, SPECULATORS, HfState
from engine.highfrontier.wildcat import BANKS


def report(state: HfState, bank: str, cause: str, now: datetime) -> list[Event]:
    """Combat, the New Venus Future, grazing comets or the Goldilocks contract destroyed the bank's
    Factory: the bank is homeless and every bank panics (5G3)."""
    if not state.flipped:
        raise RuleError("hf.not_flipped")
    if bank == "wildcat" and state.wildcat is None:
        raise RuleError("hf.no_wildcat")
    if bank in state.homeless:
        raise RuleError("hf.already_homeless", bank=bank)
    state.homeless.append("main" if bank == "main" else "wildcat")
    state.homeless.sort(key=BANKS.index)
    banker = state.banker if bank == "main" else state.wildcat
    events = [ev("homeless", bank=bank, cause=cause, player=who(state, banker))]
    return events + panic.start(state, now, "homeless")


def rob(state: HfState, robber: str, bank: str, victim: str, isotopes: int) -> list[Event]:
    """A cargo transfer takes isotopes (never fiduciary media, 5F5) out of a homeless bank's vault
    into the robber's stack, off Araldo's ledger."""
    if bank not in state.homeless:
        raise RuleError("hf.not_homeless", bank=bank)
    if victim == robber:
        raise RuleError("hf.rob_yourself")
    if victim != SPECULATORS and victim not in state.order:
        raise RuleError("hf.no_such_vault")
    vault = isotope_bank.key(victim, bank)
    have = state.vault(vault).gold
    if have < isotopes:
        raise RuleError("hf.rob_short", need=isotopes, have=have)
    isotope_bank.move(state, vault, RESERVE, gold=isotopes)
    if victim == SPECULATORS:
        return [ev("robbed_speculators", player=who(state, robber), isotopes=isotopes, bank=bank)]
    return [ev("robbed", player=who(state, robber), victim=who(state, victim), isotopes=isotopes, bank=bank)]
