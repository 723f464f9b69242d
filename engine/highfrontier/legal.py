"""Representative actions a player might send now: the panel's buttons and random play's menu.

`Game.legal_actions` keeps those the rules accept (each tried on a copy of the state)."""

from __future__ import annotations

from pydantic import BaseModel

from engine.highfrontier import actions as a
from engine.highfrontier import isotope_bank
from engine.highfrontier.companies import floated, president, value
from engine.highfrontier.market import board
from engine.highfrontier.models import MALFS, SPECULATORS, TOKENS, HfState, Vault


def answers(state: HfState, actor: str) -> list[BaseModel]:
    out: list[BaseModel] = []
    if state.proxy is not None and state.proxy.defender == actor:
        out += [a.ProxyAnswer(counter=True), a.ProxyAnswer(counter=False)]
    for ins in state.insolvencies:
        out += [a.Angel(company=ins.company, offer=True), a.Angel(company=ins.company, offer=False)]
        out += [a.AngelPick(company=ins.company, player=p) for p in ins.offers]
    if state.meeting:
        c = state.companies[state.meeting[0]]
        if president(c) == actor:
            out += [a.Board(company=c.id, choice="pass"), a.Board(company=c.id, choice="reinvest"),
                    a.Board(company=c.id, choice="reinvest", modernize=True)]
            out += [a.Board(company=c.id, choice="dividend", amount=n) for n in range(1, board().dots(c.row) + 1)]
    if state.deflation_order and state.deflation_order[0] == actor:
        out += [a.Deflate(company=c.id) for c in floated(state) if actor in c.holes] + [a.Deflate()]
    if any(c.player == actor for c in state.claims):
        out += [a.Hedge(take="share"), a.Hedge(take="cube"), a.Hedge(take="forgive")]
    if state.loan_due == actor:
        out += [a.Rollover(), a.Rollover(repay=1), a.Repay(cubes=1)]
    if actor in state.flip_repay:
        h = state.holders[actor]
        most = min(sum(loan.cubes for loan in h.loans), state.flip_repay[actor] // max(state.flip_cube, 1))
        out += [a.FlipRepay(cubes=n) for n in range(0, most + 1)]
    if state.bull_pick is not None and state.solo:
        out += [a.BullChoice(company=c) for c in state.bull_pick.options]
    for r in state.pending:  # confirm or object to another's report; withdraw one's own
        out += [a.Witness(report=r.id, confirm=False)] + ([a.Witness(report=r.id)] if r.by != actor else [])
    return out


def transactions(state: HfState, actor: str) -> list[BaseModel]:
    out: list[BaseModel] = []
    for c in floated(state):
        out.append(a.Buy(company=c.id))
        out += [a.Fragment(company=c.id, side="white"), a.Fragment(company=c.id, side="black")]
        out += [a.Proxy(company=c.id, target=h, delegates=value(state, c)) for h in set(c.holes) if h and h != actor]
        if c.shape == "hexagon":
            out += [a.Service(company=c.id, cubes=n) for n in (1, 3)]
        elif c.shape == "circle":
            out += [a.Service(company=c.id), a.Service(company=c.id, deluxe=True),
                    *[a.Service(company=c.id, malf=m) for m in MALFS if m in state.malfs_left][:1]]
        else:
            out.append(a.Service(company=c.id))
    for cid in TOKENS:
        out += [a.Float(company=cid, side="white"), a.Float(company=cid, side="black")]
    return out


def free(state: HfState, actor: str) -> list[BaseModel]:
    others = [p for p in state.order if p != actor]
    out: list[BaseModel] = [a.Dump(company=c.id) for c in floated(state) if actor in c.holes]
    out += [a.Repay(cubes=1), a.Litigate(law="liberty"), a.Litigate(law="individualism")]
    out += [a.Litigate(law="equality", company=c.id) for c in floated(state)][:2]
    out += [a.Litigate(law="honor", company=c.id) for c in floated(state) if actor in c.holes][:2]
    out += [a.Litigate(law="unity", player=p) for p in others][:1]
    mine = [c.id for c in floated(state) if actor in c.holes]
    out += [a.Litigate(law="authority", company=m, player=c.holes[0], other=c.id)
            for m in mine[:1] for c in floated(state) if c.holes[0] and c.holes[0] != actor][:1]
    for p in others[:1]:
        out.append(a.Offer(to=p, give=a.Bundle(aqua=1)))
        out.append(a.Offer(to=p, give=a.Bundle(debt=1), get=a.Bundle(aqua=1)))
        out += [a.Offer(to=p, give=a.Bundle(share=m)) for m in mine[:1]]
        out += [a.Offer(to=p, give=a.Bundle(gold=1)), a.Offer(to=p, give=a.Bundle(blue=1))]
    out += [a.Accept(deal=d.id) for d in state.deals if d.to == actor]
    out += [a.Withdraw(deal=d.id) for d in state.deals if d.by == actor][:1]
    out += [a.Withdraw(deal=d.id) for d in state.deals if d.to == actor]  # a refusal
    for c in floated(state):
        if c.holes[0] == actor:
            out += [a.Cede(company=c.id, to=h) for h in c.holes[1:] if h and h != actor][:1]
    out += [a.Ledger(kind="fundraising", amount=5), a.Ledger(kind="research", amount=2, income=False),
            a.Ledger(kind="pearls", amount=1), a.Ledger(kind="pearls", amount=1, income=False)]
    if actor in (state.banker, state.wildcat):
        out.append(a.CashRatio(blue=1))
    if state.wildcat is not None:
        out += [a.BankChoice(bank="main"), a.BankChoice(bank="wildcat")]
    return out




def reports(state: HfState, actor: str) -> list[BaseModel]:
    out: list[BaseModel] = [a.EventRoll(roll=r) for r in (2, 5)]
    out += [a.EventRoll(roll=3, effect="budget_cuts"), a.EventRoll(roll=1, effect="explosion", cards_lost=1),
            a.EventRoll(roll=4, effect="anarchy"), a.EventRoll(roll=6, effect="war")]
    out += [a.TurnEnd(), a.YearAdvance(), a.Parade(), a.Parade(take_presidency=True), a.Usurp(),
            a.Bernal(), a.Bernal(anchored=False), a.Bernal(monetization=True), a.RiskOne(),
            a.FirstIsotope(domes={p: 1 for p in state.order}), a.Isotopes(delta=2), a.Isotopes(delta=-1),
            a.ContractAdvance(aqua=12), a.Exodus(), a.NewBanker(), a.TakeDefault(), a.BaseVp(points=20), a.EndGame()]
    out += [a.WildcatBank(isotopes={actor: 2}), a.Isotopes(delta=1, bank="wildcat"),
            a.Isotopes(delta=-1, bank="wildcat"), a.RivalBank(isotopes=_rival_size(state))]
    out += [a.HomelessBank(bank="main", cause="combat"), a.HomelessBank(bank="wildcat", cause="comets")]
    if len(state.homeless) > 1:  # both banks homeless: the new one replaces the one named on a tie
        out += [a.WildcatBank(isotopes={actor: 1}, remove=b) for b in state.homeless]
    for bank in state.homeless:  # a homeless bank's vaults may be robbed (5F1b)
        victims = [SPECULATORS, *(p for p in state.order if p != actor)]
        out += [a.Rob(bank=bank, victim=v, isotopes=1) for v in victims
                if state.vaults.get(isotope_bank.key(v, bank), Vault()).gold][:2]
    return out


def _rival_size(state: HfState) -> int:
    """A Bernal colony one isotope richer than both banks (5F6e)."""
    return 1 + max(isotope_bank.isotope_total(state, "main"), isotope_bank.isotope_total(state, "wildcat"))


def candidates(state: HfState, actor: str, busy: bool) -> list[BaseModel]:
    """Cheap filters first: transactions and reports only when the table is not waiting, and the
    turn's own ones only for the current player."""
    current = state.order[state.current] == actor
    out = answers(state, actor) + free(state, actor)
    if not busy:
        if current and not state.transaction_done and state.loan_due != actor:
            out += transactions(state, actor)
        out += [r for r in reports(state, actor) if current or getattr(r, "type", "") not in a.OWN_TURN]
    return out
