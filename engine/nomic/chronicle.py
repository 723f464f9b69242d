"""The chronicle: what a closed Giornata leaves behind (its proposals with their totals, its letters),
and the laws repealed or deleted. No rule reads them again, only the views do, so they are kept as
text — one string per Giornata, one per law: a move neither parses, copies nor validates them, and
the state a move handles stays the size of one Giornata however long the game runs.

A Giornata's text is its JSON compressed with bzip2 and written in base64: a fifth of the size, and
no quotes for the snapshot's own JSON to escape on every load and save. bzip2 because its output
is the same on every platform (zlib's is not: zlib-ng compresses differently), so a replay still
rebuilds the very same snapshot."""

from __future__ import annotations

import base64
import bz2
import json
from functools import lru_cache
from typing import Any

from pydantic import BaseModel, Field

from engine.core.model import rename_player
from engine.nomic.models import Letter, NomicState, Proposal, Rule


class Closed(BaseModel):
    giornata: int
    proposals: list[Proposal] = Field(default_factory=list)
    letters: list[Letter] = Field(default_factory=list)


def close(state: NomicState, giornata: int) -> None:
    """File the Giornata that just ended (tallied, its ballots cleared) and clear it from the state."""
    entry = Closed(giornata=giornata, proposals=[p for p in state.proposals if p.outcome != "pending"],
                   letters=[x for x in state.letters if x.giornata <= giornata])
    state.chronicle.append(_text(entry))
    state.proposals = [p for p in state.proposals if p.outcome == "pending"]
    state.letters = [x for x in state.letters if x.giornata > giornata]


def file_law(state: NomicState, rule: Rule) -> None:
    """A law leaves the ruleset (repealed, or deleted by its owner): kept for the record only."""
    state.rules.remove(rule)
    state.repealed.append(rule.model_dump_json(exclude_defaults=True))


def repealed(state: NomicState) -> list[Rule]:
    return [Rule.model_validate_json(text) for text in state.repealed]


def restore_law(state: NomicState, rule_id: str) -> Rule | None:
    """A law filed as repealed comes back into the ruleset (a repeal overridden by the Scribe)."""
    for i, text in enumerate(state.repealed):
        rule = Rule.model_validate_json(text)
        if rule.id == rule_id:
            del state.repealed[i]
            state.rules.append(rule)
            return rule
    return None


def rewrite_proposal(state: NomicState, prop: Proposal) -> None:
    """A closed proposal's record corrected (the Scribe's override): its Giornata's text written anew."""
    for i, text in enumerate(state.chronicle):
        entry = read(text)
        if any(p.id == prop.id for p in entry.proposals):
            fixed = entry.model_copy(update={"proposals": [prop if p.id == prop.id else p for p in entry.proposals]})
            state.chronicle[i] = _text(fixed)
            return


def _text(entry: Closed) -> str:
    return base64.b64encode(bz2.compress(entry.model_dump_json(exclude_defaults=True).encode(), 9)).decode()


@lru_cache(maxsize=512)
def read(text: str) -> Closed:
    """One Giornata of the chronicle (cached by its text, which never changes once written). Shared:
    read it, never change it."""
    return Closed.model_validate_json(bz2.decompress(base64.b64decode(text)))


def closed_proposals(state: NomicState) -> list[Proposal]:
    return [p for text in state.chronicle for p in read(text).proposals]


def all_proposals(state: NomicState) -> list[Proposal]:
    """Every proposal of the game in submission order: the closed Giornate's, then the live ones."""
    return closed_proposals(state) + state.proposals


def proposal(state: NomicState, pid: int) -> Proposal | None:
    return next((p for p in reversed(all_proposals(state)) if p.id == pid), None)


def renamed(data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
    """A dumped state whose replaced player's id the core changed everywhere but in these texts."""
    data["chronicle"] = [_text(Closed.model_validate(rename_player(read(text).model_dump(mode="json"), old, new)))
                         for text in data.get("chronicle", [])]
    data["repealed"] = [Rule.model_validate(rename_player(json.loads(text), old, new)).model_dump_json(
        exclude_defaults=True) for text in data.get("repealed", [])]
    return data


def migrate_v1(data: dict[str, Any]) -> dict[str, Any]:
    """A snapshot saved before the chronicle: file every closed Giornata's proposals and letters, and
    every repealed law, as text."""
    current = int(data.get("giornata", 1))
    props = [Proposal.model_validate(p) for p in data.get("proposals", [])]
    letters = [Letter.model_validate(x) for x in data.get("letters", [])]
    data = dict(data)
    data["chronicle"] = [_text(Closed(giornata=g, letters=[x for x in letters if x.giornata == g],
                                      proposals=[p for p in props if p.giornata == g and p.outcome != "pending"]))
                         for g in range(1, current)]
    data["proposals"] = [p.model_dump(mode="json") for p in props if p.giornata >= current or p.outcome == "pending"]
    data["letters"] = [x.model_dump(mode="json") for x in letters if x.giornata >= current]
    data["letter_seq"] = len(letters)
    data["repealed"] = [Rule.model_validate(r).model_dump_json(exclude_defaults=True)
                        for r in data.get("repealed", [])]
    # as Nomic.dump_state writes it: fields at their default left out
    return NomicState.model_validate(data).model_dump(mode="json", exclude_defaults=True)
