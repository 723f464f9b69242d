"""What players see: the galaxy, factions, planet boards, battles, the casino and the market.

Everything on the table is public (money is paper on the table); trade offers are seen only by
the two factions concerned, and an open market card only by the player who drew it."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from engine.galactica import turns
from engine.galactica.fleets import capacity, units_owned
from engine.galactica.galaxy import col_row, grid, tile_kind, tile_planet
from engine.galactica.market import market_cards
from engine.galactica.models import SHIP_TYPES, GalacticaState, Goods
from engine.galactica.planets import card, planets_of


class FleetView(BaseModel):
    owner: str
    owner_name: str
    ships: dict[str, int]
    tanks: int
    capacity: int
    moved: bool


class CellView(BaseModel):
    cell: str
    col: int
    row: int
    kind: str | None  # None: unexplored
    start_of: str | None = None  # the player whose corner this is
    planet: str | None = None
    planet_type: str | None = None
    owner: str | None = None
    owner_name: str | None = None
    fleets: list[FleetView] = Field(default_factory=list)


class PlanetView(BaseModel):
    key: str
    name: str
    type: str
    cell: str
    owner: str | None
    owner_name: str | None
    fuel: int
    metal: int
    stone: int
    productivity: int
    economy: int
    buildings: list[str | None]
    tanks: int
    active: bool


class FactionView(BaseModel):
    player: str
    name: str
    colour: int  # seat index: the renderer's colour
    ndri: int
    fuel: int
    metal: int
    stone: int
    out: bool
    planets: list[str]
    units: dict[str, int]
    corner: str


class StakeView(BaseModel):
    cell: str
    player: str
    name: str
    pot: int
    status: str


class OfferView(BaseModel):
    id: int
    frm: str
    frm_name: str
    to: str
    to_name: str
    give: Goods
    want: Goods


class BattleView(BaseModel):
    cell: str
    attacker: str
    defender: str
    attacker_units: dict[str, int]
    defender_units: dict[str, int]
    picking: list[str]


class MarketCardView(BaseModel):
    unit: str
    quantity: int
    deal: str
    percent: int
    price: int


class GalacticaView(BaseModel):
    status: str
    phase: str
    round: int
    current: str | None
    current_name: str | None
    deadline: datetime | None
    timezone: str = "UTC"  # the game's, in which its pictures show the deadline
    order: list[str]
    cells: list[CellView]
    factions: list[FactionView]
    planets: list[PlanetView]
    casino: list[StakeView]
    casino_bank: int
    battle: BattleView | None
    pending: str | None
    tiles_left: int
    market_left: int
    offers: list[OfferView] = Field(default_factory=list)
    market_card: MarketCardView | None = None
    me: str | None = None
    last_move: list[str] = Field(default_factory=list)  # cells of the latest move, start first
    last_battle: str | None = None  # the cell of the latest battle


def build_view(state: GalacticaState, viewer: str | None) -> GalacticaView:
    seats = state.player_ids()
    corner_of = {c: p for p, c in state.corners.items()}
    cells: list[CellView] = []
    for label in grid().labels():
        col, row = col_row(label)
        tile = state.board.get(label)
        key = tile_planet(tile) if tile else None
        planet = state.planets.get(key) if key else None
        owner = planet.owner if planet else None
        cells.append(CellView(
            cell=label, col=col, row=row, kind=tile_kind(tile) if tile else None, start_of=corner_of.get(label),
            planet=card(key).name if key else None, planet_type=card(key).type if key else None,
            owner=owner, owner_name=state.name_of(owner) if owner else None,
            fleets=[FleetView(owner=f.owner, owner_name=state.name_of(f.owner), ships=dict(f.ships), tanks=f.tanks,
                              capacity=capacity(f.ships), moved=f.moved)
                    for f in state.fleets if f.cell == label]))
    planets = [PlanetView(key=k, name=card(k).name, type=card(k).type, cell=p.cell, owner=p.owner,
                          owner_name=state.name_of(p.owner) if p.owner else None, fuel=card(k).fuel,
                          metal=card(k).metal, stone=card(k).stone, productivity=card(k).productivity,
                          economy=card(k).economy, buildings=list(p.buildings), tanks=p.tanks,
                          active=p.acquired_round < state.round)
               for k, p in sorted(state.planets.items())]
    factions = [FactionView(player=p, name=state.name_of(p), colour=seats.index(p), ndri=f.ndri, fuel=f.fuel,
                            metal=f.metal, stone=f.stone, out=f.out,
                            planets=[card(k).name for k in planets_of(state, p)],
                            units={u: units_owned(state, p, u) for u in (*SHIP_TYPES, "tank")},
                            corner=state.corners.get(p, ""))
                for p, f in state.factions.items()]
    battle = None
    if state.battle is not None:
        b = state.battle
        battle = BattleView(cell=b.cell, attacker=state.name_of(b.attacker.player),
                            defender=state.name_of(b.defender.player), attacker_units=dict(b.attacker.units),
                            defender_units=dict(b.defender.units),
                            picking=[state.name_of(s.player) for s in (b.attacker, b.defender) if s.must_pick])
    active = state.status == "active" and bool(state.order)
    who = turns.current(state) if active else None
    view = GalacticaView(
        status=state.status, phase=state.phase, round=state.round, current=who,
        current_name=state.name_of(who) if who else None, deadline=state.deadline("turn"),
        timezone=state.settings.timezone,
        order=[state.name_of(p) for p in state.order], cells=cells, factions=factions, planets=planets,
        casino=[StakeView(cell=c, player=p, name=state.name_of(p), pot=s.pot, status=s.status)
                for c, table in sorted(state.casino.items()) for p, s in sorted(table.items())],
        casino_bank=state.casino_bank, battle=battle, pending=state.pending.kind if state.pending else None,
        tiles_left=len(state.tile_pile), market_left=len(state.market_pile), me=viewer,
        last_move=list(state.last_move), last_battle=state.last_battle.cell if state.last_battle else None)
    if viewer is not None:
        view.offers = [OfferView(id=o.id, frm=o.frm, frm_name=state.name_of(o.frm), to=o.to,
                                 to_name=state.name_of(o.to), give=o.give, want=o.want)
                       for o in state.offers if viewer in (o.frm, o.to)]
        if state.market_offer is not None and state.market_offer.player == viewer:
            c = market_cards()[state.market_offer.card]
            view.market_card = MarketCardView(unit=c.unit, quantity=c.quantity, deal=c.deal, percent=c.percent,
                                              price=c.price)
    return view
