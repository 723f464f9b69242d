"""Where the event loop's time goes, from a cProfile of the bot's loop thread
(`python bench/load_bench.py --profile FILE ...`): each step of the path interaction -> answer, and
what runs beside it, as a share of the loop's CPU and in milliseconds a move.

    python bench/loop_shares.py FILE [moves]

A step is the cumulative time of the function that does it; the indented ones are parts of the step
above them, and "sentences" is spread over several steps. Not a test: figures go to docs/performance.md.
"""

from __future__ import annotations

import pstats
import sys
from collections.abc import Callable

FUNCS = {
    "gateway": ("discord/gateway.py", "received_message"),
    "locale": ("bot/main.py", "on_interaction"),
    "tree": ("discord/app_commands/tree.py", "_call"),
    "act": ("bot/service.py", "act"),
    "apply": ("bot/service.py", "_apply"),
    "save": ("bot/gamestore.py", "_save"),
    "plan": ("bot/gamestore.py", "_plan"),
    "emit": ("bot/gamestore.py", "_emit"),
    "answer": ("bot/ui.py", "answer_public"),
    "send": ("bot/ui.py", "send"),
    "board": ("bot/pictures.py", "board_attachment"),
    "send_due": ("bot/notifier.py", "send_due"),
    "send_group": ("bot/notifier.py", "_send_group"),
    "dm": ("bot/messenger.py", "dm"),
    "record": ("bot/record/recorder.py", "_record"),
    "web": ("bot/web/live.py", "heard"),
    "alarms": ("bot/scheduler.py", "_on_update"),
    "t": ("bot/i18n.py", "t"),
}

STEPS: list[tuple[str, Callable[[dict[str, float]], float]]] = [
    ("Gateway: the interaction read and parsed (discord.py)", lambda f: f["gateway"]),
    ("the player's Discord language noted (on_interaction)", lambda f: f["locale"]),
    ("the command dispatched to the cog (discord.py's tree, the cog)", lambda f: f["tree"] - f["act"] - f["answer"]),
    ("the move: GameService.act", lambda f: f["act"]),
    ("  rules: load, advance, apply, calls", lambda f: f["apply"] - f["save"]),
    ("  the commit (one trip to the database's thread)", lambda f: f["save"] - f["plan"]),
    ("  the outbox rows planned (written in the commit)", lambda f: f["plan"]),
    ("  listeners after the commit (scheduler, record, web)", lambda f: f["emit"]),
    ("the answer: ui.answer_public", lambda f: f["answer"]),
    ("  the callback's request (discord.py, aiohttp)", lambda f: f["send"]),
    ("  the board asked of the board process", lambda f: f["board"]),
    ("the outbox sender: turn DMs (read, compose, send, mark)", lambda f: f["send_due"] + f["send_group"]),
    ("  the DM requests", lambda f: f["dm"]),
    ("the players' record", lambda f: f["record"]),
    ("the web pages' publish", lambda f: f["web"]),
    ("the scheduler's alarms (a listener, in the move above)", lambda f: f["alarms"]),
    ("sentences filled (bot/i18n.py t, inside the steps above)", lambda f: f["t"]),
]


def shares(path: str, moves: int | None = None) -> list[tuple[str, float, float | None]]:
    stats = pstats.Stats(path)
    total = stats.total_tt  # type: ignore[attr-defined]
    found = dict.fromkeys(FUNCS, 0.0)
    for (filename, _line, func), (_cc, _nc, _tt, ct, _callers) in stats.stats.items():  # type: ignore[attr-defined]
        for key, (where, name) in FUNCS.items():
            if func == name and filename.endswith(where):
                found[key] = max(found[key], ct)
    out: list[tuple[str, float, float | None]] = [("the event loop's thread, all of it", total, None)]
    out += [(label, step(found), step(found) / total) for label, step in STEPS]
    if moves:
        out = [(label, 1000 * t / moves, share) for label, t, share in out]
    return out


def main() -> None:
    path = sys.argv[1]
    moves = int(sys.argv[2]) if len(sys.argv) > 2 else None
    for label, value, share in shares(path, moves):
        unit = "ms a move" if moves else "s"
        print(f"{label:60s} {value:8.2f} {unit}  {'' if share is None else f'{100 * share:5.1f} %'}")


if __name__ == "__main__":
    main()
