"""The catalog checks every game's test_i18n shares: the keys an engine's code names, whether both
languages hold them, and whether Italian and English agree on a game's keys and placeholders."""

from __future__ import annotations

import re
import string
from collections.abc import Iterable
from pathlib import Path

from bot.i18n import catalog, plurals

ENGINES = Path(__file__).resolve().parents[2] / "engine"


def engine_source(game: str) -> str:
    """The text of every module of engine/<game>."""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted((ENGINES / game).rglob("*.py")))


def quoted_keys(game: str, prefix: str) -> set[str]:
    """Every quoted string of engine/<game> that starts with `prefix` and looks like a key."""
    return set(re.findall(rf"[\"']({re.escape(prefix)}[a-z0-9_.\-]+)[\"']", engine_source(game)))


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def missing_from_catalogs(keys: Iterable[str], *, with_plurals: bool = False) -> list[str]:
    """The keys that one language (or both) lacks; plural entries count when `with_plurals`."""
    it, en = set(catalog("it")), set(catalog("en"))
    if with_plurals:
        it |= set(plurals("it"))
        en |= set(plurals("en"))
    return sorted(k for k in keys if k not in it or k not in en)


def catalogs_disagree(prefix: str) -> list[str]:
    """The keys under `prefix` only one language has, or whose placeholders differ between the two."""
    it = {k: v for k, v in catalog("it").items() if k.startswith(prefix)}
    en = {k: v for k, v in catalog("en").items() if k.startswith(prefix)}
    assert it, f"no {prefix} keys at all"
    return sorted(set(it) ^ set(en)) + sorted(k for k in it.keys() & en.keys() if fields(it[k]) != fields(en[k]))
