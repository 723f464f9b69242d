"""Dice luck: what a player's rolls did against what they were expected to do, from the odds the game's
engine computes exactly. A game is watched after every move and deadline of the replay. The unit is
the game's good outcome: enemy pieces destroyed (SPQRisiko, Galactica's space and ground combat, in
bot/record/battles.py), winning Casino rolls (Galactica). A watcher may be resumed on a state restored
from a checkpoint (`resume`): what that state already shows was counted before it was saved."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.record.battles import battle_luck


@dataclass
class Luck:
    rolls: int = 0
    expected: float = 0.0  # losses the player's rolls were expected to inflict
    actual: float = 0.0  # losses they inflicted


Watcher = Callable[[Any, list[Any], dict[str, Luck]], None]  # (state, the step's events, tally)


class SpqrBattles:
    """SPQRisiko: every roll of a battle (land, landing, naval) the state keeps as its last attack; for
    each side, the enemy losses it inflicted against the mean of that roll's exact distribution."""

    def __init__(self) -> None:
        self.seen: object = None

    def resume(self, state: Any) -> None:
        self.seen = getattr(state, "last_attack", None)

    def __call__(self, state: Any, events: list[Any], tally: dict[str, Luck]) -> None:
        record = getattr(state, "last_attack", None)
        if record is None or record is self.seen:
            return
        self.seen = record
        ties = record.kind != "naval"
        for att, dfn in record.rolls:
            att_hits, def_hits = _means(len(att), len(dfn), ties)
            la, ld = _losses(sorted(att, reverse=True), sorted(dfn, reverse=True), ties)
            for player, expected, actual in ((record.attacker, att_hits, ld), (record.defender, def_hits, la)):
                luck = tally.setdefault(player, Luck())
                luck.rolls += 1
                luck.expected += expected
                luck.actual += actual


@cache
def _means(att: int, dfn: int, ties: bool) -> tuple[float, float]:
    """Mean enemy losses the attacker's and the defender's dice inflict in one roll (the exact odds are
    enumerated once per shape of roll, not at every roll)."""
    from engine.spqrisiko.odds import roll_outcomes

    outcomes = roll_outcomes(att, dfn, ties)
    return sum(ld * p for _, ld, p in outcomes), sum(la * p for la, _, p in outcomes)


def _losses(att: list[int], dfn: list[int], ties_to_defender: bool) -> tuple[int, int]:
    from engine.spqrisiko.odds import compare

    la, ld = compare(att, dfn, ties_to_defender)
    return int(la), int(ld)


class GalacticaCasino:
    """Imperium Galactica's Casino: every roll a player has a stake in, a win (7 or 11, 8 chances in 36)
    against the 8/36 expected. The roll is told by its event, which names the players."""

    def resume(self, state: Any) -> None:
        return None

    def __call__(self, state: Any, events: list[Any], tally: dict[str, Luck]) -> None:
        from engine.galactica.casino import WIN

        chance = sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in WIN) / 36
        ids = {p.name: p.id for p in state.players}
        for ev in events:
            if ev.key != "galactica.casino_roll":
                continue
            won = int(ev.params["total"] in WIN)
            for name in ev.params["players"]:
                luck = tally.setdefault(ids.get(name, name), Luck())
                luck.rolls += 1
                luck.expected += chance
                luck.actual += won


class Both:
    """Two watchers of one game, each told every step."""

    def __init__(self, *parts: Any) -> None:
        self.parts = parts

    def resume(self, state: Any) -> None:
        for part in self.parts:
            part.resume(state)

    def __call__(self, state: Any, events: list[Any], tally: dict[str, Luck]) -> None:
        for part in self.parts:
            part(state, events, tally)


class GalacticaBattles:
    """Imperium Galactica's space and ground combat (bot/record/battles.py), from `state.battles` (the
    latest fights, newest last): each new one counts once; a step may fight several (an autopilot turn)."""

    def __init__(self) -> None:
        self.seen: object = None

    def resume(self, state: Any) -> None:
        battles = getattr(state, "battles", None) or []
        self.seen = battles[-1] if battles else None

    def __call__(self, state: Any, events: list[Any], tally: dict[str, Luck]) -> None:
        battles = getattr(state, "battles", None) or []
        if not battles or battles[-1] is self.seen:
            return
        start = next((i + 1 for i in range(len(battles) - 1, -1, -1) if battles[i] is self.seen), 0)
        for battle in battles[start:]:
            for player, expected, actual in battle_luck(battle, state.settings):
                luck = tally.setdefault(player, Luck())
                luck.rolls += 1
                luck.expected += expected
                luck.actual += actual
        self.seen = battles[-1]


def _galactica() -> Both:
    return Both(GalacticaCasino(), GalacticaBattles())


WATCHERS: dict[str, Callable[[], Any]] = {"spqrisiko": SpqrBattles, "galactica": _galactica}


def watcher(kind: str) -> Any:
    make = WATCHERS.get(kind)
    return make() if make else None
