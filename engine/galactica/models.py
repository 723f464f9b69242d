"""Imperium Galactica settings and state (pydantic models). Actions live in actions.py, views in views.py."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from engine.core import Action, CoreSettings, GameState
from engine.core.deck import Deck

SHIP_TYPES: tuple[str, ...] = ("fighter", "torpedo", "colony")
UNIT_TYPES: tuple[str, ...] = (*SHIP_TYPES, "tank")
BUILDINGS: tuple[str, ...] = ("shipyard", "tank_factory", "treasury", "cannon", "turret")
RESOURCES: tuple[str, ...] = ("fuel", "metal", "stone")
Phase = Literal["order", "production", "movement", "building"]
PHASES: tuple[str, ...] = ("production", "movement", "building")
ShipType = Literal["fighter", "torpedo", "colony"]
UnitType = Literal["fighter", "torpedo", "colony", "tank"]
Building = Literal["shipyard", "tank_factory", "treasury", "cannon", "turret"]
Resource = Literal["fuel", "metal", "stone"]


class GalacticaSettings(CoreSettings):
    """Every number of the rulebook and of Araldo's rulings, so designers can playtest variants."""

    turn_hours: int = Field(default=24, ge=1, le=24 * 14)
    battle_minutes: int = Field(default=60, ge=1, le=24 * 60)  # a defender's lineup pick
    missed_turns_alert: int = Field(default=3, ge=1, le=20)
    max_rounds: int = Field(default=0, ge=0, le=1000)  # 0: play to the last faction
    start_ndri: int = Field(default=50_000, ge=0, le=10_000_000)
    start_fighters: int = Field(default=3, ge=1, le=20)
    start_colony_ships: int = Field(default=1, ge=0, le=5)
    planet_base_ndri: int = Field(default=5_000, ge=0, le=1_000_000)
    fleet_needs_fighter: bool = True  # a fleet moves only with at least one fighter
    fighter_fleet_speed: int = Field(default=2, ge=1, le=6)
    fleet_speed: int = Field(default=1, ge=1, le=6)
    fighter_strike_rolls: int = Field(default=2, ge=1, le=3)
    defending_fighters_twice: bool = False  # ruling: fighters strike twice only in their own (attacking) turn
    turret_tank_bonus: int = Field(default=1, ge=0, le=6)  # ruling: a standing Turret adds this to defending tanks' strikes
    lineup: int = Field(default=3, ge=1, le=6)
    cannon_multiplier: int = Field(default=2, ge=1, le=6)
    turret_multiplier: int = Field(default=2, ge=1, le=6)
    raw_buy_price: int = Field(default=3_000, ge=0, le=1_000_000)
    raw_sell_price: int = Field(default=1_000, ge=0, le=1_000_000)
    market_draws_per_turn: int = Field(default=1, ge=0, le=10)
    casino_min_bet: int = Field(default=1_000, ge=1, le=1_000_000)
    max_fighters: int = Field(default=20, ge=1, le=200)
    max_torpedoes: int = Field(default=15, ge=0, le=200)
    max_colony_ships: int = Field(default=5, ge=0, le=200)
    max_tanks: int = Field(default=50, ge=0, le=500)
    buildings_per_planet_turn: int = Field(default=1, ge=1, le=9)
    asteroids_spare_last_fighter: bool = True  # ruling: an asteroid card never takes a fleet's last fighter
    planetless_fleets_move: bool = True  # ruling: a faction with no planet moves fleets without fighters
    trade_units: bool = True  # ruling of §9 phase 4: ships and tanks change hands too, at a Casino


class Faction(BaseModel):
    ndri: int = 0
    fuel: int = 0
    metal: int = 0
    stone: int = 0
    out: bool = False
    missed: int = 0  # turns in a row that timed out
    last_loss: str = ""  # what last took a ship or a planet: asteroid, battle, ground, conquest
    out_cause: str = ""  # what knocked the faction out (the lab counts eliminations by cause)
    out_round: int = 0


class Fleet(BaseModel):
    id: str
    owner: str
    cell: str
    ships: dict[str, int] = Field(default_factory=dict)  # ship type -> count (>0 entries only)
    tanks: int = 0
    moved: bool = False


class PlanetState(BaseModel):
    cell: str
    owner: str | None = None
    buildings: list[str | None] = Field(default_factory=lambda: list[str | None]([None] * 9))
    tanks: int = 0
    acquired_round: int = 0
    built_round: int = -1
    built_count: int = 0


class Side(BaseModel):
    """One side of a battle: the units still standing and the three (or fewer) in the line."""

    player: str
    fleet: str | None = None
    units: dict[str, int] = Field(default_factory=dict)  # ship types, "cannon" / "tank", "turret"
    line: list[str] = Field(default_factory=list)
    must_pick: bool = False


