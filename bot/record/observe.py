"""Replays a game's log step by step and notes, for every player, when the game waited for them, when
they answered, and when a deadline answered for them (pure; run in a worker thread). An observer can be
saved with its game's state at any point (`checkpoint`) and go on from there (`restore`) with the
entries logged since: the same steps in the same order, so the same tallies as one replay from the seed."""

from __future__ import annotations

import copy
import json
from dataclasses import asdict, dataclass, field
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

    def __init__(self, game: Game[Any], state: GameState, *, fresh: bool = True) -> None:
        self.game, self.state = game, state
        self.conduct: dict[str, Conduct] = {}
        self.calls: dict[str, _Call] = {}
        self.luck: dict[str, Luck] = {}
        self.away: dict[str, tuple[datetime, datetime]] = {}  # absences still open: (declared, until)
        self.replaced: list[str] = []  # players a moderator replaced, in order
        self.carried: dict[str, int] = {}  # a newcomer's seat's autopilot turns when they took it (the leaver's)
        self.leavers: dict[str, str] = {}  # a replaced player's name at the table (their seat is renamed)
        self.ended_at: datetime | None = None  # the moment of the move or deadline that ended the game
        self._dice = watcher(game.meta.kind)
        if fresh:
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
        if self.ended_at is None and self.state.status == "finished":
            self.ended_at = at
        now = self._awaited()
        for player, call in list(self.calls.items()):
            if player == actor and not call.answered:
                call.answered = True
                self.of(player).waits.append(max(0, int((at - call.since).total_seconds())))
            if player in now:
                continue
            del self.calls[player]
            if timer and self._clock_ended():  # the game's end closed it, no deadline of theirs
                if call.answered:
                    self.of(player).met += 1
            elif timer:  # a deadline closed the call: the game decided for them
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

    def _clock_ended(self) -> bool:
        """The game just ended by its own clock (a time limit, the last turn): that deadline played for nobody."""
        return self.state.status == "finished" and self.state.end_reason in self.game.clock_ends

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
        kind = action.get("type")
        handed = moderator and kind == "mod_replace"
        before = self.game.autopilot_turns(self.state).get(str(action.get("player")), 0) if handed else 0
        if handed:
            self.leavers[str(action["player"])] = self.state.name_of(str(action["player"]))
        events = self.game.apply(self.state, actor, action, at, moderator=moderator, scratch=True)
        if not moderator:
            self.of(actor).moves += 1
        if handed:
            self._hand_over(at, str(action["player"]), str(action["new_id"]), before)
        self._look(at, None if moderator else actor, timer=False, events=events)
        if kind == "core_away":
            self._declared(actor, at, action.get("until"))

    def _hand_over(self, at: datetime, old: str, new: str, turns: int) -> None:
        """A seat changes hands (`/mod replace`, a substitute): what the leaver did stays theirs, the
        newcomer's record starts here. The state renamed the seat, so the autopilot's count the game
        keeps for it carries the leaver's turns (theirs now, the newcomer's only beyond them), the dice
        already counted look new (the state was rebuilt: seen again from here) and the leaver's
        declared absence ends with their seat."""
        self.replaced.append(old)
        self.of(old).autopilot += turns - self.carried.pop(old, 0)
        self.carried[new] = turns
        self._close(self.away.pop(old, None), old, at)
        if self._dice is not None:
            self._dice.resume(self.state)

    def _declared(self, player: str, at: datetime, until: Any) -> None:
        """Time away: each declared absence from its declaration to its end, the player's return (a new
        declaration) or the game's end, whichever comes first."""
        self._close(self.away.pop(player, None), player, at)
        if until is not None:
            end = until if isinstance(until, datetime) else datetime.fromisoformat(json.loads(json.dumps(until)))
            self.away[player] = (at, end)

    def _close(self, span: tuple[datetime, datetime] | None, player: str, at: datetime) -> None:
        if span is None:
            return
        seconds = int((min(span[1], at) - span[0]).total_seconds())
        if seconds > 0:
            self.of(player).away_seconds += seconds

    def conduct_at(self, until: datetime) -> dict[str, Conduct]:
        """Each player's conduct with the absences still open cut at `until` and the turns the game's
        autopilot played at once added (the observer goes on as it was)."""
        saved = copy.deepcopy(self.conduct)
        try:
            for player, span in self.away.items():
                self._close(span, player, until)
            for player, turns in self.game.autopilot_turns(self.state).items():  # played at once, no call
                self.of(player).autopilot += turns - self.carried.get(player, 0)
            return self.conduct
        finally:
            self.conduct = saved

    def checkpoint(self) -> str:
        """The tallies as JSON (the state is saved apart, as the game saves it)."""
        return json.dumps({
            "conduct": {p: asdict(c) for p, c in self.conduct.items()},
            "calls": {p: [c.since.isoformat(), c.answered] for p, c in self.calls.items()},
            "luck": {p: asdict(lk) for p, lk in self.luck.items()},
            "away": {p: [a.isoformat(), b.isoformat()] for p, (a, b) in self.away.items()},
            "replaced": self.replaced,
            "carried": self.carried,
            "leavers": self.leavers,
            "ended": self.ended_at.isoformat() if self.ended_at else None}, separators=(",", ":"))

    @classmethod
    def restore(cls, game: Game[Any], state: GameState, saved: str) -> Observer:
        """An observer going on from a checkpoint, over the state saved with it."""
        data = json.loads(saved)
        watch = cls(game, state, fresh=False)
        watch.conduct = {p: Conduct(**c) for p, c in data["conduct"].items()}
        watch.calls = {p: _Call(datetime.fromisoformat(since), answered) for p, (since, answered) in data["calls"].items()}
        watch.luck = {p: Luck(**lk) for p, lk in data["luck"].items()}
        watch.away = {p: (datetime.fromisoformat(a), datetime.fromisoformat(b)) for p, (a, b) in data["away"].items()}
        watch.replaced = list(data["replaced"])
        watch.carried = dict(data.get("carried", {}))
        watch.leavers = dict(data.get("leavers", {}))
        ended = data.get("ended")
        watch.ended_at = datetime.fromisoformat(ended) if ended else None
        if watch._dice is not None:
            watch._dice.resume(state)
        return watch


def observe(game: Game[Any], record: GameRecord, until: datetime) -> Observer | None:
    """Each player's conduct (and dice luck) over the game's log, or None when the log does not replay."""
    settings = game.parse_settings(record.settings)
    state: GameState = game.setup(settings, [p.model_copy() for p in record.players], record.seed,
                                  record.created_at)
    return follow(Observer(game, state), record.log, until)


def follow(watch: Observer, entries: list[Any], until: datetime) -> Observer | None:
    """Go on observing over more log entries, then fire the timers due by `until`; None when they do not
    replay."""
    try:
        for entry in entries:
            watch.timers_until(entry.at)
            watch.move(entry.at, entry.actor, entry.action, entry.moderator)
        watch.timers_until(until)
    except RuleError:
        return None
    return watch
