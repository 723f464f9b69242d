"""DecameroNomic's settings and state (pydantic models). Actions are in actions.py, views in views.py."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from engine.core import CoreSettings, GameState

Choice = Literal["for", "against", "abstain"]
ProposalKind = Literal["enact", "repeal", "amend"]


class NomicSettings(CoreSettings):
    # the creator's picks (rules 6 and 7: "by common agreement"); a player's name, empty = the creator
    king: str = Field(default="", max_length=64)
    scribe: str = Field(default="", max_length=64)
    # the platform's single reminder is off: the Giornata sends its own, 48 and 6 hours before the end
    reminder_minutes: int = Field(default=0, ge=0, le=24 * 60)


class RuleEvent(BaseModel):
    """One line of a rule's history."""

    kind: Literal["shipped", "enacted", "amended", "renumbered", "edited", "imported", "transferred"]
    giornata: int = 0
    by: str | None = None  # player id
    proposal: int | None = None
    number: int | None = None  # the number the rule had before (renumbering, amendment)
    note: str = ""  # a shipped rule's amendment record, copied from the rulebook


class Rule(BaseModel):
    id: str  # stable: the original number for shipped rules ("1400"), "p<proposal>" for enacted ones
    number: int
    title: str
    text: str
    # a shipped rule's text is read from data/nomic (both languages) until it is amended or rewritten;
    # keeping it out of the state keeps every snapshot small
    shipped: bool = False
    owner: str | None = None  # rule 2400
    history: list[RuleEvent] = Field(default_factory=list)
    # what the rule governs: the mechanics it declares and the knobs it holds (ruleset.py)
    mechanics: list[str] = Field(default_factory=list)
    knobs: dict[str, int | str] = Field(default_factory=dict)


class Change(BaseModel):
    """What a proposal changes in the game besides its text, applied when the law takes effect:
    knobs set (numbers, variants), mechanics switched on or off."""

    set: dict[str, int | str] = Field(default_factory=dict)
    on: list[str] = Field(default_factory=list)
    off: list[str] = Field(default_factory=list)


class Ballot(BaseModel):
    choice: Choice
    rating: int | None = None  # rule 1800, 1-10
    champion: str | None = None  # gladiator id named against a protector (rule 1500)
    crown_pays: bool = False  # the King pays the protector penalty from the Crown (rule 2300)
    bribed: bool = False  # turned in favour by a bribe (rule 2700): stays in favour


class Proposal(BaseModel):
    id: int
    letter: int
    author: str
    kind: ProposalKind
    title: str = ""
    text: str = ""
    rule: str | None = None  # target rule id (repeal, amend)
    protector: str | None = None  # gladiator id (rule 1500)
    change: Change | None = None  # the structured change it carries (changes.py)
    second_half: bool = False
    ballots: dict[str, Ballot] = Field(default_factory=dict)  # the author's automatic vote included
    growth_from: list[str] = Field(default_factory=list)  # voters whose favour already grew power
    vetoed: bool = False
    outcome: Literal["pending", "passed", "rejected", "vetoed", "lapsed", "held", "struck"] = "pending"
    result_number: int | None = None  # the number the rule got when it passed
    votes_for: int = 0  # weighted totals, filled at the tally
    votes_against: int = 0
    giornata: int = 0


class Letter(BaseModel):
    id: int
    author: str
    proposals: list[int]
    giornata: int


class Gladiator(BaseModel):
    id: str
    name: str
    magic: str  # 5 digits 1-5
    owner: str
    available_from: int  # the Giornata it may first be used in
    training: str | None = None  # the magic number it will have from the next Giornata


class Entry(BaseModel):
    """A gain or loss waiting for the next Giornata's start (rule 1900). `account` is a player id,
    "crown", "mint" (money created: income, interest, compensation) or "burn" (money destroyed)."""

    account: str
    amount: int
    reason: str
    giornata: int


class Deposit(BaseModel):
    owner: str
    amount: int
    giornate: int
    percent: int
    first: int  # the first Giornata of the deposit


