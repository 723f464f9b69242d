"""Araldo under load: the real bot (bot.main.AraldoBot, its cogs, service, scheduler and outbox)
driven through the loopback Discord emulator of tests/emulator, over a database that already holds
N active background games.

    python bench/load_bench.py --db sqlite --games 1000
    python bench/load_bench.py --db postgres --games 10000      # TEST_DATABASE_URL, or --pg-url

Scenarios, in order, on one database:
  players    K = 1, 8, 50 players acting at once, each in their own two-player game, each sending
             `/corsa add` as soon as the previous answer arrived (after a deferral, the followup
             that carries it): p50/p99 from dispatching the interaction to Discord receiving its
             first response and its answer, actions per second, lock errors, lost notifications
             (outbox rows not delivered once everything settled). Moves answered with the board
             and moves answered in words (`--workload`). Before each, the machine's speed of the
             moment (`machine_speed`: a fixed piece of Python, the test game's board alone): a shared
             virtual machine is not always as fast, and two sessions' machines differ.
  deadlines  200 games (two players of their own each) whose turn deadlines all fall within the same
             10 s, with the emulator enforcing Discord's own rate limits (5 posts every 5 s per
             channel or DM channel, 50 requests a second in all): lateness of each firing (tick
             committed) and of its last notification (outbox row marked sent), how long the queue
             took to drain, and the 429s Discord gave (discord.py waits on the X-RateLimit headers).
  restart    the bot is stopped, OVERDUE background games get deadlines in the past, a new bot
             starts: time from its start to each overdue deadline firing, and how often each fired.
  shutdown   Discord (the emulator) goes away, then the bot is closed: how long close() takes.

The players scenarios run the bot in its own process (bench/load_bot.py) while this process plays
Discord (the emulator) and sets the games up through its own service, as a second shard would: the
CPU per action is the bot's alone: its process (all its threads; the event loop's thread also on its own)
and the board processes it started (also on their own),
as in production where Discord is another machine. `--same-process` runs them against a bot in this
process instead (its CPU then includes the emulator's). The deadline, restart and shutdown scenarios
run the bot in this process. Not a test: figures go to docs/performance.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import platform
import random
import secrets
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tests.fixtures.testgame  # noqa: F401  (registers the test game "corsa")
from bench.load_world import (
    fresh,
    make_overdue,
    outbox_state,
    seed_background,
    settle_outbox,
    snapshot_at,
    template_game,
)
from bot.main import AraldoBot
from bot.service import GameService, Update
from bot.settings import Settings
from bot.storage.db import Database
from bot.storage.models import GameRow, OutboxRow
from tests.emulator import interactions as ix
from tests.emulator.emulator import Emulator
from tests.emulator.fixtures import TEST_TOKEN, running_bot
from tests.emulator.patching import point_discord_py_at
from tests.emulator.rest import Rest

COMMANDS = ("game", "corsa")
BURST = 200  # deadlines due in the same window
WINDOW = 10.0  # seconds
FIRST_RESPONSE: dict[str, float] = {}  # interaction id -> when the emulator received its first response
_ANSWERED: dict[str, asyncio.Future[float]] = {}  # first response (a deferral counts)
_COMPLETE: dict[str, asyncio.Future[float]] = {}  # the answer itself: a message, not a deferral


def _complete(interaction_id: str, arrived: float) -> None:
    fut = _COMPLETE.pop(interaction_id, None)
    if fut is not None and not fut.done():
        fut.set_result(arrived)


def _time_first_responses() -> None:
    """Note when "Discord" receives each interaction's first response, and its answer (a message in
    the callback, or the first followup after a deferral); patched before the emulator registers its
    routes."""
    original = Rest.interaction_callback
    original_followup = Rest.followup

    async def timed(self: Rest, request: Any, body: Any, interaction_id: str, token: str) -> Any:
        arrived = time.perf_counter()
        try:
            return await original(self, request, body, interaction_id, token)
        finally:
            if interaction_id not in FIRST_RESPONSE:
                FIRST_RESPONSE[interaction_id] = arrived
                fut = _ANSWERED.pop(interaction_id, None)
                if fut is not None and not fut.done():
                    fut.set_result(arrived)
            if int((body.json or {}).get("type", 0)) == ix.CHANNEL_MESSAGE:
                _complete(interaction_id, time.perf_counter())

    async def followed(self: Rest, request: Any, body: Any, app_id: str, token: str) -> Any:
        try:
            return await original_followup(self, request, body, app_id, token)
        finally:
            inter = self.emu.interactions_by_token.get(token)
            if inter is not None:
                _complete(inter.id, time.perf_counter())

    Rest.interaction_callback = timed  # type: ignore[method-assign]
    Rest.followup = followed  # type: ignore[method-assign]


class LockCounter(logging.Handler):
    """Counts every log record that reports a locked or busy database."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info and record.exc_info[1] is not None:
            text += repr(record.exc_info[1])
        if "locked" in text or "core.busy" in text:
            self.count += 1


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def machine_speed() -> dict[str, float]:
    """How fast this machine is right now, so figures from different machines (and from the same
    virtual machine at different hours) can be compared: a fixed piece of plain Python and the test
    game's board drawn and encoded, each alone on an idle process, best of three, in milliseconds."""
    from render.common import find_renderer, to_png
    from tests.fixtures.testgame import CorsaView

    def python_work() -> None:
        names: dict[str, int] = {}
        for i in range(200_000):
            key = f"p{i % 50}"
            names[key] = names.get(key, 0) + i

    board = find_renderer("corsa")
    view = CorsaView(total=57, target=1000, current="1", history=[f"p{i % 2}+1" for i in range(40)])
    assert board is not None

    def draw_board() -> None:
        for _ in range(20):
            to_png(board(view))

    out = {}
    for name, work, times in (("python_ms", python_work, 1), ("board_ms", draw_board, 20)):
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            work()
            best = min(best, time.perf_counter() - start)
        out[name] = 1000 * best / times
    return out


