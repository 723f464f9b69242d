"""Every galactica.* key the engine uses exists in both catalogs, with matching placeholders, and every
unit, building, resource, phase and tile kind has its word."""

from __future__ import annotations

from engine.galactica.models import BUILDINGS, PHASES, RESOURCES, UNIT_TYPES
from tests.engine.i18n_check import catalogs_disagree, missing_from_catalogs, quoted_keys


def used_keys() -> set[str]:
    keys = quoted_keys("galactica", "galactica.")
    keys |= {f"galactica.unit.{u}" for u in UNIT_TYPES} | {f"galactica.building.{b}" for b in BUILDINGS}
    keys |= {f"galactica.resource.{r}" for r in RESOURCES} | {f"galactica.phase.{p}" for p in (*PHASES, "order")}
    keys |= {f"galactica.kind.{k}" for k in ("space", "planet", "asteroids", "market", "casino")}
    keys |= {f"galactica.ptype.{k}" for k in ("fire", "ice", "earth", "rock")}
    return keys


def test_engine_keys_in_both_catalogs() -> None:
    keys = used_keys()
    assert len(keys) > 100
    assert missing_from_catalogs(keys) == []


def test_catalogs_agree() -> None:
    assert catalogs_disagree("galactica.") == []
