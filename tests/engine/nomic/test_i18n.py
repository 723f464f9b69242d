"""Every nomic.* key the engine uses exists in both catalogs, with matching placeholders."""

from __future__ import annotations

from engine.nomic.ruleset import knobs, mechanics
from tests.engine.i18n_check import catalogs_disagree, missing_from_catalogs, quoted_keys

OUTCOMES = ("passed", "rejected", "vetoed", "lapsed", "held", "struck")


def used_keys() -> set[str]:
    keys = quoted_keys("nomic", "nomic.")
    keys |= {f"nomic.result_{o}" for o in OUTCOMES} | {f"nomic.mechanic.{m}" for m in mechanics()}
    keys |= {f"nomic.knob.{k}" for k in knobs()}
    keys |= {f"nomic.variant.{o}" for k in knobs().values() for o in k.options}
    return keys


def test_engine_keys_in_both_catalogs() -> None:
    keys = used_keys()
    assert len(keys) > 100
    assert missing_from_catalogs(keys) == []


def test_catalogs_agree() -> None:
    assert catalogs_disagree("nomic.") == []
