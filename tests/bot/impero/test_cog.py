"""The /impero cog's own pieces: dollar parsing, its catalog keys, the renderer's labels."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from bot.cogs.impero.pictures import labels
from bot.cogs.impero.views import parse_money
from bot.i18n import catalog
from engine.core import RuleError
from render.impero import LABEL_KEYS

ROOT = Path(__file__).resolve().parents[3]
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
    files = [ROOT / "bot" / "cogs" / "impero" / "commands.py", ROOT / "bot" / "cogs" / "impero" / "views.py"]
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


def test_panel_words_exist_for_every_move_it_asks_about() -> None:
    from bot.cogs.impero.panel import CHOSEN, GROUPS

    keys = {f"impero.panel.{g}" for g in GROUPS} | {f"impero.panel.pick.{k}" for k in [*CHOSEN, "withdraw_listing"]}
    keys |= {f"impero.panel.field.{f}" for spec in CHOSEN.values() for f, _ in spec}
    keys |= {f"impero.panel.bad_{u}" for spec in CHOSEN.values() for _, u in spec if u in ("count", "percent")}
    for language in ("it", "en"):
        assert sorted(keys - set(catalog(language))) == []


@pytest.mark.parametrize(("cents", "it", "en"), [(1250, "12,50", "12.50"), (300, "3", "3"), (5, "0,05", "0.05")])
def test_panel_modal_writes_amounts_as_each_language_types_them(cents: int, it: str, en: str) -> None:
    from bot.cogs.impero.panel import read, written

    assert (written(cents, "money", "it"), written(cents, "money", "en-US")) == (it, en)
    assert read(it, "money") == read(en, "money") == cents


def test_panel_modal_reads_counts_and_percentages_or_refuses_them() -> None:
    from bot.cogs.impero.panel import read

    assert (read(" 3 ", "count"), read("40%", "percent"), read(" Radio ", "text")) == (3, 40, "Radio")
    for text, unit in (("tre", "count"), ("-1", "count"), ("1.5", "count"), ("molto", "percent"), ("", "count")):
        with pytest.raises(RuleError) as err:
            read(text, unit)
        assert err.value.code == f"impero.panel.bad_{unit}"


def test_fit_cuts_at_a_word() -> None:
    from bot.ui import fit

    assert fit("Compra azioni di Telco da Alice a 2,00 $ l'una (4 azioni in vendita)", 45) == \
        "Compra azioni di Telco da Alice a 2,00 $…"
    assert fit("breve", 45) == "breve" and len(fit("x" * 60, 45)) == 45


def test_a_node_s_yield_reads_as_money_in_either_language() -> None:
    from bot.i18n import t
    from engine.impero import GAME
    from tests.engine.impero.helpers import Play

    p = Play(seed=11, n=2)
    p.wait(minutes=5)
    p.act("1001", {"type": "create_company", "name": "Telco", "capital": 3000})
    company = GAME.find_company(p.state, "Telco")
    node = GAME.free_adjacent(p.state, company)[0]
    p.state.yields[node] = 3  # the seed's draw aside: a yield of three dollars a turn
    founded, bought, upgraded = (*p.events[-1:], *p.act("1001", {"type": "buy_node", "company": "Telco", "node": node}),
                                 *p.act("1001", {"type": "upgrade_node", "company": "Telco", "node": node}))
    assert "(rendimento 3,00\xa0$)" in t(bought.key, "it", **bought.params)
    assert "(yield $3.00)" in t(bought.key, "en", **bought.params)
    assert "da 3,00\xa0$ a 6,00\xa0$" in t(upgraded.key, "it", **upgraded.params)
    assert "from $3.00 to $6.00" in t(upgraded.key, "en", **upgraded.params)
    assert re.search(r"\(yield \$\d+\.00\)", t(founded.key, "en", **founded.params))
