"""Every game's page in a real headless Chromium, through the emulator: the public page and its board
load, the scrubber steps back and forward through the history, a move made in Discord reaches the
open page by itself, a player's private link shows their own view, and a forged or expired link is
refused."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from itsdangerous import TimestampSigner, URLSafeTimedSerializer

from bot.web.links import SALT
from tests.e2e.web.browser import browser
from tests.e2e.web.tables import GAMES, OPENINGS, opened, private_link, url, web_table

pytestmark = pytest.mark.e2e
PLAYED = [kind for kind in GAMES if kind in OPENINGS]

BOARD_LOADED = "(() => { const img = document.getElementById('board'); return !!img && img.complete && img.naturalWidth > 0 })()"


class _LongAgo(TimestampSigner):
    def get_timestamp(self) -> int:
        return int(time.time()) - 400 * 86400


def expired_link(seated: Any, user: Any) -> str:
    """A link signed with the right key, for this player and game, a long time ago."""
    links = seated.bot.web.links
    old = URLSafeTimedSerializer(links.signer.secret_keys[-1], salt=SALT, signer=_LongAgo)
    token = old.dumps({"g": seated.game_id, "r": user.id, "n": 0})
    return url(seated, f"/p/{token}")


def forged(link: str, player: str, other: str) -> str:
    """Another player's link: the payload made to name `other`, the signature left as it was."""
    import base64
    import json

    head, token = link.rsplit("/p/", 1)
    payload, *rest = token.split(".")
    data = json.loads(base64.urlsafe_b64decode(payload + "=" * (-len(payload) % 4)))
    assert data["r"] == player
    data["r"] = other
    changed = base64.urlsafe_b64encode(json.dumps(data, separators=(",", ":")).encode()).decode().rstrip("=")
    return f"{head}/p/{'.'.join([changed, *rest])}"


async def until(page: Any, expression: str, timeout: float = 20.0) -> None:
    """Wait until `expression` holds in the page, asked from outside: Playwright's own wait_for_function
    evaluates its predicate inside the page, which the page's CSP (no eval) rightly refuses."""
    deadline = asyncio.get_running_loop().time() + timeout
    while not await page.evaluate(expression):
        assert asyncio.get_running_loop().time() < deadline, f"never true: {expression}"
        await asyncio.sleep(0.05)


async def step_shown(page: Any) -> int:
    return int(await page.evaluate("document.body.dataset.step"))


PHONE = 550
WIDEST = "document.documentElement.scrollWidth"
ZOOMED = "document.getElementById('board-figure').classList.contains('zoomed')"
# a cell of sentences (a law's text) lies within the screen, so it is read without scrolling sideways
PROSE_ON_SCREEN = ("[...document.querySelectorAll('td.prose')].every(c => {"
                   " const r = c.getBoundingClientRect(); return r.width === 0 || r.right <= window.innerWidth })")
PANNABLE = ("(() => { const f = document.getElementById('board-figure'); const img = document.getElementById('board');"
            " return img.naturalWidth <= f.clientWidth || f.scrollWidth > f.clientWidth })()")


async def on_a_phone(page: Any, kind: str, private: str, public: str, shots: Path) -> None:
    """At 550 px: no page wider than the screen (private and public), and the Zoom button (or a tap on the
    board off its places) shows it at full size in a frame that pans, without widening the page.
    Screenshots kept in `shots`."""
    await page.set_viewport_size({"width": PHONE, "height": 900})
    for name, address in (("private", private), ("public", public)):
        answer = await page.goto(address)
        assert answer is not None and answer.status == 200
        await until(page, BOARD_LOADED)
        await page.screenshot(path=str(shots / f"{kind}-{name}-{PHONE}.png"), full_page=True)
        assert await page.evaluate(WIDEST) <= PHONE, (kind, name, await page.evaluate(WIDEST))
        assert await page.evaluate(PROSE_ON_SCREEN), (kind, name)
    await page.click("#board-zoom")
    await until(page, ZOOMED)
    assert await page.evaluate(PANNABLE)
    assert await page.evaluate(WIDEST) <= PHONE
    await page.locator("#board-figure").screenshot(path=str(shots / f"{kind}-board-zoomed-{PHONE}.png"))
    await page.click("#board-zoom")  # and back to fit the screen
    await until(page, f"!{ZOOMED}")
    await page.set_viewport_size({"width": 1280, "height": 900})


