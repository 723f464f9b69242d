"""The seat players of the season harness: one per game, registered by kind. A seat player knows how a
person plays its game through Discord: the season's settings, how a called player makes one move
(chosen among the engine's legal actions with the season's seed, typed as a slash command or clicked
as a button), the standing orders an absent player leaves, and how to draw again each picture the game
posts. The season itself (tests/season/harness.py) is the same for every game.

A new game joins the season by adding `tests/season/seats/<kind>.py` with a `SeatPlayer` subclass
decorated with `@seat`; `tests/season/test_season.py` fails until every registered game has one.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from typing import Any, ClassVar

from bot.pictures import board_of, picture_labels
from engine.core import get_game

SEATS: dict[str, type[SeatPlayer]] = {}


def seat(cls: type[SeatPlayer]) -> type[SeatPlayer]:
    """Register a game's seat player (a class decorator)."""
    SEATS[cls.kind] = cls
    return cls


def seat_of(kind: str) -> SeatPlayer:
    """The seat player of `kind` (its module `tests/season/seats/<kind>.py` is imported on demand)."""
    if kind not in SEATS:
        importlib.import_module(f"tests.season.seats.{kind}")
    return SEATS[kind]()


class SeatPlayer:
    """How a season of one game is played. Subclasses set `kind` and `settings` and write `move` and
    `orders`; `play` is the season's shape, the same for every game."""

    kind: ClassVar[str] = ""
    settings: ClassVar[str] = ""  # a short season, as typed in /game create's settings
    rounds: ClassVar[int] = 40  # at most this many rounds (hands' moves, then the next deadline)
    moves_per_round: ClassVar[int] = 6  # the hands' moves in a round, at most
    undo_round: ClassVar[int] = 1  # after this round's moves the moderator undoes the last one
    restart_round: ClassVar[int] = 2  # after this round the bot restarts
    has_board: ClassVar[bool] = True  # the web page shows a board
    names: ClassVar[tuple[str, ...]] = ()  # words the game's data puts in sentences (not the bot's words)

    async def move(self, season: Any, user: Any, rng: random.Random) -> bool:
        """One move of `user`, who is awaited; False when they have nothing the seat knows to play."""
        raise NotImplementedError

    async def orders(self, season: Any, user: Any) -> None:
        """`user` leaves standing orders through the game's own command."""
        raise NotImplementedError

    async def opening(self, season: Any, rnd: int) -> None:
        """What the hands do at the start of round `rnd` before anyone is called (a Nomic letter)."""

    def picture(self, what: str, state: Any, viewer: str | None, lang: str) -> bytes | None:
        """A fresh drawing of the picture `what` (from a posted file's name) of `state`, for `viewer`
        in `lang`: the platform's boards by default; a game with pictures of its own overrides it."""
        return board_of(self.kind, state, viewer, what, picture_labels(self.kind, lang))

    def legal(self, state: Any, pid: str) -> list[Any]:
        return [a for a in get_game(self.kind).legal_actions(state, pid) if getattr(a, "type", "") != "core_away"]

    async def awaited(self, season: Any) -> list[Any]:
        """The hands the game waits for now, in seat order."""
        state = await season.state()
        if state.status != "active":
            return []
        waiting = get_game(self.kind).awaiting(state)
        return [season.users[n] for n in season.hands if season.users[n].id in waiting]

    async def stalled(self, season: Any) -> bool:
        """Nothing moves by itself (no deadline) and the game waits on an absent player: they come back
        and play by hand from then on, as a table would ask them to. False when nobody can."""
        state = await season.state()
        waiting = get_game(self.kind).awaiting(state)
        absent = [n for n, u in season.users.items() if u.id in waiting and n not in season.hands]
        if not absent:
            return False
        await season.come_back(absent[0])
        return True

    async def play(self, season: Any) -> None:
        """The season: the opening, the absences, then rounds of the hands' moves and a deadline that
        lapses, with an undo and a restart on the way, until the game ends."""
        await season.open_season()
        await season.go_away()
        for rnd in range(self.rounds):
            if (await season.state()).status != "active":
                return
            await self.opening(season, rnd)
            moved = 0
            while moved < self.moves_per_round:
                hands = await self.awaited(season)
                if not hands or not await self.move(season, hands[moved % len(hands)], season.rng):
                    break
                moved += 1
            if rnd == self.undo_round:
                await season.undo()
            if rnd == self.restart_round:
                await season.restart()
            if (await season.state()).status != "active":
                return
            if not await season.lapse() and not moved and not await self.awaited(season) \
                    and not await self.stalled(season):
                state = await season.state()
                game = get_game(self.kind)
                owed = {season.user_of(p).username: sorted({a.type for a in self.legal(state, p)})
                        for p in game.awaiting(state)}
                season.problems["season"].append(f"{self.kind} waits on nothing the season can do "
                                                 f"(round {rnd}): no deadline, and the seat plays none of {owed}")
                return


Chooser = Callable[[list[Any]], Any]
