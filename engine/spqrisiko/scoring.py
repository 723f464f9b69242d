"""Victory points at the start of each turn (empire, provinces, colossei, seas) and the end by time limit."""

from __future__ import annotations

from engine.core import Event, finish_game
from engine.core.game import removed
from engine.spqrisiko.board import board
from engine.spqrisiko.models import SpqrState
from engine.spqrisiko.territory import alive_players, largest_empire, provinces_of, sea_controller


def score(state: SpqrState, player: str) -> list[Event]:
    others = [p for p in alive_players(state) if p != player]
    need = state.settings.min_empire

    def empire(a: str) -> int:
        size = largest_empire(state, a)
        return size if size >= need else 0

    mine = empire(player)
    emp = 1 if mine > 0 and all(mine > empire(o) for o in others) else 0
    count = len(provinces_of(state, player))
    prov = 1 if all(count > len(provinces_of(state, o)) for o in others) else 0
    col = sum(1 for p in state.colossei if state.owner.get(p) == player)

    def seas(a: str) -> int:
        return sum(1 for s in board().seas if sea_controller(state, s) == a)

    my_seas = seas(player)
    sea = 1 if my_seas > 0 and all(my_seas > seas(o) for o in others) else 0
    total = emp + prov + col + sea
    state.points[player] = state.points.get(player, 0) + total
    state.last_scoring = {"empire": emp, "provinces": prov, "colossei": col, "seas": sea, "total": total}
    events = [scored(state, player)]
    if state.points[player] >= state.settings.target_points and not removed(state, player):
        events.append(
            Event(
                key="spqrisiko.victory",
                notify="game_end",
                params={"player": state.name_of(player), "points": state.points[player]},
            )
        )
        events.append(finish_game(state, [player], "target"))
    return events


def scored(state: SpqrState, player: str) -> Event:
    """What `player` scored at the start of this turn (`state.last_scoring`), and where they stand."""
    last = state.last_scoring
    return Event(
        key="spqrisiko.scored",
        params={
            "player": state.name_of(player),
            "empire": last.get("empire", 0),
            "provinces": last.get("provinces", 0),
            "colossei": last.get("colossei", 0),
            "seas": last.get("seas", 0),
            "gained": last.get("total", 0),
            "points": state.points.get(player, 0),
            "target": state.settings.target_points,
        },
    )


def time_up(state: SpqrState) -> list[Event]:
    """The time limit: the best of the armies still standing whose player is still seated wins (a seat
    a moderator removed plays on by autopilot, but never wins)."""
    alive = [p for p in alive_players(state) if not removed(state, p)]
    if not alive:
        return [Event(key="spqrisiko.time_up", params={"winners": []}), finish_game(state, [], "time_limit")]
    best = max((state.points.get(p, 0), len(provinces_of(state, p))) for p in alive)
    winners = [p for p in alive if (state.points.get(p, 0), len(provinces_of(state, p))) == best]
    return [
        Event(key="spqrisiko.time_up", params={"winners": [state.name_of(w) for w in winners]}),
        finish_game(state, winners, "time_limit"),
    ]
