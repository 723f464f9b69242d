"""The bot's own process for bench/load_bench.py: the real Araldo (`AraldoBot` with its cogs, service,
scheduler and outbox sender, plus the test game "corsa") pointed at an emulator that runs in another
process, so the CPU the benchmark charges to "the process" is the bot's alone, as in production
where Discord is another machine.

    python bench/load_bot.py --base http://127.0.0.1:PORT --db URL --ready FILE [--profile FILE]

Writes FILE once every active game has been resumed; stops on SIGTERM (cleanly, like a service
manager's stop). With --profile, a cProfile of the event loop thread from "ready" on is written at exit.
With LAG_WATCH=1 in the environment, a thread prints to stderr (the benchmark's bot.log) every moment the
event loop did not answer for 30 ms or more, with the loop thread's stack at 20, 40 and 60 ms: what
held it.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import cProfile
import json
import logging
import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tests.fixtures.testgame  # noqa: F401  (registers the test game "corsa")
from bot.discord_base import use_api_base
from bot.main import AraldoBot, new_event_loop, tune_gc
from bot.settings import Settings
from tests.emulator.fixtures import TEST_TOKEN


async def serve(base: str, url: str, ready: str, profile: cProfile.Profile | None = None, web_port: int = 0,
                shards: str = "") -> None:
    use_api_base(base)
    extra: dict[str, Any] = {}
    if shards:  # "COUNT:ID": one shard process of several over the same database
        count, ids = shards.split(":")
        extra = {"SHARD_COUNT": int(count), "SHARD_IDS": ids}
    # WEB_PORT 0 means no pages: the benchmark gives a free port, so the pages run as in production
    settings = Settings(DISCORD_TOKEN=TEST_TOKEN, DATABASE_URL=url, DISCORD_API_BASE=base, WEB_PORT=web_port,
                        _env_file=None, **extra)  # type: ignore[call-arg]
    bot = AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",))
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGTERM, signal.SIGINT):
        loop.add_signal_handler(sig, stop.set)
    if os.environ.get("LAG_WATCH"):
        threading.Thread(target=_lag_watch, args=(loop,), daemon=True).start()
    async with bot:
        runner = asyncio.create_task(bot.start(TEST_TOKEN))
        while not bot._resumed and not runner.done():
            await asyncio.sleep(0.05)
        if profile is not None:  # the moves, not the start-up (imports, migrations, resuming every game)
            profile.enable()
        Path(ready).write_text("ready")
        await asyncio.wait({runner, asyncio.create_task(stop.wait())}, return_when=asyncio.FIRST_COMPLETED)
        pauses = {f"gc{g}": [len(v), round(1000 * sum(v), 1), round(1000 * max(v, default=0), 1)]
                  for g, v in GC_PAUSES.items()}
        Path(ready + ".threads").write_text(json.dumps({**thread_cpu(), **pauses}))
        await bot.close()
        with contextlib.suppress(Exception, asyncio.CancelledError):
            await asyncio.wait_for(runner, timeout=2)


def _lag_watch(loop: asyncio.AbstractEventLoop) -> None:
    """LAG_WATCH: the loop's stalls, and what it was running."""
    import traceback

    main_id = threading.main_thread().ident
    while True:
        done = threading.Event()
        t0 = time.perf_counter()
        loop.call_soon_threadsafe(done.set)
        dumped = 0
        while not done.wait(0.02):
            if dumped < 3:
                frame = sys._current_frames().get(main_id or 0)
                stack = "".join(traceback.format_stack(frame, limit=25)) if frame else ""
                print(f"LAG {1000 * (time.perf_counter() - t0):.0f} ms, main thread:\n{stack}", file=sys.stderr, flush=True)
                dumped += 1
        lag = time.perf_counter() - t0
        if lag > 0.03:
            print(f"LAG total {1000 * lag:.0f} ms at {time.time():.3f}", file=sys.stderr, flush=True)
        time.sleep(0.005)


GC_PAUSES: dict[int, list[float]] = {0: [], 1: [], 2: []}
_GC_STARTED = [0.0]


def _time_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _GC_STARTED[0] = time.perf_counter()
    else:
        GC_PAUSES[info["generation"]].append(time.perf_counter() - _GC_STARTED[0])


def thread_cpu() -> dict[str, float]:
    """CPU seconds used so far by each kind of thread of this process (pools summed by name)."""
    out: dict[str, float] = {}
    for thread in threading.enumerate():
        try:
            fields = Path(f"/proc/self/task/{thread.native_id}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        kind = thread.name.rsplit("_", 1)[0] if thread is not threading.main_thread() else "loop"
        if kind.startswith("Thread"):
            kind = "aiosqlite or other"
        out[kind] = out.get(kind, 0.0) + (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return out


def sample_main_thread(out: str, stop: threading.Event, every: float = 0.002) -> None:
    """A sampling profiler of the event loop's thread (cProfile cannot follow SQLAlchemy's greenlets):
    every `every` s, the main thread's stack; at the end, one line per distinct stack with its count."""
    main_id = threading.main_thread().ident
    counts: collections.Counter[str] = collections.Counter()
    while not stop.wait(every):
        frame = sys._current_frames().get(main_id or 0)
        stack = []
        while frame is not None:
            code = frame.f_code
            stack.append(f"{Path(code.co_filename).name}:{code.co_name}")
            frame = frame.f_back
        counts[";".join(reversed(stack))] += 1
    with open(out, "w") as fh:
        for stack, n in counts.most_common():
            fh.write(f"{stack} {n}\n")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--base", required=True)
    parser.add_argument("--db", required=True)
    parser.add_argument("--ready", required=True)
    parser.add_argument("--profile")
    parser.add_argument("--web-port", type=int, default=0, help="serve the web pages here (0: none)")
    parser.add_argument("--shards", default="", help="COUNT:ID, this process's shard of COUNT")
    parser.add_argument("--sample", help="write the event loop thread's sampled stacks here")
    args = parser.parse_args()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    tune_gc()
    import gc

    gc.callbacks.append(_time_gc)
    # the event loop thread's CPU, not wall time: waiting for the GIL behind a worker thread is no work
    profile = cProfile.Profile(time.thread_time) if args.profile else None
    stop = threading.Event()
    if args.sample:
        threading.Thread(target=sample_main_thread, args=(args.sample, stop), daemon=True).start()
    try:
        with asyncio.Runner(loop_factory=new_event_loop) as runner:  # the loop `python -m bot` runs on
            runner.run(serve(args.base, args.db, args.ready, profile, args.web_port, args.shards))
    finally:
        stop.set()
        time.sleep(0.1)
        if profile is not None:
            profile.disable()
            profile.dump_stats(args.profile)


if __name__ == "__main__":
    main()