async def fire(emu: Emulator, user: Any, channel: Any, command: str,
               **options: Any) -> tuple[float, float] | None:
    """Send one slash command and wait for its answer (after a deferral, the followup that carries
    it), as a player waits for the board before their next move; seconds until the first response and
    until the answer reached the emulator (None: never answered within Discord's 3 s)."""
    data = emu._command_data(user, channel, command, options, focused=None)
    inter = ix.Interaction(id=emu.snowflakes.next(), token=f"aW50ZXJhY3Rpb24.{secrets.token_urlsafe(48)}",
                           type=ix.APPLICATION_COMMAND, user=user, channel=channel, guild=emu._guild_of(channel),
                           payload={})
    inter.payload = emu._interaction_payload(inter, data)
    emu.interactions[inter.id] = inter
    emu.interactions_by_token[inter.token] = inter
    answered: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    complete: asyncio.Future[float] = asyncio.get_running_loop().create_future()
    _ANSWERED[inter.id] = answered
    _COMPLETE[inter.id] = complete
    start = time.perf_counter()
    inter.created = time.monotonic()
    await emu.gateway.dispatch("INTERACTION_CREATE", inter.payload)
    try:
        arrived = await asyncio.wait_for(answered, timeout=emu.interaction_timeout + 2)
        done = await asyncio.wait_for(complete, timeout=30)
    except TimeoutError:
        _ANSWERED.pop(inter.id, None)
        _COMPLETE.pop(inter.id, None)
        return None
    return arrived - start, done - start


