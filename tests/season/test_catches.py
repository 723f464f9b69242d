"""The season harness fails on what it is for: a picture that is not the state it claims, a change of
the game `/game log` leaves out, an English word in the Italian channel, a command named as another
client shows it, a bare amount, a moderator's entry hidden from everyone."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot import pictures, telling
from bot.cogs import game as game_cog
from bot.i18n import catalog
from engine.core import get_game
from tests.season import checks
from tests.season.harness import season

pytestmark = pytest.mark.e2e


async def test_a_stale_picture_a_missing_log_line_and_english_in_the_italian_channel_fail_the_season(
        tmp_path: Path, monkeypatch: Any) -> None:
    # a board cache that forgets the version: later boards carry the first one's drawing under their own name
    monkeypatch.setattr(pictures, "_key", lambda row, viewer, picture, lang: (row.kind, row.id, 0, 0,
                                                                                f"{viewer or 'public'}:{picture}:{lang}"))
    told = telling.described_moves

    async def forgetful(svc: Any, row: Any, rows: list[Any], *args: Any, **kwargs: Any) -> list[str]:
        # /game log leaves out the ends of turns
        return await told(svc, row, [r for r in rows if '"turn_end"' not in r.action_json], *args, **kwargs)

    monkeypatch.setattr(telling, "described_moves", forgetful)
    monkeypatch.setattr(game_cog, "described_moves", forgetful)  # /game log took it by name
    # High Frontier's Italian turn announcement with an English sentence left in it
    monkeypatch.setitem(catalog("it"), "hf.turn", catalog("it")["hf.turn"] + " Now it is your turn.")
    async with season("highfrontier", 7, tmp_path) as played:
        await played.open_season()
        game = get_game("highfrontier")
        for _ in range(3):
            state = await played.state()
            user = played.user_of(sorted(game.awaiting(state))[0])
            await played.slash(user, "hf report turn-end")
            await played.slash(user, "game status")
        found = played.problems
    assert any("is not the stored game at version" in p for p in found["pictures"]), found["pictures"]
    assert any("new line(s) in /game log" in p for p in found["log"]), found["log"]
    assert any("your in a text for a reader of it" in p for p in found["commands"]), found["commands"]


TREES = {"it": frozenset({"hf", "hf evento", "hf evento registro", "partita", "partita regole", "galactica",
                          "galactica pannello"}),
         "en": frozenset({"hf", "hf report", "hf report ledger", "game", "game rules", "galactica",
                          "galactica panel"})}


def test_a_command_named_as_another_client_shows_it_is_found() -> None:
    said = "Usa /hf report ledger per l'entrata, oppure (/galactica panel); il resto con /game rules."
    found = checks.command_problems(said, "it", TREES)
    assert len(found) == 3 and "/hf report ledger" in found[0] and "/galactica panel" in found[1]
    assert checks.command_problems("Usa /hf evento registro e /partita regole.", "it", TREES) == []
    assert checks.command_problems("Use /hf report ledger.", "en", TREES) == []
    # a slash in a link, a fraction or a date is no command
    assert checks.command_problems("https://example.org/game/rules 1/2 24/11", "it", TREES) == []


def test_words_of_the_other_language_and_bare_amounts_are_found() -> None:
    assert checks.foreign_words("Tocca a **Bob**: the deadline is tomorrow.", "it")
    assert checks.foreign_words("Bob gioca la fase.", "en")
    assert checks.foreign_words("Tocca a Bob, scadenza domani.", "it") == []
    assert checks.foreign_words("Erin propone «The King's law».", "it", ["The King's law"]) == []
    assert checks.number_problems("Bob paga 300.")
    assert checks.number_problems("Bob paga 300 N.") == []
    assert checks.stray_problems("la partita riprende da prima di:\\n`#20` **Bob**")
    assert checks.stray_problems("la partita riprende da prima di:\n`#20` **Bob**") == []


def test_a_log_without_a_line_for_a_change_or_naming_nobody_is_found() -> None:
    before = ["`#2` **Bob** — rinforza Gallia", "`#1` **Alice** — rinforza Roma"]
    after = ["`#3` **Alice** — chiude il turno", *before]
    actors = ["**Alice**", "**Bob**", "<@", "🛡️"]
    assert checks.log_problems(before, after, 1, "(mossa riservata)", actors) == []
    assert checks.log_problems(before, after, 2, "(mossa riservata)", actors)  # a deadline left out
    assert checks.log_problems(before, ["`#3` — chiude il turno", *before], 1, "(mossa riservata)", actors)
    assert checks.log_problems(before, [*before[::-1]], 0, "(mossa riservata)", actors)  # oldest first
    hidden = ["`#3` <@9> 🛡️ — (mossa riservata)", *before]
    assert checks.log_problems(before, hidden, 1, "(mossa riservata)", actors)


def test_a_picture_that_does_not_say_what_it_shows_has_no_claim() -> None:
    assert checks.picture_claim("galactica-3-v12-full.png") == checks.Claim("galactica", 3, 12, "full")
    assert checks.picture_claim("galactica-3-stock.png") is None
    assert checks.picture_claim("impero-buyable.png") is None


async def test_a_name_a_player_typed_is_not_judged_as_the_bots_grammar(tmp_path: Path) -> None:
    """Impero seed 47: Erin's company "Erin 1" read in her English /game log as "Erin 1 buys node …" is
    her name and the bot's verb, not "1 buys" said wrongly; the same words written by the bot still fail."""
    from tests.e2e.conformance.checks import wording_problems

    async with season("impero", 47, tmp_path) as played:
        await played.open_season()
        erin = played.users["erin"]
        await played.slash(erin, "impero create-company", name="Erin 1", capital="100")
        nodes = await played.emu.autocomplete(erin, "impero buy-node", focused="node", value="", company="Erin 1")
        await played.slash(erin, "impero buy-node", company="Erin 1", node=nodes[0]["value"])
        await played.slash(erin, "game log")
        logged = played.emu.messages_seen(erin, played.emu.general)[-1].content
        found = played.problems["text"]
    assert "Erin 1 buys node" in logged  # her log in English names her company as she typed it
    assert not any("wrong plural" in p for p in found), found
    assert wording_problems("Il Duca 1 buys node K5", "en")  # the check itself still holds the bot's words


def test_an_undo_that_lists_more_entries_than_it_counts_is_caught() -> None:
    """Nomic's undo of one answer took the deadline's entry after it too, and said "1 voce" over two lines."""
    told = "🛡️ <@1> ha annullato 1 voce; la partita riprende da prima di:\n`#5` **Alice** — risponde\n`#6` ⏰ x"
    assert checks.undo_count_problems(told)
    assert checks.undo_count_problems(told.replace("1 voce", "2 voci")) == []
    assert checks.undo_count_problems("Da annullare (1 voce):\n`#5` **Alice** — risponde\n`#6` ⏰ x")

