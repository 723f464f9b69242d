"""A conformance table (tests/e2e/conformance/table.py: Alice, Bob and Erin on an Italian server) with
the web pages served on a free port, and for every game a first move or two played through the
emulator, as players make them."""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import aiohttp

from engine.core.registry import BUILTIN_GAMES
from engine.spqrisiko.board import board
from tests.e2e.conformance.table import Table, table

GAMES = tuple(module.rsplit(".", 1)[1] for module in BUILTIN_GAMES)


@contextlib.asynccontextmanager
async def web_table(tmp_path: Path) -> AsyncIterator[Table]:
    async with table(tmp_path) as seated:
        await seated.bot.start_web("127.0.0.1", 0)
        yield seated


def url(seated: Table, path: str = "") -> str:
    return f"{seated.bot.web.base_url}/g/{seated.game_id}{path}"


async def get(address: str, **headers: str) -> tuple[int, str, Any]:
    async with aiohttp.ClientSession() as http, http.get(address, headers=headers) as answer:
        return answer.status, await answer.text(errors="replace"), answer.headers


async def private_link(seated: Table, user: Any) -> str:
    """The player's private link, as `/game web` gives it."""
    answer = await seated.emu.slash(user, "game web")
    found = [word.strip("<>") for m in answer.messages for word in m.content.split() if "/p/" in word]
    assert answer.ephemeral and found, answer.content
    return found[0]


# ---- one opening per game: the game created and started, then moves made through the emulator ----

async def _spqrisiko(seated: Table, moves: int) -> None:
    await seated.open("spqrisiko", "setup=random")
    b = board()
    for _ in range(moves):
        state = await seated.state()
        pid = state.order[state.current]
        mine = sorted(p for p, o in state.owner.items() if o == pid)
        await seated.slash(seated.user_of(pid), "spqr reinforce", province=b.name(mine[0]),
                           count=state.turn.reinforcements)
        await seated.slash(seated.user_of(pid), "spqr end-turn")


async def _impero(seated: Table, moves: int) -> None:
    await seated.open("impero", "turns=3 start_cash=200")
    erin, alice, bob = seated.users["erin"], seated.users["alice"], seated.users["bob"]
    for i in range(moves):
        await seated.slash(bob if i % 2 else erin, "impero offer", to=alice, amount=str(1 + i))


async def _nomic(seated: Table, moves: int) -> None:
    await seated.open("nomic", "king=Alice scribe=Alice")
    for i in range(moves):
        user = seated.users["bob" if i % 2 == 0 else "erin"]
        await seated.slash(user, "nomic gladiator buy", name=f"Maximus{i}", magic=str(12341 + i))


async def _highfrontier(seated: Table, moves: int) -> None:
    await seated.open("highfrontier", "last_year=10")
    state = await seated.state()
    order = [seated.user_of(pid) for pid in state.order]
    for i in range(moves):
        await seated.slash(order[i % len(order)], "hf report ledger", kind="other", amount=20 + i)


async def _galactica(seated: Table, moves: int) -> None:
    await seated.open("galactica")
    state = await seated.state()
    if moves:
        await seated.slash(seated.user_of(state.starter), "galactica direction", direction="clockwise")
    for _ in range(moves - 1):
        state = await seated.state()
        await seated.slash(seated.user_of(state.order[state.current]), "galactica end-phase")


OPENINGS: dict[str, Callable[[Table, int], Awaitable[None]]] = {
    "spqrisiko": _spqrisiko, "impero": _impero, "nomic": _nomic, "highfrontier": _highfrontier,
    "galactica": _galactica,
}
