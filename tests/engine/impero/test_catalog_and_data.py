"""Every impero.* key the engine and renderer use is translated; the map data is sane."""

from __future__ import annotations

import re
import string
from pathlib import Path

from bot.i18n import catalog
from engine.impero.board import get_map, load_layout, parse_node
from render.impero import DEFAULT_LABELS, LABEL_KEYS

ROOT = Path(__file__).resolve().parents[3]
KEY = re.compile(r"[\"'](impero\.[a-z_]+(?:\.[a-z_]+)*)[\"']")


def used_keys() -> set[str]:
    files = [*(ROOT / "engine" / "impero").glob("*.py"), *(ROOT / "render" / "impero").glob("*.py")]
    return {k for f in files for k in KEY.findall(f.read_text(encoding="utf-8"))}


def test_every_key_is_in_both_catalogs() -> None:
    keys = used_keys()
    assert len(keys) > 60
    for lang in ("it", "en"):
        missing = sorted(k for k in keys if k not in catalog(lang))
        assert missing == [], (lang, missing)


def test_catalogs_agree_on_fields() -> None:
    fields = string.Formatter()
    it, en = catalog("it"), catalog("en")
    for key in (k for k in it if k.startswith("impero.")):
        names_it = {f for _, f, _, _ in fields.parse(it[key]) if f}
        names_en = {f for _, f, _, _ in fields.parse(en[key]) if f}
        assert names_it == names_en, key
    assert set(LABEL_KEYS) == set(DEFAULT_LABELS)


def test_italy_map_shape() -> None:
    board = get_map("italia")
    assert 150 <= len(board.nodes) <= 300
    assert board.cols <= 26
    # north is wide, Sicily and Sardinia exist as separate land masses (rows 33+ and column E)
    assert any(board.coords[n][1] >= 33 for n in board.nodes)
    assert "E27" in board and "E27" in get_map("italia").nodes
    sardinia = {n for n in board.nodes if board.coords[n][0] <= 6 and board.coords[n][1] >= 21}
    assert sardinia and all(m in sardinia for n in sardinia for m in board.neighbours[n])
    assert all(len(v) <= 8 for v in board.neighbours.values())


def test_coordinates_parse_case_insensitively() -> None:
    assert parse_node("f12") == "F12" and parse_node(" F 12 ") == "F12"
    assert parse_node("12F") is None and parse_node("") is None


def test_fixed_layout_covers_the_map() -> None:
    layout = load_layout("classico")
    assert set(layout) == set(get_map("italia").nodes)
    assert set(layout.values()) <= {1, 3, 6, 12, 25, 50}

