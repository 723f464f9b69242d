"""Every spqrisiko.* key the engine uses exists in both catalogs, with matching placeholders."""

from __future__ import annotations

from tests.engine.i18n_check import catalogs_disagree, missing_from_catalogs, quoted_keys


def test_engine_keys_in_both_catalogs() -> None:
    keys = quoted_keys("spqrisiko", "spqrisiko.")
    assert len(keys) > 40
    assert missing_from_catalogs(keys, with_plurals=True) == []


def test_catalogs_agree() -> None:
    assert catalogs_disagree("spqrisiko.") == []
