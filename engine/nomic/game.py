"""DecameroNomic wired to the engine contract. Every rule lives in the module named after its
mechanic; this file only routes actions and timers to them."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from engine.core import Event, Game, GameMeta, Msg, Player, Rng, RuleError, Timer
from engine.core.names import find_by_name
from engine.nomic import actions as a
from engine.nomic import (
    bank,
    bribes,
    chronicle,
    corrections,
    disputes,
    giornata,
    gladiators,
    ledger,
    migrate,
    orders,
    property,
    proposals,
    quarantine,
    roles,
    scribe,
    voting,
)
from engine.nomic.changes import schema_of_changes
from engine.nomic.legal import legal
from engine.nomic.models import Audit, NomicSettings, NomicState
from engine.nomic.period import end
from engine.nomic.ruleset import param, require, shipped_rules
from engine.nomic.views import NomicView, build, to_vote

Handler = Callable[[NomicState, str, Any, datetime], list[Event]]
# what a quarantined player may still do (rule 2000), besides the Scribe's office (rule 6)
QUARANTINE_OK = frozenset({"surrender", "quarantine_offer"})


def _give(state: NomicState, actor: str, action: a.Give, now: datetime) -> list[Event]:
    require(state, "nomica")
    to = roles.resolve(state, action.to)
    ledger.give(state, actor, to, action.amount)
    return [Event(key="nomic.gave", params={"player": state.name_of(actor), "to": state.name_of(to),
                                            "amount": action.amount})]


def _gladiator_gate(fn: Callable[[NomicState, str, Any], list[Event]]) -> Handler:
    return lambda state, actor, action, now: fn(state, actor, action)


HANDLERS: dict[type[BaseModel], Handler] = {
    a.Propose: proposals.propose,
    a.CastVote: lambda s, actor, x, now: voting.cast(s, actor, x),
    a.Veto: lambda s, actor, x, now: voting.veto(s, actor, x),
    a.Give: _give,
    a.MakeDeposit: lambda s, actor, x, now: bank.deposit(s, actor, x),
    a.BuyGladiator: _gladiator_gate(gladiators.buy),
    a.TrainGladiator: _gladiator_gate(gladiators.train),
    a.Bribe: lambda s, actor, x, now: bribes.bribe(s, actor, x),
    a.Contest: lambda s, actor, x, now: disputes.contest(s, actor, x),
    a.IssueDecree: lambda s, actor, x, now: disputes.decree(s, actor, x),
    a.LawDelete: lambda s, actor, x, now: property.delete(s, actor, x),
    a.LawTransfer: lambda s, actor, x, now: property.transfer(s, actor, x),
    a.Surrender: lambda s, actor, x, now: quarantine.surrender(s, actor, x),
    a.OfferGladiator: lambda s, actor, x, now: quarantine.offer(s, actor, x),
    a.BuyOffered: lambda s, actor, x, now: quarantine.buy(s, actor, x),
    a.RuleText: lambda s, actor, x, now: scribe.rule_text(s, actor, x),
    a.ImportRules: lambda s, actor, x, now: scribe.import_rules(s, actor, x),
    a.Reorder: lambda s, actor, x, now: scribe.reorder(s, actor, x),
    a.SetParam: lambda s, actor, x, now: scribe.set_param(s, actor, x),
    a.Adjust: lambda s, actor, x, now: scribe.adjust(s, actor, x),
    a.Admit: lambda s, actor, x, now: roles.admit(s, actor, x),
    a.HandScribe: lambda s, actor, x, now: roles.hand_scribe(s, actor, x),
    a.RetireDecree: lambda s, actor, x, now: disputes.retire(s, actor, x),
    a.Strike: lambda s, actor, x, now: corrections.strike(s, actor, x),
    a.Override: lambda s, actor, x, now: corrections.override(s, actor, x),
    a.Release: lambda s, actor, x, now: corrections.release(s, actor, x),
}


class Nomic(Game[NomicState]):
    meta = GameMeta(kind="nomic", name="DecameroNomic", min_players=2, max_players=40,
                    rules_path="docs/rules/nomic.md", rulebook="002_1e586876702b88c6.txt")
    state_model = NomicState
    settings_model = NomicSettings
    action_model = a.NomicAction
    reminder_timers = frozenset({"vote_reminder"})
    # a training's new magic number stays the owner's until the rollover (the view hides it too)
    private_actions = frozenset({"gladiator_train"})
    state_version = 3  # 2: closed Giornate filed in the chronicle; 3: knobs held by the rules (migrate.py)
    apply_in_place = True  # no copy of the state before each action (see engine.core.Game)
    orders_model = orders.NomicOrders  # a default vote for unanswered letters (orders.py)

    def setup(self, settings: Any, players: list[Player], seed: int, now: datetime) -> NomicState:
        state = NomicState(game="nomic", seed=seed, rng=Rng(seed=seed), players=players, created_at=now,
                           clock=now, settings=settings)
        state.rules = shipped_rules()
        state.last_number = max(r.number for r in state.rules)
        state.king = self._pick(state, settings.king)
        state.scribe = self._pick(state, settings.scribe)
        for p in players:
            state.treasure[p.id] = 0
            ledger.mint(state, p.id, param(state, "start_treasure"), "start", now=True)
            state.power[p.id] = param(state, "start_power")
        giornata.start_first(state, now)
        return state

    @staticmethod
    def _pick(state: NomicState, who: str) -> str:
        if not who.strip():
            return state.players[0].id
        pid = who if state.player(who) else find_by_name(who, {p.id: p.name for p in state.players})
        if pid is None:
            raise RuleError("nomic.no_player", name=who)
        return pid

    def handle(self, state: NomicState, actor: str, action: Any, now: datetime) -> list[Event]:
        kind = action.type
        if actor in state.quarantined and kind not in QUARANTINE_OK and not kind.startswith("scribe_"):
            raise RuleError("nomic.quarantined")
        if isinstance(action, a.KingAnswer):
            events, over = roles.answer(state, actor, action.accept, now)
            if over:  # the table is told why before it is told the game is over
                events += [Event(key="nomic.end.no_king"), self.finish(state, [], "no_king")]
            return events
        if isinstance(action, a.DeclareImpossible):
            roles.require_scribe(state, actor)
            require(state, "impossible")
            winner = roles.resolve(state, action.player)
            state.audit.append(Audit(giornata=state.giornata, by=actor, what="impossible",
                                     detail={"player": state.name_of(winner), "reason": action.reason}))
            return [Event(key="nomic.impossible", params={"player": state.name_of(winner), "reason": action.reason}),
                    self.finish(state, [winner], "impossible")]
        handler = HANDLERS.get(type(action))
        if handler is None:  # pragma: no cover - every action type has a handler
            raise RuleError("core.bad_action", detail=kind)
        return handler(state, actor, action, now)

    def on_timer(self, state: NomicState, timer: Timer, now: datetime) -> list[Event]:
        if timer.kind == "giornata":
            by_orders = orders.cast_by_orders(state, now, self.orders_due)  # the vote closes: orders answer
            events, over = giornata.rollover(state, now)
            events = by_orders + events
            if over:  # the table is told why before it is told the game is over
                events += [Event(key="nomic.end.no_king"), self.finish(state, [], "no_king")]
            return events
        if timer.kind == "crown":
            if state.crown_open and state.king == timer.data.get("player"):
                state.crown_open = False
                return [Event(key="nomic.king_accepted", params={"player": state.name_of(state.king)})]
            return []
        if timer.kind == "vote_reminder":
            return giornata.remind(state, int(timer.data["hours"]), now, self.awaiting(state))
        return []

    def check_orders(self, state: NomicState, player: str, given: Any) -> None:
        orders.check(state, player, given)

    def describe_orders(self, state: NomicState, player: str, given: Any) -> list[dict[str, Any]]:
        return orders.describe(state, given)

    def orders_sample(self, state: NomicState, player: str) -> dict[str, Any] | None:
        return orders.sample(state, player)

    def action_schema(self) -> dict[str, Any]:
        """The actions, and what a proposal's `change` may hold: every knob with its mechanic and its
        range or options, every mechanic with the rulebook rule that declares it."""
        return {**super().action_schema(), "changes": schema_of_changes()}

    def awaiting(self, state: NomicState) -> set[str]:
        if state.status != "active":
            return set()
        return {p for p in roles.in_play(state) if to_vote(state, p)}

    def turn_deadline(self, state: NomicState) -> datetime | None:
        return end(state) if state.status == "active" and state.paused_at is None else None

    def view(self, state: NomicState, viewer: str | None) -> NomicView:
        return build(state, viewer, state.clock)

    def legal_actions(self, state: NomicState, actor: str) -> list[BaseModel]:
        return legal(state, actor)

    def headline(self, state: NomicState) -> Msg:
        if state.status != "active":
            return Msg(key="core.headline.finished")
        return Msg(key="nomic.headline", params={"giornata": state.giornata, "king": state.name_of(state.king),
                                                 "end": end(state), "pending": len(proposals.pending(state))})

    def dump_state(self, state: NomicState) -> dict[str, Any]:
        """Snapshots leave out every field at its default (most of a closed proposal's)."""
        return state.model_dump(mode="json", exclude_defaults=True)

    def dump_state_json(self, state: NomicState) -> str:
        return state.model_dump_json(exclude_defaults=True)

    def migrate_state(self, data: dict[str, Any], from_version: int) -> dict[str, Any]:
        if from_version == 1:  # the knobs first: the chronicle's step validates the whole state
            data, from_version = chronicle.migrate_v1(migrate.v2_knobs(data)), 3
        if from_version == 2:
            data, from_version = migrate.v2_knobs(data), 3
        return super().migrate_state(data, from_version)

    def renamed(self, data: dict[str, Any], old: str, new: str) -> dict[str, Any]:
        return chronicle.renamed(super().renamed(data, old, new), old, new)

    def joined_later(self, state: NomicState) -> set[str]:
        return set(state.admitted)

    def on_kick(self, state: NomicState, player: str, now: datetime) -> list[Event]:
        if state.scribe == player:
            state.scribe = state.king if state.king != player else next(iter(roles.in_play(state)), player)
        state.quarantined = [p for p in state.quarantined if p != player]
        return []
