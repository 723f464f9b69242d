"""The chronicle: what a closed Giornata leaves behind (its proposals with their totals, its letters,
the laws repealed or deleted at its end). No rule reads it again, only the views do, so it is kept
as JSON text, one string per Giornata: a move neither parses, copies nor validates it, and the
state a move handles stays the size of one Giornata however long the game runs."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field

from engine.core.game import rename_player
from engine.nomic.models import Letter, NomicState, Proposal, Rule


class Closed(BaseModel):
    giornata: int
    proposals: list[Proposal] = Field(default_factory=list)
    letters: list[Letter] = Field(default_factory=list)
    repealed: list[Rule] = Field(default_factory=list)


def close(state: NomicState, giornata: int) -> None:
    """File the Giornata that just ended (tallied, its ballots cleared) and clear it from the state."""
    entry = Closed(giornata=giornata, proposals=[p for p in state.proposals if p.outcome != "pending"],
                   letters=[x for x in state.letters if x.giornata <= giornata], repealed=state.repealed)
    state.chronicle.append(_text(entry))
    state.proposals = [p for p in state.proposals if p.outcome == "pending"]
    state.letters = [x for x in state.letters if x.giornata > giornata]
    state.repealed = []


def _text(entry: Closed) -> str:
    return entry.model_dump_json(exclude_defaults=True)


@lru_cache(maxsize=512)
def read(text: str) -> Closed:
    """One Giornata of the chronicle (cached by its text, which never changes once written). Shared:
    read it, never change it."""
    return Closed.model_validate_json(text)


def closed_proposals(state: NomicState) -> list[Proposal]:
    return [p for text in state.chronicle for p in read(text).proposals]


def all_proposals(state: NomicState) -> list[Proposal]:
    """Every proposal of the game in submission order: the closed Giornate's, then the live ones."""
    return closed_proposals(state) + state.proposals


def proposal(state: NomicState, pid: int) -> Proposal | None:
    return next((p for p in reversed(all_proposals(state)) if p.id == pid), None)


def renamed(entries: list[str], old: str, new: str) -> list[str]:
    """The chronicle with a replaced player's id changed everywhere, as the core does for the state."""
    return [_text(Closed.model_validate(rename_player(json.loads(text), old, new))) for text in entries]


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot saved before the chronicle: file every closed Giornata's proposals and letters in
    it. Repealed laws go with the Giornata whose proposal repealed them; a law its owner deleted
    (rule 2400) left no date, so it goes with the last closed Giornata."""
    current = int(data.get("giornata", 1))
    props = [Proposal.model_validate(p) for p in data.get("proposals", [])]
    letters = [Letter.model_validate(x) for x in data.get("letters", [])]
    repealed = [Rule.model_validate(r) for r in data.get("repealed", [])]
    repealed_in = {p.rule: p.giornata for p in props if p.kind == "repeal" and p.outcome == "passed"}
    chronicle = []
    for g in range(1, current):
        entry = Closed(giornata=g, proposals=[p for p in props if p.giornata == g and p.outcome != "pending"],
                       letters=[x for x in letters if x.giornata == g],
                       repealed=[r for r in repealed
                                 if repealed_in.get(r.id, current - 1) == g])
        chronicle.append(_text(entry))
    data = dict(data)
    data["chronicle"] = chronicle
    data["proposals"] = [p.model_dump(mode="json", exclude_defaults=True) for p in props
                         if p.giornata >= current or p.outcome == "pending"]
    data["letters"] = [x.model_dump(mode="json") for x in letters if x.giornata >= current]
    data["letter_seq"] = len(letters)
    data["repealed"] = []
    return data
