"""The Nomic Bank (rule 2200): one irrevocable deposit at a time, 1-4 Giornate, interest by length.
The deposit starts in the Giornata after the request and returns, with interest, at the start of
the Giornata after its last one; meanwhile it is not part of the treasure for any computation."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.nomic import ledger
from engine.nomic.actions import MakeDeposit
from engine.nomic.models import Deposit, NomicState
from engine.nomic.ruleset import param, require


def interest(state: NomicState, giornate: int) -> int:
    return param(state, f"interest_{giornate}")


def deposit(state: NomicState, actor: str, action: MakeDeposit) -> list[Event]:
    require(state, "bank")
    low, high = param(state, "deposit_min"), param(state, "deposit_max")
    if not low <= action.amount <= high:
        raise RuleError("nomic.deposit_range", low=low, high=high)
    if any(d.owner == actor for d in state.deposits):
        raise RuleError("nomic.deposit_open")
    ledger.spend(state, actor, action.amount)
    percent = interest(state, action.giornate)
    state.deposits.append(Deposit(owner=actor, amount=action.amount, giornate=action.giornate,
                                  percent=percent, first=state.giornata + 1))
    ledger.to_bank(state, actor, action.amount)
    return [Event(key="nomic.deposited", params={
        "player": state.name_of(actor), "amount": action.amount, "giornate": action.giornate,
        "percent": percent, "back": state.giornata + 1 + action.giornate})]


def mature(state: NomicState) -> list[Event]:
    """At the start of a Giornata: deposits whose last Giornata just ended come back with interest."""
    events = []
    for d in list(state.deposits):
        if state.giornata >= d.first + d.giornate:
            gain = d.amount * d.percent // 100  # whole Nomica, rounded down
            state.deposits.remove(d)
            state.treasure[d.owner] = state.treasure.get(d.owner, 0) + d.amount + gain
            state.minted += gain
            events.append(Event(key="nomic.deposit_back", params={
                "player": state.name_of(d.owner), "amount": d.amount, "interest": gain}))
    return events
