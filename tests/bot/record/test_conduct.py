"""The record's conduct tallies, observed over a game's log (bot/record/observe.py, docs/record.md
"Calls, reliability, pace"): what counts as a missed deadline, and what as a turn by the autopilot."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.record.observe import Conduct, observe
from engine.core import GameRecord, LogEntry, Player, get_game

T0 = datetime(2026, 11, 21, 8, 0, tzinfo=UTC)
MINUTE = timedelta(minutes=1)


def seats(n: int) -> list[Player]:
    return [Player(id=str(1001 + i), name=f"P{i + 1}") for i in range(n)]


class Table:
    """A game played through the engine, its log kept as an export's, to observe as the record does."""

    def __init__(self, kind: str, n: int, **settings: Any) -> None:
        self.game = get_game(kind)
        self.record = GameRecord(game=kind, seed=7, settings=settings, created_at=T0, players=seats(n))
        self.state: Any = self.game.setup(self.game.parse_settings(settings), seats(n), 7, T0)

    def act(self, at: datetime, actor: str, action: dict[str, Any], *, moderator: bool = False) -> None:
        self.game.advance(self.state, at)
        self.game.apply(self.state, actor, action, at, moderator=moderator)
        self.record.log.append(LogEntry(at=at, actor=actor, action=action, moderator=moderator))

    def conduct(self, until: datetime) -> dict[str, Conduct]:
        self.game.advance(self.state, until)
        watch = observe(self.game, self.record, until)
        assert watch is not None
        return watch.conduct_at(until)


def test_the_time_limit_is_no_ones_missed_deadline() -> None:
    """Issue 38: SPQRisiko with a one-hour limit, each player moving a minute after their call. The
    limit ends the game while someone is called: their call closes, met by nobody, missed by nobody."""
    table = Table("spqrisiko", 3, setup="random", time_limit_hours=1, target_points=99)
    limit = T0 + timedelta(hours=1)
    called = T0
    while True:
        state = table.state
        player = state.order[state.current]
        at = called + MINUTE
        if at >= limit:
            break
        assert state.turn is not None and state.turn.player == player
        province = next(p for p, o in sorted(state.owner.items()) if o == player)
        if state.turn.reinforcements:
            table.act(at, player, {"type": "reinforce", "province": province, "count": state.turn.reinforcements})
        table.act(at, player, {"type": "end_turn"})
        called = at
    conduct = table.conduct(limit + timedelta(hours=1))
    assert table.state.status == "finished" and table.state.end_reason == "time_limit"
    on_turn = table.state.order[table.state.current]
    for pid, c in conduct.items():
        assert c.missed == 0, (pid, c)
        assert c.met == c.calls - (1 if pid == on_turn else 0), (pid, c)


def test_impero_s_last_turn_end_is_no_ones_missed_deadline() -> None:
    """Issue 38: a player who moved in every turn of Impero is not "1 call, 1 missed" at the game's end:
    the last turn end closes the calls it finds, met by those who had moved."""
    table = Table("impero", 3, turns=2)
    p1, p2, p3 = (p.id for p in table.state.players)
    start = T0 + MINUTE
    table.act(start, p1, {"type": "create_company", "name": "Alfa", "capital": 2000})
    table.act(start, p2, {"type": "create_company", "name": "Beta", "capital": 2000})
    first_end = table.game.turn_deadline(table.state)
    assert first_end is not None
    later = first_end + MINUTE
    table.act(later, p1, {"type": "offer_money", "to": p3, "amount": 100})
    table.act(later, p2, {"type": "offer_money", "to": p3, "amount": 100})
    last_end = table.game.turn_deadline(table.state)
    assert last_end is not None
    conduct = table.conduct(last_end + timedelta(hours=1))
    assert table.state.status == "finished" and table.state.end_reason == "turns"
    for pid in (p1, p2):
        c = conduct[pid]
        assert (c.calls, c.met, c.missed) == (1, 1, 0), (pid, c)
    assert (conduct[p3].calls, conduct[p3].met, conduct[p3].missed) == (1, 0, 0), "never moved: neither met nor missed"


# ---- a player a moderator removed never wins (issue 38) ----------------------------------------
def test_no_game_names_a_removed_player_among_its_winners() -> None:
    """Every game ends through the core's `finish_game`, which leaves out the seats a moderator removed."""
    for kind in ("impero", "spqrisiko", "nomic", "highfrontier", "galactica"):
        game = get_game(kind)
        n = max(3, game.meta.min_players)
        state = game.setup(game.parse_settings({}), seats(n), 7, T0)
        kicked = state.players[1].id
        game.apply(state, "mod", {"type": "mod_kick", "player": kicked}, T0 + MINUTE, moderator=True)
        if state.status == "active":
            game.finish(state, [p.id for p in state.players], "moderator")
        assert kicked not in state.winners, kind


