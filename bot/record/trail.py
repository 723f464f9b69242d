"""One game's record derived from its log, going on from where the last derivation got to (pure; run in
a worker thread or process).

A game's log is observed once: the observer's tallies and the game's state at the last entry observed
are kept (`record_trail`, or the recorder's memory), and the next record of the game, at its next move
or deadline, observes only the entries logged since. A rebuild does the same from the kept trails, so a
finished game is not replayed again; a trail that no longer matches the log (an undo took entries back,
an import rewrote it) or was kept by an older derivation is thrown away and the log replayed from its
seed. Going on from a trail makes the very steps a replay from the seed makes, in the same order."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from bot.record.facts import GameFacts, game_facts, replaced_in
from bot.record.observe import Observer, follow, observe
from bot.replaying import record_of
from bot.storage.models import ActionRow, GameRow
from bot.storage.record_tables import RecordTrail
from engine.core import GameState, LogEntry, get_game

log = logging.getLogger("araldo.record")

# bump when what the tables hold changes: the next start rebuilds them from the games (and their logs:
# trails of an older derivation are not used)
DERIVATION = "5"  # 2: running games too; 3: Galactica's battles in the luck, trails; 4: a game ends when it
# ended, no miss at the game's own end, turns played at once by the autopilot, a server's games per member;
# 5: a seat that changes hands keeps the leaver's autopilot turns, dice and absence with the leaver


@dataclass
class Point:
    """A trail in use: its place in the log and the observer going on from it."""

    seq: int
    entries: int
    watch: Observer


@dataclass
class Derived:
    facts: GameFacts
    point: Point | None  # where the observation got to (None: the log does not replay)


def entries_of(rows: list[ActionRow]) -> list[LogEntry]:
    return [LogEntry(at=r.at, actor=r.actor, action=json.loads(r.action_json), moderator=r.moderator) for r in rows]


def resumed(row: GameRow, trail: RecordTrail, snapshot: GameState) -> Point:
    """The observer of a kept trail, over its own state (a finished game's trail keeps no state: its
    snapshot stands for it, nothing more happens in it)."""
    game = get_game(row.kind)
    state = game.load_state(trail.state) if trail.state is not None else snapshot
    return Point(trail.seq, trail.entries, Observer.restore(game, state, trail.observer))


def derive_game(row: GameRow, names: dict[str, str], rows: list[ActionRow],
                from_: Point | RecordTrail | None) -> Derived | None:
    """The game's facts as it stands. `from_`: a trail checked against the log (kept, or the recorder's
    own in memory), with `rows` the entries after it; or None, with `rows` the whole log (not undone).
    None back: going on from the trail failed, derive again from the whole log."""
    game = get_game(row.kind)
    assert row.snapshot_json is not None
    state = game.load_state(row.snapshot_json)
    point = resumed(row, from_, state) if isinstance(from_, RecordTrail) else from_
    if point is not None:
        if point.watch.state.status == "finished" and rows:
            return None  # entries after the end (a moderator's): the replay from the seed knows them
        try:
            watch = follow(point.watch, entries_of(rows), state.clock)
        except Exception:
            watch = None
        if watch is None:
            return None
        seq = rows[-1].seq if rows else point.seq
        facts = game_facts(row, state, names, watch, watch.replaced)
        return Derived(facts, Point(seq, point.entries + len(rows), watch))
    try:
        watched = observe(game, record_of(row, state, rows), state.clock)
    except Exception:  # an old log the engine no longer replays: the result still counts, the calls not
        log.warning("game %s does not replay; its calls are left out of the record", row.id, exc_info=True)
        watched = None
    facts = game_facts(row, state, names, watched, replaced_in(rows))
    done = Point(rows[-1].seq if rows else 0, len(rows), watched) if watched is not None else None
    return Derived(facts, done)


def trail_of(game_id: int, point: Point) -> RecordTrail:
    """The trail to keep: the tallies, and the state to go on from while the game runs."""
    watch = point.watch
    running = watch.state.status != "finished"
    state = get_game(watch.state.game).dump_state_json(watch.state) if running else None
    return RecordTrail(game_id=game_id, derivation=DERIVATION, seq=point.seq, entries=point.entries,
                       observer=watch.checkpoint(), state=state)
