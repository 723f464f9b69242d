"""A game's place in the record: who played, how they ranked, whether it is rated, and how each player
behaved (pure: from the game row, its seats' names, its log and its state; a running game: conduct only)."""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from bot.record.luck import Luck
from bot.record.observe import Conduct, Observer
from bot.storage.models import ActionRow, GameRow, loaded
from bot.storage.record_tables import RecordGame, RecordResult, RecordWait
from engine.core import GameState, get_game

log = logging.getLogger("araldo.record")

UNRATED_REASONS = frozenset({"moderator"})  # ended by a moderator: nobody won it at the table


@dataclass
class GameFacts:
    game: RecordGame
    results: list[RecordResult]
    waits: list[RecordWait]
    ranking: list[list[str]]  # the rated humans only, best first, ties grouped (empty: unrated)


def is_human(player_id: str) -> bool:
    """Seats are Discord users (snowflakes); anything else at a table is an automa and takes no rating."""
    return player_id.isdigit()


def game_facts(row: GameRow, state: GameState, names: dict[str, str], watch: Observer | None,
               replaced: list[str]) -> GameFacts:
    """`state`: the game's snapshot; `watch`: its log observed up to the snapshot's moment (None: the log
    does not replay); `replaced`: the players a moderator replaced."""
    assert row.id is not None and row.started_at is not None
    game = get_game(row.kind)
    running = row.status != "finished"
    # a finished game ended at the move or deadline that ended it (an imported old game too, not at its
    # import); a running game's rows are as of its last change
    ended = watch.ended_at if watch is not None and not running else None
    finished_at = ended or row.updated_at
    conduct = watch.conduct_at(state.clock) if watch else {}
    # tied players in one order everywhere (by id): openskill's sums then add up in the same order
    standing = [] if running else [sorted(p for p in group if is_human(p)) for group in game.ranking(state)]
    standing = [g for g in standing if g]
    humans = sum(len(g) for g in standing)
    # abandoned: fewer than two humans still seated at the end (the others removed by a moderator); a
    # player who conceded played it out and lost, so a game won by the last concession is rated
    seated_humans = sum(1 for p in state.players if (not p.left or p.id in state.conceded) and is_human(p.id))
    rated = not running and state.end_reason not in UNRATED_REASONS and seated_humans >= 2
    record = RecordGame(game_id=row.id, guild_id=row.guild_id, kind=row.kind, started_at=row.started_at,
                        finished_at=finished_at, end_reason=(state.end_reason or "")[:32], rated=rated,
                        humans=humans, replayed=watch is not None, running=running)
    place_of: dict[str, int] = {}
    place = 1
    for group in standing:
        for p in group:
            place_of[p] = place
        place += len(group)
    seated = {p.id: p for p in state.players}
    left_names = watch.leavers if watch is not None else {}  # a replaced player's seat bears another name now
    everyone = [p for p in [*seated, *replaced] if is_human(p)]
    results, waits = [], []
    for pid in dict.fromkeys(everyone):
        c = conduct.get(pid, Conduct())
        luck = watch.luck.get(pid, Luck()) if watch else Luck()
        seat = seated.get(pid)
        results.append(loaded(RecordResult, dict(
            game_id=row.id, user_id=pid, guild_id=row.guild_id, kind=row.kind,
            name=(names.get(pid) or (seat.name if seat else left_names.get(pid, pid)))[:64], finished_at=finished_at,
            # a removed player never won (an older engine let Impero name one: their snapshots still do)
            place=place_of.get(pid), won=not running and pid in state.winners and not (seat and seat.left),
            rated=rated and pid in place_of,
            moves=c.moves, calls=c.calls, met=c.met, missed=c.missed, autopilot=c.autopilot,
            # a concession is an honest end of one's game, not a seat abandoned: no "left" against reliability
            away_seconds=c.away_seconds, left=bool(seat and seat.left) and pid not in state.conceded,
            replaced=pid in replaced,
            luck_rolls=luck.rolls,
            luck_expected=round(luck.expected, 6), luck_actual=luck.actual, running=running, mu=None, sigma=None)))
        # rows built at once (`loaded`): SQLModel's constructor checks each field, a game has hundreds of waits
        waits += [loaded(RecordWait, {"game_id": row.id, "user_id": pid, "n": n, "guild_id": row.guild_id,
                                      "kind": row.kind, "seconds": w}) for n, w in enumerate(c.waits)]
    return GameFacts(record, results, waits, standing if rated else [])


def replaced_in(rows: list[ActionRow]) -> list[str]:
    out = []
    for r in rows:
        if r.moderator:
            action: dict[str, Any] = json.loads(r.action_json)
            if action.get("type") == "mod_replace":
                out.append(str(action["player"]))
    return out
