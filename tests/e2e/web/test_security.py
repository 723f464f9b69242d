"""The pages' defences, on a running SPQRisiko game: security headers on every answer, no inline
script, a rate limit per client address, and a fuzz of every route with malformed ids, tokens, steps
and languages that never gets a server error."""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import aiohttp
import pytest

from bot.web.security import RateLimit
from tests.e2e.web.tables import get, opened, private_link, url, web_table

pytestmark = pytest.mark.e2e


def no_inline_script(html: str) -> list[str]:
    """Scripts written into the page, and event-handler attributes: what the CSP forbids."""
    bad = [tag for tag in re.findall(r"<script\b[^>]*>", html, flags=re.I) if "src=" not in tag]
    bad += re.findall(r"\son[a-z]+\s*=", html, flags=re.I)
    return bad


async def test_headers_and_no_inline_script(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 1)
        link = await private_link(seated, seated.users["bob"])
        status, html, _ = await get(url(seated))
        assert status == 200 and no_inline_script(html) == []
        script = re.search(r'<script src="([^"]+)"', html)
        assert script is not None
        pages = [url(seated), link, url(seated, "/board.png"), url(seated, "?n=0"), url(seated, "/p/forged.token"),
                 f"{seated.bot.web.base_url}/g/999999", seated.bot.web.base_url + script.group(1)]
        for address in pages:
            status, text, headers = await get(address)
            assert status in (200, 403, 404), address
            csp = headers.get("Content-Security-Policy", "")
            assert "script-src 'self'" in csp and "unsafe-inline" not in csp, address
            assert headers.get("X-Content-Type-Options") == "nosniff", address
            assert headers.get("Referrer-Policy") == "no-referrer", address
            if headers.get("Content-Type", "").startswith("text/html"):
                assert no_inline_script(text) == [], address


async def test_rate_limit_per_address(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 0)
        # one request a minute refills: eight pages read on a slow machine still meet the burst, not a refill
        seated.bot.web.limit = RateLimit(per_minute=1, burst=5)
        statuses = [(await get(url(seated)))[0] for _ in range(8)]
        assert statuses[:5] == [200] * 5 and statuses[5:] == [429] * 3
        status, text, headers = await get(url(seated))
        assert status == 429 and headers.get("Retry-After") and text.strip()
        static = (await get(url(seated)))[1]  # the refusal is a sentence, no page with a script to fetch
        assert "<script" not in static
        limit = RateLimit(per_minute=60, burst=2)
        assert [limit.allow("a"), limit.allow("a"), limit.allow("a"), limit.allow("b")] == [True, True, False, True]


def _junk(rng: random.Random, size: int) -> str:
    alphabet = string.ascii_letters + string.digits + "-_.~%+=/:;'\"<>&?#é漢\x00 "
    return "".join(rng.choice(alphabet) for _ in range(size))


async def test_fuzz_never_a_server_error(tmp_path: Path) -> None:
    rng = random.Random(20261125)
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 1)
        seated.bot.web.limit = RateLimit(per_minute=0, burst=0)  # the limit off: every request reaches a page
        good = (await private_link(seated, seated.users["alice"])).rsplit("/p/", 1)[1]
        payload, stamp, signature = good.split(".")
        base = seated.bot.web.base_url
        ids = [str(seated.game_id), "0", "-1", "999999999999", "9" * 40, "abc", "1e3", "%00", "١", ""]
        tokens = [good, good[:-1], good + "A", f"{payload}.{stamp}", f"{payload}..{signature}", "." * 5, "", "A" * 600,
                  f"{payload[::-1]}.{stamp}.{signature}", f"e30.{stamp}.{signature}", "not-a-token", "%2e%2e%2f"]
        steps = ["", "0", "1", "2", "-1", "99999999999", "1.5", "x", "%00", "1" * 30]
        langs = ["", "it", "en", "fr", "x" * 300, "%ff"]
        seen: dict[int, int] = {}
        timeout = aiohttp.ClientTimeout(total=20)
        async with aiohttp.ClientSession(timeout=timeout) as http:
            for _ in range(400):
                game = rng.choice(ids)
                tail = rng.choice(["", "/board.png", "/events", "/", "/x", "/board.png/extra"])
                if rng.random() < 0.5:
                    token = rng.choice(tokens) if rng.random() < 0.8 else _junk(rng, rng.randint(1, 80))
                    path = f"/g/{game}/p/{token}{tail}"
                else:
                    path = f"/g/{game}{tail}"
                if rng.random() < 0.1:
                    path = "/" + _junk(rng, rng.randint(1, 60))
                query = f"?n={rng.choice(steps)}&lang={rng.choice(langs)}" if rng.random() < 0.7 else ""
                headers = {"Accept-Language": rng.choice(["", "en-US,en;q=0.9", "it", "*", _junk(rng, 40).replace("\x00", "").strip() or "x"])}
                try:
                    async with http.get(base + path + query, headers=headers, allow_redirects=False) as answer:
                        seen[answer.status] = seen.get(answer.status, 0) + 1
                        assert answer.status < 500, (path, query, answer.status)
                        if answer.headers.get("Content-Type", "").startswith("text/event-stream"):
                            continue  # a genuine stream: its status is what counts, not waiting for a move
                        await answer.read()
                except aiohttp.ClientError as exc:
                    if "Invalid URL" in str(exc) or isinstance(exc, aiohttp.InvalidURL):
                        continue
                    raise
        assert seen.get(200, 0) and seen.get(403, 0) and seen.get(404, 0)


async def test_a_refused_link_changes_nothing(tmp_path: Path) -> None:
    """A regenerated link revokes the old one; a link to one game does not open another."""
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 0)
        alice = seated.users["alice"]
        first = await private_link(seated, alice)
        assert (await get(first))[0] == 200
        answer = await seated.emu.slash(alice, "game web", regenerate=True)
        second = [w.strip("<>") for m in answer.messages for w in m.content.split() if "/p/" in w][0]
        assert second != first
        assert (await get(first))[0] == 403 and (await get(second))[0] == 200
        other = second.replace(f"/g/{seated.game_id}/", f"/g/{seated.game_id + 1}/")
        assert (await get(other))[0] in (403, 404)
