"""Every key the High Frontier engine emits exists in both catalogs, with the same placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.i18n import catalog
from engine.highfrontier.models import NAMES

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "highfrontier"


def source() -> str:
    return "\n".join(p.read_text(encoding="utf-8") for p in ENGINE.rglob("*.py"))


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


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_engine_keys_in_both_catalogs() -> None:
    keys = used_keys() | why_words()
    assert len(keys) > 150
    it, en = catalog("it"), catalog("en")
    assert sorted(k for k in keys if k not in it or k not in en) == []


def test_catalogs_agree() -> None:
    it = {k: v for k, v in catalog("it").items() if k.startswith("hf.")}
    en = {k: v for k, v in catalog("en").items() if k.startswith("hf.")}
    assert set(it) == set(en)
    assert [k for k in it if fields(it[k]) != fields(en[k])] == []
