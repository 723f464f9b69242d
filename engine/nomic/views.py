"""What players see. Almost everything in DecameroNomic is public (letters go to everyone, the
Scribe publishes accounts and gladiators); a player's own view adds what he may still do."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from engine.nomic import changes, chronicle, ledger, proposals, roles, voting
from engine.nomic.diff import word_diff
from engine.nomic.models import Audit, Contest, Decree, NomicState, Proposal, Snapshot
from engine.nomic.period import end, second_half
from engine.nomic.ruleset import all_values, by_id, ordered, param, text_only, texts


class RuleView(BaseModel):
    number: int
    title: str
    text: str
    title_en: str | None
    text_en: str | None
    owner: str | None
    history: list[str]  # "amended G3 by Anna (#12)", ready-made short lines
    deleting: bool
    mechanics: list[str] = []  # what the rule governs in the game
    knobs: dict[str, int | str] = {}  # the knobs it holds, with their values
    text_only: tuple[str, str] | None = None  # why Araldo runs nothing of it (Italian, English)
    former: list[int] = []  # the numbers it had before (amended or renumbered), oldest first


class BallotView(BaseModel):
    player: str
    choice: str
    rating: int | None
    bribed: bool


class ProposalView(BaseModel):
    id: int
    letter: int
    author: str
    author_id: str
    kind: str
    title: str
    text: str
    rule: int | None
    protector: str | None
    second_half: bool
    vetoed: bool
    outcome: str
    number: int | None
    change: list[tuple[str, str, int | str | None]] = []  # ("set", knob, value) / ("on"|"off", mechanic, None)
    diff: str = ""  # a pending amendment against the rule's text in force (diff.py)
    votes_for: int
    votes_against: int
    ballots: list[BallotView]
    giornata: int


class PlayerView(BaseModel):
    id: str
    name: str
    treasure: int
    pending: int
    power: int
    deposit: int
    quarantined: bool
    king: bool
    scribe: bool


class GladiatorView(BaseModel):
    id: str  # what buttons carry (a vote panel's champion)
    name: str
    magic: str
    owner: str
    available_from: int
    training: bool


class OfferView(BaseModel):
    id: int
    seller: str
    buyer: str
    gladiator: str
    price: int


class MeView(BaseModel):
    id: str
    available: int
    pending: list[tuple[str, int]]
    deposit: tuple[int, int, int, int] | None  # amount, giornate, percent, first Giornata
    letters_left: int
    to_vote: list[int]  # letters still waiting for my answer
    my_ballots: dict[int, str]
    offers_for_me: list[int]
    training_numbers: dict[str, str] = {}  # my gladiators in training: name -> the magic number they will have


class NomicView(BaseModel):
    giornata: int
    start: str
    end: datetime | None
    second_half: bool
    king: str
    king_open: bool
    crown_deadline: datetime | None
    scribe: str
    crown: int
    bank: int
    players: list[PlayerView]
    rules: list[RuleView]
    proposals: list[ProposalView]
    gladiators: list[GladiatorView]
    offers: list[OfferView]
    decrees: list[Decree]
    contests: list[Contest]
    params: dict[str, int | str]  # every knob's value in force
    mechanics: list[str]
    held: list[int] = []  # passed proposals waiting for the Scribe (rule 2100)
    audit: list[Audit]
    history: list[Snapshot]
    names: dict[str, str]  # player id -> name (charts, panels)
    status: str
    me: MeView | None = None


def _history_line(state: NomicState, e: object) -> str:
    kind = getattr(e, "kind", "")
    if kind == "shipped":
        return str(getattr(e, "note", ""))
    by = getattr(e, "by", None)
    who = f" {state.name_of(by)}" if by else ""
    prop = getattr(e, "proposal", None)
    num = getattr(e, "number", None)
    extra = f" #{prop}" if prop else ""
    extra += f" (ex {num})" if num else ""
    return f"{kind} G{getattr(e, 'giornata', 0)}{who}{extra}"


def _diff(state: NomicState, p: Proposal) -> str:
    target = by_id(state, p.rule) if p.kind == "amend" and p.outcome == "pending" and p.rule else None
    return word_diff(texts(target)[1], p.text) if target is not None else ""


def build(state: NomicState, viewer: str | None, now: datetime) -> NomicView:
    rules = []
    for r in ordered(state):
        title, text, title_en, text_en = texts(r)
        rules.append(RuleView(number=r.number, title=title, text=text, title_en=title_en, text_en=text_en,
                              owner=state.name_of(r.owner) if r.owner else None,
                              history=[_history_line(state, e) for e in r.history], deleting=r.id in state.to_delete,
                              mechanics=list(r.mechanics), knobs=dict(r.knobs),
                              text_only=text_only().get(int(r.id)) if r.id.isdigit() and not r.mechanics else None,
                              former=[e.number for e in r.history if e.number is not None and e.number != r.number]))
    glad = {g.id: g.name for g in state.gladiators}
    numbers = {r.id: r.number for r in state.rules}
    props = []
    for p in chronicle.all_proposals(state):
        target = numbers.get(p.rule) if p.rule else None
        props.append(ProposalView(
            id=p.id, letter=p.letter, author=state.name_of(p.author), author_id=p.author, kind=p.kind,
            title=p.title, text=p.text, rule=target, protector=glad.get(p.protector or ""),
            change=changes.lines(p.change), diff=_diff(state, p),
            second_half=p.second_half, vetoed=p.vetoed, outcome=p.outcome, number=p.result_number,
            votes_for=p.votes_for, votes_against=p.votes_against, giornata=p.giornata,
            ballots=[BallotView(player=state.name_of(v), choice=b.choice, rating=b.rating, bribed=b.bribed)
                     for v, b in p.ballots.items()]))
    players = [PlayerView(id=pid, name=state.name_of(pid), treasure=state.treasure.get(pid, 0),
                          pending=ledger.pending_of(state, pid), power=state.power.get(pid, 0),
                          deposit=sum(d.amount for d in state.deposits if d.owner == pid),
                          quarantined=pid in state.quarantined, king=pid == state.king, scribe=pid == state.scribe)
               for pid in roles.in_play(state)]
    view = NomicView(
        giornata=state.giornata, start=state.giornata_start, end=end(state),
        second_half=second_half(state, now), king=state.name_of(state.king), king_open=state.crown_open,
        crown_deadline=state.deadline("crown"), scribe=state.name_of(state.scribe), crown=state.crown,
        bank=ledger.bank_total(state), players=players, rules=rules, proposals=props,
        gladiators=[GladiatorView(id=g.id, name=g.name, magic=g.magic, owner=state.name_of(g.owner),
                                  available_from=g.available_from, training=g.training is not None)
                    for g in state.gladiators],
        offers=[OfferView(id=o.id, seller=state.name_of(o.seller), buyer=state.name_of(o.buyer),
                          gladiator=glad.get(o.gladiator, "?"), price=o.price) for o in state.offers],
        decrees=list(state.decrees), contests=list(state.contests), params=all_values(state),
        held=[p.id for p in state.held],
        mechanics=list(state.mechanics), audit=list(state.audit), history=list(state.history),
        names={p.id: p.name for p in state.players}, status=state.status)
    if viewer is not None and state.player(viewer) is not None:
        dep = next((d for d in state.deposits if d.owner == viewer), None)
        view.me = MeView(
            id=viewer, available=ledger.available(state, viewer),
            pending=[(e.reason, e.amount) for e in state.pending if e.account == viewer],
            deposit=(dep.amount, dep.giornate, dep.percent, dep.first) if dep else None,
            letters_left=max(0, param(state, "letters") - proposals.letters_sent(state, viewer)),
            to_vote=sorted(to_vote(state, viewer)),
            my_ballots={p.id: p.ballots[viewer].choice for p in proposals.pending(state) if viewer in p.ballots},
            offers_for_me=[o.id for o in state.offers if o.buyer == viewer],
            training_numbers={g.name: g.training for g in state.gladiators if g.owner == viewer and g.training is not None})
    return view


def to_vote(state: NomicState, pid: str) -> set[int]:
    """Letters of this Giornata the player has not answered yet."""
    if not voting.may_vote(state, pid):  # quarantined, gone, or a King no rule lets vote
        return set()
    out = set()
    for p in proposals.pending(state):
        if p.author != pid and pid not in p.ballots:
            out.add(p.letter)
    return out
