"""Every DecameroNomic action a player (or the Scribe, or the King) can take. Strict: unknown
fields and loose types are refused (engine.core.Action)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from engine.core import Action
from engine.nomic.models import Choice, ProposalKind

MAX_TEXT = 4000  # a Discord modal's paragraph field
# the most one move moves (a gift, a deposit, a bribe, an offer, a correction either way); a treasure
# itself has no ceiling (rule 600: any whole number; docs/rules/nomic.md, "Nomica")
MAX_AMOUNT = 10**9
MAGIC = r"^[1-5]{5}$"


class ChangeSpec(Action):
    """A proposal's structured change (changes.py): knobs to set, mechanics to switch on or off."""

    set: dict[str, int | str] = Field(default_factory=dict, max_length=40)
    on: list[str] = Field(default_factory=list, max_length=40)
    off: list[str] = Field(default_factory=list, max_length=40)


class ProposalSpec(Action):
    kind: ProposalKind
    title: str = Field(default="", max_length=200)
    text: str = Field(default="", max_length=MAX_TEXT)
    rule: int | None = None  # the number of the rule to repeal or amend
    protector: str | None = None  # a gladiator's name
    change: ChangeSpec | None = None


class Propose(Action):
    """A letter of proposals (rule 2600), at most `proposals_per_letter` of them (rule 300)."""

    type: Literal["propose"] = "propose"
    proposals: list[ProposalSpec] = Field(min_length=1, max_length=10)
    letter: int | None = None  # join one's own letter of this Giornata that nobody has answered yet


class VoteItem(Action):
    proposal: int
    choice: Choice
    rating: int | None = Field(default=None, ge=1, le=10)
    champion: str | None = None  # a gladiator's name, against a protected proposal
    crown_pays: bool = False


class CastVote(Action):
    """One answer to a whole letter: a choice for each of its proposals."""

    type: Literal["vote"] = "vote"
    letter: int
    items: list[VoteItem] = Field(min_length=1, max_length=10)


class Veto(Action):
    type: Literal["veto"] = "veto"
    proposal: int


class Give(Action):
    type: Literal["give"] = "give"
    to: str  # player id or name
    amount: int = Field(ge=1, le=MAX_AMOUNT)


class MakeDeposit(Action):
    type: Literal["deposit"] = "deposit"
    amount: int = Field(ge=1, le=MAX_AMOUNT)
    giornate: int = Field(ge=1, le=4)


class BuyGladiator(Action):
    type: Literal["gladiator_buy"] = "gladiator_buy"
    name: str = Field(max_length=200)
    magic: str = Field(pattern=MAGIC)


class TrainGladiator(Action):
    type: Literal["gladiator_train"] = "gladiator_train"
    gladiator: str  # name
    magic: str = Field(pattern=MAGIC)


class Bribe(Action):
    type: Literal["bribe"] = "bribe"
    proposal: int
    to: str  # player id or name
    amount: int = Field(ge=1, le=MAX_AMOUNT)


class Contest(Action):
    type: Literal["contest"] = "contest"
    text: str = Field(min_length=1, max_length=MAX_TEXT)


class IssueDecree(Action):
    type: Literal["decree"] = "decree"
    contest: int
    text: str = Field(min_length=1, max_length=MAX_TEXT)
    replaces: int | None = None


class LawDelete(Action):
    type: Literal["law_delete"] = "law_delete"
    rule: int


class LawTransfer(Action):
    type: Literal["law_transfer"] = "law_transfer"
    rule: int
    to: str


class KingAnswer(Action):
    type: Literal["king_answer"] = "king_answer"
    accept: bool


class Surrender(Action):
    """Quarantine: give up every gladiator for the compensation (rule 2000)."""

    type: Literal["surrender"] = "surrender"


class OfferGladiator(Action):
    """Quarantine: offer one gladiator to a player for more than the compensation (rule 2000)."""

    type: Literal["quarantine_offer"] = "quarantine_offer"
    gladiator: str
    to: str
    price: int = Field(ge=1, le=MAX_AMOUNT)