# ---- scenarios --------------------------------------------------------------------------------
async def players_scenario(emu: Emulator, svc: GameService, k: int, moves: int, users: list[Any],
                           channels: list[Any], cpu_time: Any, lock_errors: Any,
                           picture: bool = True) -> dict[str, Any]:
    """`cpu_time()`: the bot process's CPU seconds so far; `lock_errors()`: its lock reports so far."""
    db = svc.db
    before_rows = (await outbox_state(db))
    games = []
    for i in range(k):
        a, b, channel = users[2 * i], users[2 * i + 1], channels[i]
        await svc.create(kind="corsa", guild_id=str(emu.guild.id), channel_id=str(channel.id), creator_id=str(a.id),
                         creator_name=a.username, settings={"target": 1000, "turn_hours": 24, "reminder_minutes": 0})
        await svc.join(str(channel.id), str(b.id), b.username)
        res = await svc.start(str(channel.id), str(a.id))
        by_id = {str(a.id): a, str(b.id): b}
        games.append((res.game.id, channel, [by_id[p.id] for p in res.state.players]))
    await settle_outbox(db)
    latencies: list[float] = []
    answers: list[float] = []
    trace: list[tuple[int, int, float, float]] = []  # (player, move, sent after the start, first answer) ms
    unanswered = 0
    locks_before = lock_errors()

    async def player(gid: int, channel: Any, order: list[Any]) -> None:
        nonlocal unanswered
        for m in range(moves):
            sent = time.perf_counter()
            took = await fire(emu, order[m % 2], channel, "corsa add", amount=1, picture=picture)
            if took is None:
                unanswered += 1
            else:
                latencies.append(took[0])
                answers.append(took[1])
                trace.append((gid, m, round(1000 * (sent - start), 1), round(1000 * took[0], 1)))

    # this process plays Discord, which keeps every message and request: a full collection of that
    # heap stalled every player at once for 100+ ms, a pause of "Discord", not of the bot
    speed = machine_speed()
    gc.collect()
    gc.freeze()
    start, cpu, here = time.perf_counter(), cpu_time(), time.process_time()
    await asyncio.gather(*(player(*g) for g in games))
    wall, cpu, here = time.perf_counter() - start, cpu_time() - cpu, time.process_time() - here
    applied = 0
    for gid, _channel, _order in games:
        _row, state = await svc.state(gid)
        applied += state.total  # type: ignore[attr-defined]
    await settle_outbox(db)
    total, unsent, failed = await outbox_state(db)
    for gid, _channel, _order in games:  # leave the channels free for the next scenario
        await svc.act(gid, "bench", {"type": "mod_end", "reason": ""}, moderator=True)
    await settle_outbox(db)
    return {"players": k, "picture": picture, "actions": len(latencies) + unanswered, "applied": applied, "unanswered": unanswered,
            "p50_ms": 1000 * pct(latencies, 0.5), "p99_ms": 1000 * pct(latencies, 0.99),
            "max_ms": 1000 * max(latencies, default=float("nan")),
            "answer_p50_ms": 1000 * pct(answers, 0.5), "answer_p99_ms": 1000 * pct(answers, 0.99),
            "actions_per_s": applied / wall,
            "cpu_ms_per_action": 1000 * cpu / max(applied, 1),
            # this process: the emulator and the players (the same as the bot's with --same-process)
            "driver_cpu_ms_per_action": 1000 * here / max(applied, 1),
            "lock_errors": lock_errors() - locks_before, "notifications": total - before_rows[0], "lost": unsent + failed,
            "machine_speed": speed, "slowest": sorted(trace, key=lambda t: -t[3])[:max(12, len(trace) // 50)]}


async def deadlines_scenario(emu: Emulator, bot: AraldoBot, users: list[Any], channels: list[Any]) -> dict[str, Any]:
    from sqlalchemy import select, update

    svc = bot.service
    fired: dict[int, float] = {}
    due: dict[int, datetime] = {}

    async def heard(upd: Update) -> None:
        if upd.source == "tick" and upd.game.id in due and upd.game.id not in fired:
            fired[upd.game.id] = (datetime.now(UTC) - due[upd.game.id]).total_seconds()

    svc.listeners.append(heard)
    gids = []
    for i, channel in enumerate(channels[:BURST]):
        a, b = users[2 * i], users[2 * i + 1]  # every table its own players, as on a real server
        await svc.create(kind="corsa", guild_id=str(emu.guild.id), channel_id=str(channel.id), creator_id=str(a.id),
                         creator_name=a.username, settings={"target": 1000, "turn_hours": 24, "reminder_minutes": 0})
        await svc.join(str(channel.id), str(b.id), b.username)
        gids.append((await svc.start(str(channel.id), str(a.id))).game.id)
    await settle_outbox(bot.db)
    emu.rate_limits.use_discord_limits()
    refused_before, requests_before = dict(emu.rate_limits.refused), len(emu.requests)
    window_start = datetime.now(UTC) + timedelta(seconds=3)
    rng = random.Random(200)
    async with bot.db.transaction() as s:
        for gid in gids:
            row = await s.get(GameRow, gid)
            assert row is not None and row.snapshot_json is not None
            deadline = window_start + timedelta(seconds=rng.uniform(0, WINDOW))
            data = json.loads(row.snapshot_json)
            due[gid] = deadline
            await s.execute(update(GameRow).where(GameRow.id == gid).values(
                snapshot_json=snapshot_at(data, deadline), next_deadline=deadline, turn_deadline=deadline,
                version=row.version + 1))
    marker = datetime.now(UTC)
    for gid in gids:
        bot.deadlines.schedule(await svc.get(gid))
    end = time.monotonic() + 120
    while len(fired) < len(gids) and time.monotonic() < end:
        await asyncio.sleep(0.2)
    await settle_outbox(bot.db)
    emu.rate_limits.use_generous_limits()
    burst_requests = emu.requests[requests_before:]
    async with bot.db.sessions() as s:
        rows = list((await s.execute(select(OutboxRow).where(OutboxRow.created_at >= marker)
                                     .where(OutboxRow.game_id.in_(gids)))).scalars())  # type: ignore[union-attr]
    delivered = {}
    for r in rows:
        if r.sent_at is not None and r.error is None and r.game_id is not None:
            late = (r.sent_at - due[r.game_id]).total_seconds()
            delivered[r.game_id] = max(delivered.get(r.game_id, late), late)
    svc.listeners.remove(heard)
    lost = sum(1 for r in rows if r.sent_at is None or r.error is not None)
    told = sum(1 for r in rows if r.what == "announce")
    sent = [r for r in rows if r.sent_at is not None]
    # the queue: from the first row the burst wrote to the last one Discord accepted
    drain = (max(r.sent_at for r in sent) - min(r.created_at for r in rows)).total_seconds() if sent else float("nan")
    posted = [r for r in burst_requests if r.method == "POST" and r.path.endswith("/messages")]
    return {"rate_limits": "discord", "drain_s": drain,
            "posts_and_dms": sum(1 for r in posted if r.status == 200),
            "refused_429": {k: v - refused_before.get(k, 0) for k, v in emu.rate_limits.refused.items()
                            if v - refused_before.get(k, 0)},
            "requests": len(burst_requests),
            "peak_requests_per_s": _peak_rate(burst_requests),
            "deadlines": len(gids), "fired": len(fired), "p50_s": pct(list(fired.values()), 0.5),
            "p99_s": pct(list(fired.values()), 0.99), "max_s": max(fired.values(), default=float("nan")),
            "notifications": len(rows), "announced_games": told, "lost": lost,
            "told_p99_s": pct(list(delivered.values()), 0.99), "told_max_s": max(delivered.values(), default=float("nan"))}


def _peak_rate(records: list[Any]) -> int:
    """The most requests that reached "Discord" within any one second."""
    times = sorted(r.at for r in records)
    best, first = 0, 0
    for last, t in enumerate(times):
        while t - times[first] >= 1.0:
            first += 1
        best = max(best, last - first + 1)
    return best


# ---- the run ----------------------------------------------------------------------------------
def new_bot(settings: Settings) -> AraldoBot:
    return AraldoBot(settings, extra_extensions=("tests.fixtures.testgame.cog",))


def free_port() -> int:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def family_cpu(pid: int) -> float:
    """CPU seconds of a process and every process it started (the bot's board processes)."""
    children = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            children += [int(c) for c in task.read_text().split()]
        except OSError:
            continue
    return process_cpu(pid) + sum(family_cpu(c) for c in children)


def process_cpu(pid: int, tid: int | None = None) -> float:
    """CPU seconds (user + system) a process (all threads), or one of its threads, has used so far."""
    where = f"/proc/{pid}/task/{tid}/stat" if tid else f"/proc/{pid}/stat"
    fields = Path(where).read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def players_in_bot_process(emu: Emulator, url: str, runs: list[tuple[int, bool, list[Any]]], moves: int,
                                 users: list[Any], profile: str | None) -> list[dict[str, Any]]:
    """The players scenarios against the bot running in its own process (bench/load_bot.py); this
    process plays Discord and sets up the games through its own service (as a second shard would)."""
    emu.command_syncs = 0
    tmp = Path(tempfile.mkdtemp())
    ready, errors = tmp / "ready", tmp / "bot.log"
    cmd = [sys.executable, str(Path(__file__).with_name("load_bot.py")), "--base", emu.base_url, "--db", url,
           "--ready", str(ready), "--web-port", str(free_port())]
    if profile:
        cmd += ["--sample" if profile.endswith(".stacks") else "--profile", profile]
    with open(errors, "wb") as log_file:
        child = await asyncio.create_subprocess_exec(*cmd, stderr=log_file)
    out = []
    db = Database(url)
    try:
        await emu.wait_until_connected(120)
        await emu.wait_for_commands(*COMMANDS, timeout=120)
        while not ready.exists():
            await asyncio.sleep(0.05)

        def lock_errors() -> int:
            lines = errors.read_text(errors="replace").splitlines()
            return sum(1 for line in lines if "locked" in line or "core.busy" in line)

        # warm-up, not counted: each pooled connection's first use (PostgreSQL type introspection,
        # prepared statements), first imports and caches are a start-up cost, not a move's
        warm = [emu.add_channel(emu.guild, f"warm-{i}") for i in range(min(8, len(users) // 2))]
        await players_scenario(emu, GameService(db), len(warm), 5, users, warm, lambda: 0.0, lambda: 0)
        for k, picture, mine in runs:
            loop_before = process_cpu(child.pid, child.pid)
            own_before = process_cpu(child.pid)
            # the CPU of a move is the bot's whole: its process and the board processes it started
            r = await players_scenario(emu, GameService(db), k, moves, users, mine,
                                       lambda: family_cpu(child.pid), lock_errors, picture)
            own = 1000 * (process_cpu(child.pid) - own_before) / max(r["applied"], 1)
            r["board_processes_cpu_ms_per_action"] = max(0.0, r["cpu_ms_per_action"] - own)  # ticks round
            # the event loop's own thread (its id is the process id) against the worker threads
            r["loop_cpu_ms_per_action"] = 1000 * (process_cpu(child.pid, child.pid) - loop_before) / max(r["applied"], 1)
            r["bot_process"] = True
            print(json.dumps(r), flush=True)
            out.append(r)
    finally:
        child.terminate()
        await child.wait()
        await db.close()
        threads = Path(f"{ready}.threads")
        if threads.exists() and out:
            out[-1]["bot_threads_cpu_s_whole_run"] = json.loads(threads.read_text())
        emu.command_syncs = 0
    return out


async def run(url: str, games: int, ks: list[int], moves: int, overdue: int, players_only: bool = False,
              same_process: bool = False, profile: str | None = None,
              pictures: tuple[bool, ...] = (True, False), restart_only: bool = False) -> dict[str, Any]:
    _time_first_responses()
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    locks = LockCounter()
    logging.getLogger().addHandler(locks)
    emu = Emulator.with_default_world(token=TEST_TOKEN, interaction_timeout=3.0)
    await emu.start()
    restore = point_discord_py_at(emu.base_url)
    results: dict[str, Any] = {"games": games, "database": "sqlite" if url.startswith("sqlite") else "postgresql"}
    try:
        need = max(ks) if ks else 1
        users = [emu.add_user(f"p{i}") for i in range(2 * max(need, BURST))]
        channels = [emu.add_channel(emu.guild, f"act-{i}") for i in range(max(need, BURST))]
        # each players scenario plays in channels of its own: a game another process ended a moment
        # ago never sits in a channel the bot is asked about (see docs/architecture.md, the cache)
        runs = [(k, picture, [emu.add_channel(emu.guild, f"k{k}-{n}-{picture:d}-{i}") for i in range(k)])
                for picture in pictures for n, k in enumerate(ks)]
        background = emu.add_channel(emu.guild, "background")
        bg_users = [str(users[0].id), str(users[1].id)]
        db = await fresh(url)
        t = time.perf_counter()
        ids = await seed_background(db, str(emu.guild.id), str(background.id), bg_users, games)
        template = await template_game(db, "template-2", bg_users)
        results["seed_s"] = time.perf_counter() - t
        await db.close()

        # the web pages on, as in production (a free port: other benchmarks may hold the default one)
        settings = Settings(DISCORD_TOKEN=TEST_TOKEN, DATABASE_URL=url, DISCORD_API_BASE=emu.base_url,
                            WEB_PORT=free_port(), _env_file=None)  # type: ignore[call-arg]
        results["scenarios"] = []
        if not same_process and not restart_only:
            results["scenarios"] = await players_in_bot_process(emu, url, runs, moves, users, profile)
        bot = new_bot(settings)
        t = time.perf_counter()
        async with running_bot(emu, bot, commands=COMMANDS, timeout=120):
            while not bot._resumed:
                await asyncio.sleep(0.05)
            results["first_start_s"] = time.perf_counter() - t
            for k, picture, mine in runs if same_process and not restart_only else ():
                r = await players_scenario(emu, bot.service, k, moves, users, mine, time.process_time,
                                           lambda: locks.count, picture)
                print(json.dumps(r), flush=True)
                results["scenarios"].append(r)
            if not players_only and not restart_only:
                r = await deadlines_scenario(emu, bot, users, channels)
                print(json.dumps(r), flush=True)
                results["deadlines"] = r
            t = time.perf_counter()
        results["clean_close_s"] = time.perf_counter() - t
        if players_only:
            return results

        # restart: overdue background games, then a new process
        db = Database(url)
        chosen = random.Random(9).sample(ids, min(overdue, len(ids)))
        due = await make_overdue(db, chosen, template)
        await db.close()
        bot = new_bot(settings)
        fires: dict[int, list[float]] = {}
        start = time.perf_counter()

        async def heard(upd: Update) -> None:
            if upd.source == "tick" and upd.game.id in due:
                fires.setdefault(upd.game.id, []).append(time.perf_counter() - start)

        bot.service.listeners.append(heard)
        profiler = None
        if profile and restart_only:  # this process's CPU over the restart (the emulator's share included)
            import cProfile

            profiler = cProfile.Profile(time.thread_time)
            profiler.enable()
        async with running_bot(emu, bot, commands=COMMANDS, timeout=120):
            end = time.monotonic() + 600
            while len(fires) < len(due) and time.monotonic() < end:
                await asyncio.sleep(0.05)
            if profiler is not None:
                profiler.disable()
                profiler.dump_stats(profile)
            await asyncio.sleep(1)  # a second firing would show up here
            firsts = [v[0] for v in fires.values()]
            results["restart"] = {"active_games": games + BURST, "overdue": len(due), "fired": len(fires),
                                  "fired_twice": sum(1 for v in fires.values() if len(v) > 1),
                                  "first_fired_after_start_s": min(firsts, default=float("nan")),
                                  "last_fired_after_start_s": max(firsts, default=float("nan")),
                                  "p50_after_start_s": pct(firsts, 0.5)}
            print(json.dumps(results["restart"]), flush=True)
            await settle_outbox(bot.db)
            _total, unsent, failed = await outbox_state(bot.db)
            results["restart"]["notifications_unsent"] = unsent + failed
            # Discord goes away; then a service manager stops the bot
            await emu.stop()
            t = time.perf_counter()
            await bot.close()
            results["shutdown_without_discord_s"] = time.perf_counter() - t
        results["lock_errors_total"] = locks.count
    finally:
        restore()
        with contextlib.suppress(Exception):
            await emu.stop()
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--pg-url", default=os.environ.get("TEST_DATABASE_URL", ""))
    parser.add_argument("--games", type=int, default=1000, help="background active games")
    parser.add_argument("--players", default="1,8,50", help="players acting at once, per scenario")
    parser.add_argument("--workload", choices=("both", "picture", "text"), default="both",
                        help="moves answered with the board picture, in words, or both (one after the other)")
    parser.add_argument("--moves", type=int, default=20, help="moves per player per scenario")
    parser.add_argument("--overdue", type=int, default=500, help="background games overdue at the restart")
    parser.add_argument("--players-only", action="store_true", help="skip the deadline, restart, shutdown runs")
    parser.add_argument("--restart-only", action="store_true", help="only the restart and shutdown runs")
    parser.add_argument("--same-process", action="store_true",
                        help="players scenarios with the bot in this process too (its CPU then includes the emulator's)")
    parser.add_argument("--profile", help="write a cProfile of the bot's process (players scenarios) here; a name ending in .stacks: sampled stacks")
    parser.add_argument("--out", help="append the results as one JSON line to this file")
    args = parser.parse_args()
    if args.db == "postgres":
        if not args.pg_url.startswith("postgresql"):
            sys.exit("--db postgres needs --pg-url or TEST_DATABASE_URL (postgresql+asyncpg://...)")
        url = args.pg_url
        tmp = None
    else:
        tmp = tempfile.TemporaryDirectory()
        url = f"sqlite+aiosqlite:///{tmp.name}/araldo.db"
    ks = [int(k) for k in args.players.split(",") if k]
    results = asyncio.run(run(url, args.games, ks, args.moves, args.overdue, args.players_only,
                              args.same_process, args.profile,
                              {"both": (True, False), "picture": (True,), "text": (False,)}[args.workload],
                              args.restart_only))
    results["machine"] = f"{platform.node()} {platform.machine()} {os.cpu_count()} CPUs, Python {platform.python_version()}"
    results["at"] = datetime.now(UTC).isoformat(timespec="minutes")
    print(json.dumps(results, indent=1))
    if args.out:
        with open(args.out, "a") as fh:
            fh.write(json.dumps(results) + "\n")
    if tmp is not None:
        tmp.cleanup()


if __name__ == "__main__":
    main()
