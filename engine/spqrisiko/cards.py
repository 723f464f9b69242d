"""Card sets: what three cards are worth, and where their ships and colossei go."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from engine.core import Event, RuleError
from engine.spqrisiko.board import board, symbol
from engine.spqrisiko.models import (
    PlayCards,
    SpqrState,
)
from engine.spqrisiko.territory import add_ships, colossus_sites, find_province, find_sea, ship_seas


def card_set_reward(symbols: Sequence[str]) -> tuple[int, int, int]:
    """(legionaries, ships, colossei) for three cards; raises on an invalid set."""
    if len(symbols) != 3:
        raise RuleError("spqrisiko.bad_card_set")
    distinct = len(set(symbols))
    if distinct == 1:
        base = 8
    elif distinct == 3:
        base = 10
    else:
        raise RuleError("spqrisiko.bad_card_set")
    legionaries = base + 2 * symbols.count("vessillo")
    return legionaries, symbols.count("nave"), symbols.count("colosseo")


def play_cards(state: SpqrState, actor: str, action: PlayCards, now: datetime) -> list[Event]:
    turn = state.turn
    assert turn is not None
    if turn.phase != "reinforce":
        raise RuleError("spqrisiko.wrong_phase", phase=turn.phase)
    if turn.sets_played >= state.settings.card_sets_per_turn:
        raise RuleError("spqrisiko.cards_already_played")
    symbols = list(action.symbols)
    legionaries, ships, colossei = card_set_reward(symbols)
    hand = list(state.hands[actor])
    used: list[str] = []
    for sym in symbols:
        card = next((c for c in hand if symbol(c) == sym), None)
        if card is None:
            raise RuleError("spqrisiko.cards_not_in_hand", card=sym)
        hand.remove(card)
        used.append(card)
    seas = [find_sea(s) for s in action.ship_seas]
    sites = [find_province(state, p) for p in action.colosseum_provinces]
    if len(seas) > ships or len(sites) > colossei:
        raise RuleError("spqrisiko.too_many_targets")
    allowed_seas = ship_seas(state, actor)
    for s in seas:
        if s not in allowed_seas:
            raise RuleError("spqrisiko.ship_not_here", sea=board().name(s))
    state.hands[actor] = hand
    state.deck.discard_cards(used)
    placed_ships: list[str] = []
    for i in range(ships):
        target = seas[i] if i < len(seas) else best_sea(state, actor)
        if target is not None:  # no coast: the ship is lost
            add_ships(state, target, actor, 1)
            placed_ships.append(board().name(target))
    placed_col: list[str] = []
    for i in range(colossei):
        free = colossus_sites(state, actor)
        if i < len(sites):
            if sites[i] not in free:
                raise RuleError("spqrisiko.colosseum_not_here", province=board().name(sites[i]))
            target_p: str | None = sites[i]
        else:
            target_p = best_colosseum(state, actor, free)
        if target_p is not None:
            state.colossei.append(target_p)
            placed_col.append(board().name(target_p))
    turn.reinforcements += legionaries
    turn.sets_played += 1
    return [
        Event(
            key="spqrisiko.cards_played",
            params={
                "player": state.name_of(actor),
                "cards": symbols,
                "legionaries": legionaries,
                "ships": placed_ships,
                "colossei": placed_col,
                "lost": ships + colossei - len(placed_ships) - len(placed_col),
            },
        )
    ]


def best_sea(state: SpqrState, actor: str) -> str | None:
    options = ship_seas(state, actor)
    if not options:
        return None
    b = board()

    def weight(s: str) -> tuple[int, str]:
        return (-sum(1 for p in b.seas[s].coasts if state.owner.get(p) == actor), s)

    return min(options, key=weight)


def best_colosseum(state: SpqrState, actor: str, free: list[str]) -> str | None:
    if not free:
        return None
    return max(free, key=lambda p: (state.legions.get(p, 0), p))
