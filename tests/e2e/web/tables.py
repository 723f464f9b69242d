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


# ---- per game: its opening (created and started) and a next move, made through the emulator ----

async def _spqrisiko_open(seated: Table) -> None:
    await seated.open("spqrisiko", "setup=random")


async def _spqrisiko_move(seated: Table, i: int) -> None:
    state = await seated.state()
    pid = state.order[state.current]
    user = seated.user_of(pid)
    if state.turn.reinforcements:
        mine = sorted(p for p, o in state.owner.items() if o == pid)
        await seated.slash(user, "spqr reinforce", province=board().name(mine[0]), count=state.turn.reinforcements)
    else:
        await seated.slash(user, "spqr end-turn")


async def _impero_open(seated: Table) -> None:
    await seated.open("impero", "turns=3 start_cash=200")


async def _impero_move(seated: Table, i: int) -> None:
    giver = seated.users["bob" if i % 2 else "erin"]
    await seated.slash(giver, "impero offer", to=seated.users["alice"], amount=str(1 + i))


async def _nomic_open(seated: Table) -> None:
    alice = seated.users["alice"].display_name
    await seated.open("nomic", f"king={alice} scribe={alice}")


async def _nomic_move(seated: Table, i: int) -> None:
    user = seated.users["bob" if i % 2 == 0 else "erin"]
    await seated.slash(user, "nomic gladiator buy", name=f"Maximus{i}", magic=str(12341 + i))


async def _highfrontier_open(seated: Table) -> None:
    await seated.open("highfrontier", "last_year=10")


async def _highfrontier_move(seated: Table, i: int) -> None:
    state = await seated.state()
    order = [seated.user_of(pid) for pid in state.order]
    await seated.slash(order[i % len(order)], "hf report ledger", kind="other", amount=20 + i)


async def _galactica_open(seated: Table) -> None:
    await seated.open("galactica")


async def _galactica_move(seated: Table, i: int) -> None:
    state = await seated.state()
    if state.phase == "order":
        await seated.slash(seated.user_of(state.starter), "galactica direction", direction="clockwise")
    else:
        await seated.slash(seated.user_of(state.order[state.current]), "galactica end-phase")


Play = Callable[[Table], Awaitable[None]]
Move = Callable[[Table, int], Awaitable[None]]
OPENINGS: dict[str, tuple[Play, Move]] = {
    "spqrisiko": (_spqrisiko_open, _spqrisiko_move), "impero": (_impero_open, _impero_move),
    "nomic": (_nomic_open, _nomic_move), "highfrontier": (_highfrontier_open, _highfrontier_move),
    "galactica": (_galactica_open, _galactica_move),
}


async def opened(seated: Table, kind: str, moves: int) -> Move:
    """The game started and `moves` moves made; the game's next-move maker."""
    start, move = OPENINGS[kind]
    await start(seated)
    for i in range(moves):
        await move(seated, i)
    return move
