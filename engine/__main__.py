"""`python -m engine schema GAME` and `python -m engine replay FILE [--until T] [--viewer ID] [--json]`."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime

from engine.core import GameRecord, ReplayError, RuleError, get_game, replay


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine")
    sub = parser.add_subparsers(dest="command", required=True)
    schema = sub.add_parser("schema", help="print the JSON Schema of a game's actions")
    schema.add_argument("game")
    rep = sub.add_parser("replay", help="replay an araldo-game/1 export and print the view")
    rep.add_argument("file")
    rep.add_argument("--until", help="ISO timestamp: stop there")
    rep.add_argument("--viewer", help="player id whose view to print (default: public)")
    rep.add_argument("--json", action="store_true", help="print the view as JSON")
    args = parser.parse_args(argv)

    try:
        if args.command == "schema":
            game = get_game(args.game)
            print(json.dumps(game.action_schema(), indent=2, ensure_ascii=False))
            return 0
        with open(args.file, encoding="utf-8") as fh:
            record = GameRecord.model_validate_json(fh.read())
        game = get_game(record.game)
        until = datetime.fromisoformat(args.until) if args.until else None
        state = replay(game, record, until=until)
    except ReplayError as exc:
        print(f"entry {exc.index}: {exc.error.code}", file=sys.stderr)
        return 1
    except RuleError as exc:
        print(f"error: {exc.code} {exc.params}", file=sys.stderr)
        return 1
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    view = game.view(state, args.viewer)
    if args.json:
        print(view.model_dump_json(indent=2))
    else:
        headline = game.headline(state)
        print(f"{game.meta.name} — {state.status} — {headline.key} {headline.params}")
        print(view.model_dump_json(indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
