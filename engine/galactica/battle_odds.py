"""Exact odds of a whole space or ground battle: the chance of each way it can end.

A battle is a Markov chain over what still stands (each side's units and, in space, its line in order)
and whose turn it is to strike. Each step is one exchange, with the outcome distribution of
engine/galactica/odds.py; losses are taken and lines topped up by the functions the battles use
(space_combat.take_losses, battle_line, ground_combat.defender_line), so these odds and the battle
rules cannot disagree. Units only ever fall, so positions are visited from the most units standing to
the fewest; the exchanges in which nothing falls only swap the striker, and the back-and-forth between
the two strikers of one position is summed exactly as a geometric series. A position where neither
line can ever destroy anything (colony ships only, or blocks no strike can beat) ends the battle as a
stand-off: no winner, the attacker turns back.

Lines: the ones the game forms when nobody picks (space_combat.STRIKE_ORDER for the attacker,
BLOCK_ORDER for the defender), unless a first line is given; replacements come as in the battle.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable
from typing import Literal, TypeVar

from pydantic import BaseModel

from engine.core import RuleError
from engine.galactica.ground_combat import defender_line
from engine.galactica.line_ups import LineUp
from engine.galactica.models import SHIP_TYPES, GalacticaSettings
from engine.galactica.odds import exchange, rules_of, throws
from engine.galactica.space_combat import BLOCK_ORDER, STRIKE_ORDER, armed, battle_line, take_losses, top_up

MAX_POSITIONS = 40_000  # past this a line-up is refused rather than keep a player waiting
# (the box's largest fleets, 40 ships against 40 and 9 cannons, reach about 19,000)
S = TypeVar("S", bound=Hashable)
Units = tuple[tuple[str, int], ...]
SpacePos = tuple[Units, tuple[str, ...], Units, tuple[str, ...]]
GroundPos = tuple[int, int, int]  # attacking tanks, defending tanks, turrets


class Outcome(BaseModel):
    winner: Literal["attacker", "defender", "none"]
    attacker_left: dict[str, int]
    defender_left: dict[str, int]
    chance: float


class BattleOdds(BaseModel):
    kind: Literal["space", "ground"]
    attacker: dict[str, int]  # the forces at the start
    defender: dict[str, int]
    attacker_line: list[str]  # the first lines (space)
    defender_line: list[str]
    outcomes: list[Outcome]  # every end, the attacker's best first
    attacker_name: str | None = None
    defender_name: str | None = None
    cell: str | None = None  # where (a cell, or the planet's name on the ground)

    def chance(self, winner: str) -> float:
        return sum(o.chance for o in self.outcomes if o.winner == winner)

    def by_units_left(self) -> list[tuple[str, int, float]]:
        """(winner, the winner's units left, chance), the attacker's best first: the table's rows."""
        rows: dict[tuple[str, int], float] = {}
        for o in self.outcomes:
            left = sum((o.defender_left if o.winner == "defender" else o.attacker_left).values())
            rows[(o.winner, left)] = rows.get((o.winner, left), 0.0) + o.chance
        rank = {"attacker": 0, "none": 1, "defender": 2}

        def order(row: tuple[str, int]) -> tuple[int, int]:
            return (rank[row[0]], -row[1] if row[0] == "attacker" else row[1])
        return [(w, n, p) for (w, n), p in sorted(rows.items(), key=lambda r: order(r[0]))]

    def expected_left(self, side: Literal["attacker", "defender"]) -> float:
        return sum(o.chance * sum((o.attacker_left if side == "attacker" else o.defender_left).values())
                   for o in self.outcomes)


def _units(d: dict[str, int]) -> Units:
    return tuple(sorted((t, n) for t, n in d.items() if n > 0))


def _chain(start: S, size: Callable[[S], int], ended: Callable[[S], bool],
           step: Callable[[S, bool], list[tuple[S, float]]]) -> dict[S, float]:
    """P(the battle ends at each position), the attacker striking first."""
    mass: dict[S, list[float]] = {start: [1.0, 0.0]}  # reaching a position with the attacker / defender to strike
    queue: list[tuple[int, int, S]] = [(-size(start), 0, start)]
    ends: dict[S, float] = {}
    seen = 0
    while queue:
        _, _, pos = heapq.heappop(queue)  # every position with more units standing is done: its mass is whole
        m_att, m_def = mass.pop(pos)
        if ended(pos):
            ends[pos] = ends.get(pos, 0.0) + m_att + m_def
            continue
        moves = {True: step(pos, True), False: step(pos, False)}
        stay = {who: sum(p for nxt, p in out if nxt == pos) for who, out in moves.items()}
        if stay[True] == 1.0 and stay[False] == 1.0:  # nobody can ever destroy anything: a stand-off
            ends[pos] = ends.get(pos, 0.0) + m_att + m_def
            continue
        at_att = (m_att + stay[False] * m_def) / (1.0 - stay[True] * stay[False])
        striking = {True: at_att, False: m_def + stay[True] * at_att}
        for who, out in moves.items():
            for nxt, p in out:
                if nxt == pos:
                    continue
                if nxt not in mass:
                    seen += 1
                    if seen > MAX_POSITIONS:
                        raise RuleError("galactica.odds_too_big")
                    mass[nxt] = [0.0, 0.0]
                    heapq.heappush(queue, (-size(nxt), seen, nxt))
                mass[nxt][1 if who else 0] += striking[who] * p  # after a strike the other side strikes
    return ends


def first_line(units: dict[str, int], lineup: int, order: tuple[str, ...], given: dict[str, int] | None) -> list[str]:
    """The line a side starts with: the given one (checked as the battle checks a pick), else the game's own."""
    if not given:
        line: list[str] = []
        top_up(units, line, lineup, order)
        return line
    size = min(lineup, sum(n for t, n in units.items() if t in SHIP_TYPES))
    if any(n < 0 or units.get(t, 0) < n or t not in SHIP_TYPES for t, n in given.items()) or sum(given.values()) != size:
        raise RuleError("galactica.bad_line", size=size)
    return [t for t in SHIP_TYPES for _ in range(given.get(t, 0))]


def _space_lines(attacker: dict[str, int], defender: dict[str, int], s: GalacticaSettings,
                 attacker_line: dict[str, int] | None, defender_line_: dict[str, int] | None) -> tuple[list[str], list[str]]:
    if not any(attacker.get(t) for t in SHIP_TYPES) or not any(defender.get(t) for t in (*SHIP_TYPES, "cannon")):
        raise RuleError("galactica.odds_sides")
    return (first_line(attacker, s.lineup, STRIKE_ORDER, attacker_line),
            first_line(defender, s.lineup, BLOCK_ORDER, defender_line_))


def _ground_sides(tanks: int, defender_tanks: int, turrets: int) -> None:
    if tanks < 1 or defender_tanks + turrets < 1:
        raise RuleError("galactica.odds_ground_sides")


def check(up: LineUp, settings: GalacticaSettings) -> None:
    """Refuse a line-up the odds cannot be computed for, in words (before any work is sent away)."""
    if up.kind == "space":
        _space_lines(up.attacker, up.defender, settings, up.attacker_line, up.defender_line)
    else:
        _ground_sides(up.attacker.get("tank", 0), up.defender.get("tank", 0), up.defender.get("turret", 0))


def odds_of(up: LineUp, settings: GalacticaSettings) -> BattleOdds:
    """The odds of the line-up's battle, named as the line-up names its sides."""
    if up.kind == "space":
        odds = space_odds(up.attacker, up.defender, settings, up.attacker_line, up.defender_line)
    else:
        odds = ground_odds(up.attacker.get("tank", 0), up.defender.get("tank", 0), up.defender.get("turret", 0),
                           settings)
    return odds.model_copy(update={"attacker_name": up.attacker_name, "defender_name": up.defender_name,
                                   "cell": up.cell})


def space_odds(attacker: dict[str, int], defender: dict[str, int], settings: GalacticaSettings | None = None,
               attacker_line: dict[str, int] | None = None, defender_line_: dict[str, int] | None = None) -> BattleOdds:
    """A fleet (`attacker`: ship counts) enters a cell held by `defender` (ships and its planet's cannons)."""
    s = settings or GalacticaSettings()
    rules = rules_of(s)
    a_line, d_line = _space_lines(attacker, defender, s, attacker_line, defender_line_)
    start: SpacePos = (_units(attacker), tuple(a_line), _units(defender), tuple(d_line))

    def ended(pos: SpacePos) -> bool:
        a, _, d, _ = pos
        return not a or not d or (not armed(dict(a), s) and not armed(dict(d), s))

    lines: dict[tuple[Units, tuple[str, ...]], tuple[str, ...]] = {}
    hits: dict[tuple[tuple[str, ...], Units, tuple[str, ...], bool], list[tuple[Units, tuple[str, ...], float]]] = {}

    def line(units: Units, ships: tuple[str, ...]) -> tuple[str, ...]:
        if (units, ships) not in lines:
            lines[(units, ships)] = tuple(battle_line(dict(units), list(ships), s.lineup))
        return lines[(units, ships)]

    def struck(s_line: tuple[str, ...], ru: Units, rl: tuple[str, ...], attacker_strikes: bool,
               ) -> list[tuple[Units, tuple[str, ...], float]]:
        """The receiving side after one strike of `s_line`: what stands, its line, the chance (the same for
        every position where these lines meet)."""
        key = (s_line, ru, rl, attacker_strikes)
        if key not in hits:
            r_line = line(ru, rl)
            double = attacker_strikes or s.defending_fighters_twice
            total = throws(s_line, r_line, rules, double)
            out = []
            for dead, n in exchange(s_line, r_line, rules, double):
                units, ships = dict(ru), list(rl)
                take_losses(units, ships, list(dead), s.lineup, BLOCK_ORDER if attacker_strikes else STRIKE_ORDER)
                out.append((_units(units), tuple(ships), n / total))
            hits[key] = out
        return hits[key]

    def step(pos: SpacePos, attacker_strikes: bool) -> list[tuple[SpacePos, float]]:
        a, al, d, dl = pos
        if attacker_strikes:
            return [((a, al, units, ships), p) for units, ships, p in struck(line(a, al), d, dl, True)]
        return [((units, ships, d, dl), p) for units, ships, p in struck(line(d, dl), a, al, False)]

    ends = _chain(start, lambda p: sum(n for _, n in p[0]) + sum(n for _, n in p[2]), ended, step)
    outcomes = [Outcome(winner="attacker" if a and not d else "defender" if d and not a else "none",
                        attacker_left=dict(a), defender_left=dict(d), chance=p) for (a, _, d, _), p in ends.items()]
    return BattleOdds(kind="space", attacker=dict(_units(attacker)), defender=dict(_units(defender)),
                      attacker_line=a_line, defender_line=battle_line(defender, d_line, s.lineup),
                      outcomes=_ordered(outcomes))


def ground_odds(tanks: int, defender_tanks: int, turrets: int,
                settings: GalacticaSettings | None = None) -> BattleOdds:
    """`tanks` land on a planet held by `defender_tanks` and `turrets` (the lander strikes first)."""
    s = settings or GalacticaSettings()
    rules = rules_of(s)
    _ground_sides(tanks, defender_tanks, turrets)

    def step(pos: GroundPos, attacker_strikes: bool) -> list[tuple[GroundPos, float]]:
        a, d, r = pos
        a_line, d_line = ("tank",) * min(s.lineup, a), tuple(defender_line(d, r, s.lineup))
        if attacker_strikes:
            total = throws(a_line, d_line, rules)
            return [((a, d - dead.count("tank"), r - dead.count("turret")), n / total)
                    for dead, n in exchange(a_line, d_line, rules)]
        bonus = s.turret_tank_bonus if r else 0  # a standing Turret backs the tanks
        total = throws(d_line, a_line, rules)
        return [((a - len(dead), d, r), n / total) for dead, n in exchange(d_line, a_line, rules, True, bonus)]

    ends = _chain((tanks, defender_tanks, turrets), sum, lambda p: p[0] == 0 or p[1] + p[2] == 0, step)
    outcomes = [Outcome(winner="attacker" if a else "defender", attacker_left=_positive(tank=a),
                        defender_left=_positive(tank=d, turret=r), chance=p) for (a, d, r), p in ends.items()]
    return BattleOdds(kind="ground", attacker={"tank": tanks}, defender=_positive(tank=defender_tanks, turret=turrets),
                      attacker_line=["tank"] * min(s.lineup, tanks),
                      defender_line=defender_line(defender_tanks, turrets, s.lineup), outcomes=_ordered(outcomes))


def _positive(**units: int) -> dict[str, int]:
    return {t: n for t, n in units.items() if n > 0}


def _ordered(outcomes: list[Outcome]) -> list[Outcome]:
    """The attacker's best end first: the attacker winning with the most left, ..., a stand-off, ...,
    the defender winning with the most left last."""
    def rank(o: Outcome) -> tuple[int, int]:
        if o.winner == "attacker":
            return (0, -sum(o.attacker_left.values()))
        if o.winner == "none":
            return (1, 0)
        return (2, sum(o.defender_left.values()))
    return sorted(outcomes, key=lambda o: (*rank(o), sorted(o.attacker_left.items()), sorted(o.defender_left.items())))