class Battle(BaseModel):
    kind: Literal["space", "ground"] = "space"
    cell: str
    planet: str | None = None  # whose cannons / turrets fight
    attacker: Side
    defender: Side
    from_cell: str = ""  # where the attacker came from (a stand-off sends it back)
    striker: Literal["attacker", "defender"] = "attacker"
    exchanges: list[Exchange] = Field(default_factory=list)


class Exchange(BaseModel):
    """One exchange of fire, kept so the battle can be told and read again."""

    striker: str  # player
    receiver: str = ""  # player
    rolls: list[int] = Field(default_factory=list)  # the striker's dice as thrown
    block_rolls: list[int] = Field(default_factory=list)  # the receiver's dice as thrown
    strikes: list[int]  # dice x Attack, high to low
    blocks: list[int]  # dice x Defense, high to low
    killed: list[str]  # unit types lost by the receiving side


class Pending(BaseModel):
    """A decision the moving player owes before the turn goes on."""

    kind: Literal["asteroid_loss", "land"]
    fleet: str
    count: int = 0  # ships to lose
    planet: str | None = None
    path: list[str] = Field(default_factory=list)  # steps still to walk after the asteroid
    from_cell: str = ""


class Stake(BaseModel):
    pot: int
    status: Literal["bet", "tied"] = "bet"
    round: int = 0


class Goods(Action):
    ndri: int = Field(default=0, ge=0)
    fuel: int = Field(default=0, ge=0)
    metal: int = Field(default=0, ge=0)
    stone: int = Field(default=0, ge=0)
    fighter: int = Field(default=0, ge=0)  # units change hands at a Casino (ruling of §9 phase 4)
    torpedo: int = Field(default=0, ge=0)
    colony: int = Field(default=0, ge=0)
    tank: int = Field(default=0, ge=0)

    def empty(self) -> bool:
        return not any(getattr(self, f) for f in GOODS)

    def ships(self) -> dict[str, int]:
        return {t: getattr(self, t) for t in SHIP_TYPES if getattr(self, t)}

    def has_units(self) -> bool:
        return bool(self.ships() or self.tank)


GOODS: tuple[str, ...] = ("ndri", "fuel", "metal", "stone", "fighter", "torpedo", "colony", "tank")


class Offer(BaseModel):
    id: int
    frm: str
    to: str
    give: Goods
    want: Goods
    cell: str = ""  # the Casino where ships and tanks change hands (empty: none do)


class MarketOffer(BaseModel):
    player: str
    card: str
    cell: str


class GalacticaState(GameState):
    settings: GalacticaSettings
    phase: Phase = "order"
    round: int = 1
    order: list[str] = Field(default_factory=list)
    current: int = 0
    order_rolls: dict[str, int] = Field(default_factory=dict)
    order_rerolls: list[dict[str, int]] = Field(default_factory=list)  # the ties' rolls again, in order
    starter: str | None = None
    corners: dict[str, str] = Field(default_factory=dict)  # player -> start cell
    board: dict[str, str] = Field(default_factory=dict)  # explored cell -> tile id
    tile_pile: list[str] = Field(default_factory=list)
    factions: dict[str, Faction] = Field(default_factory=dict)
    fleets: list[Fleet] = Field(default_factory=list)
    fleet_seq: int = 0
    planets: dict[str, PlanetState] = Field(default_factory=dict)  # discovered planets by key
    planet_pile: list[str] = Field(default_factory=list)  # planet cards nobody holds
    asteroids: Deck = Field(default_factory=Deck)
    market_pile: list[str] = Field(default_factory=list)  # top = index 0
    market_offer: MarketOffer | None = None
    market_draws: int = 0  # this turn
    # market cards drawn in the whole game: the pile's first (all cards - these) are still unseen, in the
    # order the setup shuffled them, and an undo's reseed shuffles them anew (engine/galactica/game.py)
    market_seen: int = 0
    casino: dict[str, dict[str, Stake]] = Field(default_factory=dict)  # cell -> player -> stake
    casino_bank: int = 0  # what the Interstellar Bank has won (negative: paid out)
    offers: list[Offer] = Field(default_factory=list)
    offer_seq: int = 0
    battle: Battle | None = None
    pending: Pending | None = None
    acted: bool = False  # the current player did something this turn (timeouts count otherwise)
    orders_turn: str | None = None  # the seat whose lapsed turn its standing orders are playing (postures.py)
    last_battle: Battle | None = None  # the latest fight, exchange by exchange (told, and marked on the map)
    battles: list[Battle] = Field(default_factory=list)  # the latest fights, newest last (/galactica battle)
    last_move: list[str] = Field(default_factory=list)  # cells of the latest move, start first


Battle.model_rebuild()
