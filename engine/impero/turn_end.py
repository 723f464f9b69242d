"""The turn end every twelve hours: blackouts, node income, dividends, the next turn, and the final scoring."""

from __future__ import annotations

from datetime import datetime, time, timedelta

from engine.core import Event, finish_game
from engine.core.clock import first_wall_time_after_gap, next_wall_time
from engine.core.money import split_floor
from engine.impero.accounts import net_worth
from engine.impero.companies import company_op
from engine.impero.models import (
    INFO,
    Company,
    CompanyResult,
    ImperoSettings,
    ImperoState,
    TurnReport,
)
from engine.impero.nodes import board_of


def turn_times(settings: ImperoSettings) -> list[time]:
    return [time(int(t.split(":")[0]), int(t.split(":")[1])) for t in settings.turn_end_times]


def halved_by(state: ImperoState, dark: set[str]) -> list[str]:
    """Owned nodes next to a blackout and not dark themselves; halving happens once however many."""
    board = board_of(state)
    near = {m for n in dark for m in board.neighbours[n] if m in state.owner and m not in dark}
    return sorted(near, key=board.index.__getitem__)


def node_income(state: ImperoState, blackouts: set[str], halved: set[str]) -> dict[str, int]:
    """Each company's income in cents for one turn end (renters take half, owners keep all)."""
    income = {c.id: 0 for c in state.companies}
    for node, cid in state.owner.items():
        full = 0 if node in blackouts else state.yield_cents(node)
        if node in halved:
            full //= 2
        renters = state.renters.get(node, [])
        income[cid] += full + len(renters) * (full // 2)
        for r in renters:
            income[r] += full // 2
    return income


def pay_dividends(company: Company, income: int, cash: dict[str, int]) -> CompanyResult:
    """Reinvested share to the company; the rest per share, floored; leftover cents to the company."""
    reinvested = income * company.reinvest // 100
    holders = sorted(company.shares)
    parts, leftover = split_floor(income - reinvested, [company.shares[h] for h in holders])
    for h, part in zip(holders, parts, strict=True):
        cash[h] += part
    company.capital += reinvested + leftover
    company.last_income = income
    total = company.total_shares()
    return CompanyResult(
        company=company.id,
        name=company.name,
        income=income,
        reinvested=reinvested,
        per_share=(income - reinvested) // total if total else 0,
        paid_out=sum(parts),
        leftover=leftover,
    )


def turn_ends(state: ImperoState) -> datetime | None:
    """When the current turn ends: its timer, which pause, resume, extend and force move or fire."""
    return state.deadline("turn_end")


def next_turn_end(state: ImperoState, now: datetime, forced: bool) -> datetime:
    """The next turn end on the wall clock; after a turn forced to end early, the first wall time
    at least `first_turn_min_hours` away, as for the first turn, so the new turn is never a few
    seconds long."""
    s = state.settings
    if forced:
        return first_wall_time_after_gap(now, turn_times(s), s.timezone, timedelta(hours=s.first_turn_min_hours))
    return next_wall_time(now, turn_times(s), s.timezone)


def turn_end(state: ImperoState, now: datetime, forced: bool = False) -> list[Event]:
    s = state.settings
    board = board_of(state)
    events: list[Event] = []
    owned = sorted(state.owner, key=board.index.__getitem__)
    blackouts = [n for n in owned if state.rng.chance(state.yields[n], s.blackout_denominator)]
    dark = set(blackouts)
    halved = halved_by(state, dark)
    income = node_income(state, dark, set(halved))
    state.bank.minted += sum(income.values())
    report = TurnReport(turn=state.turn, at=now, blackouts=blackouts, halved=halved)
    for company in state.companies:
        report.companies.append(pay_dividends(company, income[company.id], state.cash))
    state.last_report = report
    events.append(
        Event(
            key="impero.turn_report",
            params={
                "turn": state.turn,
                "blackouts": blackouts,
                "halved": halved,
                "income": sum(income.values()),
                "companies": [r.model_dump() for r in report.companies],
            },
        )
    )
    for r in report.companies:
        events.append(
            Event(
                key="impero.dividends",
                params={
                    "company": r.name,
                    "income": r.income,
                    "reinvested": r.reinvested,
                    "per_share": r.per_share,
                    "paid": r.paid_out,
                    "leftover": r.leftover,
                },
            )
        )
    for company in state.companies:
        hit = [n for n in company.nodes if n in dark]
        if hit:
            events.append(
                Event(
                    key="impero.dm.blackout",
                    to=sorted(company.shares),
                    notify=INFO,
                    params={"company": company.name, "nodes": hit},
                )
            )
    for offer in list(state.offers):
        state.offers.remove(offer)
        state.cash[offer.sender] += offer.amount
        events.append(
            Event(
                key="impero.dm.offer_expired",
                to=[offer.sender, offer.receiver],
                notify=INFO,
                params={
                    "offer": offer.id,
                    "sender": state.name_of(offer.sender),
                    "receiver": state.name_of(offer.receiver),
                    "amount": offer.amount,
                },
            )
        )
    if state.turn >= s.turns:
        events.extend(game_over(state))
    else:
        for pid, hist in state.cash_history.items():
            hist.append(state.cash[pid])
        state.turn += 1
        ends = next_turn_end(state, now, forced)
        state.add_timer("turn_end", ends, turn=state.turn)
        for pid in state.op:
            state.op[pid] = s.player_op
        for company in state.companies:
            company.op = company_op(state, company)
        events.append(
            Event(
                key="impero.turn_started",
                notify="turn",
                params={"turn": state.turn, "turns": s.turns, "ends_at": ends.isoformat()},
            )
        )
    return events


def game_over(state: ImperoState) -> list[Event]:
    """Final turn end: refund open auctions (no share is issued), drop listings, score cash."""
    events: list[Event] = []
    for auction in list(state.auctions):
        state.auctions.remove(auction)
        if auction.best_bidder is not None:
            state.cash[auction.best_bidder] += auction.best_bid
        events.append(
            Event(
                key="impero.auction_cancelled",
                params={"company": state.company(auction.company).name, "refund": auction.best_bid},
            )
        )
    state.listings = []
    for pid, hist in state.cash_history.items():
        hist.append(state.cash[pid])
    seated = state.active_player_ids()  # a player a moderator removed is not ranked and cannot win
    top = max((state.cash[p] for p in seated), default=None)
    winners = [p for p in seated if state.cash[p] == top]
    standings = sorted(seated, key=lambda p: (-state.cash[p], -net_worth(state, p), p))
    events.append(
        Event(
            key="impero.game_over",
            params={
                "turns": state.settings.turns,
                "winners": [state.name_of(w) for w in winners],
                "cash": top or 0,
                "standings": [
                    {
                        "player": state.name_of(p),
                        "cash": state.cash[p],
                        "net_worth": net_worth(state, p),
                    }
                    for p in standings
                ],
            },
        )
    )
    for p in standings:  # the ranking by cash, net worth beside it; equal cash shares the place
        events.append(
            Event(
                key="impero.standing",
                params={
                    "rank": 1 + sum(1 for q in seated if state.cash[q] > state.cash[p]),
                    "player": state.name_of(p),
                    "cash": state.cash[p],
                    "net_worth": net_worth(state, p),
                },
            )
        )
    events.append(finish_game(state, winners, "turns"))
    for pid in state.player_ids():
        state.op[pid] = 0
    return events
