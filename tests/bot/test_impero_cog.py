"""The /impero cog's own pieces: dollar parsing, its catalog keys, the renderer's labels."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.cogs.impero_views import labels, parse_money
from bot.i18n import catalog
from engine.core import RuleError
from render.impero import LABEL_KEYS

ROOT = Path(__file__).resolve().parents[2]
KEY = re.compile(r"[\"']((?:impero\.ui|cmd\.impero|opt\.impero)(?:\.[a-z_]+)*)[\"']")


@pytest.mark.parametrize(("text", "cents"), [("12", 1200), ("12.5", 1250), ("12,50", 1250), ("$3", 300),
                                             ("0,05", 5), (" 7 $ ", 700), ("0", 0)])
def test_dollars_become_cents(text: str, cents: int) -> None:
    assert parse_money(text) == cents


@pytest.mark.parametrize("text", ["-3", "abc", "1.234", "1,2,3", "", "1e5", "12.5.0"])
def test_malformed_amounts_are_refused(text: str) -> None:
    with pytest.raises(RuleError) as err:
        parse_money(text)
    assert err.value.code == "impero.ui.bad_amount"


def test_huge_amounts_are_refused() -> None:
    with pytest.raises(RuleError) as err:
        parse_money("99999999999")
    assert err.value.code == "impero.ui.amount_too_big"


def test_cog_keys_are_in_both_catalogs_with_the_same_fields() -> None:
    files = [ROOT / "bot" / "cogs" / "impero.py", ROOT / "bot" / "cogs" / "impero_views.py"]
    used = {k for f in files for k in KEY.findall(f.read_text(encoding="utf-8"))}
    assert len(used) > 60
    it, en = catalog("it"), catalog("en")
    assert sorted(k for k in used if k not in it or k not in en) == []
    fields = string.Formatter()
    mine = {k for k in it if k.startswith(("impero.ui.", "cmd.impero.", "opt.impero."))}
    assert mine == {k for k in en if k.startswith(("impero.ui.", "cmd.impero.", "opt.impero."))}
    for key in mine:
        assert {f for _, f, _, _ in fields.parse(it[key]) if f} == {f for _, f, _, _ in fields.parse(en[key]) if f}, key


def test_labels_are_raw_templates_in_each_language() -> None:
    it, en = labels("it"), labels("en-US")
    assert set(it) == set(LABEL_KEYS)
    assert "{turn}" in it["title"] and "{turn}" in en["title"] and it["title"] != en["title"]
