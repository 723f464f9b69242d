"""SPQRisiko settings, actions, state and views (pydantic models)."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from engine.core import Action, CoreSettings, GameState
from engine.core.deck import Deck

Phase = Literal["placement", "reinforce", "naval", "naval_combat", "combat", "fortify"]
# the order of a turn's steps; an action of a later step closes the earlier ones
KIND = "spqrisiko"
PHASE_ORDER: tuple[str, ...] = ("reinforce", "naval", "naval_combat", "combat", "fortify")
NEUTRAL_IDS: tuple[str, ...] = ("neutral-1", "neutral-2")


class SpqrSettings(CoreSettings):
    target_points: int = Field(default=20, ge=1, le=200)
    turn_hours: int = Field(default=24, ge=1, le=24 * 14)
    placement_hours: int = Field(default=24, ge=1, le=24 * 14)
    setup: Literal["choose", "random"] = "choose"
    time_limit_hours: int | None = Field(default=None, ge=1, le=24 * 365)
    neutral_legionaries: int = Field(default=27, ge=0, le=99)  # per neutral colour
    neutral_on_roma: int = Field(default=3, ge=0, le=27)  # with 4 players
    protected_rounds: int = Field(default=4, ge=0, le=100)  # last province safe until this round ends
    min_empire: int = Field(default=4, ge=1, le=50)
    timeouts_to_autopilot: int = Field(default=3, ge=1, le=20)
    card_sets_per_turn: int = Field(default=1, ge=0, le=10)


# ---- actions ---------------------------------------------------------------------------------
class Place(Action):
    """Setup: 2 own legionaries on an empty province (and 3 neutral on another while any remain)."""

    type: Literal["place"] = "place"
    province: str
    neutral_province: str | None = None
    neutral: str | None = None  # which neutral colour (neutral-1/neutral-2); default: the one with most left


class PlayCards(Action):
    """Play a set of three cards by symbol; ships and colossei they bring are placed at once."""

    type: Literal["play_cards"] = "play_cards"
    symbols: list[Literal["legionario", "nave", "colosseo", "vessillo"]] = Field(min_length=3, max_length=3)
    ship_seas: list[str] = Field(default_factory=list)  # one per nave card; missing = chosen for you
    colosseum_provinces: list[str] = Field(default_factory=list)  # one per colosseo card; same


class Reinforce(Action):
    type: Literal["reinforce"] = "reinforce"
    province: str
    count: int = Field(default=1, ge=1, le=999)


class Convert(Action):
    """ship -> 2 legionaries in a province on that sea; 3 legionaries of one province -> ship next to it."""

    type: Literal["convert"] = "convert"
    what: Literal["ship_to_legionaries", "legionaries_to_ship"]
    province: str
    sea: str


class MoveFleet(Action):
    type: Literal["move_fleet"] = "move_fleet"
    from_sea: str
    to_sea: str
    count: int = Field(ge=1, le=999)


class NavalAttack(Action):
    """Fight the ships of `defender` in `sea`: one roll, or rolls until a roll sinks nothing."""

    type: Literal["naval_attack"] = "naval_attack"
    sea: str
    defender: str  # player id or name
    rolls: Literal["once", "blitz"] = "blitz"


class Attack(Action):
    """Land attack. once = one roll; blitz = roll until conquest or the attacker is down to stop_at."""

    type: Literal["attack"] = "attack"
    from_province: str
    to_province: str
    rolls: Literal["once", "blitz"] = "once"
    stop_at: int = Field(default=1, ge=1, le=999)


class MoveIn(Action):
    """Right after a conquest: move more legionaries in than the dice of the last roll."""

    type: Literal["move_in"] = "move_in"
    count: int = Field(ge=1, le=999)


class Land(Action):
    """Landing across one sea zone where you have more ships than the defender; fought to the end."""

    type: Literal["land"] = "land"
    from_province: str
    to_province: str
    count: int = Field(ge=1, le=999)
    sea: str | None = None  # which shared sea zone; default: one where you have superiority


class Fortify(Action):
    """The one end-of-turn move between two adjacent provinces of yours; ends the turn."""

    type: Literal["fortify"] = "fortify"
    from_province: str
    to_province: str
    count: int = Field(ge=1, le=999)


class EndTurn(Action):
    type: Literal["end_turn"] = "end_turn"


SpqrAction = Annotated[
    Place
    | PlayCards
    | Reinforce
    | Convert
    | MoveFleet
    | NavalAttack
    | Attack
    | MoveIn
    | Land
    | Fortify
    | EndTurn,
    Field(discriminator="type"),
]


# ---- state -----------------------------------------------------------------------------------
class LastAttack(BaseModel):
    kind: Literal["land", "landing", "naval"]
    attacker: str
    defender: str
    origin: str  # province (land, landing) or sea (naval)
    target: str  # province, or the same sea for naval combat
    rolls: list[list[list[int]]] = Field(default_factory=list)  # [[attacker dice], [defender dice]] per roll
    attacker_losses: int = 0
    defender_losses: int = 0
    conquered: bool = False


class ConquestMove(BaseModel):
    origin: str
    target: str


class NavalBattle(BaseModel):
    sea: str
    defender: str


class Turn(BaseModel):
    """Everything that only lasts one player's turn."""

    player: str
    phase: Phase = "reinforce"
    reinforcements: int = 0
    sets_played: int = 0
    fleet_moved: bool = False
    naval_done: list[str] = Field(default_factory=list)  # sea zones whose combat is over
    naval_battle: NavalBattle | None = None  # open: the last roll sank a ship, it may go on
    landed_on: list[str] = Field(default_factory=list)
    conquered: bool = False
    conquest_move: ConquestMove | None = None
    eliminated_someone: list[str] = Field(default_factory=list)


