"""Undo without foresight (the engine's half): a logged `mod_reseed` gives every draw nobody has
seen a fresh salt — the dice and the unseen part of every deck — and nothing else."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engine.core import Player, get_game
from engine.core.moderation import _decks
from engine.spqrisiko.ai import choose_action

T0 = datetime(2026, 11, 23, 8, 0, tzinfo=UTC)
PEOPLE = [Player(id=str(1000 + i), name=n) for i, n in enumerate(("Alice", "Bob", "Carol"))]


def spqr_before_an_attack():
    """A seeded SPQRisiko game played by its bot up to the first attack, and that attack."""
    game = get_game("spqrisiko")
    state = game.setup(game.parse_settings({"setup": "random"}), [p.model_copy() for p in PEOPLE], 7, T0)
    now = T0
    for _ in range(400):
        now += timedelta(minutes=5)
        game.advance(state, now)
        actor = state.order[state.current]
        action = choose_action(state, actor)
        if action.type == "attack":
            return game, state, actor, action, now
        game.apply(state, actor, action, now)
    raise AssertionError("no attack in 400 moves")


def dice_of(events) -> list:
    return [e.params["dice_rolls"] for e in events if e.key == "spqrisiko.attack"]


def test_the_same_attack_after_a_reseed_rolls_fresh_dice() -> None:
    game, state, actor, attack, now = spqr_before_an_attack()
    plain = state.model_copy(deep=True)
    first = dice_of(game.apply(plain, actor, attack, now))
    again = state.model_copy(deep=True)
    assert dice_of(game.apply(again, actor, attack, now)) == first  # without a reseed: the same future
    rolls = set()
    for salt in range(1, 9):
        fresh = state.model_copy(deep=True)
        game.apply(fresh, "mod", {"type": "mod_reseed", "salt": salt}, now, moderator=True)
        rolls.add(repr(dice_of(game.apply(fresh, actor, attack, now))))
    assert first and len(rolls) >= 4  # eight salts, many different rolls: the dice are no longer foreseen


def test_a_reseed_reshuffles_unseen_cards_and_changes_nothing_else() -> None:
    game = get_game("galactica")
    state = game.setup(game.parse_settings({}), [p.model_copy() for p in PEOPLE], 7, T0)
    decks = _decks(state)
    assert decks, "Galactica keeps its tiles and cards in decks"
    salted = state.model_copy(deep=True)
    game.apply(salted, "mod", {"type": "mod_reseed", "salt": 12345}, T0, moderator=True)
    for old, new in zip(decks, _decks(salted), strict=True):
        assert sorted(old.draw_pile) == sorted(new.draw_pile) and old.discard == new.discard
    assert any(o.draw_pile != n.draw_pile for o, n in zip(decks, _decks(salted), strict=True) if len(o.draw_pile) > 3)
    rest = {k: v for k, v in salted.model_dump().items() if k != "rng"}
    assert {k: v for k, v in state.model_dump().items() if k != "rng"}.keys() == rest.keys()
    same = state.model_copy(deep=True)
    game.apply(same, "mod", {"type": "mod_reseed", "salt": 12345}, T0, moderator=True)
    assert same.model_dump() == salted.model_dump()  # the same salt, the same state: replays agree


def test_only_a_moderator_reseeds() -> None:
    import pytest

    from engine.core import RuleError

    game = get_game("galactica")
    state = game.setup(game.parse_settings({}), [p.model_copy() for p in PEOPLE], 7, T0)
    with pytest.raises(RuleError):
        game.apply(state, PEOPLE[0].id, {"type": "mod_reseed", "salt": 1}, T0)
