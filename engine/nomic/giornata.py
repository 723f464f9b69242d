"""The Giornata rollover (rules 3, 7, 1700, 1800, 1900, 2000, 2200, 2500, 1600), in the issue's order:
close votes and tally; apply passed proposals in submission order; the polls prize; the deferred
ledger; economic power income; deposits that mature; quarantine checks; the new King; training;
the Gazzetta."""

from __future__ import annotations

from copy import deepcopy
from datetime import datetime, timedelta

from engine.core import Event, Msg
from engine.nomic import bank, changes, chronicle, gladiators, ledger, polls, proposals, quarantine, roles, voting
from engine.nomic.models import NomicState, Proposal, Snapshot
from engine.nomic.period import end, schedule
from engine.nomic.property import apply_deletions
from engine.nomic.ruleset import in_force, running


def snapshot(state: NomicState) -> None:
    ids = roles.in_play(state)
    state.history.append(Snapshot(giornata=state.giornata, treasure={p: state.treasure.get(p, 0) for p in ids},
                                  power={p: state.power.get(p, 0) for p in ids}))


def start_first(state: NomicState, now: datetime) -> None:
    state.mechanics = in_force(state)
    if running(state, "economic_power"):  # rule 2500: income at the start of every Giornata, the first too
        for pid in roles.in_play(state):
            ledger.mint(state, pid, state.power.get(pid, 0), "income", now=True)
    schedule(state, now)
    snapshot(state)


def would_stop(state: NomicState, prop: Proposal) -> bool:
    """Would this law, taking effect, leave the game unable to go on (when it can go on now)? Tried on
    a copy of the state."""
    if changes.fatal(state):
        return False
    trial = deepcopy(state)
    proposals.enact(trial, next(p for p in trial.proposals if p.id == prop.id))
    return changes.fatal(trial)


def rollover(state: NomicState, now: datetime) -> tuple[list[Event], bool]:
    """End the Giornata at `now` and start the next. Returns the events and whether the game ended
    (no King can be chosen, rule 7)."""
    events: list[Event] = []
    ended = state.giornata
    props = sorted(proposals.pending(state), key=lambda p: p.id)
    why: dict[int, Msg] = {}  # what each proposal that fell had needed
    # 1. tally under the rules of the Giornata that ends
    passed = []
    for prop in props:
        if voting.decide(state, prop):
            passed.append(prop)
        else:
            prop.outcome = "vetoed" if prop.vetoed else "rejected"
            why[prop.id] = voting.shortfall(state, prop)
        events += voting.penalties(state, prop)
    # the polls prize of the ended Giornata, under its rules (before any law changes them)
    prize = polls.prize(state, props) if running(state, "polls") else []
    # 2. passed proposals change the ruleset in submission order, each with its change; a law that
    # would leave the game unable to go on waits for the Scribe (rule 2100); deleted laws go (2400)
    state.last_approved, state.reordered = [], False
    changed: list[Event] = []
    for prop in passed:
        if not proposals.lapses(state, prop) and would_stop(state, prop):
            prop.outcome = "held"
            state.held.append(prop.model_copy(deep=True))
            continue
        outcome, rule, what = proposals.enact(state, prop)
        prop.outcome = outcome
        changed += what
        if rule is not None and prop.kind != "repeal":
            prop.result_number = rule.number
            if rule.id not in state.last_approved:  # amended twice in one tally: one law to order
                state.last_approved.append(rule.id)
    for prop in props:
        events.append(Event(key=f"nomic.result_{prop.outcome}", params={
            "proposal": prop.id, "title": prop.title, "for": prop.votes_for, "against": prop.votes_against,
            "number": prop.result_number or 0}, to=[prop.author], notify="info"))
        if prop.outcome == "rejected" and prop.id in why:  # the table reads what it had needed
            events.append(Event(key="nomic.rejected_why", params={
                "proposal": prop.id, "title": prop.title, "for": prop.votes_for, "against": prop.votes_against,
                "why": [why[prop.id].model_dump()]}))
        if prop.outcome == "held":
            events.append(Event(key="nomic.held", params={"proposal": prop.id, "title": prop.title,
                                                          "scribe": state.name_of(state.scribe)}))
            events.append(Event(key="nomic.held_for_scribe", params={"proposal": prop.id, "title": prop.title},
                                to=[state.scribe], notify="action"))
    events += changed
    events += apply_deletions(state)
    events += prize
    events += quarantine.close(state)
    proposers = {p.author for p in props}
    for prop in props:  # closed: the totals stay, the ballots are no longer needed
        prop.ballots, prop.growth_from = {}, []
    chronicle.close(state, ended)
    # the new Giornata: the rules now in force decide which mechanics run in it
    state.giornata = ended + 1
    state.mechanics = in_force(state)
    # 4. the deferred ledger
    ledger.settle(state)
    events += roles.seat_newcomers(state)
    # 5. income
    if running(state, "economic_power"):
        for pid in roles.in_play(state):
            ledger.mint(state, pid, state.power.get(pid, 0), "income", now=True)
    # 6. deposits
    events += bank.mature(state)
    # 7. quarantine
    events += quarantine.check(state)
    # 8. the King (rule 7; without it, no King)
    state.vetoes_used = 0
    over, crowned = roles.next_king(state, proposers, now)
    if over:
        return events, True
    events += crowned
    # 9. training ends
    events += gladiators.graduate(state)
    schedule(state, now)
    snapshot(state)
    # 10. the Gazzetta
    events.append(Event(key="nomic.gazzetta", params={
        "giornata": state.giornata, "ended": ended, "king": state.name_of(state.king),
        "passed": [f"#{p.id} → {p.result_number}" if p.result_number else f"#{p.id}"
                   for p in props if p.outcome == "passed"] or ["—"],
        "rejected": [f"#{p.id}" for p in props if p.outcome in ("rejected", "vetoed", "lapsed")] or ["—"],
        "end": end(state), "crown": state.crown}))
    return events, False


def remind(state: NomicState, hours: int, now: datetime, missing: set[str]) -> list[Event]:
    """A reminder timer fired: DM those who still owe a vote, unless the Giornata was extended
    (then the reminder moves with its end)."""
    deadline = end(state)
    if deadline is None:
        return []
    if deadline - now > timedelta(hours=hours, minutes=30):
        state.add_timer("vote_reminder", deadline - timedelta(hours=hours), hours=hours)
        return []
    events = []
    if roles.no_successor(state, {p.author for p in proposals.pending(state)}):
        # as things stand nobody can follow the King: the table is warned before the game ends
        events.append(Event(key="nomic.warn_no_king", params={"at": deadline}))
    if missing:
        events.append(Event(key="nomic.reminder", params={"hours": hours, "at": deadline}, to=sorted(missing),
                            notify="reminder"))
    return events
