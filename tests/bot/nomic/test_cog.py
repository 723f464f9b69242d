"""The pieces of /nomic that parse what a Scribe pastes or uploads."""

from __future__ import annotations

from pathlib import Path

import pytest

from bot.cogs.nomic.views import parse_ruleset


def test_pasted_pages_become_rules() -> None:
    text = """Demo Nomic

1. Le regole
Tutti obbediscono.

1400. I Gladiatori
Esistono i Gladiatori.
Hanno un Numero Magico.
1) si confrontano le cifre
2750. Vuota

2800. Nuova
Testo.
"""
    assert parse_ruleset(text) == [
        {"number": 1, "title": "Le regole", "text": "Tutti obbediscono."},
        {"number": 1400, "title": "I Gladiatori", "text": "Esistono i Gladiatori.\nHanno un Numero Magico.\n1) si confrontano le cifre"},
        {"number": 2800, "title": "Nuova", "text": "Testo."},
    ]  # a rule without text (2750) is left out, lines before the first rule too


def test_the_rulebook_itself_imports_rule_by_rule() -> None:
    """The Italian rulebook as the group published it: every rule found, list items kept as text."""
    root = Path(__file__).resolve().parents[3]  # the checkout; the shared seeds sit beside it (or its worktree dir)
    found = [p / "shared" / "seeds" / "002_1e586876702b88c6.txt" for p in (root.parent, root.parent.parent)]
    text = next((p for p in found if p.exists()), None)
    if text is None:
        pytest.skip("the shared rulebooks are not next to this checkout")
    rules = parse_ruleset(text.read_text(encoding="utf-8"))
    assert [r["number"] for r in rules] == [1, 2, 3, 4, 6, 7, 2600, 1700, 10, 100, 2100, 300, 600, 2500, 1300,
                                            1400, 1500, 1600, 1800, 1900, 2000, 2200, 2300, 2400, 2700]
    gladiators = next(r for r in rules if r["number"] == 1400)
    assert gladiators["title"] == "I Gladiatori" and "2c) se differiscono di uno" in gladiators["text"]
