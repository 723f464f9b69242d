"""Replays a finished game's log step by step and notes, for every player, when the game waited for
them, when they answered, and when a deadline answered for them (pure; run in a worker thread)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from bot.record.luck import Luck, watcher
from engine.core import Event, Game, GameRecord, GameState, RuleError

MAX_STEPS = 1_000_000  # timers fired in one game; a loop past it is a bug, not a game


@dataclass
class Conduct:
    """How one player behaved in one game."""

    moves: int = 0
    calls: int = 0
    met: int = 0
    missed: int = 0
    autopilot: int = 0
    away_seconds: int = 0
    waits: list[int] = field(default_factory=list)


@dataclass
class _Call:
    since: datetime
    answered: bool = False


class Observer:
    """Follows who the game awaits (`Game.awaiting`) across every move and every deadline."""

    def __init__(self, game: Game[Any], state: GameState) -> None:
        self.game, self.state = game, state
        self.conduct: dict[str, Conduct] = {}
        self.calls: dict[str, _Call] = {}
        self.luck: dict[str, Luck] = {}
        self._dice = watcher(game.meta.kind)
        self._look(state.clock, None, timer=False)

    def of(self, player: str) -> Conduct:
        return self.conduct.setdefault(player, Conduct())

    def _awaited(self) -> set[str]:
        if self.state.status != "active":
            return set()
        return set(self.game.awaiting(self.state))

    def _look(self, at: datetime, actor: str | None, *, timer: bool, events: list[Event] | None = None) -> None:
        if self._dice is not None:
            self._dice(self.state, events or [], self.luck)
        now = self._awaited()
        for player, call in list(self.calls.items()):
            if player == actor and not call.answered:
                call.answered = True
                self.of(player).waits.append(max(0, int((at - call.since).total_seconds())))
            if player in now:
                continue
            del self.calls[player]
            if timer:  # a deadline closed the call: the game decided for them
                away = self.game.is_away(self.state, player, at)
                if away:
                    self.of(player).autopilot += 1
                else:
                    self.of(player).missed += 1
            elif call.answered:
                self.of(player).met += 1
        for player in now - set(self.calls):
            self.calls[player] = _Call(since=at)
            self.of(player).calls += 1

    def timers_until(self, moment: datetime) -> None:
        """Fire the timers due by `moment` one instant at a time, looking after each."""
        for _ in range(MAX_STEPS):
            timer = self.state.next_timer()
            if (timer is None or timer.at > moment or self.state.paused_at is not None
                    or self.state.status != "active"):
                break
            fired = self.game.advance(self.state, timer.at)
            self._look(timer.at, None, timer=True, events=fired)
        self.game.advance(self.state, moment)

    def move(self, at: datetime, actor: str, action: dict[str, Any], moderator: bool) -> None:
        events = self.game.apply(self.state, actor, action, at, moderator=moderator, scratch=True)
        if not moderator:
            self.of(actor).moves += 1
        self._look(at, None if moderator else actor, timer=False, events=events)


def observe(game: Game[Any], record: GameRecord, until: datetime) -> Observer | None:
    """Each player's conduct (and dice luck) over the game's log, or None when the log does not replay."""
    settings = game.parse_settings(record.settings)
    state: GameState = game.setup(settings, [p.model_copy() for p in record.players], record.seed,
                                  record.created_at)
    watch = Observer(game, state)
    try:
        for entry in record.log:
            watch.timers_until(entry.at)
            watch.move(entry.at, entry.actor, entry.action, entry.moderator)
        watch.timers_until(until)
    except RuleError:
        return None
    _absences(watch, record, until)
    return watch


def _absences(watch: Observer, record: GameRecord, until: datetime) -> None:
    """Time away: each declared absence from its declaration to its end, the player's return or the
    game's end, whichever comes first."""
    open_since: dict[str, tuple[datetime, datetime]] = {}
    for entry in record.log:
        if entry.action.get("type") != "core_away":
            continue
        _close(watch, open_since.pop(entry.actor, None), entry.actor, entry.at)
        raw = entry.action.get("until")
        if raw is not None:
            end = raw if isinstance(raw, datetime) else datetime.fromisoformat(json.loads(json.dumps(raw)))
            open_since[entry.actor] = (entry.at, end)
    for player, span in open_since.items():
        _close(watch, span, player, until)


def _close(watch: Observer, span: tuple[datetime, datetime] | None, player: str, at: datetime) -> None:
    if span is None:
        return
    start, end = span
    seconds = int((min(end, at) - start).total_seconds())
    if seconds > 0:
        watch.of(player).away_seconds += seconds
