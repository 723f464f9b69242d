"""Voting (rule 1700) with the King's double weight and veto (rule 10), economic growth on votes
in favour (rule 1300) and the protector penalty (rule 1500, paid from the Crown by a King who
chooses so, rule 2300). Weights are treasures, frozen for the Giornata (rule 1900)."""

from __future__ import annotations

from engine.core import Event, Msg, RuleError
from engine.core.votes import Vote
from engine.nomic import gladiators, ledger, roles
from engine.nomic.actions import CastVote, Veto
from engine.nomic.models import Ballot, NomicState, Proposal
from engine.nomic.proposals import get, pending
from engine.nomic.ruleset import param, require, running, variant

MARK = {"for": "✓", "against": "✗", "abstain": "–"}  # the same in every language


def grow(state: NomicState, prop: Proposal, voter: str) -> None:
    """Rule 1300: a vote in favour grows author and voter, once per voter and proposal."""
    if not running(state, "growth") or voter == prop.author or voter in prop.growth_from:
        return
    prop.growth_from.append(voter)
    amount = param(state, "growth")
    for pid in (prop.author, voter):
        state.power[pid] = state.power.get(pid, 0) + amount


def cast(state: NomicState, actor: str, action: CastVote) -> list[Event]:
    require(state, "voting")
    letter = next((x for x in state.letters if x.id == action.letter and x.giornata == state.giornata), None)
    if letter is None:
        raise RuleError("nomic.no_letter", letter=action.letter)
    if letter.author == actor:
        raise RuleError("nomic.own_letter")
    if actor == state.king and not king_votes(state):
        raise RuleError("nomic.king_no_vote")
    props = {p.id: p for p in pending(state) if p.letter == letter.id}
    if sorted(i.proposal for i in action.items) != sorted(props):
        raise RuleError("nomic.whole_letter", proposals=sorted(props))
    ballots: dict[int, Ballot] = {}
    for item in action.items:
        prop = props[item.proposal]
        old = prop.ballots.get(actor)
        if old is not None and old.bribed and item.choice != "for":
            raise RuleError("nomic.bribed_vote", proposal=prop.id)
        if item.rating is not None:
            require(state, "polls")
        champion = None
        against_protected = item.choice == "against" and prop.protector is not None and running(state, "protectors")
        if item.champion:
            if not against_protected:
                raise RuleError("nomic.champion_unneeded", proposal=prop.id)
            champion = gladiators.own_usable(state, actor, item.champion).id
        if item.crown_pays and (actor != state.king or not against_protected or not running(state, "crown")):
            raise RuleError("nomic.crown_cannot_pay", proposal=prop.id)
        ballots[prop.id] = Ballot(choice=item.choice, rating=item.rating, champion=champion,
                                  crown_pays=item.crown_pays, bribed=bool(old and old.bribed))
    events: list[Event] = []
    if actor == state.king and state.crown_open:
        events += roles.require_king(state, actor)
    for pid, ballot in ballots.items():
        props[pid].ballots[actor] = ballot
        if ballot.choice == "for":
            grow(state, props[pid], actor)
    events.append(Event(key="nomic.voted", params={
        "player": state.name_of(actor), "letter": letter.id,
        "choices": [f"#{pid} {MARK[ballots[pid].choice]}" for pid in sorted(ballots)]}))
    return events


def veto(state: NomicState, actor: str, action: Veto) -> list[Event]:
    require(state, "king_powers")
    events = roles.require_king(state, actor)
    if state.vetoes_used >= param(state, "vetoes"):
        raise RuleError("nomic.veto_used")
    prop = get(state, action.proposal)
    prop.vetoed = True
    state.vetoes_used += 1
    return [*events, Event(key="nomic.vetoed", params={"player": state.name_of(actor), "proposal": prop.id,
                                                       "title": prop.title})]


def weight(state: NomicState, voter: str) -> int:
    """What a vote weighs under the variant of rule 1700 in force: the voter's treasure (never below
    zero, frozen for the Giornata), one each, his economic power, or the King's alone; the King's
    weight multiplies it while rule 10 runs."""
    how = variant(state, "vote_weight")
    if how == "king":
        return 1 if state.king and voter == state.king else 0
    base = {"one_each": 1, "power": max(state.power.get(voter, 0), 0)}.get(how, max(state.treasure.get(voter, 0), 0))
    if state.king and voter == state.king and running(state, "king_powers"):
        return base * param(state, "king_weight")
    return base


