"""Every spqrisiko.* key the engine uses exists in both catalogs, with matching placeholders."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.i18n import catalog, plurals

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "spqrisiko"
KEY = re.compile(r"[\"'](spqrisiko\.[a-z0-9_.\-]+)[\"']")


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    return keys


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_engine_keys_in_both_catalogs() -> None:
    keys = used_keys()
    assert len(keys) > 40
    it, en = {**catalog("it"), **plurals("it")}, {**catalog("en"), **plurals("en")}
    missing = sorted(k for k in keys if k not in it or k not in en)
    assert missing == []


def test_catalogs_agree() -> None:
    it = {k: v for k, v in catalog("it").items() if k.startswith("spqrisiko.")}
    en = {k: v for k, v in catalog("en").items() if k.startswith("spqrisiko.")}
    assert set(it) == set(en)
    for k in it:
        assert fields(it[k]) == fields(en[k]), k