class SpqrState(GameState):
    settings: SpqrSettings
    order: list[str]  # player ids in turn order
    armies: list[str]  # players in order, then neutral colours in play
    owner: dict[str, str] = Field(default_factory=dict)  # province -> army
    legions: dict[str, int] = Field(default_factory=dict)  # province -> legionaries
    ships: dict[str, dict[str, int]] = Field(default_factory=dict)  # sea -> player -> ships
    colossei: list[str] = Field(default_factory=list)
    neutral_left: dict[str, int] = Field(default_factory=dict)
    points: dict[str, int] = Field(default_factory=dict)
    hands: dict[str, list[str]] = Field(default_factory=dict)
    deck: Deck = Field(default_factory=Deck)
    current: int = 0  # index into order
    round: int = 0  # 0 during placement, then 1, 2, ...
    turn: Turn | None = None
    phase: Phase = "placement"
    eliminated: list[str] = Field(default_factory=list)
    autopilot: list[str] = Field(default_factory=list)
    timeouts: dict[str, int] = Field(default_factory=dict)  # consecutive timeouts
    # turns (placements too) the autopilot played at once for a seated player (away, or after timeouts):
    # no call, no deadline; the players' record counts them (Game.autopilot_turns)
    autoplayed: dict[str, int] = Field(default_factory=dict)
    order_rolls: list[dict[str, int]] = Field(default_factory=list)
    last_attack: LastAttack | None = None
    last_scoring: dict[str, int] = Field(default_factory=dict)


# ---- views -----------------------------------------------------------------------------------
class PlayerView(BaseModel):
    id: str
    name: str
    colour: int  # index into render.common.PLAYER_COLOURS
    points: int
    provinces: int
    legionaries: int
    ships: int
    colossei: int
    cards: int  # hand size
    eliminated: bool
    autopilot: bool


class ArmyView(BaseModel):
    id: str
    name: str  # player name, or "neutral-1"/"neutral-2"
    colour: int
    neutral: bool


class ProvinceView(BaseModel):
    id: str
    name: str
    owner: str | None
    legionaries: int
    colosseum: bool
    island: bool


class SeaView(BaseModel):
    id: str
    name: str
    ships: dict[str, int]  # player id -> ships (only >0)
    controller: str | None  # strictly most ships


class TurnView(BaseModel):
    player: str
    phase: str
    reinforcements: int
    sets_played: int
    fleet_moved: bool
    naval_done: list[str]
    naval_battle: NavalBattle | None
    landed_on: list[str]
    conquered: bool
    conquest_move: ConquestMove | None


class SpqrView(BaseModel):
    status: str
    phase: str
    round: int
    target_points: int
    current: str | None
    turn_deadline: datetime | None
    order: list[str]
    players: list[PlayerView]
    armies: list[ArmyView]
    provinces: list[ProvinceView]
    seas: list[SeaView]
    neutral_left: dict[str, int]
    turn: TurnView | None
    last_attack: LastAttack | None
    last_scoring: dict[str, int]
    deck_size: int
    discard_size: int
    hand_sizes: dict[str, int]
    hand: list[str] | None = None  # the viewer's own cards (symbols), only in their view
    viewer: str | None = None
    winners: list[str] = Field(default_factory=list)
    end_reason: str | None = None
