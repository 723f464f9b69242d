"""The table in the browser under load, on a 2,000-move SPQRisiko game (four players moved by the
greedy bot of engine/spqrisiko/ai.py through the game service, so the log and snapshot are real):

- a cached page: the public page asked again and again (p50 / p95);
- a history step: the page of a random earlier move, never asked before (replayed from the nearest
  checkpoint), and that step's board image;
- live: N readers hold the game's event stream open; a move is made through the service and the time
  until every reader has heard it is measured, with the move's own time meanwhile;
- moves from the table: 50 players, each the player on turn of their own SPQRisiko game, send a move
  from their private page at the same moment (the page's form, as a browser without script sends it):
  the time until each is answered (played, and the page to go back to named), p50 / p95;
- across processes (when TEST_DATABASE_URL points at PostgreSQL): the readers hold the stream of a
  web server running in another process over the same database, the move is made in this one, and
  the time until they hear it (through LISTEN/NOTIFY) and have the new page is measured.

    python bench/web_bench.py [moves] [viewers]
    python bench/web_bench.py --table [players] [rounds]   (the moves from the table alone)

The readers run in a process of their own, as browsers would, and times between the processes are
read from the wall clock.

Not a test: numbers go to docs/performance.md ("The table in the browser").
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import aiohttp

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.fresh_db import fresh, started_game
from bot.service import GameService
from bot.storage.db import Database
from bot.web.app import WebServer
from engine.core import RuleError, get_game
from engine.spqrisiko.ai import choose_action

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def pct(values: list[float], q: float) -> float:
    return sorted(values)[min(len(values) - 1, int(q * len(values)))] * 1000


async def play(svc: GameService, game_id: int, moves: int, now: list[datetime]) -> int:
    """Moves by the greedy bot, made timid (most attacks become an end of turn) and placing its
    reinforcements one legionary a move, so the game lasts past 2,000 moves before a player reaches
    the target."""
    made, rng = 0, random.Random(11)
    while made < moves:
        now[0] += timedelta(minutes=20)
        await svc.tick(game_id)
        row, state = await svc.state(game_id)
        if state.status != "active":
            break
        actor = next(iter(sorted(get_game(row.kind).awaiting(state))), None)
        if actor is None:
            continue
        action = choose_action(state, actor).model_dump(mode="json")
        if action["type"] == "reinforce":
            action["count"] = 1
        if action["type"] in ("attack", "naval_attack") and rng.random() < 0.98:
            try:
                await svc.act(game_id, actor, {"type": "end_turn"})
                made += 1
                continue
            except RuleError:
                pass
        await svc.act(game_id, actor, action)
        made += 1
    return made


async def timed_get(http: aiohttp.ClientSession, url: str) -> tuple[float, int]:
    t = time.perf_counter()
    async with http.get(url) as answer:
        await answer.read()
        return time.perf_counter() - t, answer.status


async def viewer(http: aiohttp.ClientSession, url: str, target: int, connected: list[int], viewers: int,
                 all_connected: asyncio.Event, heard: dict[int, float], index: int, shown: dict[int, float]) -> None:
    """One reader of the stream: counted once it hears the current version, timed when it hears `target`
    and when it has the new page, which it then fetches as the page's script does."""
    async with http.get(url + "/events") as answer:
        async for line in answer.content:
            if not line.startswith(b"data:"):
                continue
            if int(line[5:].strip()) < target:
                connected[0] += 1
                if connected[0] >= viewers:
                    all_connected.set()
                continue
            heard[index] = time.time()
            break
    async with http.get(url + "?lang=it") as page:
        await page.read()
    shown[index] = time.time()


async def readers_ready(base: str, viewers: int, target: int) -> asyncio.subprocess.Process:
    """The readers' process, once every reader holds the stream (its stdout then gives their times)."""
    readers = await asyncio.create_subprocess_exec(sys.executable, __file__, "--viewers", base, str(viewers),
                                                   str(target), stdout=asyncio.subprocess.PIPE)
    assert readers.stdout is not None
    ready = await asyncio.wait_for(readers.stdout.readline(), timeout=120)
    assert ready.strip() == b"ready", ready
    return readers


