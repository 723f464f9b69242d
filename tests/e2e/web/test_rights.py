"""What a link and a client may hold: a moderator's link is worth the rights its moderator has now,
a long file name is a 404 (inside the rate limit), a HEAD of the live stream is its headers alone,
one address holds a bounded number of streams, and a finished game's page and `/game log` tell the
same moves."""

from __future__ import annotations

import asyncio
import html
import json
import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.i18n import t
from bot.web.security import RateLimit
from tests.e2e.web.tables import get, opened, url, web_table
from tests.emulator.guilds import PERM_MANAGE_GUILD

pytestmark = pytest.mark.e2e


def links_in(answer: Any) -> list[str]:
    return [w.strip("<>") for m in answer.messages for w in m.content.split() if "/g/" in w]


async def test_an_ex_moderators_link_is_refused_at_the_next_request(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "impero", 2)
        emu = seated.emu
        dave = emu.user("dave") if "dave" in emu.users else emu.add_user("dave", display_name="Dave")
        role = emu.add_role(emu.guild, "Reggenti", PERM_MANAGE_GUILD)
        emu.guild.members[dave.id].roles.append(role)
        await asyncio.sleep(0.2)  # the role reaches the bot by GUILD_ROLE_CREATE
        given = links_in(await emu.slash(dave, "game web"))
        assert len(given) == 2, given
        moderator = given[1]
        status, page, _ = await get(moderator)
        assert status == 200 and 'id="others"' in page
        assert (await get(moderator + "/board.png"))[0] == 200
        emu.guild.members[dave.id].roles.remove(role)  # no event: Discord is asked at the request
        status, page, _ = await get(moderator)
        assert status == 403 and 'id="others"' not in page
        assert t("web.err.rights", "it") in html.unescape(page)
        assert (await get(moderator + "/board.png"))[0] == 403
        assert (await get(moderator + "/events"))[0] == 403
        emu.guild.members[dave.id].roles.append(role)  # given back: the same link opens again
        assert (await get(moderator))[0] == 200


async def test_long_static_names_are_404_inside_the_rate_limit(tmp_path: Path, caplog: Any) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 0)
        base = seated.bot.web.base_url
        for size in (255, 256, 1000, 4000):
            status, _text, headers = await get(f"{base}/static/{'a' * size}")
            assert status == 404, size
            assert "script-src 'self'" in headers.get("Content-Security-Policy", "")
        for odd in ("/static/../app.py", "/static/a/b", "/static/%00", "/static/" + "é" * 130):
            assert (await get(base + odd))[0] == 404, odd
        assert "Traceback" not in caplog.text and "failed" not in caplog.text
        seated.bot.web.limit = RateLimit(per_minute=60, burst=3)
        statuses = [(await get(f"{base}/static/{'a' * 300}"))[0] for _ in range(5)]
        assert statuses == [404] * 3 + [429] * 2


async def test_head_of_the_stream_is_headers_alone(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 0)
        hub = seated.bot.web.hub
        async with aiohttp.ClientSession() as http, http.head(url(seated, "/events")) as answer:
            assert answer.status == 200
            assert answer.headers["Content-Type"].startswith("text/event-stream")
            assert await answer.read() == b""
        await asyncio.sleep(0.1)
        assert hub.readers(seated.game_id) == 0
        reader = asyncio.open_connection("127.0.0.1", seated.bot.web.port)
        r, w = await reader
        w.write(f"HEAD /g/{seated.game_id}/events HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        raw = await asyncio.wait_for(r.read(), 5)  # the server closes: nothing held, no body after the headers
        w.close()
        head, _, body = raw.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 200") and body == b""
        assert hub.readers(seated.game_id) == 0


async def test_one_address_holds_a_bounded_number_of_streams(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 0)
        web = seated.bot.web
        web.limit = RateLimit(per_minute=0, burst=0)
        cap = web.streams_per_address
        timeout = aiohttp.ClientTimeout(total=10)
        async with aiohttp.ClientSession(timeout=timeout, connector=aiohttp.TCPConnector(limit=0)) as http:
            held = []
            for _ in range(cap):
                answer = await http.get(url(seated, "/events"))
                assert answer.status == 200
                await answer.content.readline()
                held.append(answer)
            assert web.hub.readers(seated.game_id) == cap
            async with http.get(url(seated, "/events")) as refused:
                assert refused.status == 429 and refused.headers.get("Retry-After")
                assert "text/event-stream" not in refused.headers.get("Content-Type", "")
            held.pop().close()  # one closed: one more may open
            for _ in range(50):
                if web.streams.get("127.0.0.1", 0) < cap:
                    break
                await asyncio.sleep(0.02)
            async with http.get(url(seated, "/events")) as again:
                assert again.status == 200
            for answer in held:
                answer.close()
        for _ in range(50):
            if not web.streams:
                break
            await asyncio.sleep(0.02)
        assert web.streams == {}


def log_lines(page: str) -> dict[int, str]:
    return {int(m.group(1)): html.unescape(re.sub(r"<[^>]+>", "", m.group(2))).strip()
            for m in re.finditer(r'<li value="(\d+)" id="move-\d+">(.*?)</li>', page, flags=re.S)}


async def test_a_finished_game_tells_its_secret_moves_on_the_page_as_in_the_log(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "impero", 2)  # two private offers to Alice, by Bob and Erin
        svc, game_id = seated.bot.service, seated.game_id
        assert game_id is not None
        alice = seated.users["alice"]
        await svc.act(game_id, str(alice.id), {"type": "core_orders", "orders": {"bids": {}}})
        rows = await svc.log_rows(game_id)
        kinds = {i + 1: json.loads(r.action_json)["type"] for i, r in enumerate(rows)}
        offers = [seq for seq, kind in kinds.items() if kind == "offer_money"]
        orders = [seq for seq, kind in kinds.items() if kind == "core_orders"]
        assert len(offers) == 2 and orders
        private = t("core.log_private", "it")
        running = log_lines((await get(url(seated)))[1])
        assert all(running[seq].endswith(private) for seq in offers + orders)
        owner = seated.emu.owner
        await svc.act(game_id, str(owner.id), {"type": "mod_end"}, moderator=True)
        told = log_lines((await get(url(seated)))[1])
        assert not any(told[seq].endswith(private) for seq in offers)  # the offers are told now
        assert all(told[seq].endswith(private) for seq in orders)  # standing orders stay their author's
        said = (await seated.emu.slash(seated.users["bob"], "game log")).content.splitlines()
        for seq in offers + orders:
            line = next(line for line in said if line.startswith(f"`#{seq}`"))
            assert line.endswith(private) == (seq in orders), line
