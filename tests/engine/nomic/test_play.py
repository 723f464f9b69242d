"""Random legal play from legal_actions across ten Giornate and to the end: Nomica is conserved
(with the Crown and the bank), every action is legal, the export replays to the same state."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.core import GameRecord, LogEntry, Rng, replay
from engine.nomic import GAME
from engine.nomic import actions as a
from engine.nomic.ledger import conserved
from engine.nomic.models import NomicState
from tests.engine.nomic.helpers import T0, players

GIORNATE = 10
ACTION_TYPES = {m.model_fields["type"].default for m in (
    a.Propose, a.CastVote, a.Veto, a.Give, a.MakeDeposit, a.BuyGladiator, a.TrainGladiator, a.Bribe, a.Contest,
    a.IssueDecree, a.LawDelete, a.LawTransfer, a.KingAnswer, a.Surrender, a.OfferGladiator, a.BuyOffered,
    a.RuleText, a.ImportRules, a.Reorder, a.SetParam, a.Adjust, a.Admit, a.HandScribe, a.RetireDecree,
    a.Strike, a.Override)}
RARE = {"scribe_release"}  # only when a law would stop the game (rule 2100): tested in test_laws.py
# scribe_impossible (rule 2100) is a ruling, never offered as a move: tested in test_ruleset.py


def check(state: NomicState) -> None:
    assert conserved(state)
    assert state.crown >= 0
    assert len({g.name.casefold() for g in state.gladiators}) == len(state.gladiators)
    assert len({g.magic for g in state.gladiators}) == len(state.gladiators)
    assert all(len(g.magic) == 5 and set(g.magic) <= set("12345") for g in state.gladiators)
    assert len({r.number for r in state.rules}) == len(state.rules)
    assert sum(1 for d in state.deposits) == len({d.owner for d in state.deposits})
    if state.status == "active":
        assert state.king in [p.id for p in state.players if not p.left] or "king" not in state.mechanics
        assert state.deadline("giornata") is not None


def play(n: int, seed: int, pick: Any, prefer: frozenset[str] = frozenset(),
         fines: bool = True) -> tuple[NomicState, set[str]]:
    """`fines=False` leaves out the Scribe's negative corrections (they drive players into
    quarantine and out of a small game before ten Giornate)."""
    people = players(n)
    state = GAME.setup(GAME.parse_settings({}), [p.model_copy() for p in people], seed, T0)
    log: list[LogEntry] = []
    seen: set[str] = set()
    now = T0
    for _step in range(3000):
        if state.status != "active":
            break
        now += timedelta(hours=1 + pick(40))
        GAME.advance(state, now)
        check(state)
        if state.status != "active":
            break
        ids = [p.id for p in state.players if not p.left]
        actor = ids[pick(len(ids))]
        options = GAME.legal_actions(state, actor)
        if state.giornata > GIORNATE:  # then nobody proposes any more: rule 7 ends the game
            options = [o for o in options if o.type != "propose"]
        # the game ends when nobody proposes for a King (rule 7): keep a King to end it
        kings = {r.number for r in state.rules if "king" in r.mechanics}
        options = [o for o in options if not (isinstance(o, a.Propose) and any(
            x.kind == "repeal" and x.rule in kings for x in o.proposals))
            and not (isinstance(o, a.Strike) and o.rule in kings)]
        if not fines:
            options = [o for o in options if not (isinstance(o, a.Adjust) and o.amount < 0)]
        if state.giornata <= GIORNATE and not state.crown_queue:  # before that, no refusal that would end it early
            options = [o for o in options if not (isinstance(o, a.KingAnswer) and not o.accept)]
        if not options:
            continue
        wanted = set(prefer)
        if state.giornata <= GIORNATE and not any(p.giornata == state.giornata and p.author == actor
                                                  for p in state.proposals):
            wanted.add("propose")  # candidates for the crown (rule 7), so the game goes on
        preferred = [o for o in options if o.type in wanted]
        action = (preferred or options)[pick(len(preferred or options))]
        GAME.apply(state, actor, action, now)  # every offered action is legal
        seen.add(action.type)
        log.append(LogEntry(at=now, actor=actor, action=action.model_dump(mode="json")))
        check(state)
        GAME.view(state, actor)
    assert state.status == "finished" and state.end_reason == "no_king"
    record = GameRecord(game="nomic", seed=seed, settings={}, created_at=T0, players=people, log=log)
    rebuilt = replay(GAME, record, until=now)
    GAME.advance(state, now)
    assert rebuilt.model_dump() == state.model_dump()
    return state, seen


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(n=st.integers(3, 5), seed=st.integers(0, 2**31))
def test_random_legal_play_across_ten_giornate(n: int, seed: int) -> None:
    rng = Rng(seed=seed)
    state, _ = play(n, seed, rng.below, fines=False)
    assert state.giornata > GIORNATE


def test_random_play_reaches_every_action_type() -> None:
    seen: set[str] = set()
    for seed in (0, 1, 10, 12):  # four games that between them reach every action
        rng = Rng(seed=1000 + seed)
        _, types = play(4, seed, rng.below, prefer=frozenset({"quarantine_buy", "quarantine_offer", "surrender",
                                                              "king_answer"}))
        seen |= types
    assert ACTION_TYPES <= seen <= ACTION_TYPES | RARE
