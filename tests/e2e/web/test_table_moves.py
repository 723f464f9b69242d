"""A move from the private page in a real headless Chromium, for every game, through the emulator: the
player clicks a move's form on their page (its inputs filled where it has any), the channel announces
it as it announces a Discord move, the player's page shows their new options without a reload, and
another open page (the public one) follows by itself; a move made in Discord while the page is open
replaces its stale options. One browser for the five games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from tests.e2e.web.browser import browser
from tests.e2e.web.tables import GAMES, opened, private_link, url, web_table
from tests.e2e.web.test_browser import until

pytestmark = pytest.mark.e2e
SEED = 20261126
# per game: the kinds of move the test plays from the page, the first one found on it, and what it types
PLAYED: dict[str, tuple[tuple[str, ...], dict[str, str]]] = {
    "spqrisiko": (("attack", "end_turn"), {}),
    "impero": (("buy_node", "create_company"), {}),
    "nomic": (("propose",), {"f.proposals.0.title": "Pace", "f.proposals.0.text": "Nessuno alza la voce."}),
    "highfrontier": (("turn_end",), {}),
    "galactica": (("end_phase",), {}),
}
VERSION = "Number(document.body.dataset.version)"


def public_posts(seated: Any) -> list[str]:
    bot = seated.emu.bot_user.id
    return [m.content for m in seated.emu._channel_messages(seated.emu.general)
            if m.author.id == bot and m.visible_to is None]


async def play_one(context: Any, seated: Any, kind: str) -> None:
    await opened(seated, kind, 1)
    state = await seated.state()
    awaited = sorted(get_game(kind).awaiting(state))
    public, page = await context.new_page(), await context.new_page()
    assert (await public.goto(url(seated))).status == 200
    assert await public.locator("form.move").count() == 0  # the public page plays nothing
    kinds, typed = PLAYED[kind]
    # the player the game awaits first, else anyone who may play one of those moves now
    for pid in [*awaited, *sorted(p.id for p in state.players if p.id not in awaited)]:
        user = seated.user_of(pid)
        assert (await page.goto(await private_link(seated, user))).status == 200
        found = [k for k in kinds if await page.locator(f'form.move[data-type="{k}"]').count()]
        if found:
            break
    assert found, kind
    form = page.locator(f'form.move[data-type="{found[0]}"]').first
    for name, value in typed.items():
        await form.locator(f'[name="{name}"]').fill(value)
    await page.evaluate("window.stillHere = true")
    await page.wait_for_timeout(200)  # the pages' live streams are open
    version = int(await page.evaluate("document.body.dataset.version"))
    before = len(public_posts(seated))
    await form.locator("button").click()
    # the player's page: the newest version, its new options, no reload, no refusal
    await until(page, f"{VERSION} > {version}")
    assert await page.evaluate("window.stillHere === true")
    assert await page.locator("#refusal").count() == 0
    if await page.locator("#moves").count():
        assert int(await page.locator("#moves").get_attribute("data-version") or 0) > version
    await until(public, f"{VERSION} > {version}")  # another open page follows by itself
    rows = await seated.bot.service.log_rows(seated.game_id)
    assert rows[-1].interaction_id and rows[-1].interaction_id.startswith("web")
    assert rows[-1].actor == user.id and found[0] in rows[-1].action_json
    await seated.bot.notifier.drain()
    said = public_posts(seated)[before:]
    assert said and all(text.strip() for text in said), kind  # the channel is told, in the server's words
    assert "🌐" in await page.locator("#log").inner_text()  # the page's log says the move came from the table
    if kind == "spqrisiko":
        await stale_after_discord(page, seated)
    await page.close()
    await public.close()


async def stale_after_discord(page: Any, seated: Any) -> None:
    """A move made in Discord while the page is open: its options go stale and are replaced by the
    current ones (none: the turn passed)."""
    state = await seated.state()
    user = seated.user_of(state.order[state.current])
    assert await page.locator("form.move").count()
    version = int(await page.evaluate("document.body.dataset.version"))
    await seated.slash(user, "spqr end-turn")
    await until(page, f"{VERSION} > {version}")
    await until(page, "document.querySelectorAll('form.move').length === 0")


async def test_a_move_from_the_page_in_every_game(tmp_path: Path) -> None:
    async with browser() as context:
        for kind in GAMES:
            async with web_table(tmp_path / kind) as seated:
                seated.bot.service.seed_source = lambda: SEED
                await play_one(context, seated, kind)