def screenshots(tmp_path: Path) -> Path:
    """Where the browser's screenshots go: ARALDO_SCREENSHOTS when set (to look at them), else the test's own."""
    folder = Path(os.environ.get("ARALDO_SCREENSHOTS") or tmp_path / "shots")
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# a long display name is what once pushed a private page past a phone's width
LONG_NAME = "Alessandra_Maria_Vittoria_di_Sassonia-Coburgo-Gotha"  # no space to break it at


@pytest.mark.parametrize("kind", PLAYED)
async def test_the_game_in_a_browser(kind: str, tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    async with web_table(tmp_path) as seated, browser() as context:
        seated.users["alice"].display_name = LONG_NAME
        move = await opened(seated, kind, 2)
        page = await context.new_page()
        failed: list[str] = []
        page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
        answer = await page.goto(url(seated))
        assert answer is not None and answer.status == 200
        await until(page, BOARD_LOADED)
        steps = int(await page.evaluate("document.body.dataset.steps"))
        assert steps >= 2 and await step_shown(page) == steps
        assert await page.locator("#log li").count() == steps
        assert await page.locator("#mine").count() == 0  # the public page shows nobody's own view
        # times in the reader's own zone and language (the server wrote them in UTC), and the language switch
        first_time = page.locator("#log time").first
        assert "UTC" not in await first_time.inner_text() and await first_time.get_attribute("datetime")
        assert await page.evaluate("document.documentElement.lang") == "en"  # the browser asks for en-US
        await page.click("#lang-it")
        await until(page, "document.documentElement.lang === 'it'")
        assert "Mossa" in await page.locator("#step").inner_text()
        await page.click("#lang-en")
        await until(page, "document.documentElement.lang === 'en'")

        # the scrubber: one move back, to the start, forward again, to the latest
        await page.evaluate("window.stillHere = true")  # the scrubber swaps the page in, it does not reload it
        await page.click("#prev")
        await until(page, f"document.body.dataset.step === '{steps - 1}'")
        await until(page, BOARD_LOADED)
        assert await page.locator("#log li").count() == steps - 1
        await page.click("#first")
        await until(page, "document.body.dataset.step === '0'")
        await page.click("#next")
        await until(page, "document.body.dataset.step === '1'")
        await until(page, BOARD_LOADED)
        await page.click("#last")
        await until(page, f"document.body.dataset.latest === '1' && document.body.dataset.step === '{steps}'")
        assert await page.evaluate("window.stillHere === true") and f"n={steps - 1}" not in page.url

        # live: a move made in Discord reaches the open page, which shows it without a reload
        await page.wait_for_timeout(300)  # the page's stream is open
        before = int(await page.evaluate("document.body.dataset.version"))
        await move(seated, 2)
        await until(page, f"Number(document.body.dataset.version) > {before}")
        assert int(await page.evaluate("document.body.dataset.steps")) > steps
        await until(page, BOARD_LOADED)

        # a player's private link adds their own view
        alice, bob = seated.users["alice"], seated.users["bob"]
        link = await private_link(seated, alice)
        answer = await page.goto(link)
        assert answer is not None and answer.status == 200
        assert await page.locator("#mine").is_visible()
        assert (await page.locator("#mine").inner_text()).strip()
        assert LONG_NAME in await page.locator("#reader").inner_text()
        await until(page, BOARD_LOADED)
        await on_a_phone(page, kind, link, url(seated), shots)

        # another player's link forged from it, or a genuine one long expired: refused
        head, signature = link.rsplit(".", 1)
        resigned = f"{head}.{'B' if signature[0] != 'B' else 'C'}{signature[1:]}"
        for bad in (forged(link, alice.id, bob.id), expired_link(seated, bob), resigned):
            refused = await page.goto(bad)
            assert refused is not None and refused.status == 403, bad
            assert await page.locator("#mine").count() == 0
            assert "/game web" in await page.locator("#message").inner_text()
        assert [f for f in failed if "403" not in f] == []
