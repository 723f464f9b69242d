"""A turn's move played from the private page in a real headless Chromium on a 550 px screen, for every
game, through the emulator: the player clicks a place on the board (a province, a node or a company in
the legend, a market token, a hex) or a row that is one (a Nomic proposal), only the page's real moves
naming that place stay shown, the player fills one (its inputs) and sends it; the channel announces it
as it announces a Discord move, the player's page shows their new options without a reload, and
another open page (the public one) follows by itself; a move made in Discord while the page is open
replaces its stale options. One browser for the five games."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from engine.core import get_game
from engine.spqrisiko.board import board
from tests.e2e.web.browser import browser
from tests.e2e.web.tables import GAMES, private_link, url, web_table
from tests.e2e.web.test_board_places import CHOSEN, click_place, prepared
from tests.e2e.web.test_browser import BOARD_LOADED, PHONE, until

pytestmark = pytest.mark.e2e
SEED = 20261126
# per game: the kinds of move the test prefers to play from the page, which of its places it clicks
# (-1: the last, an Impero company rather than the node it buys), and what it types
PLAYED: dict[str, tuple[tuple[str, ...], int, dict[str, str]]] = {
    "spqrisiko": (("reinforce", "attack"), 0, {"f.count": "1"}),
    "impero": (("buy_node",), -1, {}),
    "nomic": (("vote",), 0, {}),
    "highfrontier": (("buy",), 0, {}),
    "galactica": (("move",), 0, {}),
}
VERSION = "Number(document.body.dataset.version)"
# the page's move forms naming a place the page draws: [index among the forms, kind, those places]
CLICKABLE = """(() => {
  const ids = new Set([...document.querySelectorAll('[data-place]')].map(e => e.dataset.place));
  return [...document.querySelectorAll('form.move')]
    .map((f, i) => [i, f.dataset.type, (f.dataset.places || '').split(/\\s+/).filter(p => ids.has(p))])
    .filter(x => x[2].length);
})()"""
# every move form: [shown, its places]
FORMS = ("[...document.querySelectorAll('form.move')].map(f => [getComputedStyle(f).display !== 'none',"
         " (f.dataset.places || '').split(/\\s+/).filter(Boolean)])")


def public_posts(seated: Any) -> list[str]:
    bot = seated.emu.bot_user.id
    return [m.content for m in seated.emu._channel_messages(seated.emu.general)
            if m.author.id == bot and m.visible_to is None]


async def clicked(page: Any, kind: str) -> tuple[int, str, str] | None:
    """A move of the kinds the test plays naming a place the page draws, that place clicked, and only
    the moves naming it left shown: (the form's index, its kind, the place); None when the page has no
    such move."""
    kinds, which, _ = PLAYED[kind]
    found = [f for f in await page.evaluate(CLICKABLE) if f[1] in kinds]
    if not found:
        return None
    index, move, places = found[0]
    place = places[which]
    await page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")  # Nomic's rows
    await click_place(page, place, "[data-place]")
    assert set(await page.evaluate(CHOSEN)) == {place}, kind
    forms = await page.evaluate(FORMS)
    assert forms[index][0], (kind, place)  # the move to play is among those shown
    # shown: exactly the moves naming it (a move naming another place, or none, is hidden)
    assert all(shown == (place in places) for shown, places in forms), (kind, place, forms)
    return index, move, place


async def play_one(context: Any, seated: Any, kind: str) -> None:
    await prepared(seated, kind)
    if kind == "highfrontier":  # the player whose turn it is has cash to buy a share of a floated company
        state = await seated.state()
        await seated.slash(seated.user_of(state.order[state.current]), "hf report ledger", kind="other", amount=200)
    state = await seated.state()
    awaited = sorted(get_game(kind).awaiting(state))
    public, page = await context.new_page(), await context.new_page()
    await page.set_viewport_size({"width": PHONE, "height": 900})
    assert (await public.goto(url(seated))).status == 200
    assert await public.locator("form.move").count() == 0  # the public page plays nothing
    # the player the game awaits first, else anyone who may play a move naming a place now
    for pid in [*awaited, *sorted(p.id for p in state.players if p.id not in awaited)]:
        user = seated.user_of(pid)
        assert (await page.goto(await private_link(seated, user))).status == 200
        await until(page, BOARD_LOADED)
        chosen = await clicked(page, kind)
        if chosen:
            break
    assert chosen, kind
    index, found, _place = chosen
    form = page.locator("form.move").nth(index)
    typed = {name: value for name, value in PLAYED[kind][2].items() if await form.locator(f'[name="{name}"]').count()}
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
    applied = json.loads(rows[-1].action_json)
    assert rows[-1].actor == user.id and applied["type"] == found
    assert all(str(applied[name.removeprefix("f.")]) == value for name, value in typed.items()), applied
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
    if state.turn.reinforcements:  # the rest of the reinforcements the page's move left, then the turn's end
        mine = sorted(p for p, o in state.owner.items() if o == state.order[state.current])
        await seated.slash(user, "spqr reinforce", province=board().name(mine[0]), count=state.turn.reinforcements)
    await seated.slash(user, "spqr end-turn")
    await until(page, f"{VERSION} > {version}")
    await until(page, "document.querySelectorAll('form.move').length === 0")


async def test_a_move_from_the_page_in_every_game(tmp_path: Path) -> None:
    async with browser() as context:
        for kind in GAMES:
            async with web_table(tmp_path / kind) as seated:
                seated.bot.service.seed_source = lambda: SEED
                await play_one(context, seated, kind)
