"""Shared helpers for the High Frontier Module 5 tests: a table of named players, actions by dict."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import Event, Player
from engine.highfrontier import GAME
from engine.highfrontier.actions import OWN_TURN
from engine.highfrontier.models import Company, HfState

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
NAMES = ("Rosso", "Bianco", "Verde", "Viola", "Giallo", "Grigio")
TURN_ONLY = ("event_roll", "turn_end", "year", "end_game")  # the current player's reports


def players(n: int) -> list[Player]:
    return [Player(id=str(2001 + i), name=NAMES[i]) for i in range(n)]


def pid(name: str) -> str:
    return str(2001 + NAMES.index(name))


class Table:
    """A game driven through `GAME.apply`, as the service does, with a clock that moves on."""

    def __init__(self, n: int = 3, seed: int = 5, **settings: Any) -> None:
        self.people = players(n)
        settings.setdefault("reports", "trusted")  # the worked examples: each report believed as told
        self.settings = settings
        self.seed = seed
        self.now = T0
        self.state: HfState = GAME.setup(GAME.parse_settings(settings), [p.model_copy() for p in self.people],
                                         seed, T0)
        self.log: list[tuple[datetime, str, dict[str, Any]]] = []
        self.events: list[Event] = []

    def do(self, who: str, **action: Any) -> list[Event]:
        if action["type"] in OWN_TURN and action["type"] not in TURN_ONLY:
            self.turn_to(who)  # a base-game event of one's own is reported on one's own turn
        self.now += timedelta(minutes=1)
        self.events = GAME.advance(self.state, self.now)
        events = GAME.apply(self.state, pid(who), action, self.now)
        self.log.append((self.now, pid(who), action))
        self.events += events
        return events

    def turn_to(self, who: str) -> None:
        """End turns (a legal move of each current player) until `who` is on turn."""
        for _ in range(len(self.people)):
            current = self.state.order[self.state.current]
            if current == pid(who) or self.state.status != "active":
                return
            self.do(NAMES[int(current) - 2001], type="turn_end")

    def wait(self, hours: int) -> list[Event]:
        self.now += timedelta(hours=hours)
        self.events = GAME.advance(self.state, self.now)
        return self.events

    def co(self, cid: str) -> Company:
        return self.state.companies[cid]

    def aqua(self, who: str) -> int:
        return self.state.holders[pid(who)].aqua

    def event_keys(self) -> list[str]:
        return [e.key for e in self.events]

    def place(self, cid: str, row: int, col: int, holes: list[str | None], side: str = "white") -> None:
        """Set a company where a worked example starts (the example's past, not a move)."""
        c = self.state.companies[cid]
        c.floated, c.row, c.col, c.side = True, row, col, side
        c.holes = [pid(h) if h else None for h in holes] + [None] * (3 - len(holes))

    def give(self, who: str, aqua: int) -> None:
        self.do(who, type="ledger", kind="other", amount=aqua)
