"""Every galactica.* key the engine uses exists in both catalogs, with matching placeholders, and every
unit, building, resource, phase and tile kind has its word."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.i18n import catalog
from engine.galactica.models import BUILDINGS, PHASES, RESOURCES, UNIT_TYPES

ENGINE = Path(__file__).resolve().parents[3] / "engine" / "galactica"
KEY = re.compile(r"[\"'](galactica\.[a-z0-9_.\-]+)[\"']")


def used_keys() -> set[str]:
    keys: set[str] = set()
    for path in ENGINE.rglob("*.py"):
        keys |= set(KEY.findall(path.read_text(encoding="utf-8")))
    keys |= {f"galactica.unit.{u}" for u in UNIT_TYPES} | {f"galactica.building.{b}" for b in BUILDINGS}
    keys |= {f"galactica.resource.{r}" for r in RESOURCES} | {f"galactica.phase.{p}" for p in (*PHASES, "order")}
    keys |= {f"galactica.kind.{k}" for k in ("space", "planet", "asteroids", "market", "casino")}
    keys |= {f"galactica.ptype.{k}" for k in ("fire", "ice", "earth", "rock")}
    return keys


def fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_engine_keys_in_both_catalogs() -> None:
    keys = used_keys()
    assert len(keys) > 100
    it, en = catalog("it"), catalog("en")
    assert sorted(k for k in keys if k not in it or k not in en) == []


def test_catalogs_agree() -> None:
    it = {k: v for k, v in catalog("it").items() if k.startswith("galactica.")}
    en = {k: v for k, v in catalog("en").items() if k.startswith("galactica.")}
    assert set(it) == set(en)
    for k in it:
        assert fields(it[k]) == fields(en[k]), k
