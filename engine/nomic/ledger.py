"""Nomica (rule 600) and the deferred ledger (rule 1900): during a Giornata every gain and loss
waits as a pending entry and is applied at the next Giornata's start; treasures stay frozen for
every computation. When rule 1900 is not in force, entries apply at once.

Conservation: treasures + Crown + bank deposits + pending entries == minted - burned, always."""

from __future__ import annotations

from engine.core import RuleError
from engine.nomic.models import Entry, NomicState
from engine.nomic.ruleset import running

CROWN = "crown"


def _post(state: NomicState, account: str, amount: int, reason: str) -> None:
    if amount == 0:
        return
    if running(state, "deferred_ledger"):
        state.pending.append(Entry(account=account, amount=amount, reason=reason, giornata=state.giornata))
    elif account == CROWN:
        state.crown += amount
    else:
        state.treasure[account] = state.treasure.get(account, 0) + amount


def mint(state: NomicState, player: str, amount: int, reason: str, *, now: bool = False) -> None:
    """Money created for a player (income, interest, compensation, start treasure)."""
    state.minted += amount
    if now:
        state.treasure[player] = state.treasure.get(player, 0) + amount
    else:
        _post(state, player, amount, reason)


def transfer(state: NomicState, payer: str, payee: str, amount: int, reason: str) -> None:
    _post(state, payer, -amount, reason)
    _post(state, payee, amount, reason)


def lose(state: NomicState, payer: str, amount: int, reason: str) -> None:
    """A loss not paid to any player: to the Crown Treasury (rule 2300), or gone if it is not in force."""
    if running(state, "crown"):
        transfer(state, payer, CROWN, amount, reason)
    else:
        _post(state, payer, -amount, reason)
        state.burned += amount


def to_bank(state: NomicState, payer: str, amount: int) -> None:
    _post(state, payer, -amount, "deposit")


def adjust(state: NomicState, player: str, amount: int, reason: str) -> None:
    """The Scribe's correction: money enters or leaves the economy, recorded in the audit."""
    if amount > 0:
        state.minted += amount
    else:
        state.burned -= amount
    _post(state, player, amount, reason)


def pending_of(state: NomicState, account: str) -> int:
    return sum(e.amount for e in state.pending if e.account == account)


def committed(state: NomicState, account: str) -> int:
    """What an account has already promised to pay this Giornata (a positive number)."""
    return -sum(e.amount for e in state.pending if e.account == account and e.amount < 0)


def available(state: NomicState, player: str) -> int:
    """What a player may still spend: the frozen treasure less what he already promised (gains
    wait for the next Giornata, rule 1900)."""
    return state.treasure.get(player, 0) - committed(state, player)


def crown_available(state: NomicState) -> int:
    return state.crown - committed(state, CROWN)


def spend(state: NomicState, player: str, amount: int) -> None:
    """Refuse a voluntary payment the player cannot cover."""
    have = available(state, player)
    if amount > have:
        raise RuleError("nomic.not_enough", amount=amount, available=max(have, 0))


def settle(state: NomicState) -> dict[str, int]:
    """Apply every pending entry (the start of a Giornata); returns each account's net change."""
    net: dict[str, int] = {}
    for e in state.pending:
        net[e.account] = net.get(e.account, 0) + e.amount
        if e.account == CROWN:
            state.crown += e.amount
        else:
            state.treasure[e.account] = state.treasure.get(e.account, 0) + e.amount
    state.pending = []
    return net


def bank_total(state: NomicState) -> int:
    return sum(d.amount for d in state.deposits)


def money_in_game(state: NomicState) -> int:
    return (sum(state.treasure.values()) + state.crown + bank_total(state)
            + sum(e.amount for e in state.pending))


def conserved(state: NomicState) -> bool:
    return money_in_game(state) == state.minted - state.burned


def give(state: NomicState, actor: str, to: str, amount: int) -> None:
    """Rule 600: a player hands Nomica to another through the Scribe (here, the bot)."""
    if to == actor:
        raise RuleError("nomic.bad_recipient")
    spend(state, actor, amount)
    transfer(state, actor, to, amount, "gift")
