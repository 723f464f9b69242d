"""Standing orders in DecameroNomic: a default vote for the letters a player leaves unanswered
(for, against, abstain, or "as player X votes"), with a default Top Polls rating (rule 1800), cast
at the close of the vote, just before the tally, and announced as cast by orders.

A proxy follows X's vote as it stands at the close: X's own, or the one X's standing orders give.
Where X has none on a proposal, the player's own default vote (if any) applies. A proxy is refused
for oneself, when it would close a loop of proxies, and while rule 1700 weighs the King's vote
alone (the one vote there is cannot be handed to someone the rules did not give it to)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from engine.core import Event, RuleError
from engine.nomic import roles
from engine.nomic.models import Ballot, Choice, NomicState, Proposal
from engine.nomic.proposals import pending
from engine.nomic.ruleset import require, running, variant
from engine.nomic.voting import MARK, grow, voters

Due = Callable[..., Any]  # Game.orders_due(state, player, now, lapsed=...)


class NomicOrders(BaseModel):
    """What to vote on every letter left unanswered at the close of the Giornata."""

    model_config = ConfigDict(strict=True, extra="forbid")

    vote: Choice | None = None  # the default vote
    as_player: str | None = Field(default=None, max_length=64)  # a player's id: vote as they vote
    rating: int | None = Field(default=None, ge=1, le=10)  # Top Polls (rule 1800), given with the vote


def proxy_allowed(state: NomicState) -> bool:
    """Rule 1700's "the King's vote alone" leaves no vote to delegate."""
    return variant(state, "vote_weight") != "king"


def check(state: NomicState, player: str, orders: NomicOrders) -> None:
    require(state, "voting")
    if orders.vote is None and orders.as_player is None:
        if orders.rating is not None:  # a rating is only ever given with a vote (rule 1800)
            raise RuleError("nomic.orders_rating_alone")
        raise RuleError("nomic.orders_empty")
    if orders.rating is not None:
        require(state, "polls")
    if orders.as_player is None:
        return
    if not proxy_allowed(state):
        raise RuleError("nomic.orders_no_proxy")
    target = orders.as_player
    seat = state.player(target)
    if seat is None or seat.left:
        raise RuleError("nomic.orders_not_playing", who=target)
    if target == player:
        raise RuleError("nomic.orders_self_proxy")
    chain, seen = [player, target], {player}
    while target not in seen:  # follow the other players' proxies: one leading back to us is a loop
        seen.add(target)
        nxt = state.orders.get(target)
        follows = nxt.orders.get("as_player") if nxt is not None else None
        if not follows:
            return
        target = str(follows)
        chain.append(target)
    if target == player:
        raise RuleError("nomic.orders_proxy_loop", chain=" → ".join(state.name_of(p) for p in chain))


def describe(state: NomicState, orders: NomicOrders) -> list[dict[str, Any]]:
    said: list[dict[str, Any]] = []
    if orders.as_player is not None:
        said.append({"key": "nomic.orders.as_player", "params": {"player": state.name_of(orders.as_player)}})
    if orders.vote is not None:
        key = "nomic.orders.vote_else" if orders.as_player is not None else "nomic.orders.vote"
        said.append({"key": key, "params": {"choice": orders.vote}})
    if orders.rating is not None:
        said.append({"key": "nomic.orders.rating", "params": {"rating": orders.rating}})
    return said


def _choice(prop: Proposal, player: str, orders: dict[str, NomicOrders], seen: frozenset[str],
            proxies: bool) -> tuple[Choice | None, bool]:
    """`player`'s vote on `prop` at the close: cast, else by their orders; and whether it came by proxy."""
    cast = prop.ballots.get(player)
    if cast is not None:
        return cast.choice, False
    mine = orders.get(player)
    if mine is None or player in seen:
        return None, False
    if mine.as_player is not None and proxies:
        followed, _ = _choice(prop, mine.as_player, orders, seen | {player}, proxies)
        if followed is not None:
            return followed, True
    return mine.vote, False


def cast_by_orders(state: NomicState, now: datetime, due: Due) -> list[Event]:
    """At the close: every letter a voter left unanswered is answered by their standing orders, if
    any; the votes then count like any other, with the weight rule 1700 gives them."""
    if not running(state, "voting"):
        return []
    who = voters(state)
    orders = {p: o for p in who if (o := due(state, p, now, lapsed=True)) is not None}
    if not orders:
        return []
    proxies, polls = proxy_allowed(state), running(state, "polls")
    events: list[Event] = []
    props = pending(state)
    for letter in (x for x in state.letters if x.giornata == state.giornata):
        mine = [p for p in props if p.letter == letter.id]
        if not mine:
            continue
        for player in (p for p in who if p in orders and p != letter.author):
            if any(player in p.ballots for p in mine):
                continue  # answered in person: their vote stands
            own = orders[player]
            choices, followed = [], False
            for prop in sorted(mine, key=lambda p: p.id):
                choice, by_proxy = _choice(prop, player, orders, frozenset(), proxies)
                if choice is None:
                    continue
                followed = followed or by_proxy
                prop.ballots[player] = Ballot(choice=choice, rating=own.rating if polls else None)
                if choice == "for":
                    grow(state, prop, player)
                choices.append(f"#{prop.id} {MARK[choice]}")
            if choices:
                params: dict[str, Any] = {"player": state.name_of(player), "letter": letter.id, "choices": choices}
                if followed and own.as_player is not None:
                    params["proxy"] = state.name_of(own.as_player)
                events.append(Event(key="nomic.orders_voted_as" if "proxy" in params else "nomic.orders_voted",
                                    params=params))
    return events


def sample(state: NomicState, player: str) -> dict[str, Any]:
    other = next((p for p in roles.in_play(state) if p != player), None)
    out: dict[str, Any] = {"vote": "against"}
    if other is not None and proxy_allowed(state):
        out["as_player"] = other
    return out
