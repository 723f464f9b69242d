"""An independent Markov chain of Galactica's battles, written from the rulebook (sections 10-11) and
docs/rules/galactica.md alone, to check engine/galactica/battle_odds.py against. It shares no code with the
engine: its own unit table, its own dice enumeration, its own pairing and replacement, and another way
through the chain (mass pushed forward exchange by exchange until what is still fighting is negligible,
where the engine visits positions once and sums the exchanges without losses as a series).

The rules as written there:
- a unit strikes with one die (a fighter with `fighter_rolls` dice when its side attacks, one when it
  defends) x its Attack (+ the Turret's bonus on a defending tank's strike while a Turret stands) and blocks
  with one die x its Defense: fighter 1/1, torpedo boat 3/2, colony ship 0/3, tank 1/1, cannon and turret
  their multiplier;
- strikes and blocks are sorted high to low and paired; a strike above its block destroys the unit that
  rolled that block (equal blocks: the unit earlier in the line first); a cannon or turret so hit while a
  ship or tank of the line stands spares itself: the standing one with the lowest block falls instead;
- space lines: up to `lineup` ships, the attacker's torpedo boats, fighters, colony ships first, the
  defender's colony ships, torpedo boats, fighters; cannons take the places the ships leave empty; the first
  ship lost in an exchange is replaced by its own type while there is one, then in that order; replacements
  join the line at its end;
- ground lines: up to `lineup` tanks a side; with fewer than two defending tanks one turret joins;
- the attacker strikes first, then in turn, until one side has nothing left; if neither line can ever
  destroy anything the battle is a stand-off.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

ATTACK = {"fighter": 1, "torpedo": 3, "colony": 0, "tank": 1}
DEFENSE = {"fighter": 1, "torpedo": 2, "colony": 3, "tank": 1}
ATTACKER_ORDER = ["torpedo", "fighter", "colony"]
DEFENDER_ORDER = ["colony", "torpedo", "fighter"]
SHIPS = {"fighter", "torpedo", "colony"}
BACKSTOP = {"cannon", "turret"}


class Rules:
    _memos: dict[tuple[object, ...], dict[tuple[object, ...], dict[tuple[str, ...], float]]] = {}

    def __init__(self, fighter_rolls: int = 2, cannon: int = 2, turret: int = 2, lineup: int = 3,
                 fighters_twice_defending: bool = False, tank_bonus: int = 1) -> None:
        self.fighter_rolls, self.cannon, self.turret, self.lineup = fighter_rolls, cannon, turret, lineup
        self.fighters_twice_defending, self.tank_bonus = fighters_twice_defending, tank_bonus
        # exchanges already enumerated under the same rules, kept across line-ups (tests only: it grows)
        self.memo = Rules._memos.setdefault((fighter_rolls, cannon, turret, fighters_twice_defending), {})

    def attack(self, unit: str) -> int:
        return {"cannon": self.cannon, "turret": self.turret}.get(unit, ATTACK.get(unit, 0))

    def defense(self, unit: str) -> int:
        return {"cannon": self.cannon, "turret": self.turret}.get(unit, DEFENSE.get(unit, 0))

    def exchange(self, striker: tuple[str, ...], receiver: tuple[str, ...], attacking: bool,
                 bonus: int) -> dict[tuple[str, ...], float]:
        """P(the units of `receiver` that fall, in the order of the pairs) for one strike."""
        key = (striker, receiver, attacking, bonus)
        if key in self.memo:
            return self.memo[key]
        dice_of: list[tuple[int, int]] = []  # (multiplier, added) per die
        for unit in striker:
            rolls = self.fighter_rolls if unit == "fighter" and (attacking or self.fighters_twice_defending) else 1
            dice_of += [(self.attack(unit), bonus if unit == "tank" else 0)] * rolls
        tops: Counter[tuple[int, ...]] = Counter()
        for throw in product(range(1, 7), repeat=len(dice_of)):
            values = sorted((d * m + a for d, (m, a) in zip(throw, dice_of, strict=True)), reverse=True)
            tops[tuple(values[:len(receiver)])] += 1
        strike_throws = 6 ** len(dice_of)
        result: Counter[tuple[str, ...]] = Counter()
        for blocks in product(range(1, 7), repeat=len(receiver)):
            rolled = [(b * self.defense(u), pos) for pos, (b, u) in enumerate(zip(blocks, receiver, strict=True))]
            rolled.sort(key=lambda r: (-r[0], r[1]))  # high to low, equal blocks in line order
            for top, n in tops.items():
                result[self.fall(top, rolled, receiver)] += n
        total = strike_throws * 6 ** len(receiver)
        out = {dead: n / total for dead, n in result.items()}
        self.memo[key] = out
        return out

    @staticmethod
    def fall(top: tuple[int, ...], rolled: list[tuple[int, int]], receiver: tuple[str, ...]) -> tuple[str, ...]:
        hit = [pos for strike, (block, pos) in zip(top, rolled, strict=False) if strike > block]
        block_of = {pos: block for block, pos in rolled}
        final = list(hit)
        for k, pos in enumerate(final):
            if receiver[pos] in BACKSTOP:
                others = sorted((block_of[p], p) for p in range(len(receiver))
                                if receiver[p] not in BACKSTOP and p not in final)
                if others:
                    final[k] = others[0][1]
        return tuple(receiver[p] for p in final)


def _without(units: dict[str, int], dead: tuple[str, ...]) -> dict[str, int]:
    left = dict(units)
    for u in dead:
        left[u] -= 1
    return {u: n for u, n in left.items() if n}


def _space_line(units: dict[str, int], ships: list[str], lineup: int) -> tuple[str, ...]:
    return tuple(ships + ["cannon"] * min(units.get("cannon", 0), lineup - len(ships)))


def _refill(units: dict[str, int], ships: list[str], dead: tuple[str, ...], order: list[str],
            lineup: int) -> list[str]:
    ships = list(ships)
    for u in dead:
        if u in ships:
            ships.remove(u)
    lost = [u for u in dead if u in SHIPS]
    if lost:
        for kind in [lost[0], *order]:
            while len(ships) < lineup and units.get(kind, 0) > ships.count(kind):
                ships.append(kind)
    return ships


def _first(units: dict[str, int], order: list[str], lineup: int) -> list[str]:
    ships: list[str] = []
    for kind in order:
        while len(ships) < lineup and units.get(kind, 0) > ships.count(kind):
            ships.append(kind)
    return ships


def _frozen(units: dict[str, int]) -> tuple[tuple[str, int], ...]:
    return tuple(sorted((u, n) for u, n in units.items() if n))


def space_battle(attacker: dict[str, int], defender: dict[str, int], rules: Rules,
                 ) -> dict[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]], float]:
    """P(each (attacker left, defender left)) of a space battle, pushed forward exchange by exchange."""
    L = rules.lineup
    start = (_frozen(attacker), tuple(_first(attacker, ATTACKER_ORDER, L)), _frozen(defender),
             tuple(_first(defender, DEFENDER_ORDER, L)), True)
    now: dict[tuple[object, ...], float] = {start: 1.0}
    ends: Counter[tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]] = Counter()
    while sum(now.values()) > 1e-15:
        nxt: Counter[tuple[object, ...]] = Counter()
        for (a, al, d, dl, attacking), p in now.items():
            au, du = dict(a), dict(d)  # type: ignore[arg-type]
            if not au or not du:
                ends[(a, d)] += p  # type: ignore[index]
                continue
            a_line, d_line = _space_line(au, list(al), L), _space_line(du, list(dl), L)  # type: ignore[arg-type]
            forward = rules.exchange(a_line, d_line, True, 0)
            backward = rules.exchange(d_line, a_line, False, 0)
            if forward.get((), 0.0) == 1.0 and backward.get((), 0.0) == 1.0:
                ends[(a, d)] += p  # type: ignore[index]
                continue
            for dead, q in (forward if attacking else backward).items():
                if attacking:
                    left = _without(du, dead)
                    nxt[(a, al, _frozen(left), tuple(_refill(left, list(dl), dead, DEFENDER_ORDER, L)), False)] += p * q  # type: ignore[arg-type]
                else:
                    left = _without(au, dead)
                    nxt[(_frozen(left), tuple(_refill(left, list(al), dead, ATTACKER_ORDER, L)), d, dl, True)] += p * q  # type: ignore[arg-type]
        now = dict(nxt)
    return dict(ends)


def ground_battle(tanks: int, held: int, turrets: int, rules: Rules) -> dict[tuple[int, int, int], float]:
    """P(each (attacking tanks, defending tanks, turrets) left) of a landing."""
    L = rules.lineup
    now: dict[tuple[int, int, int, bool], float] = {(tanks, held, turrets, True): 1.0}
    ends: Counter[tuple[int, int, int]] = Counter()
    while sum(now.values()) > 1e-15:
        nxt: Counter[tuple[int, int, int, bool]] = Counter()
        for (a, d, r, attacking), p in now.items():
            if a == 0 or d + r == 0:
                ends[(a, d, r)] += p
                continue
            a_line = ("tank",) * min(L, a)
            d_line = ("tank",) * min(L, d) if d >= 2 else ("tank",) * d + ("turret",) * min(1, r)
            if attacking:
                for dead, q in rules.exchange(a_line, d_line, True, 0).items():
                    nxt[(a, d - dead.count("tank"), r - dead.count("turret"), False)] += p * q
            else:
                bonus = rules.tank_bonus if r else 0
                for dead, q in rules.exchange(d_line, a_line, False, bonus).items():
                    nxt[(a - len(dead), d, r, True)] += p * q
        now = dict(nxt)
    return dict(ends)