class BuyOffered(Action):
    type: Literal["quarantine_buy"] = "quarantine_buy"
    offer: int


# ---- the Scribe's desk -------------------------------------------------------------------
class RuleText(Action):
    """The Scribe writes a rule's authoritative text (after an amendment, or the group's own)."""

    type: Literal["scribe_text"] = "scribe_text"
    rule: int
    text: str = Field(min_length=1, max_length=MAX_TEXT * 4)
    title: str | None = Field(default=None, max_length=200)


class ImportedRule(Action):
    number: int = Field(ge=1, le=10**6)
    title: str = Field(min_length=1, max_length=200)
    text: str = Field(min_length=1, max_length=MAX_TEXT * 4)


class ImportRules(Action):
    type: Literal["scribe_import"] = "scribe_import"
    rules: list[ImportedRule] = Field(min_length=1, max_length=200)


MAX_REORDER = 40  # laws ordered in one go


class Reorder(Action):
    """The numbers of the laws approved together at the last rollover, in the order wanted."""

    type: Literal["scribe_reorder"] = "scribe_reorder"
    numbers: list[int] = Field(min_length=2, max_length=MAX_REORDER)


class SetParam(Action):
    type: Literal["scribe_param"] = "scribe_param"
    name: str = Field(max_length=64)
    value: int | str  # a number, or a variant's id
    rule: int  # the rule (number) that governs the knob, amended or enacted in this game


class Adjust(Action):
    type: Literal["scribe_adjust"] = "scribe_adjust"
    player: str
    amount: int  # nonzero, at most MAX_AMOUNT either way (scribe.adjust says so in words)
    reason: str = Field(min_length=1, max_length=500)


class Admit(Action):
    """A newcomer asked to join (rule 4): seated at the next Giornata. Asking is enough: `/nomic join`
    files it on the Scribe's desk itself (`asked`)."""

    type: Literal["scribe_admit"] = "scribe_admit"
    user: str = Field(pattern=r"^\d{1,25}$")
    name: str = Field(max_length=64)
    asked: bool = False


class HandScribe(Action):
    type: Literal["scribe_hand"] = "scribe_hand"
    to: str


class RetireDecree(Action):
    type: Literal["scribe_retire_decree"] = "scribe_retire_decree"
    decree: int
    rule: int  # the rule change that settled the question


class DeclareImpossible(Action):
    """Rule 2100: the Scribe declares that a player's action made the game impossible."""

    type: Literal["scribe_impossible"] = "scribe_impossible"
    player: str
    reason: str = Field(min_length=1, max_length=500)


class Strike(Action):
    """A law enacted by mistake leaves the ruleset at once, with a public reason."""

    type: Literal["scribe_strike"] = "scribe_strike"
    rule: int
    reason: str = Field(min_length=1, max_length=500)


class Override(Action):
    """The Scribe corrects the result of a proposal of the Giornata just closed, with a public reason."""

    type: Literal["scribe_override"] = "scribe_override"
    proposal: int
    passed: bool
    reason: str = Field(min_length=1, max_length=500)


class Release(Action):
    """Rule 2100: a passed law the engine held because the game could not go on with it; the Scribe
    lets it take effect or voids it (or declares the game impossible with scribe_impossible)."""

    type: Literal["scribe_release"] = "scribe_release"
    proposal: int
    apply: bool
    reason: str = Field(min_length=1, max_length=500)


NomicAction = Annotated[
    Propose | CastVote | Veto | Give | MakeDeposit | BuyGladiator | TrainGladiator | Bribe | Contest
    | IssueDecree | LawDelete | LawTransfer | KingAnswer | Surrender | OfferGladiator | BuyOffered
    | RuleText | ImportRules | Reorder | SetParam | Adjust | Admit | HandScribe | RetireDecree
    | DeclareImpossible | Strike | Override | Release,
    Field(discriminator="type"),
]
