"""The players' record through the emulator: two short games played to the end, then /stats,
/leaderboard, the moderators' CSV and a player who hides their record; a deadline missed in a game
still running, in /stats before the game ends."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


async def play_to_the_end(emulator: Any, araldo: Any, players: list[Any], channel: Any) -> None:
    created = await emulator.slash(players[0], "game create", game="corsa", settings="target=9 turn_hours=2",
                                   channel=channel)
    assert not created.ephemeral
    for p in players[1:]:
        await emulator.slash(p, "game join", channel=channel)
    await emulator.slash(players[0], "game start", channel=channel)
    by_id = {str(p.id): p for p in players}
    for _ in range(10):
        row = await araldo.service.in_channel(str(channel.id), live_only=False)
        _, state = await araldo.service.state(row.id)
        if state.status == "finished":
            break
        await emulator.slash(by_id[state.players[state.turn].id], "corsa add", amount=3, channel=channel)
    assert state.status == "finished"


def pngs(reply: Any) -> list[Any]:
    return [a for m in reply.messages for a in m.attachments if a.filename.endswith(".png")]


async def test_stats_and_leaderboard_after_two_games(emulator: Any, araldo: Any) -> None:
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    await play_to_the_end(emulator, araldo, [alice, bob], emulator.general)
    await play_to_the_end(emulator, araldo, [bob, carol, alice], emulator.add_channel(emulator.guild, "rivincita"))
    await araldo.recorder.settled()
    await araldo.notifier.drain()  # the endings' summaries (with their final boards) are out before we ask

    mine = await emulator.slash(alice, "stats show")
    assert mine.ephemeral and "2 partite concluse" in mine.content
    assert pngs(mine) and pngs(mine)[0].width >= 500
    only = await emulator.slash(carol, "stats show", game="corsa")
    assert only.ephemeral and "1 partita conclusa" in only.content

    board = await emulator.slash(carol, "leaderboard", game="corsa", least_games=1)
    assert not board.ephemeral and "Classifica di Corsa" in board.content and pngs(board)
    for name in ("alice", "bob", "carol"):
        assert name in board.content.lower()
    assert "Ritmo del server" in board.content
    # what the board ranks and what the number is, said with it (docs/record.md, "Commands")
    assert " qui · " in board.content and "da tutti i server" in board.content
    strict = await emulator.slash(carol, "leaderboard", game="corsa")  # three rated games by default
    assert "nessuno" in strict.content.lower()

    refused = await emulator.slash(alice, "stats export")
    assert refused.ephemeral and not [a for m in refused.messages for a in m.attachments]
    exported = await emulator.slash(emulator.owner, "stats export")
    data = [a for m in exported.messages for a in m.attachments if a.filename.endswith(".csv")][0].data
    rows = list(csv.DictReader(io.StringIO(data.decode())))
    assert len(rows) == 5 and {r["game"] for r in rows} == {"corsa"}
    assert sum(int(r["won"]) for r in rows) == 2 and all(r["rated"] == "1" for r in rows)


async def test_privacy_hides_a_record_from_others_and_boards(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    await play_to_the_end(emulator, araldo, [alice, bob], emulator.general)
    await araldo.recorder.settled()
    seen = await emulator.slash(alice, "stats show", player=bob)
    assert seen.ephemeral and "bob" in seen.content.lower() and pngs(seen)

    hid = await emulator.slash(bob, "stats privacy", hidden=True)
    assert hid.ephemeral and "nascosto" in hid.content
    refused = await emulator.slash(alice, "stats show", player=bob)
    assert refused.ephemeral and "privato" in refused.content and not pngs(refused)
    own = await emulator.slash(bob, "stats show")
    assert pngs(own), "the player still sees their own record"
    board = await emulator.slash(alice, "leaderboard", game="corsa", least_games=1)
    assert "alice" in board.content.lower() and "bob" not in board.content.lower()

    await emulator.slash(bob, "stats privacy", hidden=False)
    board = await emulator.slash(alice, "leaderboard", game="corsa", least_games=1)
    assert "bob" in board.content.lower()


async def test_a_deadline_missed_in_a_running_game_shows_in_stats_before_its_end(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        alice, bob = emulator.user("alice"), emulator.user("bob")
        await emulator.slash(alice, "game create", game="corsa", settings="target=30 turn_hours=2")
        await emulator.slash(bob, "game join")
        await emulator.slash(alice, "game start")
        row = await bot.service.in_channel(str(emulator.general.id), live_only=False)
        _, state = await bot.service.state(row.id)
        first, second = (alice, bob) if state.players[state.turn].id == str(alice.id) else (bob, alice)
        clock.advance(minutes=30)
        await emulator.slash(first, "corsa add", amount=3)
        clock.advance(hours=2, minutes=5)  # the second player's turn deadline passes
        await bot.deadlines.wake(row.id)
        await bot.recorder.settled()
        _, state = await bot.service.state(row.id)
        assert state.status == "active"

        late = await emulator.slash(second, "stats show")
        assert late.ephemeral and "0 partite concluse" in late.content and "affidabilità 0%" in late.content
        prompt = await emulator.slash(first, "stats show")
        assert "affidabilità 100%" in prompt.content
