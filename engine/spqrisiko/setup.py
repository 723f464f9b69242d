"""Setting up a game: the order of play, the neutral armies, the deck, and placing the first legions."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event, Player, Rng, RuleError
from engine.core.deck import Deck
from engine.spqrisiko.board import all_cards as deck_cards
from engine.spqrisiko.board import board
from engine.spqrisiko.models import (
    KIND,
    NEUTRAL_IDS,
    Place,
    SpqrSettings,
    SpqrState,
)
from engine.spqrisiko.territory import find_province
from engine.spqrisiko.turns import auto_place, do_place, start_placement_turn


def roll_order(state: SpqrState, ids: list[str]) -> list[str]:
    """One die each, highest first; tied players re-roll among themselves."""

    def rank(group: list[str]) -> list[str]:
        if len(group) <= 1:
            return group
        rolls = {p: state.rng.die() for p in group}
        state.order_rolls.append(rolls)
        out: list[str] = []
        for value in sorted(set(rolls.values()), reverse=True):
            out.extend(rank([p for p in group if rolls[p] == value]))
        return out

    return rank(list(ids))


def place(state: SpqrState, actor: str, action: Place, now: datetime) -> list[Event]:
    if state.phase != "placement":
        raise RuleError("spqrisiko.wrong_phase", phase=state.phase)
    own = find_province(state, action.province)
    if own in state.owner:
        raise RuleError("spqrisiko.province_taken", province=board().name(own))
    empty = [p for p in board().provinces if p not in state.owner and p != own]
    neutral: str | None = None
    colour: str | None = None
    if any(state.neutral_left.values()) and empty:
        if action.neutral_province is None:
            raise RuleError("spqrisiko.neutral_needed")
        neutral = find_province(state, action.neutral_province)
        if neutral in state.owner or neutral == own:
            raise RuleError("spqrisiko.province_taken", province=board().name(neutral))
        if action.neutral is not None:
            colour = action.neutral if action.neutral in state.neutral_left else None
            if colour is None or state.neutral_left[colour] <= 0:
                raise RuleError("spqrisiko.no_such_neutral", neutral=action.neutral)
    elif action.neutral_province is not None:
        raise RuleError("spqrisiko.no_neutrals_left")
    return do_place(state, actor, own, neutral, colour, now)


def new_game(settings: SpqrSettings, players: list[Player], seed: int, now: datetime) -> SpqrState:
    """The order of play by dice, neutral armies (and Roma for three players), the shuffled deck,
    the time limit, then placement: turn by turn, or all at once at random."""
    b = board()
    ids = [p.id for p in players]
    neutrals = list(NEUTRAL_IDS[: max(0, 5 - len(players))])
    state = SpqrState(
        game=KIND,
        seed=seed,
        rng=Rng(seed=seed),
        players=players,
        created_at=now,
        clock=now,
        settings=settings,
        order=[],
        armies=ids + neutrals,
    )
    state.order = roll_order(state, ids)
    state.ships = {s: {} for s in b.seas}
    state.points = dict.fromkeys(ids, 0)
    state.hands = {p: [] for p in ids}
    state.neutral_left = dict.fromkeys(neutrals, settings.neutral_legionaries)
    if len(neutrals) == 1 and settings.neutral_on_roma > 0:
        roma = min(settings.neutral_on_roma, settings.neutral_legionaries)
        state.owner["roma"] = neutrals[0]
        state.legions["roma"] = roma
        state.neutral_left[neutrals[0]] -= roma
    state.deck = Deck.shuffled(deck_cards(), state.rng)
    if settings.time_limit_hours:
        state.add_timer("time_limit", now + timedelta(hours=settings.time_limit_hours))
    if settings.setup == "random":
        while state.phase == "placement":
            auto_place(state, now)
    else:
        start_placement_turn(state, now)
    return state
