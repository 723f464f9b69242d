"""The conformance suite: every game of the registry, played by an Italian server's table with one
en-US player (tests/e2e/conformance), is held to one standard of play:

- language: public posts, shared panels and channel pictures in the server's language, ephemeral
  replies and DMs in their reader's;
- calls: whoever must act now is called in the channel, with a mention, what they owe and the deadline;
- words: no public move answered with a bare "Fatto." / "Done.";
- text: no catalog key, id, Python repr, unfilled field, wrong plural or article in any message;
- rules_log: `/game rules` gives a real summary, `/game log` reads in words, newest first;
- panel: the turn call opens the called player's panel, which offers moves; a player with no legal
  move is offered none;
- privacy: a move only its actor's view shows is posted nowhere, DMed to nobody else, and `/game log`
  keeps it from the others; a number a player's view hides (a drawn card's price, an offer's terms, a
  secret number) appears in no channel post, no DM to them and no line of their `/game log`;
- orders: the game offers standing orders, and a player's orders are told to nobody else (channel,
  DMs, others' `/game log`);
- told: every change of the game (a move, a deadline's, a moderator's) adds a line to `/game log`, and
  every line says who or what acted (a player, a moderator, the deadline) before what was done;
- commands: no text names a command as only a client in another language shows it;
- table: a player plays a move from their private web page (the game lists their moves there), taken
  once and logged as from the table, watched as every other step;
- deadline_log: what a deadline did is one public line of `/game log` and of the web table's log, the
  same for every reader of a language (players and spectators), in their language, said once: never a
  reader's own DM (a reminder, "your turn timed out"), nor a call to act; a deadline that changes what
  everyone sees says what in words, not only that it told its players;
- notes: a player's `/note` is read back to them alone, in their language, and reaches nobody else
  (channel, DMs, others' `/note` and `/game log`) nor the game's record;
- substitute: in mid-game a seat offered by a moderator passes to a volunteer (the ad's button, a
  moderator's confirmation) with everything it holds: the newcomer's view is the leaver's renamed,
  the game awaits them where it awaited the leaver, the leaver's id is gone from the state;
- ending: a player can concede and the game goes on, a draw every player still in play agrees to
  ends the game, and the end is summed up once in the channel (standing
  with the conceder last, the final board);
- legible: no text on a picture drawn during the play (boards, charts, a game's own pictures) shows
  smaller than 9 px when Discord shows the picture 550 px wide in a chat column (a narrower picture
  at its own size): tests/e2e/conformance/pictures.py measures every text Pillow draws.

Each game is played once (its demo) and every check reads that play. A (game, check) pair known to
fail is marked xfail(strict): fixing the game turns it into an XPASS, and its mark is removed.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core.registry import BUILTIN_GAMES
from tests.e2e.conformance.deadlines import check_deadline_log
from tests.e2e.conformance.demos import demo_of
from tests.e2e.conformance.ending import check_ending
from tests.e2e.conformance.from_table import check_table_moves
from tests.e2e.conformance.notes import check_notes
from tests.e2e.conformance.substitute import check_substitute
from tests.e2e.conformance.table import CHECKS, table

pytestmark = pytest.mark.e2e

GAMES = tuple(module.rsplit(".", 1)[1] for module in BUILTIN_GAMES)
# (game, check) -> what fails today; each is a defect of that game's own code (issue 25)
KNOWN: dict[tuple[str, str], str] = {
}

_PLAYED: dict[str, dict[str, list[str]]] = {}


async def play(kind: str, tmp_path: Path) -> dict[str, list[str]]:
    """Play the game's demo on a fresh table; the problems found, by check."""
    async with table(tmp_path) as seated:
        await demo_of(kind)(seated)
        await check_table_moves(seated)
        await check_deadline_log(seated)  # the next deadline lapses: its log line, as every reader reads it
        await seated.check_rules_and_log()
        await check_notes(seated)
        await check_substitute(seated)  # a seat changes hands, the game goes on
        await check_ending(seated)  # last: it ends the game
        return {check: sorted(set(found)) for check, found in seated.problems.items()}


async def problems_of(kind: str, tmp_path_factory: Any) -> dict[str, list[str]]:
    if kind not in _PLAYED:
        _PLAYED[kind] = await play(kind, tmp_path_factory.mktemp(f"conformance-{kind}"))
    return _PLAYED[kind]


def cases() -> list[Any]:
    out = []
    for kind in GAMES:
        for check in CHECKS:
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN[(kind, check)])] if (kind, check) in KNOWN else []
            out.append(pytest.param(kind, check, marks=marks, id=f"{kind}-{check}"))
    return out


def test_every_registered_game_has_a_demo() -> None:
    for kind in GAMES:
        assert callable(demo_of(kind)), f"{kind} has no demo in tests/e2e/conformance/demos"


@pytest.mark.parametrize(("kind", "check"), cases())
async def test_game_keeps_the_standard(kind: str, check: str, tmp_path_factory: Any) -> None:
    found = (await problems_of(kind, tmp_path_factory))[check]
    assert found == [], f"{kind} fails {check}:\n" + "\n".join(found[:15])