class Decree(BaseModel):
    id: int
    king: str
    contest: int
    text: str
    giornata: int
    active: bool = True
    replaced_by: int | None = None
    retired_by_rule: str | None = None


class Contest(BaseModel):
    id: int
    by: str
    text: str
    giornata: int
    decree: int | None = None


class Audit(BaseModel):
    giornata: int
    by: str
    what: Literal["param", "rule_text", "import", "reorder", "adjust", "scribe", "admit", "retire_decree",
                  "impossible", "strike", "override", "held"]
    detail: dict[str, str | int] = Field(default_factory=dict)
    rule: str | None = None


class QuarantineOffer(BaseModel):
    id: int
    seller: str
    buyer: str
    gladiator: str
    price: int


class Snapshot(BaseModel):
    """Treasure and economic power at the start of a Giornata (the chart)."""

    giornata: int
    treasure: dict[str, int]
    power: dict[str, int]


class NomicState(GameState):
    settings: NomicSettings
    giornata: int = 1
    giornata_start: str = ""  # ISO instant the current Giornata began (a fact, not a deadline)
    king: str = ""
    scribe: str = ""
    crown_queue: list[str] = Field(default_factory=list)  # next candidates if the King-designate refuses
    crown_open: bool = False  # the King-designate may still refuse
    rules: list[Rule] = Field(default_factory=list)
    repealed: list[str] = Field(default_factory=list)  # laws out of the ruleset, as JSON text (chronicle.py)
    last_number: int = 0
    mechanics: list[str] = Field(default_factory=list)  # those running in this Giornata
    treasure: dict[str, int] = Field(default_factory=dict)
    power: dict[str, int] = Field(default_factory=dict)
    pending: list[Entry] = Field(default_factory=list)
    crown: int = 0
    minted: int = 0  # every Nomicum ever created (start treasures, income, interest, compensations)
    burned: int = 0
    deposits: list[Deposit] = Field(default_factory=list)
    gladiators: list[Gladiator] = Field(default_factory=list)
    gladiator_seq: int = 0
    trained_in: dict[str, int] = Field(default_factory=dict)  # player -> Giornata of his last training
    # the live Giornata's letters and proposals; closed Giornate's are in the chronicle (chronicle.py)
    letters: list[Letter] = Field(default_factory=list)
    letter_seq: int = 0
    proposals: list[Proposal] = Field(default_factory=list)
    proposal_seq: int = 0
    chronicle: list[str] = Field(default_factory=list)  # one JSON text per closed Giornata
    vetoes_used: int = 0
    last_approved: list[str] = Field(default_factory=list)  # rule ids numbered at the last rollover
    reordered: bool = False  # the Scribe ordered the last rollover's laws already (rule 1: once)
    held: list[Proposal] = Field(default_factory=list)  # passed, waiting for the Scribe under rule 2100
    to_delete: list[str] = Field(default_factory=list)  # rule ids their owners deleted (rule 2400)
    quarantined: list[str] = Field(default_factory=list)
    sale_route: list[str] = Field(default_factory=list)  # quarantined players selling one by one
    surrendered: list[str] = Field(default_factory=list)
    offers: list[QuarantineOffer] = Field(default_factory=list)
    offer_seq: int = 0
    expelled: list[str] = Field(default_factory=list)
    applicants: dict[str, str] = Field(default_factory=dict)  # id -> name, seated at the next rollover
    admitted: list[str] = Field(default_factory=list)  # joined after the start (not founders)
    contests: list[Contest] = Field(default_factory=list)
    decrees: list[Decree] = Field(default_factory=list)
    audit: list[Audit] = Field(default_factory=list)
    history: list[Snapshot] = Field(default_factory=list)

    def __deepcopy__(self, memo: dict[int, Any] | None = None) -> NomicState:
        """A deep copy (tests, tools; the core applies DecameroNomic's actions in place) by a JSON round
        trip through pydantic-core, several times faster than Python's deepcopy over many small models."""
        return type(self).model_validate_json(self.model_dump_json(exclude_defaults=True))
