"""The platform's call in the channel: whoever must act after a move and did not before, with what
they owe and the deadline; nobody a game's own public event already names; nobody in a paused game."""

from __future__ import annotations

from datetime import UTC, datetime

from bot.i18n import t
from bot.turn_calls import awaited, calls
from engine.core import Event, Player
from tests.fixtures.testgame import GAME

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)


def test_the_next_player_is_called_once_with_the_deadline() -> None:
    state = GAME.setup(GAME.parse_settings({"target": 30}), [Player(id="1", name="A"), Player(id="2", name="B")],
                       3, T0)
    first = GAME.current(state)
    before = awaited(GAME, state)
    events = GAME.apply(state, first, {"type": "add", "amount": 1}, T0)
    (call,) = calls(GAME, state, before, events, T0)
    nxt = GAME.current(state)
    assert call.key == "core.turn_ping" and call.params["who"] == nxt and call.to is None
    text = t(call.key, "it", **call.params)
    assert text.startswith(f"<@{nxt}>, tocca a te: apri il tuo pannello") and "<t:" in text
    # a game that names the player itself is not doubled
    named = [Event(key="corsa.passed", params={"player": nxt})]
    assert calls(GAME, state, before, named, T0) == []
    # nobody is called in a paused game
    GAME.apply(state, "mod", {"type": "mod_pause"}, T0, moderator=True)
    assert calls(GAME, state, before, events, T0) == []
