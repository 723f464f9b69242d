"""The Giornata rollover (rules 3, 7, 1700, 1800, 1900, 2000, 2200, 2500, 1600), in the issue's order:
close votes and tally; apply passed proposals in submission order; the polls prize; the deferred
ledger; economic power income; deposits that mature; quarantine checks; the new King; training;
the Gazzetta."""

from __future__ import annotations

from datetime import datetime, timedelta

from engine.core import Event
from engine.nomic import bank, chronicle, gladiators, ledger, polls, proposals, quarantine, roles, voting
from engine.nomic.models import NomicState, Snapshot
from engine.nomic.period import end, schedule
from engine.nomic.property import apply_deletions
from engine.nomic.ruleset import in_force, running


def snapshot(state: NomicState) -> None:
    ids = roles.in_play(state)
    state.history.append(Snapshot(giornata=state.giornata, treasure={p: state.treasure.get(p, 0) for p in ids},
                                  power={p: state.power.get(p, 0) for p in ids}))


def start_first(state: NomicState, now: datetime) -> None:
    state.mechanics = in_force(state)
    schedule(state, now)
    snapshot(state)


def rollover(state: NomicState, now: datetime) -> tuple[list[Event], bool]:
    """End the Giornata at `now` and start the next. Returns the events and whether the game ended
    (no King can be chosen, rule 7)."""
    events: list[Event] = []
    ended = state.giornata
    props = sorted(proposals.pending(state), key=lambda p: p.id)
    # 1. tally under the rules of the Giornata that ends
    passed = []
    for prop in props:
        if voting.decide(state, prop):
            passed.append(prop)
        else:
            prop.outcome = "vetoed" if prop.vetoed else "rejected"
        events += voting.penalties(state, prop)
    # 2. passed proposals change the ruleset in submission order; deleted laws go (rule 2400)
    state.last_approved = []
    for prop in passed:
        outcome, rule = proposals.enact(state, prop)
        prop.outcome = outcome
        if rule is not None and prop.kind != "repeal":
            prop.result_number = rule.number
            state.last_approved.append(rule.id)
    for prop in props:
        events.append(Event(key=f"nomic.result_{prop.outcome}", params={
            "proposal": prop.id, "title": prop.title, "for": prop.votes_for, "against": prop.votes_against,
            "number": prop.result_number or 0}, to=[prop.author], notify="info"))
    events += apply_deletions(state)
    # 3. the polls prize of the ended Giornata
    if running(state, "polls"):
        events += polls.prize(state, props)
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
    # 8. the King
    state.crown_queue = roles.succession(state, proposers)
    state.vetoes_used = 0
    state.crown_open = False
    state.cancel_timers("crown")
    if not state.crown_queue:
        return events, True
    events += roles.crown(state, state.crown_queue.pop(0), now)
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
    if not missing:
        return []
    return [Event(key="nomic.reminder", params={"hours": hours, "at": deadline}, to=sorted(missing),
                  notify="reminder")]
