"""What players see: the public board and a player's own hand, and the one-line headline."""

from __future__ import annotations

from engine.core import Msg
from engine.spqrisiko.board import board, symbol
from engine.spqrisiko.models import (
    NEUTRAL_IDS,
    ArmyView,
    PlayerView,
    ProvinceView,
    SeaView,
    SpqrState,
    SpqrView,
    TurnView,
)
from engine.spqrisiko.territory import army_name, current_player, provinces_of, sea_controller


def game_view(state: SpqrState, viewer: str | None) -> SpqrView:
    b = board()
    seat_index = {p.id: i for i, p in enumerate(state.players)}
    players = []
    for p in state.players:
        mine = provinces_of(state, p.id)
        players.append(
            PlayerView(
                id=p.id,
                name=p.name,
                colour=state.armies.index(p.id),
                points=state.points.get(p.id, 0),
                provinces=len(mine),
                legionaries=sum(state.legions[x] for x in mine),
                ships=sum(f.get(p.id, 0) for f in state.ships.values()),
                colossei=sum(1 for c in state.colossei if state.owner.get(c) == p.id),
                cards=len(state.hands.get(p.id, [])),
                eliminated=p.id in state.eliminated,
                autopilot=p.id in state.autopilot or p.left,
            )
        )
    players.sort(key=lambda pv: state.order.index(pv.id) if pv.id in state.order else seat_index[pv.id])
    armies = [
        ArmyView(id=a, name=army_name(state, a), colour=i, neutral=a in NEUTRAL_IDS)
        for i, a in enumerate(state.armies)
    ]
    provinces = [
        ProvinceView(
            id=p.id,
            name=p.name,
            owner=state.owner.get(p.id),
            legionaries=state.legions.get(p.id, 0),
            colosseum=p.id in state.colossei,
            island=p.island,
        )
        for p in b.provinces.values()
    ]
    seas = [
        SeaView(
            id=s.id,
            name=s.name,
            ships={k: v for k, v in state.ships.get(s.id, {}).items() if v > 0},
            controller=sea_controller(state, s.id),
        )
        for s in b.seas.values()
    ]
    turn = state.turn
    turn_view = (
        None
        if turn is None
        else TurnView(
            player=turn.player,
            phase=turn.phase,
            reinforcements=turn.reinforcements,
            sets_played=turn.sets_played,
            fleet_moved=turn.fleet_moved,
            naval_done=list(turn.naval_done),
            naval_battle=turn.naval_battle,
            landed_on=list(turn.landed_on),
            conquered=turn.conquered,
            conquest_move=turn.conquest_move,
        )
    )
    hand = None
    if viewer is not None and viewer in state.hands:
        hand = sorted(symbol(c) for c in state.hands[viewer])
    return SpqrView(
        status=state.status,
        phase=turn.phase if turn else state.phase,
        round=state.round,
        target_points=state.settings.target_points,
        current=current_player(state),
        turn_deadline=state.deadline("turn") if state.status == "active" else None,
        order=list(state.order),
        players=players,
        armies=armies,
        provinces=provinces,
        seas=seas,
        neutral_left=dict(state.neutral_left),
        turn=turn_view,
        last_attack=state.last_attack,
        last_scoring=dict(state.last_scoring),
        deck_size=len(state.deck.draw_pile),
        discard_size=len(state.deck.discard),
        hand_sizes={p: len(h) for p, h in state.hands.items()},
        hand=hand,
        viewer=viewer,
        winners=list(state.winners),
        end_reason=state.end_reason,
    )


def headline(state: SpqrState) -> Msg:
    if state.status != "active":
        return Msg(key="core.headline.finished")
    player = state.order[state.current]
    if state.phase == "placement":
        return Msg(key="spqrisiko.headline.placement", params={"player": state.name_of(player)})
    phase = state.turn.phase if state.turn else "reinforce"
    return Msg(
        key="spqrisiko.headline.turn",
        params={"player": state.name_of(player), "round": state.round, "phase": phase},
    )
