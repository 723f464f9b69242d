"""The `/spqr` cog without Discord: its catalogs, its text helpers, its panel rule."""

from __future__ import annotations

import re
import string
from pathlib import Path

from babel.messages.pofile import read_po

from bot.cogs.spqrisiko.commands import hand_text, split_names
from bot.cogs.spqrisiko.views import attack_to_continue, matching
from engine.spqrisiko import GAME
from tests.engine.spqrisiko.helpers import cur, random_game

LOCALES = Path(__file__).resolve().parents[3] / "bot" / "cogs" / "spqrisiko" / "locales"


def entries(lang: str) -> dict[str, str]:
    with (LOCALES / lang / "commands.po").open("rb") as fh:
        return {m.id: m.string for m in read_po(fh, locale=lang) if m.id}


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_both_catalogs_have_the_same_keys_and_placeholders() -> None:
    it, en = entries("it"), entries("en")
    assert set(it) == set(en)
    for key in it:
        assert fields(it[key]) == fields(en[key]), key
        names = key.startswith(("cmd.", "opt.")) and not key.endswith(".desc") and key != "cmd.spqr.desc"
        for text in (it[key], en[key]):
            assert 1 <= len(text) <= (100 if key.startswith(("cmd.", "opt.", "choice.")) else 1900), key
            if names:
                assert re.fullmatch(r"[-_a-z0-9]{1,32}", text), (key, text)


def test_hand_lists_cards_in_the_readers_language() -> None:
    state = random_game()
    player = cur(state)
    state.hands[player] = ["nave:1", "nave:2", "vessillo:1"]
    view = GAME.view(state, player)
    assert hand_text(view, "it") == "La tua mano (3 carte): nave ×2, vessillo ×1."
    assert "ship ×2" in hand_text(view, "en")
    assert "Non hai" in hand_text(GAME.view(state, state.order[1]), "it")


def test_split_names_and_matching() -> None:
    assert split_names("Mare Nostrum, Mare Adriaticum;  ") == ["Mare Nostrum", "Mare Adriaticum"]
    assert split_names(None) == []
    assert [c.value for c in matching(["Gallia", "Galatia", "Aegyptus"], "gal")] == ["Galatia", "Gallia"]


def test_panel_only_while_the_attack_can_go_on() -> None:
    state = random_game()
    assert attack_to_continue(state) is None


def test_panel_words_exist_for_every_step() -> None:
    from bot.cogs.spqrisiko.panel import FIRST_STEPS

    keys = {f"spqr.panel.{s}" for s in FIRST_STEPS} | {f"spqr.panel.{s}2" for s in ("pl", "at", "mf", "ld", "fo")}
    keys |= {f"spqr.panel.{k}_{m}" for k in ("atk", "naval") for m in ("once", "blitz")}
    assert sorted(keys - set(entries("it"))) == [] and sorted(keys - set(entries("en"))) == []


def test_card_sets_are_offered_with_what_they_bring() -> None:
    from bot.cogs.spqrisiko.panel import set_label

    assert set_label(["nave", "nave", "nave"], "it") == "🃏 nave, nave, nave → 8 legionari, 3 navi"
    assert set_label(["legionario", "colosseo", "vessillo"], "en") == \
        "🃏 legionary, colosseum, banner → 12 legionaries, 1 colosseum"
