"""Reports of base-game events are believed only where the rules allow them: the doer's own turn,
once where the event happens once, and never into another player's holdings."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import RuleError
from engine.highfrontier import GAME
from tests.engine.highfrontier.helpers import Table, pid


def refused(t: Table, who: str, code: str, **action: Any) -> None:
    """The report is refused with `code` and changes nothing (the Table's own turn passing aside)."""
    before = t.state.model_dump(exclude={"clock"})
    with pytest.raises(RuleError) as err:
        GAME.apply(t.state, pid(who), action, t.now)
    assert err.value.code == code
    assert t.state.model_dump(exclude={"clock"}) == before


@pytest.mark.parametrize("action", [
    {"type": "contract_advance", "aqua": 100},
    {"type": "exodus"},
    {"type": "default_token"},
    {"type": "parade"},
    {"type": "bernal"},
    {"type": "risk_one"},
    {"type": "first_isotope", "domes": {}},
    {"type": "usurp"},
])
def test_a_player_off_turn_cannot_report_their_own_base_game_events(action: dict[str, Any]) -> None:
    t = Table(3)  # Rosso is on turn
    refused(t, "Bianco", "core.not_your_turn", **action)


def test_twenty_cash_advances_in_a_turn_are_one() -> None:
    """The audit's `contract_advance 100` x20: one contract's advance a turn (5A4i), the rest refused."""
    t = Table(2)
    t.do("Rosso", type="contract_advance", aqua=100)
    assert t.aqua("Rosso") == 100
    refused(t, "Rosso", "hf.advance_done", type="contract_advance", aqua=100)
    t.do("Rosso", type="turn_end")
    refused(t, "Rosso", "core.not_your_turn", type="contract_advance", aqua=100)
    t.do("Bianco", type="turn_end")
    t.do("Rosso", type="contract_advance", aqua=10)  # a new turn, a new contract
    assert t.aqua("Rosso") == 110


def test_the_same_parade_reported_twice_is_refused() -> None:
    t = Table(2)
    t.place("square1", 2, 2, ["Rosso"])
    t.do("Rosso", type="parade")
    assert t.co("square1").row == 3
    refused(t, "Rosso", "hf.parade_done", type="parade")
    assert t.co("square1").row == 3
    t.do("Rosso", type="turn_end")
    t.do("Bianco", type="turn_end")
    t.do("Rosso", type="parade")  # the next turn's parade is another one
    assert t.co("square1").row == 4


def test_robbing_another_players_vault_off_turn_is_refused() -> None:
    t = Table(3)
    t.do("Rosso", type="first_isotope", domes={pid("Rosso"): 1, pid("Bianco"): 1})
    t.do("Bianco", type="isotopes", delta=1)  # Bianco's own turn (the table passes it)
    t.do("Bianco", type="turn_end")
    t.do("Verde", type="homeless", bank="main", cause="combat")
    for who in list(t.state.deflation_order):  # the panic's deflation first
        name = {pid(n): n for n in ("Rosso", "Bianco", "Verde")}[who]
        while t.state.deflation.get(who):
            t.do(name, type="deflate")
    refused(t, "Rosso", "core.not_your_turn", type="rob", bank="main", victim=pid("Bianco"), isotopes=1)


def test_a_ledger_report_only_ever_moves_the_reporters_own_aqua() -> None:
    """The action names no other player: Bianco's income goes to Bianco, whoever is on turn."""
    t = Table(2)
    t.do("Bianco", type="ledger", kind="fundraising", amount=12)
    assert (t.aqua("Rosso"), t.aqua("Bianco")) == (0, 12)
