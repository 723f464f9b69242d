"""The conformance suite catches what it is for: Corsa, the test game, tells the next player only by
DM, so with the platform's call in the channel switched off nobody is called; and a bot whose public
answers take the actor's language instead of the server's is caught by the language check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import bot.service
import bot.ui
from tests.e2e.test_conformance import play

pytestmark = pytest.mark.e2e


async def test_a_game_that_forgets_to_call_the_next_player_fails(tmp_path: Path, monkeypatch: Any) -> None:
    # Corsa tells the next player by DM only; without the platform's call (bot/turn_calls.py) the
    # channel never names them
    monkeypatch.setattr(bot.service, "calls", lambda *args: [])
    found = await play("corsa", tmp_path)
    assert any("must act now and the channel does not call them" in p for p in found["calls"]), found["calls"]
    assert found["language"] == [] and found["words"] == [] and found["text"] == []


async def test_a_game_that_posts_in_the_actors_language_fails(tmp_path: Path, monkeypatch: Any) -> None:
    async def actors_language(interaction: Any) -> str:
        return bot.ui.lang(interaction)

    monkeypatch.setattr(bot.ui, "channel_lang", actors_language)
    found = await play("corsa", tmp_path)
    # Erin's lobby and start, posted in her English in the Italian server
    assert any(p.startswith("public message in en, for a reader of it") and "Corsa" in p
               for p in found["language"]), found["language"]


def test_a_call_that_says_its_opening_twice_is_caught() -> None:
    from tests.e2e.conformance.checks import wording_problems

    assert wording_problems("<@1>, tocca a te: tocca a te: al massimo una transazione.", "it")
    assert wording_problems("<@1>, your turn: your turn: at most one transaction.", "en")
    assert not wording_problems("<@1>, tocca a te: al massimo una transazione. Scadenza: domani.", "it")


def test_an_italian_a_before_a_name_in_a_is_caught() -> None:
    from tests.e2e.conformance.checks import wording_problems

    assert wording_problems("Tocca a Alice.", "it")  # Italian writes "ad Alice"
    assert wording_problems("sposta 3 legionari da Roma a Asia", "it")
    assert not wording_problems("Tocca ad Alice. Tocca a Bob. Tocca a <@1>.", "it")


async def test_orders_told_in_the_channel_are_caught(tmp_path: Path, monkeypatch: Any) -> None:
    import engine.core.orders as orders
    from engine.core import Event

    found = await play("corsa", tmp_path)
    assert found["orders"] == [], found["orders"]  # Corsa keeps its orders private

    real = orders.set_orders

    def loud(game: Any, state: Any, actor: str, action: Any, now: Any) -> list[Any]:
        return [*real(game, state, actor, action, now), Event(key="core.orders_cleared")]  # a public event

    monkeypatch.setattr(orders, "set_orders", loud)
    monkeypatch.setattr("engine.core.game.set_orders", loud)
    found = await play("corsa", tmp_path / "loud")
    assert any("tells others of a player's standing orders" in p for p in found["orders"]), found["orders"]


async def test_a_deadline_that_leaves_no_log_line_is_caught(tmp_path: Path, monkeypatch: Any) -> None:
    # the deadline's line is what bot/service.py writes beside a tick: without it, the change is untold
    monkeypatch.setattr(bot.service, "deadline_note", lambda events, now: None)
    found = await play("corsa", tmp_path)
    assert any("by a deadline" in p and "has no line in /game log" in p for p in found["told"]), found["told"]


async def test_a_deadline_line_that_repeats_a_readers_dm_is_caught(tmp_path: Path, monkeypatch: Any) -> None:
    # as /game log read it before: a deadline's line said every event, those DMed to one player too
    # (Corsa tells the player who timed out alone, "Time is up for Alice: +1.")
    import bot.telling
    from bot.i18n import t

    def every_event(action: dict[str, Any], language: str) -> str:
        return " · ".join(t(e["key"], language, **(e.get("params") or {})) for e in action.get("events") or [])

    monkeypatch.setattr(bot.telling, "told_words", every_event)
    found = await play("corsa", tmp_path)
    assert any("repeats a DM" in p for p in found["deadline_log"]), found["deadline_log"]


def test_a_log_line_that_does_not_say_who_acted_is_caught() -> None:
    from tests.e2e.conformance.table import LOG_LINE

    assert LOG_LINE.match("`#3` **Bob** — rinforza la Gallia")
    assert LOG_LINE.match("`#4` ⏰ **la scadenza** — Bob ha finito il tempo")
    assert LOG_LINE.match("`#5` <@77> 🛡️ — mette in pausa la partita")
    assert not LOG_LINE.match("`#6` — la partita va avanti")
    assert not LOG_LINE.match("`#7` Bob — chiude la fase")


async def test_a_post_naming_a_command_as_another_languages_client_shows_it_is_caught(tmp_path: Path,
                                                                                     monkeypatch: Any,
                                                                                     request: Any) -> None:
    # without the command names taken from the registered tree, Italian sentences keep the English names
    # their catalogs were written with ("/game log" where an Italian client lists "/game registro")
    import bot.i18n
    import bot.main

    monkeypatch.setattr(bot.main, "register_command_names", lambda tree: None)
    monkeypatch.setattr(bot.i18n, "_COMMANDS", {})  # nor any names an earlier bot of this process registered
    bot.i18n.commands_in.cache_clear()
    request.addfinalizer(bot.i18n.commands_in.cache_clear)  # no unrenamed sentence outlives the test
    found = await play("corsa", tmp_path)
    assert any("which a it client does not show" in p for p in found["commands"]), found["commands"]


async def test_a_game_without_moves_from_the_table_fails(tmp_path: Path) -> None:
    # Corsa, the test game, registers no moves for the private page (bot/tablemoves.py)
    found = await play("corsa", tmp_path)
    assert any("no player's private page offers a move" in p for p in found["table"]), found["table"]
