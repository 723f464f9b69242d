"""What the panels say: money as money, ids in words, no column or row that repeats another, no empty
row of the reader's own on a public page, goods without their zeros, a game's state open at first,
texts in the reader's language."""

from __future__ import annotations

import re
from typing import Any

import pytest

from bot.web.panels import panels


class _Bot:
    async def add_cog(self, _cog: Any) -> None:
        return None


_SET_UP: list[bool] = []


@pytest.fixture(autouse=True)
async def registered() -> None:
    """Each game's cog registers what its pages say (money fields, hidden and open fields, words): once
    a process, as a bot would (a cog built twice outside a bot would add its subcommands twice)."""
    from bot.cogs.highfrontier.commands import setup as hf
    from bot.cogs.impero.commands import setup as impero
    from bot.cogs.nomic.commands import setup as nomic
    from bot.cogs.spqrisiko.commands import setup as spqr

    if not _SET_UP:
        for setup in (impero, nomic, hf, spqr):
            await setup(_Bot())  # type: ignore[arg-type]
        _SET_UP.append(True)


def html_of(view: dict[str, Any], kind: str, lang: str = "it", names: dict[str, str] | None = None) -> str:
    return "".join(str(p.body) for p in panels(view, names or {}, lang, kind=kind))


def text_of(view: dict[str, Any], kind: str, lang: str = "it", names: dict[str, str] | None = None) -> str:
    return re.sub(r"<[^>]+>", " ", html_of(view, kind, lang, names))


def test_impero_last_report_in_money() -> None:
    report = {"turn": 1, "at": "2026-11-23T20:00:00Z", "blackouts": [], "halved": [],
              "companies": [{"company": "C1", "name": "Alfa", "income": 1800, "reinvested": 900, "per_share": 63,
                             "paid_out": 630, "leftover": 270}]}
    text = text_of({"last_report": report}, "impero")
    assert "18,00" in text and "0,63" in text and " 1800 " not in text and " 63 " not in text


def test_ids_in_words_in_the_readers_language() -> None:
    hf = {"exodus_bank": "main", "companies": [{"id": "patents", "label": "Brevetti", "shape": "square",
                                                "side": "white", "row": 1, "col": 2}]}
    text = text_of(hf, "highfrontier")
    for raw in ("main", "square", "white"):
        assert not re.search(rf"\b{raw}\b", text), raw
    assert "quadrato" in text and "lato bianco" in text
    nomic = {"mechanics": ["deferred_ledger", "economic_power"], "proposals": [{"id": 1, "kind": "enact"}],
             "me": {"id": "2", "pending": [["training", -200]]}}
    said = text_of(nomic, "nomic", names={"2": "Bob"})
    for raw in ("deferred_ledger", "economic_power", "training"):
        assert raw not in said, raw
    assert "promulga" in said and "allenamento" in said
    hand = text_of({"hand": ["colosseo", "nave"]}, "spqrisiko", "en")
    assert "colosseo" not in hand.lower() and "nave" not in hand.lower()


def test_no_column_or_field_repeats_another() -> None:
    names = {"1": "Alice", "2": "Bob"}
    offers = {"offers": [{"id": "O1", "frm": "2", "frm_name": "Bob", "to": "1", "to_name": "Alice", "amount": 100}],
              "players": [{"id": "1", "name": "Alice", "cash": 5}, {"id": "2", "name": "Bob", "cash": 7}],
              "current": "2", "current_name": "Bob"}
    page = html_of(offers, "impero", names=names)
    heads = re.findall(r"<table.*?</thead>", page, flags=re.S)
    for head in heads:
        cells = re.findall(r"<th>(.*?)</th>", head)
        assert len(cells) == len(set(cells)), cells
        assert "Codice" not in cells[:1] or "Nome" not in cells  # the name, not the id beside it
    assert page.count("<dd>Bob</dd>") == 1  # whose turn, once
    assert "Alice</td><td>Alice" not in page and "Bob</td><td>Bob" not in page


