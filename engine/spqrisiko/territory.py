"""Who holds what: provinces, seas and fleets, and the lookups every rule asks (garrison, sea control, empires)."""

from __future__ import annotations

from engine.core import RuleError
from engine.spqrisiko.board import board, fold
from engine.spqrisiko.models import (
    NEUTRAL_IDS,
    SpqrState,
)


def current_player(state: SpqrState) -> str | None:
    if state.status != "active" or not state.order:
        return None
    return state.order[state.current]


def alive_players(state: SpqrState) -> list[str]:
    return [p for p in state.order if p not in state.eliminated]


def provinces_of(state: SpqrState, army: str) -> list[str]:
    return [p for p, o in state.owner.items() if o == army]


def find_province(state: SpqrState, text: str) -> str:
    pid = board().resolve_province(text)
    if pid is None:
        raise RuleError("spqrisiko.unknown_province", name=text)
    return pid


def check_own(state: SpqrState, actor: str, province: str) -> None:
    """A move that needs one of the mover's own provinces there."""
    if state.owner.get(province) != actor:
        raise RuleError("spqrisiko.not_your_province", province=board().name(province))


def find_sea(text: str) -> str:
    sid = board().resolve_sea(text)
    if sid is None:
        raise RuleError("spqrisiko.unknown_sea", name=text)
    return sid


def find_player(state: SpqrState, text: str) -> str:
    for p in state.players:
        if text == p.id or fold(text) == fold(p.name):
            return p.id
    raise RuleError("spqrisiko.unknown_player", name=text)


def army_name(state: SpqrState, army: str) -> str:
    return army if army in NEUTRAL_IDS else state.name_of(army)


def borders_enemy(state: SpqrState, province: str) -> bool:
    me = state.owner.get(province)
    return any(state.owner.get(n) not in (None, me) for n in board().provinces[province].land)


def garrison(state: SpqrState, province: str) -> int:
    """The fewest legionaries a province may be left with by a voluntary move."""
    return 2 if borders_enemy(state, province) else 1


def ships_of(state: SpqrState, sea: str, army: str) -> int:
    return state.ships.get(sea, {}).get(army, 0)


def sea_controller(state: SpqrState, sea: str) -> str | None:
    fleet = {p: n for p, n in state.ships.get(sea, {}).items() if n > 0}
    if not fleet:
        return None
    best = max(fleet.values())
    leaders = [p for p, n in fleet.items() if n == best]
    return leaders[0] if len(leaders) == 1 else None


def largest_empire(state: SpqrState, army: str) -> int:
    """Size of the largest land-connected group of the army's mainland provinces."""
    b = board()
    mine = {p for p in provinces_of(state, army) if not b.provinces[p].island}
    best = 0
    seen: set[str] = set()
    for start in mine:
        if start in seen:
            continue
        stack, size = [start], 0
        seen.add(start)
        while stack:
            node = stack.pop()
            size += 1
            for n in b.provinces[node].land:
                if n in mine and n not in seen:
                    seen.add(n)
                    stack.append(n)
        best = max(best, size)
    return best


def colossus_sites(state: SpqrState, army: str) -> list[str]:
    """Provinces of `army` where a colosseum may go: none there nor in any land neighbour."""
    b = board()
    have = set(state.colossei)
    return sorted(
        p
        for p in provinces_of(state, army)
        if p not in have and not any(n in have for n in b.provinces[p].land)
    )


def ship_seas(state: SpqrState, army: str) -> list[str]:
    b = board()
    return sorted({s for p in provinces_of(state, army) for s in b.provinces[p].seas})


def add_ships(state: SpqrState, sea: str, army: str, n: int) -> None:
    fleet = state.ships.setdefault(sea, {})
    fleet[army] = fleet.get(army, 0) + n
    if fleet[army] <= 0:
        del fleet[army]
