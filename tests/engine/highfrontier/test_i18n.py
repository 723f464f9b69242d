"""Every key the High Frontier engine emits exists in both catalogs, with the same placeholders."""

from __future__ import annotations

import re

from engine.highfrontier.models import NAMES
from tests.engine.i18n_check import catalogs_disagree, engine_source, missing_from_catalogs


def source() -> str:
    return engine_source("highfrontier")


def used_keys() -> set[str]:
    text = source()
    keys = {f"hf.{k}" for k in re.findall(r'\bev\(\s*"([a-z_]+)"', text)}
    keys |= set(re.findall(r'RuleError\(\s*"(hf\.[a-z_]+)"', text))
    keys |= set(re.findall(r'key="(hf\.[a-z_.]+)"', text))
    keys |= {f"hf.co.{name}{n}" for name in NAMES.values() for n in (1, 2)}
    return keys


def why_words() -> set[str]:
    text = source()
    words = set(re.findall(r'(?:up|down|left)\(state, \w+, (?:\w+, )?"(\w+)"', text))
    words |= set(re.findall(r'why="(\w+)"', text)) | set(re.findall(r'capped\(state, c, "(\w+)"\)', text))
    words |= set(re.findall(r'presidents_move\(state, actor, True, "(\w+)"\)', text))
    return {f"hf.why.{w}" for w in words}


def test_engine_keys_in_both_catalogs() -> None:
    keys = used_keys() | why_words()
    assert len(keys) > 150
    assert missing_from_catalogs(keys) == []


def test_catalogs_agree() -> None:
    assert catalogs_disagree("hf.") == []