def test_a_public_page_has_no_empty_row_of_the_readers_own() -> None:
    text = html_of({"turn": 1, "me": None, "viewer": None, "names": {"1": "Alice"}}, "impero")
    assert "situazione" not in text.lower() and "Alice" not in text
    mine = html_of({"me": {"id": "2", "available": 5}}, "nomic", names={"2": "Bob"})
    assert "Bob" not in mine and "5" in mine  # the reader's own id is the page's badge already


def test_goods_without_their_zero_rows() -> None:
    give = {"ndri": 1000, "fuel": 0, "metal": 2, "stone": 0, "food": 0, "ships": 0, "tanks": 0, "troops": 0}
    want = dict.fromkeys(give, 0)
    page = html_of({"offers": [{"id": 1, "frm": "1", "to": "2", "give": give, "want": want}]}, "galactica",
                   names={"1": "Alice", "2": "Bob"})
    cells = re.findall(r"<td>(.*?)</td>", page)
    assert any("1000" in c and "2" in c and "<dl" not in c for c in cells)
    assert not any(re.search(r"\b0\b", c) for c in cells if "1000" in c)
    assert "&ndash;" in page  # nothing wanted


def test_each_games_state_is_open_at_first() -> None:
    many = [{"id": i, "title": f"r{i}", "text": "x"} for i in range(40)]
    shown = panels({"rules": many, "proposals": many, "audit": many}, {}, "it", kind="nomic")
    opened = {p.key: p.open for p in shown}
    assert opened == {"rules": True, "proposals": True, "audit": False}
    market = {"companies": [{"id": f"C{i}", "price": 100} for i in range(30)]}
    assert all(p.open for p in panels({"market": market}, {}, "it", kind="impero"))


def test_texts_in_the_readers_language() -> None:
    rules = {"rules": [{"number": 1, "title": "Le regole", "text": "Testo", "title_en": "The rules",
                        "text_en": "Text"}]}
    english, italian = text_of(rules, "nomic", "en"), text_of(rules, "nomic", "it")
    assert "The rules" in english and "Le regole" not in english
    assert "Le regole" in italian and "The rules" not in italian


def test_nomic_rules_and_proposals_rows_are_places() -> None:
    """Nomic's board draws no rule or proposal: their rows are the places a click chooses, named as the
    move forms name them (rule-<number>, proposal-<id>), in the reader's language; other rows are not."""
    from engine.nomic import GAME
    from tests.engine.nomic.helpers import B, enact, new_game, propose

    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    view = GAME.view(s, None).model_dump(mode="json")
    rule = view["rules"][0]
    page = html_of(view, "nomic", "en")
    assert f'data-place="rule-{rule["number"]}"' in page and f'data-place="proposal-{p}"' in page
    label = re.search(rf'data-place="rule-{rule["number"]}" data-label="([^"]*)"', page)
    assert label is not None and label.group(1).startswith(f'{rule["number"]} · {rule["title_en"] or rule["title"]}')
    assert page.count("data-place=") == len(view["rules"]) + len(view["proposals"])
    assert "data-place" not in html_of(view, "impero")  # a game that registers none has none


def test_a_column_of_sentences_wraps_and_a_column_of_values_does_not() -> None:
    """A law's text is read, not scanned: its column is marked to wrap (a phone would otherwise show its
    first words and a scroll bar); the number beside it stays on one line."""
    from engine.nomic import GAME
    from tests.engine.nomic.helpers import new_game

    view = GAME.view(new_game(), None).model_dump(mode="json")
    page = html_of(view, "nomic", "en")
    tables = re.findall(r"<table.*?</table>", page)
    (rules,) = [table for table in tables if ">Text</th>" in table]
    assert not any('class="prose"' in table for table in tables if table != rules)  # names, numbers
    heads = re.findall(r"<th( class=\"prose\")?>([^<]*)</th>", rules)
    wrapped = {head for prose, head in heads if prose}
    assert "Text" in wrapped and "Number" not in wrapped, heads
    rows = rules.split("<tbody>")[1].split("</tr>")[:-1]
    assert len(rows) == len(view["rules"]) and all(row.count('<td class="prose">') == len(wrapped) for row in rows)
