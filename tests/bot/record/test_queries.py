"""What /stats and /leaderboard read: reliability and pace from the calls, the server's pace, the CSV,
and privacy keeping a player off the boards."""

from __future__ import annotations

import csv
import io

import pytest

from bot.record import queries
from bot.record.recorder import Recorder
from tests.bot.record.play import GUILD, corsa


@pytest.fixture
async def recorder(service):
    rec = Recorder(service.db)
    service.listeners.append(rec.heard)
    return rec


async def test_reliability_and_pace(service, clock, recorder) -> None:
    await corsa(service, clock, ["51", "52"], steps=["add", "late", "add"], target=9)
    await recorder.settled()
    one, two = await queries.player_record(service.db, "51"), await queries.player_record(service.db, "52")
    assert one is not None and two is not None
    # "52" was called after the first move and let the deadline pass: one miss, the rest met
    assert (two.missed, one.missed) == (1, 0)
    assert two.reliability == pytest.approx(100 * two.met / (two.met + 1))
    assert one.reliability == 100
    # every move came 30 minutes after its call but the one after the deadline, an hour after it
    assert 0.5 <= one.median_hours <= 0.75 and 0.5 <= one.mean_hours <= 1
    pace = await queries.server_pace(service.db, GUILD, "corsa")
    assert pace.moves == one.met + two.met and pace.median_hours == pytest.approx(0.5)
    assert (await queries.server_pace(service.db, "elsewhere")).moves == 0


async def test_a_deadline_missed_in_a_running_game_shows_before_its_end(service, clock, recorder) -> None:
    await corsa(service, clock, ["51", "52"], steps=["add", "late"], target=30, finish=False)
    await recorder.settled()
    one, two = await queries.player_record(service.db, "51"), await queries.player_record(service.db, "52")
    assert one is not None and two is not None
    # the game still runs: "52"'s missed deadline counts, but nobody has played (finished) a game yet
    assert (two.missed, one.missed) == (1, 0) and (one.played, two.played) == (0, 0)
    assert one.met == 1 and one.reliability == 100 and two.reliability == 0
    assert one.median_hours == pytest.approx(0.5)
    assert await queries.board(service.db, "corsa", guild=GUILD, least=0) == []
    assert await queries.export_csv(service.db, GUILD) == ",".join(queries.EXPORT_COLUMNS) + "\r\n"
    # a finished game of the same players adds its own rows; the running game keeps counting apart
    await corsa(service, clock, ["51", "52"], channel="601", steps=["late"], target=9)
    await recorder.settled()
    one = await queries.player_record(service.db, "51")
    assert one is not None and one.played == 1 and one.missed == 1 and one.games[0].played == 1


async def test_privacy_and_the_csv(service, clock, recorder) -> None:
    for n in range(3):
        await corsa(service, clock, ["61", "62", "63"], channel=f"70{n}")
    await recorder.settled()
    board = await queries.board(service.db, "corsa", guild=GUILD, least=3)
    assert {b.user_id for b in board} == {"61", "62", "63"}
    assert [b.display for b in board] == sorted((b.display for b in board), reverse=True)
    await queries.set_hidden(service.db, "62", True)
    assert await queries.is_hidden(service.db, "62")
    assert {b.user_id for b in await queries.board(service.db, "corsa", guild=None, least=1)} == {"61", "63"}
    assert await queries.board(service.db, "corsa", guild="another", least=1) == []
    rows = list(csv.DictReader(io.StringIO(await queries.export_csv(service.db, GUILD))))
    assert len(rows) == 9 and {r["player_id"] for r in rows} == {"61", "62", "63"}
    await queries.set_hidden(service.db, "62", False)
    assert len(await queries.board(service.db, "corsa", guild=GUILD, least=3)) == 3


async def test_a_servers_board_counts_only_the_games_played_on_that_server(service, clock, recorder) -> None:
    """Issue 38: "81" played three rated games on another server and one here. Here they have one rated
    game, so `least_games=3` leaves them out, and the board says one game; everywhere they have four.
    The number is the same rating on both boards (one per player and game, from every server)."""
    for n in range(3):
        await corsa(service, clock, ["81", "82"], channel=f"70{n}", guild="900")
    await corsa(service, clock, ["81", "83"], channel="710")
    for n in range(3):
        await corsa(service, clock, ["83", "84"], channel=f"72{n}")
    await recorder.settled()
    here = await queries.board(service.db, "corsa", guild=GUILD, least=3)
    assert "81" not in {b.user_id for b in here} and "83" in {b.user_id for b in here}
    [mine] = [b for b in await queries.board(service.db, "corsa", guild=GUILD, least=1) if b.user_id == "81"]
    [everywhere] = [b for b in await queries.board(service.db, "corsa", guild=None, least=3) if b.user_id == "81"]
    assert (mine.games, everywhere.games) == (1, 4)
    assert mine.wins <= 1 and everywhere.wins >= mine.wins
    assert mine.display == everywhere.display
    [other] = [b for b in await queries.board(service.db, "corsa", guild="900", least=3) if b.user_id == "81"]
    assert other.games == 3 and other.display == mine.display
    [four] = [b for b in await queries.board(service.db, "corsa", guild=GUILD, least=4) if b.user_id == "83"]
    assert four.games == 4