def king_votes(state: NomicState) -> bool:
    """Does a rule in force give the King a vote? Rule 1700 gives it to the Courtiers; only rule 10
    (the King's powers) or a voting variant that weighs the King's vote alone gives him one."""
    return running(state, "king_powers") or variant(state, "vote_weight") == "king"


def may_vote(state: NomicState, pid: str) -> bool:
    """A player in play, not in quarantine (rule 2000), and not a King no rule lets vote."""
    return pid in roles.in_play(state) and pid not in state.quarantined \
        and not (state.king and pid == state.king and not king_votes(state))


def voters(state: NomicState) -> list[str]:
    """Who can vote now (may_vote): they are the quorum's N and the only ballots that weigh."""
    return [p for p in roles.in_play(state) if may_vote(state, p)]


def decide(state: NomicState, prop: Proposal) -> bool:
    """Does the proposal pass? Also records the weighted totals on it."""
    eligible = {v: weight(state, v) for v in voters(state)}
    cast = {v: b for v, b in prop.ballots.items() if v in eligible}
    vote = Vote(choices=["for", "against", "abstain"], eligible=eligible)
    for v, b in cast.items():
        vote.cast(v, b.choice)
    totals = vote.close()
    yes = prop.votes_for = totals["for"]
    prop.votes_against = totals["against"]
    if prop.vetoed or not running(state, "voting"):
        return False
    if prop.second_half and len(cast) < len(eligible) * param(state, "late_quorum") // 100:
        return False
    majority = variant(state, "majority")
    if majority == "absolute":  # more than half of all the weight that could have voted
        return 2 * yes > sum(eligible.values())
    if majority == "two_thirds":
        return vote.passes(yes="for", no="against", threshold=(2, 3), strict=False)
    return vote.passes(yes="for", no="against")


def shortfall(state: NomicState, prop: Proposal) -> Msg:
    """What a proposal that did not pass had needed, under the rules it was tallied by (read right
    after `decide`, before the tally changes any rule): the table is told why, not only the totals."""
    eligible = {v: weight(state, v) for v in voters(state)}
    cast = [v for v in prop.ballots if v in eligible]
    yes, no = prop.votes_for, prop.votes_against
    if prop.vetoed:
        return Msg(key="nomic.why.vetoed")
    if not running(state, "voting"):
        return Msg(key="nomic.why.no_voting")
    quorum = len(eligible) * param(state, "late_quorum") // 100
    if prop.second_half and len(cast) < quorum:
        return Msg(key="nomic.why.late_quorum", params={"needed": quorum, "cast": len(cast)})
    majority = variant(state, "majority")
    if majority == "absolute":
        total = sum(eligible.values())
        return Msg(key="nomic.why.absolute", params={"half": total // 2, "total": total, "for": yes})
    if yes + no == 0:
        return Msg(key="nomic.why.no_votes")
    if majority == "two_thirds":
        return Msg(key="nomic.why.two_thirds", params={"needed": -(-2 * (yes + no) // 3), "decided": yes + no})
    return Msg(key="nomic.why.majority")


def penalties(state: NomicState, prop: Proposal) -> list[Event]:
    """Rule 1500: each final vote against a protected proposal without a champion that beats the
    protector costs the penalty (or the whole treasure) to the author."""
    if prop.protector is None or not running(state, "protectors"):
        return []
    protector = next((g for g in state.gladiators if g.id == prop.protector), None)
    if protector is None:
        return []
    events = []
    for voter, ballot in prop.ballots.items():
        if ballot.choice != "against" or voter == prop.author or voter not in roles.in_play(state):
            continue
        champion = next((g for g in state.gladiators if g.id == ballot.champion and g.owner == voter), None)
        if champion is not None and gladiators.beats(state, champion.magic, protector.magic):
            events.append(Event(key="nomic.champion_won", params={
                "player": state.name_of(voter), "champion": champion.name, "protector": protector.name}))
            continue
        amount = min(param(state, "protector_penalty"), max(state.treasure.get(voter, 0), 0))
        if amount <= 0:
            continue
        if ballot.crown_pays and voter == state.king and running(state, "crown") \
                and ledger.crown_available(state) >= amount:
            ledger.transfer(state, ledger.CROWN, prop.author, amount, "protector")
            payer = "crown"
        else:
            ledger.transfer(state, voter, prop.author, amount, "protector")
            payer = "voter"
        events.append(Event(key="nomic.penalty_crown" if payer == "crown" else "nomic.penalty", params={
            "player": state.name_of(voter), "author": state.name_of(prop.author), "amount": amount,
            "protector": protector.name, "proposal": prop.id}))
    return events
