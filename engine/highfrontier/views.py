"""What players see: the public market and bank, and each player's own holdings and offers."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel

from engine.highfrontier import isotope_bank, scoring
from engine.highfrontier.companies import available_shares, is_bull, label, price, value, who
from engine.highfrontier.insolvency import angel_cost
from engine.highfrontier.market import board
from engine.highfrontier.models import BULL, SPECULATORS, WILDCAT, HfState
from engine.highfrontier.wildcat import exodus_bank


class CompanyView(BaseModel):
    id: str
    label: str
    shape: str
    side: str
    floated: bool
    row: int
    col: int
    value: int
    price: int
    bull: bool
    holes: list[str | None]  # player names, "Toro" for the Bull
    president: str | None


class InsolventView(BaseModel):
    company: str
    cost: int
    angel_deadline: datetime | None


class HolderView(BaseModel):
    id: str
    name: str
    aqua: int
    shares_free: int
    hedge_shares: int
    hedge_cubes: int
    debt_cubes: int
    loans: list[tuple[int, int]]  # (cubes, due year)
    malfs: list[str]
    gold: int
    blue: int
    default: bool
    faction: str | None
    score: int


class HfView(BaseModel):
    year: int
    last_year: int
    finished: bool = False  # the game is over, however it ended: the board says so and shows the last year
    current: str | None
    flipped: bool
    inflation: bool
    solo: bool
    companies: list[CompanyView]
    holders: list[HolderView]
    speculators_gold: int
    speculators_blue: int
    isotope_total: int
    banker: str | None
    default_holder: str | None
    default_gold: bool
    meeting: list[str]
    deciding: str | None
    board_deadline: datetime | None
    insolvent: list[InsolventView]
    proxy: str | None
    proxy_deadline: datetime | None
    deflation: dict[str, int]
    deflation_deadline: datetime | None
    loan_deadline: datetime | None
    bull_hedges: int
    hedge_funds: dict[str, int]  # the hedge-fund area: shares and cubes left, all players
    rows: int
    columns: int
    prices: list[int]
    values: list[list[int]]  # values[row-1][col-1] of the side in play
    bull_cells: list[tuple[int, int]]  # (row, col) inside the bull zone
    deals: list[dict[str, object]]  # only the viewer's own
    claims: list[str]  # companies whose capped president the viewer is
    # the wildcat bank (5F6): its banker, its total, its vaults by player name, and the Exodus bank
    wildcat_banker: str | None = None
    wildcat_total: int = 0
    wildcat_speculators: tuple[int, int] = (0, 0)
    wildcat_vaults: dict[str, tuple[int, int]] = {}
    exodus_bank: str = "main"
    bank_choice: dict[str, str] = {}
    homeless: list[str] = []  # banks whose Factory was destroyed (5F1b): "main", "wildcat"
    dividends: list[int] = []  # dividend dots per row, bottom up
    pending_reports: int = 0  # reports waiting for a witness
    bull_pick: bool = False  # the Bull waits for the solo player's choice


def view(state: HfState, viewer: str | None) -> HfView:
    companies = [
        CompanyView(id=c.id, label=label(c), shape=c.shape, side=c.side, floated=c.floated, row=c.row, col=c.col,
                    value=value(state, c) if c.floated else 0, price=price(state, c) if c.floated else 0,
                    bull=c.floated and is_bull(state, c), holes=[who(state, h) if h else None for h in c.holes],
                    president=who(state, c.holes[0]) if c.holes[0] else None)
        for c in sorted(state.companies.values(), key=lambda c: -c.arrived)
    ]
    holders = []
    for pid in state.order:
        h = state.holders[pid]
        v = state.vault(pid) if state.flipped else None
        holders.append(HolderView(
            id=pid, name=state.name_of(pid), aqua=h.aqua, shares_free=available_shares(state, pid),
            hedge_shares=h.hedge_shares, hedge_cubes=h.hedge_cubes,
            debt_cubes=sum(loan.cubes for loan in h.loans), loans=[(loan.cubes, loan.due) for loan in h.loans],
            malfs=list(h.malfs), gold=v.gold if v else 0, blue=v.blue if v else 0,
            default=state.default_holder == pid, faction=h.faction, score=scoring.score(state, pid).total))
    spec = state.vault(SPECULATORS) if state.flipped else None
    deciding = state.meeting[0] if state.meeting else None
    b = board()
    return HfView(
        year=state.year, last_year=state.settings.last_year, finished=state.status == "finished",
        current=state.name_of(state.order[state.current]) if state.status == "active" else None,
        flipped=state.flipped, inflation=state.inflation, solo=state.solo, companies=companies, holders=holders,
        speculators_gold=spec.gold if spec else 0, speculators_blue=spec.blue if spec else 0,
        isotope_total=isotope_bank.isotope_total(state) if state.flipped else 0,
        banker=state.name_of(state.banker) if state.banker else None,
        default_holder=state.name_of(state.default_holder) if state.default_holder else None,
        default_gold=state.default_gold,
        meeting=[label(state.companies[c]) for c in state.meeting],
        deciding=label(state.companies[deciding]) if deciding else None,
        board_deadline=state.deadline("board", company=deciding) if deciding else None,
        insolvent=[InsolventView(company=label(state.companies[i.company]), cost=angel_cost(state, i),
                                 angel_deadline=state.deadline("angel", company=i.company))
                   for i in state.insolvencies],
        proxy=label(state.companies[state.proxy.company]) if state.proxy else None,
        proxy_deadline=state.deadline("proxy"),
        deflation={state.name_of(p): n for p, n in state.deflation.items()},
        deflation_deadline=state.deadline("deflation"),
        loan_deadline=state.deadline("loan"),
        bull_hedges=state.bull_hedges,
        hedge_funds={"shares": sum(h.hedge_shares for p, h in state.holders.items() if p != BULL),
                     "cubes": sum(h.hedge_cubes for p, h in state.holders.items() if p != BULL)},
        rows=b.rows, columns=b.side(state.flipped).columns, prices=list(b.side(state.flipped).prices),
        values=[list(r) for r in b.side(state.flipped).values],
        bull_cells=[(r, c) for r in range(1, b.rows + 1) for c in range(1, b.side(state.flipped).columns + 1)
                    if b.is_bull(state.flipped, r, c)],
        deals=[d.model_dump() for d in state.deals if viewer in (d.by, d.to)] if viewer else [],
        claims=[label(state.companies[c.company]) for c in state.claims if c.player == viewer] if viewer else [],
        homeless=list(state.homeless),
        dividends=list(b.dividends), pending_reports=len(state.pending), bull_pick=state.bull_pick is not None,
        **_wildcat(state),
    )


def _wildcat(state: HfState) -> dict[str, Any]:
    if state.wildcat is None:
        return {}
    vaults = {o.removeprefix(WILDCAT): (v.gold, v.blue) for o, v in state.vaults.items() if o.startswith(WILDCAT)}
    spec = vaults.pop(SPECULATORS, (0, 0))
    return {"wildcat_banker": state.name_of(state.wildcat), "wildcat_total": isotope_bank.isotope_total(state, "wildcat"),
            "wildcat_speculators": spec, "wildcat_vaults": {state.name_of(p): gb for p, gb in vaults.items()},
            "exodus_bank": exodus_bank(state),
            "bank_choice": {state.name_of(p): b for p, b in state.bank_choice.items()}}
