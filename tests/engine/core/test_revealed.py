"""What an undo takes back but cannot make anyone forget (engine/core/revealed.py): the moves taken back
are played again, those that drew something say what they showed and to whom, and the notes the undo
leaves in the log are read only by those who saw it."""

from __future__ import annotations

from datetime import timedelta

from engine.core import get_game
from engine.core.revealed import Revelation, notes, replay_undone
from engine.spqrisiko.ai import choose_action
from tests.engine.core.test_reseed import PEOPLE, T0, spqr_before_an_attack


def spqr_before_a_card_is_drawn():
    """A seeded SPQRisiko game played by its bot up to the end of a turn that conquered (a card drawn)."""
    game = get_game("spqrisiko")
    state = game.setup(game.parse_settings({"setup": "random"}), [p.model_copy() for p in PEOPLE], 7, T0)
    now = T0
    for _ in range(600):
        now += timedelta(minutes=5)
        game.advance(state, now)
        actor = state.order[state.current]
        action = choose_action(state, actor)
        if action.type == "end_turn" and state.turn is not None and state.turn.conquered:
            return game, state, actor, action, now
        game.apply(state, actor, action, now)
    raise AssertionError("no conquering turn in 600 moves")


def test_a_card_drawn_is_named_to_its_player_only() -> None:
    game, state, actor, end, now = spqr_before_a_card_is_drawn()
    moves = replay_undone(game, state, [(now, actor, end.model_dump(mode="json"), False)])
    assert moves[0].drew
    revealed = game.revealed(moves)
    assert [(r.players, r.what.key) for r in revealed] == [([actor], "spqrisiko.card_drawn")]
    assert revealed[0].what.params["card"]  # which card, in words
    noted = notes(revealed)
    assert [(n["type"], n["to"]) for n in noted] == [("mod_revealed", actor)]
    other = next(p.id for p in PEOPLE if p.id != actor)
    assert game.log_visible(noted[0], "mod", actor) and not game.log_visible(noted[0], "mod", other)
    assert state.turn is not None and state.turn.player == actor  # the replay worked on a copy


def test_an_attack_s_dice_are_named_to_the_whole_table() -> None:
    game, state, actor, attack, now = spqr_before_an_attack()
    moves = replay_undone(game, state, [(now, actor, attack.model_dump(mode="json"), False)])
    revealed = game.revealed(moves)
    attacks = [r for r in revealed if r.what.key == "spqrisiko.attack"]
    assert attacks and attacks[0].players is None and attacks[0].what.params["dice_rolls"]
    # the defender's private copy of the same news adds nothing
    assert all(r.what.key != "spqrisiko.attacked" for r in revealed)
    noted = notes(revealed)
    assert [n["to"] for n in noted] == [None]
    assert all(game.log_visible(noted[0], "mod", p.id) for p in PEOPLE)


def test_a_move_that_drew_nothing_shows_nothing() -> None:
    game = get_game("spqrisiko")
    state = game.setup(game.parse_settings({"setup": "random"}), [p.model_copy() for p in PEOPLE], 7, T0)
    actor = state.order[state.current]
    place = choose_action(state, actor)
    assert place.type != "attack"
    moves = replay_undone(game, state, [(T0, actor, place.model_dump(mode="json"), False)])
    assert not moves[0].drew and moves[0].events and game.revealed(moves) == []


def test_a_note_changes_nothing_and_replays() -> None:
    game = get_game("galactica")
    state = game.setup(game.parse_settings({}), [p.model_copy() for p in PEOPLE], 7, T0)
    before = state.model_dump()
    note = notes([Revelation(players=[PEOPLE[0].id], what={"key": "spqrisiko.card_drawn", "params": {"card": "x"}})])[0]
    assert game.apply(state, "mod", note, T0, moderator=True) == [] and state.model_dump() == before
    assert game.parse_action(note).model_dump(mode="json") == note


def test_a_long_undo_writes_its_notes_in_parts() -> None:
    many = [Revelation(players=["1000"], what={"key": "k", "params": {"n": i}}) for i in range(120)]
    noted = notes(many)
    assert [len(n["seen"]) for n in noted] == [50, 50, 20] and {n["to"] for n in noted} == {"1000"}
    game = get_game("galactica")
    assert all(game.parse_action(n).model_dump(mode="json") == n for n in noted)
