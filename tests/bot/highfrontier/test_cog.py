"""The `/hf` cog's parsing: company names typed in either language, domes per player, panel labels."""

from __future__ import annotations

import pytest

from bot.cogs.highfrontier.reports import parse_domes
from bot.cogs.highfrontier.views import action_label, panel_actions, resolve_company
from engine.core import RuleError
from tests.engine.highfrontier.helpers import Table, pid


def test_company_names_resolve_in_both_languages_and_follow_the_side() -> None:
    t = Table(2)
    t.place("square2", 1, 4, ["Rosso"], side="black")
    assert resolve_company(t.state, "lanciatori", "it") == "triangle1"
    assert resolve_company(t.state, "Launch", "it") == "triangle1"
    assert resolve_company(t.state, "unicorno et ii", "it") == "square2"
    assert resolve_company(t.state, "hexagon2", "en") == "hexagon2"
    with pytest.raises(RuleError) as err:
        resolve_company(t.state, "Atlantide", "it")
    assert err.value.code == "hf.no_company"


def test_domes_by_mention_or_name() -> None:
    t = Table(3)
    assert parse_domes(t.state, f"<@{pid('Rosso')}> 2, bianco 1") == {pid("Rosso"): 2, pid("Bianco"): 1}
    with pytest.raises(RuleError):
        parse_domes(t.state, "Nessuno 2")


def test_the_private_panel_lists_what_the_current_player_may_do() -> None:
    t = Table(2)
    t.give("Rosso", 10)
    options = panel_actions(t.state, pid("Rosso"))
    labels = [action_label(t.state, a, "it") for a in options]
    assert "Rendi flottante Lanciatori" in labels and "Fine turno" in labels
    assert panel_actions(t.state, pid("Bianco")) == []  # not Bianco's turn, nothing owed


def test_the_panel_offers_the_other_isotope_bank_once_a_wildcat_bank_exists() -> None:
    t = Table(2)
    t.place("triangle1", 3, 2, ["Rosso"])
    t.do("Bianco", type="first_isotope", domes={})
    assert not [a for a in panel_actions(t.state, pid("Rosso")) if a.type == "bank"]
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 1})
    options = [a for a in panel_actions(t.state, pid("Rosso")) if a.type == "bank"]
    assert [a.bank for a in options] == ["wildcat"]  # the main one is already Rosso's
    assert action_label(t.state, options[0], "it") == "Usa la banca selvaggia"
    assert action_label(t.state, options[0], "en") == "Use the wildcat bank"


def test_me_shows_your_wildcat_vault_and_chosen_bank() -> None:
    from bot.cogs.highfrontier.texts import me_text

    t = Table(2)
    t.place("triangle1", 3, 2, ["Rosso"])
    t.do("Bianco", type="first_isotope", domes={})
    assert "selvaggia" not in me_text(t.state, pid("Rosso"), "it")
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 2})
    t.do("Rosso", type="bank", bank="wildcat")
    assert "Banca selvaggia: isotopi 2, fiduciari 0; i tuoi pagamenti passano dalla banca selvaggia." in me_text(
        t.state, pid("Rosso"), "it")


def test_me_tells_of_a_homeless_bank_in_either_language() -> None:
    from bot.cogs.highfrontier.texts import me_text

    t = Table(2)
    t.place("triangle1", 3, 2, ["Rosso"])
    t.do("Bianco", type="first_isotope", domes={})
    assert "homeless" not in me_text(t.state, pid("Rosso"), "en")
    t.do("Rosso", type="homeless", bank="main", cause="comets")
    assert "The main bank is homeless: it keeps transacting until a new bank opens" in me_text(
        t.state, pid("Rosso"), "en")
    assert "La banca principale è senza dimora" in me_text(t.state, pid("Bianco"), "it")
