"""The turn-order dice are told when the game starts (issue 37): every roll, each tie's roll again, and
who starts; and the log says which phase a player closed."""

from __future__ import annotations

import pytest

from bot.i18n import t
from engine.core import RuleError
from engine.galactica import GAME
from engine.galactica import actions as a
from tests.engine.galactica.helpers import T0, new_game, started


def test_the_start_tells_every_roll_and_each_tie_rolled_again() -> None:
    seen_tie = seen_plain = False
    for seed in range(1, 60):
        state = new_game(3, seed)
        [told] = GAME.start_events(state)
        rolls = [f"{p.name} {state.order_rolls[p.id]}" for p in state.players]
        text = t(told.key, "en", **told.params)
        assert all(r in text for r in rolls) and f"{state.name_of(state.starter or '')} starts" in text, text
        if state.order_rerolls:
            seen_tie = True
            assert told.key == "galactica.order_rolled_tie"
            last = state.order_rerolls[-1]
            assert state.starter == min(last, key=lambda p: last[p])
            assert ", ".join(f"{state.name_of(p)} {r}" for p, r in last.items()) in text
            assert "di nuovo" in t(told.key, "it", **told.params)
        else:
            seen_plain = True
            assert told.key == "galactica.order_rolled"
    assert seen_tie and seen_plain


def test_a_logged_end_phase_names_the_phase_it_closed_and_a_stale_one_is_refused() -> None:
    state = started()
    logged = GAME.as_logged(state, a.EndPhase())
    assert logged == a.EndPhase(phase="production")
    assert t("log.galactica.end_phase", "en", phase="production") == "closes the production phase"
    GAME.apply(state, state.starter or "", logged, T0)
    assert state.phase == "movement"
    with pytest.raises(RuleError) as err:  # a second click on the production phase's button
        GAME.apply(state, state.starter or "", logged, T0)
    assert err.value.code == "galactica.phase_passed"


def test_standing_orders_say_from_where_to_where_a_fleet_moved() -> None:
    from engine.galactica.postures import _said

    state = started()
    me = state.starter or ""
    ev = _said(state, me, a.Move(fleet="K1", path=["K2", "K3"]))
    text = t(ev.key, "it", **ev.params)
    assert "K1" in text and "K3" in text and text.startswith(f"Ordini permanenti di {state.name_of(me)}: "), text
    english = t(ev.key, "en", **ev.params)
    assert "K1" in english and "K3" in english, english
    ev = _said(state, me, a.Build(planet="vulcania", slot=2, building="shipyard"))
    built = t(ev.key, "en", **ev.params)
    assert "vulcania" in built.lower() and "shipyard" in built.lower(), built
