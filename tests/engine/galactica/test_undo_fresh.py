"""Undo without foresight in Imperium Galactica: a battle taken back and fought again rolls fresh dice,
and the futures its setup shuffled outside a deck (the tile pile, the market pile) are shuffled anew by
an undo's reseed, the market cards already drawn staying where they went."""

from __future__ import annotations

from engine.core.revealed import replay_undone
from engine.galactica import GAME
from engine.galactica.market import market_cards, unseen
from tests.engine.galactica.helpers import at, check, started
from tests.engine.galactica.test_combat import _battle_ready


def _before_the_dice():
    state, me, other = _battle_ready({"fighter": 2, "torpedo": 2}, {"fighter": 3, "torpedo": 2})
    GAME.apply(state, me, {"type": "move", "fleet": "E3", "path": ["E4"]}, at(1))
    GAME.apply(state, me, {"type": "pick_line", "ships": {"fighter": 1, "torpedo": 2}}, at(2))
    return state, other, {"type": "pick_line", "ships": {"fighter": 1, "torpedo": 2}}


def _rolls(events) -> list:
    return [(e.params["strikes"], e.params["blocks"]) for e in events if e.key == "galactica.exchange"]


def test_the_same_battle_after_a_reseed_rolls_fresh_dice() -> None:
    state, other, last = _before_the_dice()
    first = _rolls(GAME.apply(state.model_copy(deep=True), other, last, at(3)))
    assert first and _rolls(GAME.apply(state.model_copy(deep=True), other, last, at(3))) == first
    rolls = set()
    for salt in range(1, 9):
        fresh = state.model_copy(deep=True)
        GAME.apply(fresh, "mod", {"type": "mod_reseed", "salt": salt}, at(3), moderator=True)
        rolls.add(repr(_rolls(GAME.apply(fresh, other, last, at(3)))))
    assert len(rolls) >= 4  # the dice of the battle undone are not those of the battle fought again


def test_the_battle_s_dice_are_named_to_the_table() -> None:
    state, other, last = _before_the_dice()
    revealed = GAME.revealed(replay_undone(GAME, state, [(at(3), other, last, False)]))
    assert revealed and all(r.players is None for r in revealed)
    assert any(r.what.key == "galactica.exchange" for r in revealed)


def test_a_reseed_shuffles_the_unexplored_tiles_and_the_undrawn_market_cards() -> None:
    state = started(3)
    state.market_pile.append(state.market_pile.pop(0))  # one card drawn and sent to the bottom
    state.market_seen = 1
    assert unseen(state) == len(market_cards()) - 1
    salted = state.model_copy(deep=True)
    GAME.apply(salted, "mod", {"type": "mod_reseed", "salt": 99}, at(0), moderator=True)
    assert sorted(salted.tile_pile) == sorted(state.tile_pile) and salted.tile_pile != state.tile_pile
    top = unseen(state)
    assert sorted(salted.market_pile[:top]) == sorted(state.market_pile[:top])
    assert salted.market_pile[:top] != state.market_pile[:top]
    assert salted.market_pile[top:] == state.market_pile[top:]  # the card seen stays at the bottom
    check(salted)
    again = state.model_copy(deep=True)
    GAME.apply(again, "mod", {"type": "mod_reseed", "salt": 99}, at(0), moderator=True)
    assert again.model_dump() == salted.model_dump()  # the same salt, the same piles: replays agree


def test_a_tile_turned_up_by_an_undone_move_is_named_and_counted_as_drawn() -> None:
    state = started(3)
    me = state.order[state.current]
    state.phase = "movement"
    moves = [a for a in GAME.legal_actions(state, me) if a.type == "move"  # type: ignore[attr-defined]
             and a.path[-1] not in state.board]  # type: ignore[attr-defined]
    assert moves
    move = moves[0].model_dump(mode="json")
    undone = replay_undone(GAME, state, [(at(1), me, move, False)])
    assert undone[0].drew  # no die rolled, but the tile pile gave its top tile
    revealed = GAME.revealed(undone)
    assert revealed and revealed[0].players is None
    assert revealed[0].what.key in ("galactica.explored", "galactica.found_planet")
    assert revealed[0].what.params["cell"] == move["path"][-1]
