"""Dice luck: what a player's rolls did against what they were expected to do, from the odds the game's
engine computes exactly. A game is watched after every move and deadline of the replay. The unit is
the game's good outcome: enemy pieces destroyed (SPQRisiko), winning Casino rolls (Galactica)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


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

    def __call__(self, state: Any, events: list[Any], tally: dict[str, Luck]) -> None:
        from engine.spqrisiko.odds import roll_outcomes

        record = getattr(state, "last_attack", None)
        if record is None or record is self.seen:
            return
        self.seen = record
        ties = record.kind != "naval"
        for att, dfn in record.rolls:
            outcomes = roll_outcomes(len(att), len(dfn), ties)
            att_hits = sum(ld * p for _, ld, p in outcomes)
            def_hits = sum(la * p for la, _, p in outcomes)
            la, ld = _losses(sorted(att, reverse=True), sorted(dfn, reverse=True), ties)
            for player, expected, actual in ((record.attacker, att_hits, ld), (record.defender, def_hits, la)):
                luck = tally.setdefault(player, Luck())
                luck.rolls += 1
                luck.expected += expected
                luck.actual += actual


def _losses(att: list[int], dfn: list[int], ties_to_defender: bool) -> tuple[int, int]:
    from engine.spqrisiko.odds import compare

    la, ld = compare(att, dfn, ties_to_defender)
    return int(la), int(ld)


class GalacticaCasino:
    """Imperium Galactica's Casino: every roll a player has a stake in, a win (7 or 11, 8 chances in 36)
    against the 8/36 expected. The roll is told by its event, which names the players."""

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


WATCHERS: dict[str, Callable[[], Watcher]] = {"spqrisiko": SpqrBattles, "galactica": GalacticaCasino}


def watcher(kind: str) -> Watcher | None:
    make = WATCHERS.get(kind)
    return make() if make else None
