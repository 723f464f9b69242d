"""Negotiated deals (5B4d/e, N): Aqua, pearls, a share's colour, debt cubes, both sides at once."""

from __future__ import annotations

from engine.core import Event, RuleError
from engine.highfrontier import isotope_bank
from engine.highfrontier.companies import available_shares, ev, label, settle, who
from engine.highfrontier.models import Deal, HfState, Loan
from engine.highfrontier.shares import floated_company

MAX_OPEN = 20


Terms = dict[str, int | str | None]


def offer(state: HfState, player: str, to: str, give: Terms, get: Terms) -> list[Event]:
    if to == player or to not in state.holders or to not in state.order:
        raise RuleError("hf.bad_partner")
    if not any(v for v in [*give.values(), *get.values()]):
        raise RuleError("hf.empty_deal")
    if len([d for d in state.deals if d.by == player]) >= MAX_OPEN:
        raise RuleError("hf.too_many_deals")
    check(state, player, to, give)  # what you offer must exist now
    state.deal_seq += 1
    state.deals.append(Deal(id=state.deal_seq, by=player, to=to, give=give, get=get))
    return [ev("deal_offered", deal=state.deal_seq, player=who(state, player), other=who(state, to)),  # no terms
            ev("deal_to_you", to=[to], notify="action", deal=state.deal_seq, player=who(state, player),
               give=terms(state, give), get=terms(state, get))]


def terms(state: HfState, b: Terms) -> list[dict[str, object]]:
    """One side of a deal in words, for the receiver: [{key, params}] sentences (i18n `msgs`)."""
    out: list[dict[str, object]] = []
    for k in ("aqua", "gold", "blue", "debt"):
        if b.get(k):
            out.append({"key": f"hf.term.{k}", "params": {"n": b[k]}})
    if b.get("share"):
        out.append({"key": "hf.term.share", "params": {"company": label(state.companies[str(b["share"])])}})
    return out or [{"key": "hf.term.nothing", "params": {}}]


def check(state: HfState, giver: str, taker: str, b: Terms) -> None:
    h = state.holders[giver]
    aqua, gold, blue, debt = (int(b.get(k) or 0) for k in ("aqua", "gold", "blue", "debt"))
    if aqua > h.aqua:
        raise RuleError("hf.short_aqua", need=aqua, have=h.aqua)
    vault = isotope_bank.key(giver, isotope_bank.bank_of(state, giver))  # pearls stay in one bank (5F6)
    if (gold or blue) and (not state.flipped or state.vault(vault).gold < gold or state.vault(vault).blue < blue):
        raise RuleError("hf.short_pearls", need=gold + blue, have=isotope_bank.pearls(state, vault))
    if debt > sum(loan.cubes for loan in h.loans):
        raise RuleError("hf.no_debt")
    share = b.get("share")
    if share:
        c = floated_company(state, str(share))
        if giver not in c.holes:
            raise RuleError("hf.no_share_there", company=label(c))
        if available_shares(state, taker) < 1:
            raise RuleError("hf.no_share_left")


def transfer(state: HfState, giver: str, taker: str, b: Terms) -> None:
    aqua, gold, blue, debt = (int(b.get(k) or 0) for k in ("aqua", "gold", "blue", "debt"))
    state.holders[giver].aqua -= aqua
    state.holders[taker].aqua += aqua
    if gold or blue:
        bank = isotope_bank.bank_of(state, giver)  # from the giver's vault to the taker's, same bank
        isotope_bank.move(state, isotope_bank.key(giver, bank), isotope_bank.key(taker, bank), gold=gold, blue=blue)
    for _ in range(debt):  # the taker's cube replaces the giver's on the same year (5B4e)
        loan = min(state.holders[giver].loans, key=lambda loan: loan.due)
        loan.cubes -= 1
        state.holders[giver].loans = [x for x in state.holders[giver].loans if x.cubes]
        mine = next((x for x in state.holders[taker].loans if x.due == loan.due), None)
        if mine is None:
            state.holders[taker].loans.append(Loan(cubes=1, due=loan.due, taken=loan.taken, pearls=loan.pearls))
        else:
            mine.cubes += 1
    share = b.get("share")
    if share:  # the share changes colour in its hole: no hole, no movement (5B4d)
        c = state.companies[str(share)]
        c.holes[max(i for i, h in enumerate(c.holes) if h == giver)] = taker
        settle(c)


def accept(state: HfState, player: str, deal_id: int) -> list[Event]:
    deal = next((d for d in state.deals if d.id == deal_id and d.to == player), None)
    if deal is None:
        raise RuleError("hf.no_deal", deal=deal_id)
    check(state, deal.by, deal.to, deal.give)
    check(state, deal.to, deal.by, deal.get)
    state.deals.remove(deal)
    transfer(state, deal.by, deal.to, deal.give)
    transfer(state, deal.to, deal.by, deal.get)
    return [ev("deal_done", player=who(state, deal.by), other=who(state, deal.to), deal=deal_id)]


def withdraw(state: HfState, player: str, deal_id: int) -> list[Event]:
    deal = next((d for d in state.deals if d.id == deal_id and player in (d.by, d.to)), None)
    if deal is None:
        raise RuleError("hf.no_deal", deal=deal_id)
    state.deals.remove(deal)
    return [ev("deal_withdrawn", to=[deal.by, deal.to], deal=deal_id)]
