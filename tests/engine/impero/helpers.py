"""Shared helpers for the Impero tests: a fixed start, players, and a scripted mid-game."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from engine.core import GameRecord, LogEntry, Player
from engine.impero import GAME, ImperoState

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)  # 09:00 in Rome; turn 1 ends at 21:00 Rome


def players(n: int = 3) -> list[Player]:
    names = ["Alice", "Bob", "Carla", "Dario", "Elena", "Franco", "Gina", "Ugo", "Ivo", "Lia"]
    return [Player(id=str(1001 + i), name=names[i % len(names)]) for i in range(n)]


def new_game(seed: int = 7, n: int = 3, **settings: Any) -> ImperoState:
    return GAME.setup(GAME.parse_settings(settings), players(n), seed, T0)  # type: ignore[return-value]


class Play:
    """Applies actions and records them, so a test can replay the log."""

    def __init__(self, seed: int = 7, n: int = 3, **settings: Any) -> None:
        self.state = new_game(seed, n, **settings)
        self.record = GameRecord(game="impero", seed=seed, settings=settings, created_at=T0, players=players(n))
        self.now = T0
        self.events: list[Any] = []

    def at(self, moment: datetime) -> Play:
        self.now = moment
        self.events += GAME.advance(self.state, moment)
        return self

    def wait(self, **delta: float) -> Play:
        return self.at(self.now + timedelta(**delta))

    def act(self, actor: str, action: dict[str, Any]) -> list[Any]:
        GAME.advance(self.state, self.now)
        events = GAME.apply(self.state, actor, action, self.now)
        self.record.log.append(LogEntry(at=self.now, actor=actor, action=action))
        self.events += events
        return events


def midgame(seed: int = 11) -> Play:
    """A few turns with three companies, an auction, a listing and a rental; used by render tests."""
    p = Play(seed=seed, n=4)
    p.wait(minutes=5)
    p.act("1001", {"type": "create_company", "name": "Telecom Alpina", "capital": 3000})
    p.act("1002", {"type": "create_company", "name": "Rete Sud", "capital": 2500})
    p.act("1003", {"type": "create_company", "name": "Isole Connesse", "capital": 2000})
    for pid, name in (("1001", "Telecom Alpina"), ("1002", "Rete Sud"), ("1003", "Isole Connesse")):
        for _ in range(3):
            company = GAME.find_company(p.state, name)
            free = GAME.free_adjacent(p.state, company)
            cheap = [n for n in free if p.state.yields[n] <= 6]
            if cheap:
                p.act(pid, {"type": "buy_node", "company": name, "node": cheap[0]})
        company = GAME.find_company(p.state, name)
        p.act(pid, {"type": "upgrade_node", "company": name, "node": company.nodes[0]})
    p.act("1001", {"type": "recapitalize", "company": "Telecom Alpina", "start_price": 200})
    p.act("1004", {"type": "bid", "company": "Telecom Alpina", "amount": 400})
    p.act("1002", {"type": "list_shares", "company": "Rete Sud", "quantity": 3, "price": 150})
    p.wait(hours=30)
    p.act("1003", {"type": "buy_shares", "listing": p.state.listings[0].id, "quantity": 1})
    p.act("1001", {"type": "recapitalize", "company": "Telecom Alpina", "start_price": 100})
    p.wait(hours=25)
    p.act("1002", {"type": "recapitalize", "company": "Rete Sud", "start_price": 300})
    p.act("1001", {"type": "bid", "company": "Rete Sud", "amount": 350})
    return p