def test_an_old_snapshot_naming_a_removed_winner_records_no_win() -> None:
    from bot.record.facts import game_facts
    from bot.storage.models import GameRow

    game = get_game("impero")
    state = game.setup(game.parse_settings({}), seats(3), 7, T0)
    state.players[1].left = True
    state.status, state.winners, state.end_reason = "finished", [state.players[1].id], "turns"  # as Impero once did
    row = GameRow(id=1, kind="impero", guild_id="g", channel_id="c", created_by="m", created_at=T0,
                  started_at=T0, updated_at=T0 + timedelta(days=7), status="finished")
    facts = game_facts(row, state, {}, None, [])
    assert not any(r.won for r in facts.results)


# ---- turns the autopilot played at once (issue 38) -----------------------------------------------
def spqr_rounds(table: Table, rounds: int, late: str, now: datetime, *, attack: bool = False) -> datetime:
    """SPQRisiko rounds: `late` lets every deadline pass, the others move a minute after their call
    (reinforce, with `attack` one attack when they can, end the turn); the moment reached."""
    for _ in range(rounds * 3):
        state = table.state
        if state.status != "active":
            break
        player = state.order[state.current]
        if player == late:  # their deadline passes
            deadline = table.game.next_deadline(state)
            assert deadline is not None
            now = deadline
            table.game.advance(state, now)
            continue
        now += MINUTE
        province = next(p for p, o in sorted(state.owner.items()) if o == player)
        assert state.turn is not None
        if state.turn.reinforcements:
            table.act(now, player, {"type": "reinforce", "province": province, "count": state.turn.reinforcements})
        fight = next((a for a in table.game.legal_actions(state, player) if a.type == "attack"), None) \
            if attack else None  # type: ignore[attr-defined]
        if fight is not None:
            table.act(now, player, fight.model_dump())
        if table.state.status == "active" and table.state.turn is not None and table.state.turn.player == player:
            table.act(now, player, {"type": "end_turn"})
    return now


def test_turns_the_spqrisiko_autopilot_played_after_three_timeouts_are_counted() -> None:
    """After three deadlines missed in a row the seat is on autopilot and its turns are played as they
    start: no call, no deadline. The record counts them as turns by autopilot."""
    table = Table("spqrisiko", 3, setup="random", target_points=99)
    late = table.state.order[1]
    now = spqr_rounds(table, 5, late, T0)
    assert late in table.state.autopilot
    played = table.state.autoplayed.get(late, 0)
    assert played >= 2
    c = table.conduct(now)
    assert c[late].missed == 3
    assert c[late].autopilot == played


# ---- a seat that changes hands (issue 42: substitutes) -----------------------------------------
def test_a_substitute_inherits_the_seat_but_not_the_leaver_s_record() -> None:
    """A seat on autopilot after three missed deadlines, with battles fought, passes to a substitute by
    `mod_replace` (what a confirmed substitute plays). The renamed state still counts the leaver's
    autopilot turns under the seat and rebuilds its last battle: the record keeps those turns and rolls
    with the leaver, and the newcomer's own start at the hand-over (docs/record.md)."""
    table = Table("spqrisiko", 3, setup="random", target_points=99)
    late = table.state.order[1]
    newcomer = "2001"
    now = T0

    now = spqr_rounds(table, 5, late, now, attack=True)
    before = table.state.autoplayed.get(late, 0)
    assert before >= 2 and table.state.last_attack is not None, "the autopilot fought: there are rolls to keep"
    leaver_at_hand_over = table.conduct(now)[late]
    watch = observe(table.game, table.record, now)
    assert watch is not None
    rolls_before = {p: lk.rolls for p, lk in watch.luck.items()}
    now += MINUTE
    table.act(now, "999", {"type": "mod_replace", "player": late, "new_id": newcomer, "new_name": "Sub"},
              moderator=True)
    handed = observe(table.game, table.record, now)
    assert handed is not None
    assert {p: lk.rolls for p, lk in handed.luck.items() if lk.rolls} == {p: n for p, n in rolls_before.items() if n}
    assert handed.leavers == {late: "P2"}
    now = spqr_rounds(table, 3, newcomer, now, attack=True)  # the seat stays on autopilot: the newcomer's turns now
    c = table.conduct(now)
    after = table.state.autoplayed.get(newcomer, 0)
    assert after > before
    assert c[late].autopilot == before and c[late].missed == leaver_at_hand_over.missed == 3
    assert c[newcomer].autopilot == after - before and c[newcomer].missed == 0
    # the same from a checkpoint taken at the hand-over (a trail), going on over the later entries
    from bot.record.observe import Observer, follow
    saved = handed.checkpoint()
    state_then = table.game.load_state(table.game.dump_state(handed.state))
    later = table.record.log[len([e for e in table.record.log if e.at <= handed.state.clock]):]
    resumed = follow(Observer.restore(table.game, state_then, saved), later, now)
    assert resumed is not None
    assert resumed.conduct_at(now)[late].autopilot == before
    assert resumed.conduct_at(now)[newcomer].autopilot == after - before
