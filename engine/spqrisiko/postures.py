"""A turn played by standing orders: cards, reinforcements, then the posture (hold, defend, attack).

Every step goes through the same rules a player's move does (cards.py, combat.py), and every step
is announced in the channel as done by the player's standing orders. The turn's end is the caller's
(turns.autopilot_rest), as for the plain autopilot.
"""

from __future__ import annotations

from datetime import datetime
from functools import lru_cache

from engine.core import Event, RuleError
from engine.spqrisiko.ai import attack_options, playable_sets
from engine.spqrisiko.board import board
from engine.spqrisiko.cards import card_set_reward, play_cards
from engine.spqrisiko.combat import attack, move_in
from engine.spqrisiko.models import Attack, MoveIn, PlayCards, SpqrState
from engine.spqrisiko.odds import odds
from engine.spqrisiko.orders import SpqrOrders
from engine.spqrisiko.phases import enter_phase
from engine.spqrisiko.territory import borders_enemy, garrison, provinces_of

MAX_ATTACKS = 30  # a blitz either takes the province or leaves its origin unable to attack again


def play_by_orders(state: SpqrState, orders: SpqrOrders, now: datetime) -> list[Event]:
    """The rest of the current turn as its player's orders ask (the turn is not ended here)."""
    turn = state.turn
    assert turn is not None
    player = turn.player
    turn.conquest_move = None  # a lapse drops a pending choice, as the plain autopilot does
    if turn.naval_battle is not None:
        turn.naval_done.append(turn.naval_battle.sea)
        turn.naval_battle = None
    events = trade_cards(state, player, now) if orders.cards == "trade" else []
    events += place(state, player, orders)
    if orders.posture == "attack":
        events += attacks(state, player, orders.attack_odds, now)
    elif orders.posture == "defend":
        events += bring_up(state, player)
    if state.status == "active" and not any(e.key == "spqrisiko.orders_attack" for e in events):
        events.append(Event(key="spqrisiko.orders_no_attack",
                            params={"player": state.name_of(player), "posture": orders.posture}))
    return events


def trade_cards(state: SpqrState, player: str, now: datetime) -> list[Event]:
    """The best set in hand (most legionaries), if the turn may still trade one."""
    turn = state.turn
    assert turn is not None
    sets = playable_sets(state.hands[player])
    if turn.phase != "reinforce" or turn.sets_played >= state.settings.card_sets_per_turn or not sets:
        return []
    best = max(sets, key=lambda s: (card_set_reward(s)[0], s))
    said = Event(key="spqrisiko.orders_cards", params={"player": state.name_of(player), "cards": best})
    return [said, *play_cards(state, player, PlayCards.model_validate({"symbols": best}), now)]


def threat(state: SpqrState, province: str) -> int:
    """Enemy legionaries that could strike `province` next door, less those defending it."""
    me = state.owner.get(province)
    near = sum(max(0, state.legions[n] - 1) for n in board().provinces[province].land
               if state.owner.get(n) not in (None, me))
    return near - state.legions[province]


def place(state: SpqrState, player: str, orders: SpqrOrders) -> list[Event]:
    """Reinforcements one by one: the listed provinces still held, in turn; else the borders
    (spread round, the most threatened or the weakest first as the orders say)."""
    turn = state.turn
    assert turn is not None
    if turn.reinforcements <= 0:
        return []
    mine = sorted(provinces_of(state, player))
    listed = [p for p in orders.regions if state.owner.get(p) == player]
    border = [p for p in mine if borders_enemy(state, p)] or mine
    placed: dict[str, int] = {}
    i = 0
    while turn.reinforcements > 0 and mine:
        if listed:
            p = listed[i % len(listed)]
        elif orders.posture == "defend":
            p = max(border, key=lambda q: (threat(state, q), q))
        elif orders.placement == "weakest":
            p = min(border, key=lambda q: (state.legions[q], q))
        else:
            p = border[i % len(border)]
        state.legions[p] += 1
        placed[p] = placed.get(p, 0) + 1
        turn.reinforcements -= 1
        i += 1
    where = [f"{board().name(p)} +{n}" for p, n in sorted(placed.items())]
    return [Event(key="spqrisiko.orders_placed",
                  params={"player": state.name_of(player), "placed": sum(placed.values()), "where": where})]


@lru_cache(maxsize=4096)
def win_chance(attackers: int, defenders: int) -> float:
    """The exact chance a blitz to the end takes the province (odds.py)."""
    return odds(attackers, defenders).win


def best_attack(state: SpqrState, player: str) -> tuple[str, str, float] | None:
    """The attack with the best exact odds of a blitz to the end, as (from, to, win)."""
    best: tuple[str, str, float] | None = None
    for src, dst in attack_options(state, player):
        win = win_chance(state.legions[src], state.legions[dst])
        if best is None or win > best[2]:
            best = (src, dst, win)
    return best


def attacks(state: SpqrState, player: str, min_odds: int, now: datetime) -> list[Event]:
    """Blitz the best target while its odds reach the orders' threshold; after a conquest, march
    in what the old province no longer needs at a border."""
    turn = state.turn
    assert turn is not None
    events: list[Event] = []
    for _ in range(MAX_ATTACKS):
        if state.status != "active":
            break
        found = best_attack(state, player)
        if found is None or found[2] * 100 < min_odds:
            break
        src, dst, win = found
        try:
            fought = attack(state, player, Attack(from_province=src, to_province=dst, rolls="blitz"), now)
        except RuleError:  # pragma: no cover - attack_options offers only attacks the rules allow
            break
        events.append(Event(key="spqrisiko.orders_attack",
                            params={"player": state.name_of(player), "from": board().name(src),
                                    "to": board().name(dst), "odds": round(win * 100)}))
        events += fought
        move = turn.conquest_move
        if move is not None and state.status == "active":
            spare = state.legions[move.origin] - garrison(state, move.origin)
            if spare > 0:
                events += move_in(state, player, MoveIn(count=spare), now)
            turn.conquest_move = None
    return events


def bring_up(state: SpqrState, player: str) -> list[Event]:
    """Defend: the turn's one last move takes the spare legionaries of a province away from the
    front to the most threatened border next to it (if any)."""
    b = board()
    moves = [(threat(state, dst), state.legions[src] - garrison(state, src), src, dst)
             for src in provinces_of(state, player) if not borders_enemy(state, src)
             for dst in b.provinces[src].land if state.owner.get(dst) == player and borders_enemy(state, dst)]
    moves = [m for m in moves if m[1] > 0]
    if not moves:
        return []
    _, count, src, dst = max(moves)
    turn = state.turn
    assert turn is not None
    enter_phase(turn, "fortify")
    state.legions[src] -= count
    state.legions[dst] += count
    return [Event(key="spqrisiko.orders_fortify",
                  params={"player": state.name_of(player), "count": count, "from": b.name(src), "to": b.name(dst)})]
