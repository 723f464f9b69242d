"""Bank panic (5G3): the run, deflation with share discards, recession."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, RuleError
from engine.highfrontier import isotope_bank
from engine.highfrontier.companies import ev, floated, label, lose_share, who
from engine.highfrontier.models import RESERVE, SPECULATORS, WILDCAT, HfState
from engine.highfrontier.shares import floated_company


def start(state: HfState, now: datetime, why: str) -> list[Event]:
    if not state.flipped:
        return []
    state.panic = True
    events = [ev("panic", notify="info", why=why)]
    # a) the run: from the banker, in turn, one fiduciary for one of the speculators' isotopes; with
    # a wildcat bank (5F6a) the run happens in each bank, from its own banker
    seats = state.order
    for bank, banker in (("main", state.banker), ("wildcat", state.wildcat)):
        if bank == "wildcat" and banker is None:
            continue
        first = seats.index(banker) if banker in seats else 0
        ring = [isotope_bank.key(p, bank) for p in seats[first:] + seats[:first]]
        spec = state.vault(isotope_bank.key(SPECULATORS, bank))
        while spec.gold and any(state.vault(p).blue for p in ring):
            for p in ring:
                if not spec.gold:
                    break
                if state.vault(p).blue:
                    isotope_bank.move(state, p, isotope_bank.key(SPECULATORS, bank), blue=1)
                    isotope_bank.move(state, isotope_bank.key(SPECULATORS, bank), p, gold=1)
                    events.append(ev("bank_run", player=who(state, p.removeprefix(WILDCAT))))
    # b) deflation: every fiduciary pearl goes, in both banks; a share per pearl a player lost
    lost = {p: sum(v.blue for o, v in state.vaults.items() if o in (p, isotope_bank.key(p, "wildcat")))
            for p in seats}
    for owner, v in state.vaults.items():
        if v.blue:
            isotope_bank.move(state, owner, RESERVE, blue=v.blue)
    events.append(ev("deflation", lost={who(state, p): n for p, n in lost.items() if n}))
    state.deflation_order = [p for p in seats if lost[p]]  # from the first player
    state.deflation = {p: lost[p] for p in state.deflation_order}
    return events + next_owed(state, now)


def owner_shares(state: HfState, player: str) -> list[str]:
    return [c.id for c in floated(state) if player in c.holes]


def next_owed(state: HfState, now: datetime) -> list[Event]:
    """Ask the next player in first-player order, skipping those who have no share left."""
    while state.deflation_order:
        p = state.deflation_order[0]
        if state.deflation.get(p, 0) <= 0 or not owner_shares(state, p):
            state.deflation_order.pop(0)
            state.deflation.pop(p, None)
            continue
        if state.deadline("deflation", player=p) is None:
            state.add_timer("deflation", now + timedelta(hours=state.settings.decision_hours), player=p)
            return [ev("deflation_owed", to=[p], notify="action", shares=state.deflation[p])]
        return []
    state.deflation = {}
    state.panic = False  # insolvencies it caused remember it (recession on no angel)
    return []


def discard(state: HfState, player: str, cid: str | None, now: datetime) -> list[Event]:
    if not state.deflation_order or state.deflation_order[0] != player:
        raise RuleError("hf.nothing_to_answer")
    if cid is None:
        events = [ev("deflation_lobby", player=who(state, player))]
    else:
        c = floated_company(state, cid)
        if player not in c.holes:
            raise RuleError("hf.no_share_there", company=label(c))
        before = c.holes[0]
        events = [ev("deflation_discard", player=who(state, player), company=label(c)),
                  *lose_share(state, c, player, "deflation")]
        if not c.floated and state.insolvencies and state.insolvencies[-1].company == c.id:
            state.insolvencies[-1].president = before  # the president before the discard defaults
    state.deflation[player] -= 1
    state.cancel_timers("deflation", player=player)
    return events + next_owed(state, now)


def timeout(state: HfState, player: str, now: datetime) -> list[Event]:
    """No answer: Araldo discards the share worth least to the player (lowest row, then id)."""
    options = sorted((state.companies[c] for c in owner_shares(state, player)), key=lambda c: (c.row, c.id))
    return discard(state, player, options[0].id if options else None, now)