async def viewers_process(base: str, viewers: int, target: int) -> None:
    """The readers, in a process of their own (as browsers are): "ready" once all hear the current
    version, then one line of JSON with when each heard the move and had the new page."""
    heard: dict[int, float] = {}
    shown: dict[int, float] = {}
    connected = [0]
    all_connected = asyncio.Event()
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        tasks = [asyncio.create_task(viewer(http, base, target, connected, viewers, all_connected, heard, i, shown))
                 for i in range(viewers)]
        await asyncio.wait_for(all_connected.wait(), timeout=60)
        print("ready", flush=True)
        await asyncio.wait(tasks, timeout=30)
    print(json.dumps({"heard": list(heard.values()), "shown": list(shown.values())}), flush=True)


async def main(moves: int, viewers: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        db = await fresh(f"sqlite+aiosqlite:///{folder}/bench.db")
        now = [T0]
        svc = GameService(db, clock=lambda: now[0], seed_source=lambda: 2026)
        game_id = await started_game(svc, "spqrisiko", 4, {"setup": "random", "target_points": 200, "neutral_legionaries": 99})
        t = time.perf_counter()
        made = await play(svc, game_id, moves, now)
        print(f"played {made} moves in {time.perf_counter() - t:.0f} s")
        web = WebServer(svc, per_minute=0, burst=0)
        web.streams_per_address = 1_000_000  # every reader comes from this machine
        port = await web.start("127.0.0.1", 0)
        base = f"http://127.0.0.1:{port}/g/{game_id}"
        rng = random.Random(7)
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            first, status = await timed_get(http, base + "?lang=it")
            assert status == 200, status
            cached = [(await timed_get(http, base + "?lang=it"))[0] for _ in range(200)]
            print(f"first page {first * 1000:.0f} ms (the whole log read and said in words); "
                  f"cached page p50 {pct(cached, .5):.1f} ms, p95 {pct(cached, .95):.1f} ms")
            after = []
            for _ in range(20):
                await play(svc, game_id, 1, now)
                after.append((await timed_get(http, base + "?lang=it"))[0])
            print(f"the first page after a move (the new moves read and said): p50 {pct(after, .5):.0f} ms, "
                  f"p95 {pct(after, .95):.0f} ms")
            steps, boards = [], []
            for n in rng.sample(range(1, made), 100):
                steps.append((await timed_get(http, f"{base}?n={n}&lang=it"))[0])
            for n in rng.sample(range(1, made), 30):
                boards.append((await timed_get(http, f"{base}/board.png?n={n}&lang=it"))[0])
            print(f"history step (page) p50 {pct(steps, .5):.0f} ms, p95 {pct(steps, .95):.0f} ms; "
                  f"its board p50 {pct(boards, .5):.0f} ms, p95 {pct(boards, .95):.0f} ms")

            row = await svc.get(game_id)
            readers = await readers_ready(base, viewers, row.version + 1)
            print(f"{web.hub.readers(game_id)} readers connected (in a process of their own)")
            _, state = await svc.state(game_id)
            actor = sorted(get_game("spqrisiko").awaiting(state))[0]
            t, clock = time.time(), time.perf_counter()
            await svc.act(game_id, actor, choose_action(state, actor).model_dump(mode="json"))
            acted = time.perf_counter() - clock
            assert readers.stdout is not None
            found = json.loads(await asyncio.wait_for(readers.stdout.readline(), timeout=120))
            await readers.wait()
            lags = [at - t for at in found["heard"]]
            pages = [at - t for at in found["shown"]]
            print(f"{len(lags)}/{viewers} readers heard the move: p50 {pct(lags, .5):.0f} ms, "
                  f"p95 {pct(lags, .95):.0f} ms, last {max(lags) * 1000:.0f} ms; the move itself took {acted * 1000:.0f} ms")
            print(f"{len(pages)}/{viewers} readers had the new page: p50 {pct(pages, .5):.0f} ms, "
                  f"p95 {pct(pages, .95):.0f} ms, last {max(pages) * 1000:.0f} ms")
        await web.stop()
        await db.close()


async def server_process(url: str) -> None:
    """Another process's web server over the same PostgreSQL: prints its port, serves until killed."""
    db = Database(url)
    web = WebServer(GameService(db), per_minute=0, burst=0)
    web.streams_per_address = 1_000_000  # every reader comes from this machine
    print(await web.start("127.0.0.1", 0), flush=True)
    await asyncio.Event().wait()


def report(what: str, found: dict[str, list[float]], t: float, viewers: int) -> None:
    lags = [at - t for at in found["heard"]]
    pages = [at - t for at in found["shown"]]
    print(f"{what}: {len(lags)}/{viewers} readers heard the move: p50 {pct(lags, .5):.0f} ms, "
          f"p95 {pct(lags, .95):.0f} ms, last {max(lags) * 1000:.0f} ms; "
          f"had the new page: p50 {pct(pages, .5):.0f} ms, p95 {pct(pages, .95):.0f} ms, last {max(pages) * 1000:.0f} ms")


async def across_processes(url: str, viewers: int, rounds: int = 5) -> None:
    """A move made in this process, heard by the readers of a page served by another (PostgreSQL)."""
    db = await fresh(url)
    now = [T0]
    svc = GameService(db, clock=lambda: now[0])
    game_id = await started_game(svc, "spqrisiko", 4, {"setup": "random", "target_points": 200})
    await play(svc, game_id, 30, now)
    mine = WebServer(svc, per_minute=0, burst=0)  # as every bot process runs one: it tells the others
    await mine.start("127.0.0.1", 0)
    other = await asyncio.create_subprocess_exec(sys.executable, __file__, "--server", url, stdout=asyncio.subprocess.PIPE)
    assert other.stdout is not None
    try:
        port = int(await asyncio.wait_for(other.stdout.readline(), timeout=60))
        base = f"http://127.0.0.1:{port}/g/{game_id}"
        heard: dict[str, list[float]] = {"heard": [], "shown": []}
        moves = []
        for _ in range(rounds):
            row = await svc.get(game_id)
            readers = await readers_ready(base, viewers, row.version + 1)
            t = time.time()
            await play(svc, game_id, 1, now)
            moves.append(time.time() - t)
            assert readers.stdout is not None
            found = json.loads(await asyncio.wait_for(readers.stdout.readline(), timeout=120))
            await readers.wait()
            heard["heard"] += [at - t for at in found["heard"]]
            heard["shown"] += [at - t for at in found["shown"]]
        report(f"across processes (PostgreSQL LISTEN/NOTIFY, {rounds} moves, the move itself "
               f"p50 {pct(moves, .5):.0f} ms)", heard, 0.0, viewers * rounds)
    finally:
        other.kill()
        await other.wait()
        await mine.stop()
        await db.close()


async def table_moves(players: int = 50, rounds: int = 5, url: str = "") -> None:
    """`players` players, each on turn in a game of their own, send a move from their page at once
    (on SQLite, or on the database at `url`)."""
    import bot.cogs.spqrisiko.commands  # noqa: F401  (registers the game's moves for its pages)
    from tests.e2e.web.moves import forms_in

    with tempfile.TemporaryDirectory() as folder:
        db = await fresh(url or f"sqlite+aiosqlite:///{folder}/bench.db")
        now = [T0]
        svc = GameService(db, clock=lambda: now[0], seed_source=lambda: 2026)
        games = [await started_game(svc, "spqrisiko", 4, {"setup": "random"}, channel=str(1000 + i), first=10_000 + 4 * i)
                 for i in range(players)]
        web = WebServer(svc, per_minute=0, burst=0)
        port = await web.start("127.0.0.1", 0)
        assert web.links is not None
        answered: dict[bool, list[float]] = {True: [], False: []}
        async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
            for i in range(rounds + 1):
                together = i > 0  # the first round one player after another: what one move costs alone
                sends = []
                for game_id in games:  # each player's page, as they look at it before they play
                    _, state = await svc.state(game_id)
                    player = sorted(get_game("spqrisiko").awaiting(state))[0]
                    link = f"http://127.0.0.1:{port}/g/{game_id}/p/{await web.links.token(game_id, player)}"
                    async with http.get(link) as page:
                        forms = forms_in(await page.text())
                    form = next((f for f in forms if f.type == "reinforce"), None) or \
                        next(f for f in forms if f.type == "end_turn")
                    sends.append((link, form.fields))
                # the players in a process of their own, as browsers are: all send at once
                movers = await asyncio.create_subprocess_exec(sys.executable, __file__, "--movers",
                                                              stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE)
                out, _ = await movers.communicate(json.dumps({"sends": sends, "together": together}).encode())
                answered[together] += json.loads(out)
        alone, at_once = answered[False], answered[True]
        print(f"moves from the table ({'PostgreSQL' if url else 'SQLite'}): one at a time p50 {pct(alone, .5):.1f} ms, "
              f"p95 {pct(alone, .95):.1f} ms; {players} players at once ({rounds} rounds) p50 {pct(at_once, .5):.0f} ms, "
              f"p95 {pct(at_once, .95):.0f} ms, last {max(at_once) * 1000:.0f} ms")
        await web.stop()
        await db.close()


async def movers_process() -> None:
    """The players of `table_moves`: each has their page open (a connection kept alive, as a browser
    keeps it), then sends their form, all at the same moment; prints how long each waited for its answer."""
    asked = json.loads(sys.stdin.read())
    sends = asked["sends"]
    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as http:
        async def look(link: str) -> None:
            async with http.get(link) as page:
                await page.read()

        await asyncio.gather(*(look(link) for link, _ in sends))

        async def one(link: str, fields: dict[str, str]) -> float:
            t = time.perf_counter()
            origin = link.split("/g/", 1)[0]
            async with http.post(link + "/act", data=fields, headers={"Origin": origin}, allow_redirects=False) as answer:
                await answer.read()
                assert answer.status == 303, answer.status
            return time.perf_counter() - t

        if asked["together"]:
            took = await asyncio.gather(*(one(link, fields) for link, fields in sends))
        else:
            took = [await one(link, fields) for link, fields in sends]
        print(json.dumps(took), flush=True)


if __name__ == "__main__" and sys.argv[1:2] == ["--movers"]:
    asyncio.run(movers_process())
elif __name__ == "__main__" and sys.argv[1:2] == ["--table"]:
    movers, rounds = (int(a) for a in (sys.argv[2:4] + ["50", "5"][len(sys.argv[2:4]):]))
    asyncio.run(table_moves(movers, rounds))
    if os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"):
        asyncio.run(table_moves(movers, rounds, url=os.environ["TEST_DATABASE_URL"]))
elif __name__ == "__main__" and sys.argv[1:2] == ["--viewers"]:
    asyncio.run(viewers_process(sys.argv[2], int(sys.argv[3]), int(sys.argv[4])))
elif __name__ == "__main__" and sys.argv[1:2] == ["--server"]:
    asyncio.run(server_process(sys.argv[2]))
elif __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 2000, int(sys.argv[2]) if len(sys.argv) > 2 else 500))
    asyncio.run(table_moves())
    pg = os.environ.get("TEST_DATABASE_URL", "")
    if pg.startswith("postgresql"):
        asyncio.run(across_processes(pg, min(100, int(sys.argv[2]) if len(sys.argv) > 2 else 100)))
