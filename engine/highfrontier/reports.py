"""Base-game events the table reports, and exactly what each one moves on the market."""

from __future__ import annotations

from datetime import datetime

from engine.core import Event, RuleError
from engine.highfrontier import board_meetings, flip, inflation, isotope_bank, loans, panic
from engine.highfrontier.companies import down, ev, floated, presided, president, up, who
from engine.highfrontier.models import RESERVE, SPECULATORS, HfState


def event_roll(state: HfState, effect: str, roll: int, cards_lost: int, now: datetime) -> list[Event]:
    events = [ev("event_roll", roll=roll, effect=effect, cards=cards_lost)]
    if effect == "budget_cuts":  # every company, never immune (5B5b)
        for c in list(floated(state)):
            events += down(state, c, 1, "budget_cuts")
    elif effect == "explosion":  # every launch company, a row per card lost (5B5b)
        for c in [c for c in floated(state) if c.shape == "triangle" and c.side == "white"]:
            events += down(state, c, cards_lost, "explosion")
    elif effect == "war":  # Araldo's ruling: a declaration of war moves every company down
        for c in list(floated(state)):
            events += down(state, c, 1, "war")
    if effect in ("war", "anarchy") and state.flipped:
        events += panic.start(state, now, effect)
    return events + board_meetings.start(state, roll)


def turn_end(state: HfState, now: datetime) -> list[Event]:
    current = state.order[state.current]
    if state.loan_due == current:
        raise RuleError("hf.loan_first")
    for _ in range(len(state.order)):
        state.current = (state.current + 1) % len(state.order)
        if not state.players[[p.id for p in state.players].index(state.order[state.current])].left:
            break
    state.transaction_done = False
    state.paraded = state.advanced = False
    state.lobby_done = []
    state.bought = {}
    state.dumped = {}
    nxt = state.order[state.current]
    return [ev("turn", player=who(state, nxt)), ev("your_turn", to=[nxt], notify="turn"), *loans.turn_start(state, nxt, now)]


def year(state: HfState) -> list[Event]:
    state.year += 1
    return [ev("year", year=state.year)]


def presidents_move(state: HfState, player: str, rise: bool, why: str) -> list[Event]:
    events: list[Event] = []
    for c in presided(state, player):
        events += up(state, c, why) if rise else down(state, c, 1, why)
    return events


def bernal(state: HfState, player: str, anchored: bool, monetization: bool) -> list[Event]:
    events = [ev("bernal", player=who(state, player), anchored=anchored, monetization=monetization)]
    events += presidents_move(state, player, anchored, "bernal" if anchored else "unanchored")
    if anchored and monetization:
        events += inflation.start(state, "bernal")
    return events


def risk_one(state: HfState, player: str) -> list[Event]:
    """A risk roll of 1 lifts every FINAO company, except the roller's own (5B5a)."""
    events = [ev("risk_one", player=who(state, player))]
    for c in [c for c in floated(state) if c.shape == "circle" and c.side == "white"]:
        if president(c) != player:
            events += up(state, c, "risk")
    return events


def isotopes(state: HfState, player: str, delta: int, bank: str = "main") -> list[Event]:
    if not state.flipped:
        raise RuleError("hf.not_flipped")
    if bank == "wildcat" and state.wildcat is None:
        raise RuleError("hf.no_wildcat")
    vault = isotope_bank.key(player, bank)
    if delta > 0:
        isotope_bank.move(state, RESERVE, vault, gold=delta)
        if bank == "main":  # each banker's cash ratio answers the isotopes added to their bank (5F2b)
            state.ratio_credit += delta
        else:
            state.wildcat_ratio += delta
    elif delta < 0:
        if state.vault(vault).gold < -delta:
            raise RuleError("hf.short_pearls", need=-delta, have=state.vault(vault).gold)
        isotope_bank.move(state, vault, RESERVE, gold=-delta)
    return [ev("isotopes", player=who(state, player), delta=delta, bank=bank)]


def contract_advance(state: HfState, player: str, aqua: int) -> list[Event]:
    """A gold-side cash advance (5A4i): after the flip one isotope up to 10 Aqua, two above."""
    if not state.flipped:
        state.holders[player].aqua += aqua  # cash advances are never inflated (5A4e)
        return [ev("ledger", player=who(state, player), amount=aqua, income=True, kind="cash_advance")]
    n = 1 if aqua <= 10 else 2
    return isotopes(state, player, n)


def cash_ratio(state: HfState, player: str, blue: int) -> list[Event]:
    """For each isotope added from the reserve a banker may discard a fiduciary pearl of their own
    bank's speculators (5F2b, 5F5d; the wildcat banker likewise, 5F6)."""
    if player not in (state.banker, state.wildcat):
        raise RuleError("hf.not_banker")
    bank = "main" if player == state.banker else "wildcat"
    spec = isotope_bank.key(SPECULATORS, bank)
    credit = state.ratio_credit if bank == "main" else state.wildcat_ratio
    if blue > credit or blue > state.vault(spec).blue:
        raise RuleError("hf.cash_ratio", most=min(credit, state.vault(spec).blue))
    isotope_bank.move(state, spec, RESERVE, blue=blue)
    if bank == "main":
        state.ratio_credit -= blue
    else:
        state.wildcat_ratio -= blue
    return [ev("cash_ratio", player=who(state, player), blue=blue)]


SOLO_COSTS = ("lobby", "research")  # against the Bull each costs 1 Aqua (doubled by inflation, 5A4e)


def ledger(state: HfState, player: str, kind: str, amount: int, income: bool) -> list[Event]:
    """Base-game Aqua (or, after the flip, pearls to and from the speculators) a player reports."""
    if state.flipped:
        if kind != "pearls":
            raise RuleError("hf.aqua_crashed")
        bank = isotope_bank.bank_of(state, player)  # 5F6c,d: the player's chosen bank
        got = isotope_bank.from_speculators(state, player, amount, bank) if income else amount
        if not income:
            isotope_bank.pay(state, isotope_bank.key(player, bank), amount, isotope_bank.key(SPECULATORS, bank))
        return [ev("ledger", player=who(state, player), amount=got, income=income, kind=kind)]
    table = inflation.DOUBLED_INCOME if income else inflation.DOUBLED_SPENDING
    if kind not in table:
        raise RuleError("hf.bad_kind", kind=kind)
    if state.solo and not income and kind in SOLO_COSTS and amount != 1:  # 5Lb, 5Lc: a lobby, a research auction
        raise RuleError("hf.solo_cost", kind=kind)
    value = amount * 2 if state.inflation and table[kind] else amount
    h = state.holders[player]
    if not income and h.aqua < value:
        raise RuleError("hf.short_aqua", need=value, have=h.aqua)
    h.aqua += value if income else -value
    return [ev("ledger", player=who(state, player), amount=value, income=income, kind=kind)]


def first_isotope(state: HfState, player: str, domes: dict[str, int], now: datetime) -> list[Event]:
    return flip.flip(state, player, domes, now)


def new_banker(state: HfState, player: str) -> list[Event]:
    """The bank moves to a Bernal colony (5F1a): its owner is the banker; the vaults stay as they are."""
    if not state.flipped:
        raise RuleError("hf.not_flipped")
    if player in (state.banker, state.wildcat):  # one player never banks for both banks (5F6 ruling)
        raise RuleError("hf.already_banker")
    if "main" in state.homeless:  # its Factory is gone: only a new bank takes its place (5F1b)
        raise RuleError("hf.homeless_no_move")
    state.banker = player
    state.ratio_credit = 0  # the cash ratio answers isotopes added while one is banker
    return [ev("new_banker", player=who(state, player))]
