"""The wildcat isotope bank (5F6, Modules 2 and 4): a second isotope bank, its rivals and its end.

Its seven vaults live in `state.vaults` under the `wildcat:` prefix, so every pearl still moves
through `isotope_bank.move` and the conservation between vaults and the common reserve holds.
"""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.highfrontier import isotope_bank
from engine.highfrontier.companies import ev, floated, who
from engine.highfrontier.models import RESERVE, SPECULATORS, HfState

BANKS = ("main", "wildcat")


def _banker(state: HfState, bank: str) -> str | None:
    return state.banker if bank == "main" else state.wildcat


def _check_site(state: HfState, banker: str, isotopes: dict[str, int]) -> None:
    unknown = [p for p in isotopes if p not in state.order]
    if unknown or any(n < 0 or n > 50 for n in isotopes.values()):
        raise RuleError("hf.bad_isotopes")
    if isotopes.get(banker, 0) < 1:  # the site must hold an isotope of its owner's standard
        raise RuleError("hf.wildcat_no_isotope")


def _open(state: HfState, bank: str, banker: str, isotopes: dict[str, int],
          key: str = "wildcat_bank") -> list[Event]:
    """A new bank's starting funds (5F6b): the speculators' fiduciary media, one per company in
    play; each player's vault, the isotopes they have where the bank is; no fiduciary for domes."""
    _check_site(state, banker, isotopes)
    n = len(floated(state))
    isotope_bank.move(state, RESERVE, isotope_bank.key(SPECULATORS, bank), blue=n)
    for pid in state.order:
        if isotopes.get(pid):
            isotope_bank.move(state, RESERVE, isotope_bank.key(pid, bank), gold=isotopes[pid])
    if bank == "main":
        state.banker = banker
        state.ratio_credit = 0
    else:
        state.wildcat = banker
        state.wildcat_ratio = 0
    return [ev(key, player=who(state, banker), speculators=n,
               isotopes=sum(isotopes.values()))]


def create(state: HfState, banker: str, isotopes: dict[str, int], remove: str | None = None) -> list[Event]:
    """A Factory or Bernal colony holding an isotope becomes the second, wildcat bank (5F6); with a
    homeless bank (5F1b) the new bank takes its place instead, and the homeless one lapses."""
    if not state.flipped:
        raise RuleError("hf.not_flipped")
    if state.homeless:
        _check_site(state, banker, isotopes)
        return _replace(state, _lapsing(state, remove), banker, isotopes)
    if state.wildcat is not None:
        raise RuleError("hf.two_banks")
    if banker == state.banker:
        raise RuleError("hf.already_banker")
    return _open(state, "wildcat", banker, isotopes)


def choose(state: HfState, player: str, bank: str) -> list[Event]:
    """Which bank your payments to and from the speculators go through (5F6c,d)."""
    if state.wildcat is None:
        raise RuleError("hf.no_wildcat")
    if isotope_bank.bank_of(state, player) == bank:
        raise RuleError("hf.same_bank", bank=bank)
    state.bank_choice[player] = "wildcat" if bank == "wildcat" else "main"
    return [ev("bank_choice", player=who(state, player), bank=bank)]


def _close(state: HfState, bank: str) -> tuple[int, list[Event]]:
    """A removed bank (5F6e): fiduciary media discarded, players' isotopes back into their stacks
    there (off Araldo's ledger), the speculators' isotopes kept for the new bank."""
    events: list[Event] = []
    spec_gold = 0
    for owner in [o for o in state.vaults if isotope_bank.in_bank(o, bank)]:
        v = state.vaults[owner]
        plain = owner.removeprefix("wildcat:")
        if plain == SPECULATORS:
            spec_gold = v.gold
            isotope_bank.move(state, owner, RESERVE, gold=v.gold, blue=v.blue)
            continue
        if v.gold or v.blue:
            events.append(ev("bank_removed_vault", player=who(state, plain), gold=v.gold, blue=v.blue))
        isotope_bank.move(state, owner, RESERVE, gold=v.gold, blue=v.blue)
        del state.vaults[owner]
    return spec_gold, events


def _lapsing(state: HfState, remove: str | None) -> str:
    """The bank a new one replaces (5F6e): a homeless bank lapses first (5F1b); otherwise, or between
    two homeless banks, the one with the lower isotope total, the first player naming it on a tie."""
    pool: list[str] = [b for b in BANKS if b in state.homeless] or list(BANKS)
    if remove is not None and remove not in pool:
        raise RuleError("hf.homeless_lapses", bank=pool[0])
    totals = {b: isotope_bank.isotope_total(state, b) for b in pool}
    lowest = [b for b in pool if totals[b] == min(totals.values())]
    if len(lowest) > 1 and remove is None:
        raise RuleError("hf.rival_tie")
    if remove is not None and remove not in lowest:
        raise RuleError("hf.rival_not_lowest")
    return remove or lowest[0]


def _replace(state: HfState, bank: str, owner: str, isotopes: dict[str, int]) -> list[Event]:
    """The removal (5F6e): `bank` closes and the new bank opens in its place; whoever paid through
    the old bank pays through the new one, which carries on its interstellar board."""
    other = "wildcat" if bank == "main" else "main"
    if _banker(state, other) == owner:
        raise RuleError("hf.already_banker")
    old = _banker(state, bank)
    total = isotope_bank.isotope_total(state, bank)
    spec_gold, events = _close(state, bank)
    key = "bank_lapsed" if bank in state.homeless else "bank_removed"
    events.insert(0, ev(key, player=who(state, old), bank=bank, total=total))
    if bank in state.homeless:
        state.homeless.remove(bank)
    events += _open(state, bank, owner, isotopes, "bank_replaced")
    # the interstellar board moves with the speculators' isotopes on it
    isotope_bank.move(state, RESERVE, isotope_bank.key(SPECULATORS, bank), gold=spec_gold)
    return events


def rival(state: HfState, owner: str, isotopes: int, remove: str | None) -> list[Event]:
    """A Bernal colony with more isotopes than every bank replaces the bank with the lowest
    isotope total, or a homeless bank (5F6e, 5F1b); on a tie the first player names the bank (`remove`)."""
    if state.wildcat is None:
        raise RuleError("hf.no_wildcat")
    most = max(isotope_bank.isotope_total(state, b) for b in BANKS)
    if isotopes <= most:
        raise RuleError("hf.rival_short", most=most)
    return _replace(state, _lapsing(state, remove), owner, {owner: isotopes})


def exodus_bank(state: HfState) -> str:
    """Only the bank with the higher isotope total scores Exodus and gives the badge (5F6f); the
    first bank keeps them on a tie (Araldo's ruling)."""
    if state.wildcat is None:
        return "main"
    main, wild = (isotope_bank.isotope_total(state, b) for b in BANKS)
    return "wildcat" if wild > main else "main"


def badge(state: HfState) -> str | None:
    """The banker's badge goes with a Bernal colony (5F1a): a homeless bank has none to give."""
    bank = exodus_bank(state)
    return None if bank in state.homeless else _banker(state, bank)
