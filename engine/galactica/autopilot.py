"""A simple greedy faction: it plays a seat for the designers' simulations and the benchmarks.

It builds a shipyard, then a tank factory and a treasury, turns its money into torpedo boats and
fighters, loads tanks, colonises free planets, and sends its fleets at the nearest enemy planet
or fleet, exploring on the way; now and then a fleet tries its luck at a Casino. It only ever
picks among `legal_actions`, so whatever it does is a legal move.
"""

from __future__ import annotations

from pydantic import BaseModel

from engine.galactica import actions as a
from engine.galactica import turns
from engine.galactica.fleets import fleet_at
from engine.galactica.galaxy import grid, tile_kind
from engine.galactica.legal import legal_actions
from engine.galactica.market import market_cards
from engine.galactica.models import GalacticaState
from engine.galactica.planets import planet_at

BUILD_ORDER: tuple[str, ...] = ("shipyard", "tank_factory", "turret", "treasury", "cannon")
STRIKE_VALUE = {"torpedo": 3, "fighter": 2, "colony": 0}


def _targets(state: GalacticaState, actor: str, colonizer: bool) -> list[str]:
    enemy = [f.cell for f in state.fleets if f.owner != actor and tile_kind(state.board.get(f.cell, "")) != "casino"]
    enemy += [p.cell for p in state.planets.values() if p.owner not in (None, actor)]
    free = [p.cell for p in state.planets.values() if p.owner is None]
    unexplored = [c for c in grid().labels() if c not in state.board]
    if colonizer and free:
        return free
    return enemy or free or unexplored


def _score_move(state: GalacticaState, actor: str, move: a.Move) -> int:
    fleet = fleet_at(state, actor, move.fleet)
    if fleet is None or move.ships is not None:
        return 10_000
    targets = _targets(state, actor, bool(fleet.ships.get("colony")))
    end = move.path[-1]
    if not targets:
        return 100
    dist = min(grid().distance(end, t) for t in targets)
    casino_bias = -5 if tile_kind(state.board.get(end, "")) == "casino" and (state.round + state.seed) % 7 == 0 else 0
    return dist * 10 - len(move.path) + casino_bias


def choose_action(state: GalacticaState, actor: str, options: list[BaseModel] | None = None) -> BaseModel | None:
    """The greedy pick among `options` (by default every legal action: standing orders narrow them)."""
    options = legal_actions(state, actor) if options is None else options
    if not options:
        return None
    by_type: dict[str, list[BaseModel]] = {}
    for o in options:
        by_type.setdefault(o.type, []).append(o)  # type: ignore[attr-defined]
    if "choose_direction" in by_type:
        return by_type["choose_direction"][0]
    if "pick_line" in by_type:
        return max(by_type["pick_line"], key=lambda p: sum(STRIKE_VALUE[t] * n for t, n in p.ships.items()))  # type: ignore[attr-defined]
    if "trade_answer" in by_type:
        return next(o for o in by_type["trade_answer"] if not o.accept)  # type: ignore[attr-defined]
    if "land" in by_type:
        return max(by_type["land"], key=lambda o: o.tanks)  # type: ignore[attr-defined]
    if "lose_ships" in by_type:
        return by_type["lose_ships"][0]
    if actor != turns.current(state):
        return None
    if "casino_leave" in by_type:
        leave = by_type["casino_leave"][0]
        stake = state.casino.get(getattr(leave, "fleet", ""), {}).get(actor)
        if stake is not None and stake.pot * 4 > state.factions[actor].ndri:
            return leave
    for kind in ("market_decide", "colonize", "casino_bet"):
        if kind in by_type:
            if kind == "market_decide":
                return _market_choice(state, by_type[kind])
            return by_type[kind][0]
    if state.phase == "production":
        loads = [o for o in by_type.get("load", []) if o.tanks > 0]  # type: ignore[attr-defined]
        if loads:  # tanks board first, so a fleet can storm a planet
            return loads[0]
        produce = by_type.get("produce", [])
        best = sorted(produce, key=lambda o: {"torpedo": 0, "tank": 1, "fighter": 2, "colony": 3}[o.unit])  # type: ignore[attr-defined]
        if best:
            return best[0]
    if state.phase == "movement":
        if "market_draw" in by_type:
            return by_type["market_draw"][0]
        moves = [o for o in by_type.get("move", []) if isinstance(o, a.Move)]
        if moves:
            best_move = min(moves, key=lambda m: _score_move(state, actor, m))
            if _score_move(state, actor, best_move) < 10_000:
                return best_move
    if state.phase == "building":
        builds = by_type.get("build", [])
        if builds:
            return min(builds, key=lambda o: BUILD_ORDER.index(o.building))  # type: ignore[attr-defined]
    return by_type["end_phase"][0] if "end_phase" in by_type else options[-1]


def _market_choice(state: GalacticaState, options: list[BaseModel]) -> BaseModel:
    offer = state.market_offer
    buy = [o for o in options if getattr(o, "buy", False)]
    if offer is not None and buy and market_cards()[offer.card].deal == "good":
        return buy[0]
    return next(o for o in options if not getattr(o, "buy", True))


__all__ = ["choose_action", "planet_at"]
