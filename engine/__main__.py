"""`python -m engine schema GAME` and
`python -m engine replay FILE [--until T] [--viewer ID] [--json] [--events]`.

Every failure is one line on stderr and exit code 1: a moderator auditing a dispute from an export
gets a reason, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import Any

from pydantic import ValidationError

from engine.core import Event, GameRecord, ReplayError, RuleError, get_game, replay


class CliError(Exception):
    """A reason the command cannot run, printed as one line."""


def aware(moment: datetime | None, what: str) -> None:
    if moment is not None and moment.tzinfo is None:
        raise CliError(f"{what}: a time needs its UTC offset (e.g. 2026-11-21T21:00:00+01:00)")


def parse_until(text: str | None) -> datetime | None:
    if text is None:
        return None
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise CliError(f"--until: not an ISO time: {text}") from None
    aware(moment, "--until")
    return moment


def load_record(path: str) -> GameRecord:
    try:
        with open(path, encoding="utf-8") as fh:
            record = GameRecord.model_validate_json(fh.read())
    except OSError as exc:
        raise CliError(f"{path}: {exc.strerror or exc}") from None
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "file"
        raise CliError(f"{path}: {where}: {first.get('msg', 'invalid')}") from None
    aware(record.created_at, "created_at")
    aware(record.advanced_to, "advanced_to")
    for index, entry in enumerate(record.log):
        aware(entry.at, f"entry {index}")
    ids = [p.id for p in record.players]
    if not ids:
        raise CliError("players: the export lists no players")
    twice = sorted({p for p in ids if ids.count(p) > 1})
    if twice:
        raise CliError(f"players: listed more than once: {', '.join(twice)}")
    # an actor missing from the starting seats may be seated later by a logged action (a DecameroNomic
    # newcomer, admitted by the Scribe): the replay itself says so when one never is
    return record


def describe(event: Event) -> str:
    to = f" to={','.join(event.to)}" if event.to is not None else ""
    return f"{event.key}{to} {json.dumps(event.params, ensure_ascii=False, default=str, sort_keys=True)}"


def print_events(record: GameRecord, index: int | None, events: list[Event]) -> None:
    """One header per entry (or per batch of fired timers), then one line per event."""
    if index is None:
        print(f"{(events[0].at or record.created_at).isoformat()} timers")
    else:
        entry = record.log[index]
        who = "moderator " if entry.moderator else ""
        print(f"{entry.at.isoformat()} entry {index} {who}{entry.actor} {json.dumps(entry.action, ensure_ascii=False)}")
    for event in events:
        at = f"@{event.at.isoformat()} " if index is None and event.at else ""
        print(f"  {at}{describe(event)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    schema = sub.add_parser("schema", help="print the JSON Schema of a game's actions")
    schema.add_argument("game")
    rep = sub.add_parser("replay", help="replay an araldo-game/1 export and print the view")
    rep.add_argument("file")
    rep.add_argument("--until", help="ISO time with offset: stop there (default: the export's advanced_to)")
    rep.add_argument("--viewer", help="player id whose view to print (default: public)")
    rep.add_argument("--json", action="store_true", help="print the view as JSON")
    rep.add_argument("--events", action="store_true",
                     help="print what each entry and each fired timer did, instead of the view")
    args = parser.parse_args(argv)

    try:
        if args.command == "schema":
            game = get_game(args.game)
            print(json.dumps(game.action_schema(), indent=2, ensure_ascii=False))
            return 0
        until = parse_until(args.until)
        record = load_record(args.file)
        game = get_game(record.game)
        until = until or record.advanced_to
        hook: Any = (lambda i, evs: print_events(record, i, evs)) if args.events else None
        state = replay(game, record, until=until, on_events=hook)
        if args.events:
            return 0
        if args.viewer is not None and state.player(args.viewer) is None:
            raise CliError(f"--viewer: {args.viewer} is not among the players")
        view = game.view(state, args.viewer)
    except CliError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except ReplayError as exc:
        entry = record.log[exc.index]
        if exc.error.code == "core.not_a_player" and not entry.moderator:
            print(f"error: entry {exc.index}: actor {entry.actor} is not among the players", file=sys.stderr)
        else:
            print(f"entry {exc.index}: {exc.error.code} {exc.error.params}", file=sys.stderr)
        return 1
    except RuleError as exc:
        print(f"error: {exc.code} {exc.params}", file=sys.stderr)
        return 1
    except Exception as exc:  # a broken export must still end in one line (a missing data file, ...)
        print(f"error: {type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}", file=sys.stderr)
        return 1
    if args.json:
        print(view.model_dump_json(indent=2))
    else:
        headline = game.headline(state)
        print(f"{game.meta.name} — {state.status} — {headline.key} {headline.params}")
        print(view.model_dump_json(indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
