"""Proposals (rule 2600) in letters limited by rule 300, and how passed ones change the ruleset:
enacted and amended laws take the next hundred (rule 1), in submission order."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from engine.core import Event, RuleError
from engine.core.names import check_name
from engine.nomic import changes, chronicle, gladiators, roles
from engine.nomic.actions import Propose
from engine.nomic.diff import word_diff
from engine.nomic.models import Ballot, Letter, NomicState, Proposal, Rule, RuleEvent
from engine.nomic.period import second_half
from engine.nomic.ruleset import by_id, by_number, param, renumber, require, rewrite, running, texts, variant


def pending(state: NomicState) -> list[Proposal]:
    return [p for p in state.proposals if p.outcome == "pending"]


def get(state: NomicState, pid: int) -> Proposal:
    prop = next((p for p in pending(state) if p.id == pid), None)
    if prop is None:
        raise RuleError("nomic.no_proposal", proposal=pid)
    return prop


def letters_sent(state: NomicState, actor: str) -> int:
    return sum(1 for letter in state.letters if letter.author == actor and letter.giornata == state.giornata)


def _open_letter(state: NomicState, actor: str, number: int) -> Letter:
    """One's own letter of this Giornata that nobody else has answered yet: proposals may join it (so a
    letter holds any mix, each with its own protector); once someone voted, what he read is final."""
    letter = next((x for x in state.letters if x.id == number and x.giornata == state.giornata), None)
    if letter is None or letter.author != actor:
        raise RuleError("nomic.no_letter", letter=number)
    if any(v != actor for p in pending(state) if p.letter == letter.id for v in p.ballots):
        raise RuleError("nomic.letter_answered", letter=number)
    return letter


def propose(state: NomicState, actor: str, action: Propose, now: datetime) -> list[Event]:
    require(state, "proposals")
    if variant(state, "proposers") == "courtiers":  # rule 2600 as shipped: the King proposes nothing
        roles.require_courtier(state, actor)
    adding = _open_letter(state, actor, action.letter) if action.letter is not None else None
    already = len(adding.proposals) if adding else 0
    if running(state, "letter_limits"):
        if adding is None and letters_sent(state, actor) >= param(state, "letters"):
            raise RuleError("nomic.too_many_letters", most=param(state, "letters"))
        if already + len(action.proposals) > param(state, "proposals_per_letter"):
            raise RuleError("nomic.too_many_proposals", most=param(state, "proposals_per_letter"))
    # titles stay unique among the laws in force and those that may pass with them
    titles = [r.title for r in state.rules] + [p.title for p in pending(state) if p.kind == "enact"]
    late = second_half(state, now)
    made: list[Proposal] = []
    for spec in action.proposals:
        seq = state.proposal_seq + len(made) + 1
        prop = Proposal(id=seq, letter=0, author=actor, kind=spec.kind, second_half=late, giornata=state.giornata)
        target = None
        if spec.kind == "enact":
            if not spec.text.strip():
                raise RuleError("nomic.text_needed")
            prop.title = check_name(spec.title, titles)
            titles.append(prop.title)
            prop.text = spec.text.strip()
        else:
            if spec.rule is None:
                raise RuleError("nomic.rule_needed")
            target = by_number(state, spec.rule)
            prop.rule = target.id
            prop.title = target.title
            if spec.kind == "amend":
                if not spec.text.strip():
                    raise RuleError("nomic.text_needed")
                prop.text = spec.text.strip()
                if spec.title.strip():
                    prop.title = check_name(spec.title, [t for t in titles if t != target.title])
        prop.change = changes.validate(state, spec.kind, target if spec.kind == "amend" else None, spec.change)
        if spec.protector:
            require(state, "protectors")
            prop.protector = gladiators.own_usable(state, actor, spec.protector).id
        prop.ballots[actor] = Ballot(choice="for")  # the author always votes for (rule 1700)
        made.append(prop)
    if adding is not None:
        letter = adding
        letter.proposals += [p.id for p in made]
    else:
        state.letter_seq += 1
        letter = Letter(id=state.letter_seq, author=actor, proposals=[p.id for p in made], giornata=state.giornata)
        state.letters.append(letter)
    for p in made:
        p.letter = letter.id
    state.proposals.extend(made)
    state.proposal_seq += len(made)
    key = "nomic.letter_added" if adding else "nomic.letter_late" if late else "nomic.letter"
    return [Event(key=key, params={
        "player": state.name_of(actor), "letter": letter.id,
        "proposals": [f"#{p.id} {p.title}" for p in made],
        "texts": [line for p in made for line in said(state, p)]}, notify="action")]


def said(state: NomicState, prop: Proposal) -> list[dict[str, object]]:
    """What a proposal says, as sentences for the catalogs: its text (an amendment as a diff of the
    rule it changes), then each part of its structured change."""
    target = by_id(state, prop.rule) if prop.rule else None
    number = target.number if target else 0
    if prop.kind == "enact":
        out: list[dict[str, object]] = [{"key": "nomic.text.enact", "params": {"id": prop.id, "title": prop.title,
                                                                               "text": prop.text}}]
    elif prop.kind == "repeal":
        out = [{"key": "nomic.text.repeal", "params": {"id": prop.id, "title": prop.title, "number": number}}]
    else:
        old = texts(target)[1] if target else ""
        out = [{"key": "nomic.text.amend", "params": {"id": prop.id, "title": prop.title, "number": number,
                                                      "diff": word_diff(old, prop.text)}}]
    for what, name, value in changes.lines(prop.change):
        out.append({"key": f"nomic.text.{what}", "params": {"name": name, "value": value if value is not None else ""}})
    return out


def lapses(state: NomicState, prop: Proposal) -> bool:
    """Rule 2600: a proposal about a rule repealed earlier in the same tally lapses."""
    return prop.kind != "enact" and (prop.rule is None or by_id(state, prop.rule) is None)


def enact(state: NomicState, prop: Proposal) -> tuple[Literal["passed", "lapsed"], Rule | None, list[Event]]:
    """Apply one passed proposal to the ruleset, its structured change with it (one step, with the
    numbering). Returns ("passed"|"lapsed", the rule touched, what changed in the game)."""
    before = changes.snapshot(state)
    if prop.kind == "enact":
        owner = prop.author if running(state, "property") else None
        rule = Rule(id=f"p{prop.id}", number=0, title=prop.title, text=prop.text, owner=owner,
                    history=[RuleEvent(kind="enacted", giornata=state.giornata, by=prop.author, proposal=prop.id)])
        renumber(state, rule)
        state.rules.append(rule)
        overruled = changes.apply(state, rule, prop.change) if prop.change is not None else []
        return "passed", rule, changes.announce(state, before, rule.number) + overruled
    if lapses(state, prop):
        return "lapsed", None, []
    assert prop.rule is not None
    target = by_id(state, prop.rule)
    assert target is not None
    if prop.kind == "repeal":
        chronicle.file_law(state, target)
        return "passed", target, changes.announce(state, before, target.number)
    old = target.number
    target.title = prop.title
    rewrite(target, prop.text)
    target.history.append(RuleEvent(kind="amended", giornata=state.giornata, by=prop.author, proposal=prop.id,
                                    number=old))
    renumber(state, target)  # a new number may change which rule prevails (rule 100): announced too
    overruled = changes.apply(state, target, prop.change) if prop.change is not None else []
    return "passed", target, changes.announce(state, before, target.number) + overruled
