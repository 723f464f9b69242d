"""The slow half of the moderator's record tools: building a game's record from its log and
replaying it. Pure and synchronous, so the service runs them in a worker thread (a 2,000-move
game takes seconds to replay, and the bot must keep answering meanwhile)."""

from __future__ import annotations

import json
from typing import Any

from bot.storage.models import ActionRow, GameRow
from engine.core import Game, GameRecord, GameState, LogEntry, Player, ReplayError, RuleError, get_game
from engine.core import replay as replay_record
from engine.core.revealed import Revelation, replay_undone


def record_of(row: GameRow, state: GameState, rows: list[ActionRow]) -> GameRecord:
    assert row.started_at is not None
    return GameRecord(game=row.kind, seed=row.seed, settings=json.loads(row.settings_json),
                      created_at=row.started_at, players=original_players(state, rows),
                      log=[LogEntry(at=r.at, actor=r.actor, action=json.loads(r.action_json),
                                    moderator=r.moderator) for r in rows],
                      advanced_to=state.clock)


def original_players(state: GameState, rows: list[ActionRow]) -> list[Player]:
    """The seats as they were at the start: without those seated later by a logged action, and
    with the renames moderators made undone, last first."""
    later = get_game(state.game).joined_later(state)
    players = [Player(id=p.id, name=p.name) for p in state.players if p.id not in later]
    for r in reversed(rows):
        action = json.loads(r.action_json)
        if r.moderator and action.get("type") == "mod_replace":
            for p in players:
                if p.id == action["new_id"]:
                    p.id = action["player"]
    return players


def verify(game: Game[Any], row: GameRow, state: GameState, rows: list[ActionRow]) -> tuple[bool, str]:
    """Replay the log from the seed to the snapshot's moment; (equal?, the fields that differ)."""
    record = record_of(row, state, rows)
    try:
        replayed = replay_record(game, record, until=state.clock)
    except ReplayError as exc:
        return False, f"entry {exc.index}: {exc.error.code}"
    a, b = game.dump_state(replayed), game.dump_state(state)
    diff = sorted(k for k in set(a) | set(b) if a.get(k) != b.get(k))
    return not diff, ", ".join(diff)


def without_last(game: Game[Any], row: GameRow, state: GameState, rows: list[ActionRow], count: int) -> GameState:
    """The game replayed from its seed without its last `count` log entries."""
    record = record_of(row, state, rows)
    record.log = record.log[: len(record.log) - count]
    return replay_record(game, record)


def without_last_revealed(game: Game[Any], row: GameRow, state: GameState, rows: list[ActionRow],
                          count: int) -> tuple[GameState, list[Revelation]]:
    """`without_last`, and what the entries taken back had shown (played again on the state before them)."""
    kept = without_last(game, row, state, rows, count)
    undone = [(r.at, r.actor, json.loads(r.action_json), r.moderator) for r in rows[len(rows) - count:]]
    return kept, game.revealed(replay_undone(game, kept, undone))


def imported(game: Game[Any], record: GameRecord) -> GameState:
    try:
        return replay_record(game, record)
    except ReplayError as exc:
        raise RuleError("core.import_invalid", index=exc.index, error=exc.error.code) from None
