"""Bribes (rule 2700): a courtier whose proposal drew a vote not in favour may publicly pay another
courtier; an offer of at least the threshold turns that vote in favour, and it stays so."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.nomic import ledger, roles
from engine.nomic.actions import Bribe
from engine.nomic.models import NomicState
from engine.nomic.proposals import get
from engine.nomic.ruleset import param, require
from engine.nomic.voting import grow


def bribe(state: NomicState, actor: str, action: Bribe) -> list[Event]:
    require(state, "bribes")
    roles.require_courtier(state, actor)
    prop = get(state, action.proposal)
    if prop.author != actor:
        raise RuleError("nomic.not_your_proposal", proposal=prop.id)
    to = roles.resolve(state, action.to)
    if to == actor or to == state.king:
        raise RuleError("nomic.bribe_courtier")
    ballot = prop.ballots.get(to)
    if ballot is None or ballot.choice == "for":
        raise RuleError("nomic.bribe_not_against", player=state.name_of(to))
    threshold = param(state, "bribe_threshold")
    if action.amount < threshold:
        raise RuleError("nomic.bribe_small", threshold=threshold)
    ledger.spend(state, actor, action.amount)
    ledger.transfer(state, actor, to, action.amount, "bribe")
    ballot.choice, ballot.bribed, ballot.champion, ballot.crown_pays = "for", True, None, False
    grow(state, prop, to)
    return [Event(key="nomic.bribed", params={
        "player": state.name_of(actor), "to": state.name_of(to), "amount": action.amount, "proposal": prop.id}),
        Event(key="nomic.you_were_bribed", params={"player": state.name_of(actor), "amount": action.amount,
                                                    "proposal": prop.id}, to=[to], notify="info")]
