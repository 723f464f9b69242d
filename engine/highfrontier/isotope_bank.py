"""The isotope bank after the flip (5E3, 5F): seven vaults, gold isotopes and blue fiduciary pearls.

Every pearl moves through `move`, so what the vaults hold always equals what came from the common
reserve minus what went back to it (the conservation the tests check).
"""

from __future__ import annotations

from engine.core import RuleError
from engine.highfrontier.models import RESERVE, SPECULATORS, WILDCAT, HfState


def key(owner: str, bank: str = "main") -> str:
    """The vault of `owner` in a bank: the wildcat bank's vaults (5F6) sit beside the main ones."""
    return owner if bank == "main" else WILDCAT + owner


def bank_of(state: HfState, player: str) -> str:
    """The bank a player transacts through (5F6c,d): their choice while a wildcat bank exists."""
    return state.bank_choice.get(player, "main") if state.wildcat is not None else "main"


def move(state: HfState, src: str, dst: str, gold: int = 0, blue: int = 0) -> None:
    if gold < 0 or blue < 0:
        raise ValueError("pearls move in positive amounts")
    if src == RESERVE:
        state.created.gold += gold
        state.created.blue += blue
    else:
        v = state.vault(src)
        if v.gold < gold or v.blue < blue:
            raise RuleError("hf.short_pearls", need=gold + blue, have=v.gold + v.blue)
        v.gold -= gold
        v.blue -= blue
    if dst == RESERVE:
        state.removed.gold += gold
        state.removed.blue += blue
    else:
        w = state.vault(dst)
        w.gold += gold
        w.blue += blue


def pearls(state: HfState, owner: str) -> int:
    v = state.vault(owner)
    return v.gold + v.blue


def pay(state: HfState, player: str, amount: int, to: str = SPECULATORS) -> None:
    """A player pays pearls: fiduciary first, the ones a panic would destroy (Araldo's ruling)."""
    v = state.vault(player)
    if v.gold + v.blue < amount:
        raise RuleError("hf.short_pearls", need=amount, have=v.gold + v.blue)
    blue = min(v.blue, amount)
    move(state, player, to, gold=amount - blue, blue=blue)


def from_speculators(state: HfState, player: str, amount: int, bank: str = "main") -> int:
    """The speculators pay, fiduciary first (5F5c), never more than they have (5F4d)."""
    v = state.vault(key(SPECULATORS, bank))
    blue = min(v.blue, amount)
    gold = min(v.gold, amount - blue)
    move(state, key(SPECULATORS, bank), key(player, bank), gold=gold, blue=blue)
    return gold + blue


def dividend(state: HfState, player: str, amount: int, bank: str = "main") -> tuple[int, int, int]:
    """A dividend in pearls (5D1c, 5F5a): the speculators' isotopes first, then their fiduciary
    media, then fiduciary media issued from the common reserve. Returns (gold, blue, issued)."""
    v = state.vault(key(SPECULATORS, bank))
    gold = min(v.gold, amount)
    blue = min(v.blue, amount - gold)
    issued = amount - gold - blue
    move(state, key(SPECULATORS, bank), key(player, bank), gold=gold, blue=blue)
    move(state, RESERVE, key(player, bank), blue=issued)
    return gold, blue, issued


def in_bank(owner: str, bank: str) -> bool:
    return owner.startswith(WILDCAT) == (bank == "wildcat")


def isotope_total(state: HfState, bank: str = "main") -> int:
    """Isotopes (not fiduciary media) in all seven vaults of one bank (5E3d, 5F6: one total each)."""
    return sum(v.gold for owner, v in state.vaults.items() if in_bank(owner, bank))
