"""High Frontier 4 All, Module 5 "Economy": the contract wired to the mechanics' modules."""

from __future__ import annotations

import pickle
import threading
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Game, GameMeta, Msg, Player, Rng, RuleError, Timer
from engine.highfrontier import actions as a
from engine.highfrontier import (
    board_meetings,
    bull,
    calls,
    deals,
    flip,
    hedge_funds,
    homeless,
    insolvency,
    litigation,
    loans,
    panic,
    presidency,
    reports,
    scoring,
    services,
    setup,
    shares,
    wildcat,
    witness,
)
from engine.highfrontier import orders as standing
from engine.highfrontier.companies import ev, who
from engine.highfrontier.legal import candidates
from engine.highfrontier.models import HfSettings, HfState
from engine.highfrontier.views import HfView, view

_MODERATOR = threading.local()  # whether the move being applied is a moderator's (their reports count at once)


class HighFrontier(Game[HfState]):
    meta = GameMeta(kind="highfrontier", name="High Frontier — Modulo 5", min_players=1, max_players=6,
                    rules_path="docs/rules/highfrontier.md", rulebook="003_dc85bd6ad93c1b56.txt")
    state_model = HfState
    score_format = "points"  # Module 5's victory points
    settings_model = HfSettings
    action_model = a.HfAction
    state_version = 2  # 2: homeless isotope banks (5F1b)
    private_actions = frozenset({"offer"})  # a deal's terms stay between its two players (in /game log too)
    orders_model = standing.HfOrders  # default board decisions and proxy-fight answers (orders.py)

    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> HfState:
        state = HfState(game="highfrontier", seed=seed, rng=Rng(seed=seed), players=players, created_at=now,
                        clock=now, settings=settings)
        setup.prepare(state)
        return state

    def migrate_state(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        if from_version == 1:  # no bank was homeless before the rule existed
            data = {**data, "homeless": []}
            from_version = 2
        return super().migrate_state(data, from_version)

    # ---- actions -----------------------------------------------------------------------------
    def _apply(self, work: HfState, actor: str, parsed: BaseModel, now: datetime, moderator: bool) -> list[Event]:
        if moderator and isinstance(parsed, a.Witness):  # a moderator rules on a report, seated or not
            if work.status != "active":
                raise RuleError("core.game_over")
            if work.paused_at is not None:
                raise RuleError("core.game_paused")
            before = calls.called(work)
            events = witness.rule(work, actor, parsed.report, parsed.confirm, True, now, self._witnessed)
            return events + self.settle(work, now) + calls.pings(work, before)
        _MODERATOR.on = moderator
        try:
            return super()._apply(work, actor, parsed, now, moderator)
        finally:
            _MODERATOR.on = False

    def _witnessed(self, state: HfState, by: str, data: dict[str, Any], now: datetime) -> list[Event]:
        """A confirmed report, applied as its reporter's move (its turn was checked when it was told)."""
        action: Any = self.parse_action(data)
        if action.type in a.REPORTS and self.busy(state):
            raise RuleError("hf.wait")
        return self._dispatch(state, by, action, now)

    def handle(self, state: HfState, actor: str, action: Any, now: datetime) -> list[Event]:
        before = calls.called(state)
        return self._handle(state, actor, action, now) + calls.pings(state, before)

    def _handle(self, state: HfState, actor: str, action: Any, now: datetime) -> list[Event]:
        kind = action.type
        busy = self.busy(state)
        current = state.order[state.current]
        if kind in a.TRANSACTIONS:
            if actor != current:
                raise RuleError("core.not_your_turn", player=state.name_of(current))
            if busy:
                raise RuleError("hf.wait")
            if state.loan_due == actor:
                raise RuleError("hf.loan_first")
            if state.transaction_done:
                raise RuleError("hf.transaction_done")
        if kind in a.REPORTS and busy:
            raise RuleError("hf.wait")
        if kind in a.OWN_TURN and actor != current:
            raise RuleError("core.not_your_turn", player=state.name_of(current))
        if kind == "parade" and state.paraded:  # one glory parade a turn: the same one told twice
            raise RuleError("hf.parade_done")
        if kind == "contract_advance" and state.advanced:  # one contract won a turn (5A4i)
            raise RuleError("hf.advance_done")
        if isinstance(action, a.Witness):
            events = witness.rule(state, actor, action.report, action.confirm, False, now, self._witnessed)
        elif witness.held_back(state, kind, getattr(_MODERATOR, "on", False)):
            self._dispatch(pickle.loads(pickle.dumps(state)), actor, action, now)  # refused now if illegal now
            events = witness.file(state, actor, action.model_dump(mode="json"), now)
        else:
            events = self._dispatch(state, actor, action, now)
        if kind in a.TRANSACTIONS:
            state.transaction_done = True
        state.paraded = state.paraded or kind == "parade"
        state.advanced = state.advanced or kind == "contract_advance"
        return events + self.settle(state, now)

    def _dispatch(self, state: HfState, actor: str, x: Any, now: datetime) -> list[Event]:
        if isinstance(x, a.Buy):
            return shares.buy(state, actor, x.company)
        if isinstance(x, a.Float):
            return shares.float_company(state, actor, x.company, x.side)
        if isinstance(x, a.Fragment):
            return shares.fragment(state, actor, x.company, x.side)
        if isinstance(x, a.Proxy):
            return presidency.start_proxy(state, actor, x.company, x.target, x.delegates, now)
        if isinstance(x, a.Service):
            return services.service(state, actor, x.company, x.deluxe, x.half, x.cubes, x.malf, x.bernal)
        if isinstance(x, a.Dump):
            return shares.dump(state, actor, x.company, x.count)
        if isinstance(x, a.Hedge):
            return hedge_funds.take(state, actor, x.take)
        if isinstance(x, a.Repay):
            return loans.repay(state, actor, x.cubes)
        if isinstance(x, a.Rollover):
            return loans.rollover(state, actor, x.repay)
        if isinstance(x, a.Litigate):
            return litigation.litigate(state, actor, x.law, x.company, x.player, x.other)
        if isinstance(x, a.Offer):
            return deals.offer(state, actor, x.to, x.give.model_dump(), x.get.model_dump())
        if isinstance(x, a.Accept):
            return deals.accept(state, actor, x.deal)
        if isinstance(x, a.Withdraw):
            return deals.withdraw(state, actor, x.deal)
        if isinstance(x, a.Cede):
            return presidency.cede(state, actor, x.company, x.to)
        if isinstance(x, a.ProxyAnswer):
            return presidency.answer_proxy(state, actor, x.counter)
        if isinstance(x, a.Angel):
            return insolvency.answer(state, actor, x.company, x.offer)
        if isinstance(x, a.AngelPick):
            return insolvency.pick(state, actor, x.company, x.player)
        if isinstance(x, a.Board):
            return board_meetings.decide(state, actor, x.company, x.choice, x.amount, x.modernize, now)
        if isinstance(x, a.Deflate):
            return panic.discard(state, actor, x.company, now)
        if isinstance(x, a.CashRatio):
            return reports.cash_ratio(state, actor, x.blue)
        if isinstance(x, a.EventRoll):
            return reports.event_roll(state, x.effect, x.roll, x.cards_lost, now)
        if isinstance(x, a.TurnEnd):
            return reports.turn_end(state, now)
        if isinstance(x, a.YearAdvance):
            events = reports.year(state)
            if state.year > state.settings.last_year:
                events += self.end(state, "years")
            return events
        if isinstance(x, a.Parade):
            return presidency.parade(state, actor, x.take_presidency)
        if isinstance(x, a.Usurp):
            return [ev("usurp", player=who(state, actor)), *reports.presidents_move(state, actor, True, "usurp")]
        if isinstance(x, a.Bernal):
            return reports.bernal(state, actor, x.anchored, x.monetization)
        if isinstance(x, a.RiskOne):
            return reports.risk_one(state, actor)
        if isinstance(x, a.FirstIsotope):
            return reports.first_isotope(state, actor, x.domes, now)
        if isinstance(x, a.Isotopes):
            return reports.isotopes(state, actor, x.delta, x.bank)
        if isinstance(x, a.ContractAdvance):
            return reports.contract_advance(state, actor, x.aqua)
        if isinstance(x, a.Exodus):
            if not state.flipped:
                raise RuleError("hf.not_flipped")
            return [ev("exodus", player=who(state, actor)), *panic.start(state, now, "exodus")]
        if isinstance(x, a.Ledger):
            return reports.ledger(state, actor, x.kind, x.amount, x.income)
        if isinstance(x, a.NewBanker):
            return reports.new_banker(state, actor)
        if isinstance(x, a.TakeDefault):
            return insolvency.give_default(state, actor)
        if isinstance(x, a.BaseVp):
            state.holders[actor].base_vp = x.points
            return [ev("base_vp", player=who(state, actor), points=x.points)]
        if isinstance(x, a.EndGame):
            return self.end(state, "reported")
        if isinstance(x, a.WildcatBank):
            return wildcat.create(state, actor, x.isotopes, x.remove)
        if isinstance(x, a.RivalBank):
            return wildcat.rival(state, actor, x.isotopes, x.remove)
        if isinstance(x, a.BankChoice):
            return wildcat.choose(state, actor, x.bank)
        if isinstance(x, a.HomelessBank):
            return homeless.report(state, x.bank, x.cause, now)
        if isinstance(x, a.FlipRepay):
            return flip.repay(state, actor, x.cubes)
        if isinstance(x, a.BullChoice):
            return bull.choose(state, actor, x.company)
        if isinstance(x, a.Rob):
            return homeless.rob(state, actor, x.bank, x.victim, x.isotopes)
        raise RuleError("core.bad_action", detail=x.type)  # pragma: no cover - the union is closed

    def busy(self, state: HfState) -> bool:
        """A window the table waits on: board meeting, proxy answer, angel, deflation."""
        return bool(state.meeting or state.insolvencies or state.proxy or state.deflation or state.meeting_roll
                    or state.bull_pick or state.flip_repay)

    def settle(self, state: HfState, now: datetime) -> list[Event]:
        """After every change: the Bull's hedge funds, new angel windows, the meeting moving on."""
        if state.status != "active":
            return []
        events = bull.hedge_claims(state) + insolvency.open_windows(state, now)
        events += board_meetings.advance(state, now)
        acted = standing.for_the_absent(state, now, self.orders_due)  # an away player's orders answer at once
        if acted:
            return events + acted + self.settle(state, now)
        return events + insolvency.open_windows(state, now)

    # ---- standing orders (orders.py) ---------------------------------------------------------
    def check_orders(self, state: HfState, player: str, orders: Any) -> None:
        standing.check(state, orders)

    def describe_orders(self, state: HfState, player: str, orders: Any) -> list[dict[str, Any]]:
        return standing.describe(state, orders)

    def orders_sample(self, state: HfState, player: str) -> dict[str, Any] | None:
        return standing.sample(state, player)

    def on_away(self, state: HfState, player: str, until: datetime | None, now: datetime) -> list[Event]:
        return self._orders_now(state, now) if until is not None else []

    def _orders_now(self, state: HfState, now: datetime) -> list[Event]:
        """An absence just declared (announced in the channel by /away): if the table waits on that
        player, their orders answer. Orders set while away wait for the next move or the deadline: their
        answer is private, and what they did would go unsaid."""
        if state.status != "active":
            return []
        before = calls.called(state)
        acted = standing.for_the_absent(state, now, self.orders_due)
        return acted + self.settle(state, now) + calls.pings(state, before) if acted else []

    def end(self, state: HfState, reason: str) -> list[Event]:
        events = [ev("final_score", player=who(state, p), **scoring.score(state, p).model_dump())
                  for p in state.order]
        return [*events, self.finish(state, scoring.winners(state), reason)]

    # ---- timers ------------------------------------------------------------------------------
    def on_timer(self, state: HfState, timer: Timer, now: datetime) -> list[Event]:
        """A deadline never raises: a timer that would break a rule leaves the state as it was and
        calls the moderators, where a raise would refuse every later action (each advances first)."""
        saved = pickle.dumps(state)
        before = calls.called(state)
        try:
            return self._on_timer(state, timer, now) + calls.pings(state, before)
        except RuleError:
            restored = pickle.loads(saved)
            for name in type(state).model_fields:
                setattr(state, name, getattr(restored, name))
            return [Event(key="hf.timer_failed", params={}, notify="moderators")]

    def _on_timer(self, state: HfState, timer: Timer, now: datetime) -> list[Event]:
        data = timer.data
        events: list[Event] = []
        if timer.kind == "board":
            cid = str(data["company"])
            c = state.companies[cid]
            if state.meeting and state.meeting[0] == cid and c.holes[0]:
                pres = str(c.holes[0])
                events = standing.decide_board(state, pres, c, self.orders_due(state, pres, now, lapsed=True), now) \
                    or board_meetings.decide(state, pres, cid, "pass", 0, False, now, timeout=True)
        elif timer.kind == "proxy" and state.proxy is not None:
            defender = state.proxy.defender
            events = standing.answer_proxy(state, self.orders_due(state, defender, now, lapsed=True)) \
                or presidency.resolve_proxy(state, state.proxy, False)
        elif timer.kind == "angel":
            events = insolvency.timeout(state, str(data["company"]))
        elif timer.kind == "deflation":
            events = panic.timeout(state, str(data["player"]), now)
        elif timer.kind == "bull_pick" and state.bull_pick is not None:  # unanswered: the first option
            events = bull.choose(state, state.order[0], state.bull_pick.options[0], timeout=True)
        elif timer.kind == "flip_repay" and data.get("player") in state.flip_repay:  # unanswered: all it can
            pid = str(data["player"])
            h = state.holders[pid]
            events = flip.repay(state, pid, min(sum(loan.cubes for loan in h.loans),
                                                state.flip_repay[pid] // state.flip_cube))
        elif timer.kind == "report":
            events = witness.window_closed(state, int(data["report"]), now, self._witnessed)
        elif timer.kind == "loan" and state.loan_due == data.get("player"):
            events = loans.rollover(state, str(data["player"]), 0, forced=True)
        return events + self.settle(state, now)

    # ---- reading -----------------------------------------------------------------------------
    def final_scores(self, state: HfState) -> dict[str, float]:
        """Module 5's victory points rank those who did not win (the players' record); a player who
        left keeps their holdings, so their points are counted too (shown, not ranked: they rank last)."""
        return {p.id: float(scoring.score(state, p.id).total) for p in state.players if p.id in state.holders}

    def awaiting(self, state: HfState) -> set[str]:
        if state.status != "active":
            return set()
        owed: set[str] = set()
        if state.proxy is not None:
            owed.add(state.proxy.defender)
        for ins in state.insolvencies:
            owed |= {p for p in insolvency.eligible(state, ins) if p not in ins.offers and p not in ins.declined}
        if state.meeting:
            pres = state.companies[state.meeting[0]].holes[0]
            if pres and pres in state.holders and pres in state.order:
                owed.add(pres)
        if state.deflation_order:
            owed.add(state.deflation_order[0])
        if state.loan_due:
            owed.add(state.loan_due)
        if state.bull_pick is not None:
            owed.add(state.order[0])
        owed |= set(state.flip_repay)
        if not owed and not self.busy(state):  # nothing else open: the table waits on the turn's player
            owed.add(state.order[state.current])
        return owed

    def owed(self, state: HfState, player: str) -> list[Msg]:
        return calls.owed(state, player)

    def view(self, state: HfState, viewer: str | None) -> HfView:
        return view(state, viewer)

    def legal_actions(self, state: HfState, actor: str) -> list[BaseModel]:
        if state.status != "active" or actor not in state.order:
            return []
        legal: list[BaseModel] = []
        frozen = pickle.dumps(state)  # one snapshot, a fresh copy per trial: twice as fast as a deep model copy
        for option in candidates(state, actor, self.busy(state)):
            trial = pickle.loads(frozen)
            try:
                self.handle(trial, actor, option, trial.clock)
            except RuleError:
                continue
            legal.append(option)
        return legal

    def headline(self, state: HfState) -> Msg:
        if state.status != "active":
            return Msg(key="core.headline.finished")
        if state.meeting:
            c = state.companies[state.meeting[0]]
            return Msg(key="hf.headline.meeting", params={"player": who(state, c.holes[0])})
        fresh = state.year == 1 and state.current == 0 and not state.transaction_done and not state.pending \
            and all(h.aqua == 0 for h in state.holders.values()) and not state.services
        if fresh:  # the way in: everyone starts with nothing; what to report first, and how
            key = "hf.headline.start_dawn" if state.settings.setup == "dawn" else \
                "hf.headline.start_solo" if state.solo else "hf.headline.start"
            return Msg(key=key, params={"player": state.name_of(state.order[0]),
                                        "mode": state.settings.reports})
        return Msg(key="hf.headline", params={"player": state.name_of(state.order[state.current]),
                                              "year": state.year, "flipped": state.flipped})
