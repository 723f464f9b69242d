"""DecameroNomic in /game log and /game rules: every action reads in words in both languages (no
catalog key, no snake_case id), a training's secret number stays its owner's, and the game has a
summary."""

from __future__ import annotations

import re

import pytest

from bot.i18n import has, t
from bot.telling import describe_action
from engine.nomic import GAME
from engine.nomic import actions as a
from tests.engine.nomic.helpers import A, B, new_game, rollover

TYPES = sorted({m.model_fields["type"].default for m in a.NomicAction.__args__[0].__args__})  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", ["it", "en"])
def test_every_action_has_words(language: str) -> None:
    assert all(has(f"log.nomic.{kind}", language) for kind in TYPES)
    summary = t("game.nomic.summary", language)
    assert summary != "game.nomic.summary" and len(summary) > 60


@pytest.mark.parametrize("language", ["it", "en"])
def test_legal_moves_read_without_ids(language: str) -> None:
    s = new_game()
    rollover(s, filler=B)
    names = {p.id: p.name for p in s.players}
    seen = 0
    for actor in (A, B):
        for action in GAME.legal_actions(s, actor):
            text = describe_action("nomic", action.model_dump(mode="json"), names, language)
            assert "`" not in text and "log.nomic" not in text, text
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text  # no snake_case id
            seen += 1
    assert seen > 10


def test_a_trainings_new_number_is_private_in_the_log() -> None:
    action = {"type": "gladiator_train", "gladiator": "Maximus", "magic": "22341"}
    assert not GAME.log_visible(action, B, A) and GAME.log_visible(action, B, B)
    assert "22341" not in describe_action("nomic", action, {}, "it")
