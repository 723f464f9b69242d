"""The board is the panel, in a real headless Chromium on a 550 px screen: for each game, a click on a
place of the board highlights it and leaves only the move forms that name it (forms as the private
page lists them, `<form class="move" data-places="...">`, put in the page here as a fixture beside the
page's own, so every game has a form naming the place clicked, one naming another and one naming none), "Show
all" brings them back, the places stay clickable on the zoomed board, the overlay follows the step the
scrubber shows, and the public page names the place clicked."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.web.browser import browser
from tests.e2e.web.tables import GAMES, get, opened, private_link, url, web_table
from tests.e2e.web.test_browser import BOARD_LOADED, PHONE, ZOOMED, screenshots, until

pytestmark = pytest.mark.e2e

PLACES = "[...document.querySelectorAll('#places [data-place]')].map(el => el.dataset.place)"
CHOSEN = "[...document.querySelectorAll('.chosen')].map(el => el.dataset.place)"
SHOWN = ("[...document.querySelectorAll('#fixture-moves form.move')].filter(f => getComputedStyle(f).display !== 'none')"
         ".map(f => f.id)")


def spot(selector: str, place: str) -> str:
    """A point of the page (viewport pixels) where a click lands on this place, scrolled into view:
    inside the outline, not on a place drawn over it (a province over its sea)."""
    return f"""(() => {{
      const el = [...document.querySelectorAll({json.dumps(selector)})].find(e => e.dataset.place === {json.dumps(place)});
      if (!el) return null;
      el.scrollIntoView({{block: 'center', inline: 'center'}});
      if (!(el instanceof SVGGraphicsElement)) {{
        const r = el.getBoundingClientRect();
        for (let i = 1; i < 24; i++) {{
          const x = r.x + r.width * i / 24, y = r.y + r.height / 2, hit = document.elementFromPoint(x, y);
          if (hit && hit.closest('[data-place]') === el) return [x, y];
        }}
        return [r.x, r.y, r.width, r.height, String(document.elementFromPoint(r.x + 8, r.y + r.height / 2))];
      }}
      const box = el.getBBox(), m = el.getScreenCTM();
      for (let i = 1; i < 24; i++) for (let j = 1; j < 24; j++) {{
        const x = box.x + box.width * i / 24, y = box.y + box.height * j / 24;
        const sx = m.a * x + m.c * y + m.e, sy = m.b * x + m.d * y + m.f;
        if (document.elementFromPoint(sx, sy) === el) return [sx, sy];
      }}
      return null;
    }})()"""


async def click_place(page: Any, place: str, selector: str = "#places [data-place]") -> None:
    point = await page.evaluate(spot(selector, place))
    assert point is not None and len(point) == 2, f"no clickable point of {place}: {point}"
    await page.mouse.click(*point)


OFF_PLACES = """(() => {
  const img = document.getElementById('board'); img.scrollIntoView({block: 'center'});
  const r = img.getBoundingClientRect();
  for (let i = 1; i < 40; i++) for (let j = 1; j < 40; j++) {
    const x = r.x + r.width * i / 40, y = r.y + r.height * j / 40;
    if (document.elementFromPoint(x, y) === img) return [x, y];
  }
  return null;
})()"""


def fixture_forms(mine: str, other: str) -> str:
    """Three move forms as the private page lists them, in groups: one naming the place clicked (and
    another), one naming another place only, one naming none of the board's places (alone in its group)."""
    def form(i: str, places: str) -> str:
        return f'<form method="post" class="move" id="{i}" data-places="{places}"><button type="submit">{i}</button></form>'
    made = (f'<details open class="move-group" id="group-one"><summary>1</summary>{form("move-here", f"{mine} {other}")}'
            f'{form("move-there", other)}</details><details open class="move-group" id="group-two"><summary>2</summary>'
            f'{form("move-nowhere", "nothing-here")}</details>')
    return f"""(() => {{ const s = document.createElement('section'); s.id = 'fixture-moves';
      s.innerHTML = {json.dumps(made)}; document.getElementById('main').appendChild(s); return true; }})()"""


GROUPS = ("[...document.querySelectorAll('#fixture-moves details.move-group')].filter(g => getComputedStyle(g).display !== 'none')"
          ".map(g => g.id)")


async def labels_at(address: str) -> dict[str, str]:
    """What the server's page at this address names each place of the board (its first outline)."""
    status, text, _ = await get(address)
    assert status == 200
    found: dict[str, str] = {}
    for place, label in re.findall(r'<path d="[^"]*" data-place="([^"]*)" data-label="([^"]*)"', text):
        found.setdefault(html.unescape(place), html.unescape(label))
    return found


async def prepared(seated: Any, kind: str) -> None:
    """A board with places to click after a move or two (High Frontier's market needs a floated company,
    and so some Aqua to float it with)."""
    if kind == "nomic":  # and a proposal, whose row is its place
        await opened(seated, kind, 2)
        bob = seated.users["bob"]
        asked = await seated.slash(bob, "nomic propose", kind="enact")
        if not asked.modal:
            asked = await seated.select(bob, asked, ["t"])
        await seated.step(bob, lambda: seated.emu.submit_modal(bob, asked, {"title": "Cortesia", "text": "Si saluta."}))
        return
    if kind == "impero":  # and a company of two words (forms name it by its id, as the board does)
        await opened(seated, kind, 2)
        founded = await seated.slash(seated.users["alice"], "impero create-company", name="Rete Sud", capital="100")
        assert not founded.ephemeral, founded.content
        return
    if kind != "highfrontier":
        await opened(seated, kind, 2)
        return
    await seated.open("highfrontier", "last_year=10 reports=trusted")
    for company in ("triangle1", "circle1"):
        state = await seated.state()
        player = seated.user_of(state.order[state.current])
        await seated.slash(player, "hf report ledger", kind="other", amount=20)
        floated = await seated.slash(player, "hf trade float", company=company)
        assert not floated.ephemeral, floated.content
        await seated.slash(player, "hf report turn-end")


@pytest.mark.parametrize("kind", GAMES)
async def test_a_click_on_a_place_offers_its_moves(kind: str, tmp_path: Path) -> None:
    shots = screenshots(tmp_path)
    async with web_table(tmp_path) as seated, browser() as context:
        await prepared(seated, kind)
        page = await context.new_page()
        failed: list[str] = []
        page.on("console", lambda m: failed.append(m.text) if m.type == "error" else None)
        await page.set_viewport_size({"width": PHONE, "height": 900})
        link = await private_link(seated, seated.users["alice"])
        answer = await page.goto(link)
        assert answer is not None and answer.status == 200
        await until(page, BOARD_LOADED)
        # the overlay is the picture's size, laid on it
        size = await page.evaluate("(() => { const v = document.getElementById('places').viewBox.baseVal;"
                                   " const img = document.getElementById('board');"
                                   " return [v.width, v.height, img.naturalWidth, img.naturalHeight] })()")
        assert size[:2] == size[2:], size
        places = list(dict.fromkeys(await page.evaluate(PLACES)))
        assert len(places) >= 2, places
        here = places[-1]  # a province over the seas, the last hex, a token, a node...
        if kind == "highfrontier":
            assert {"triangle1", "circle1"} <= set(places)
            here = "triangle1"
        there = next(p for p in places if p != here)
        await page.evaluate(fixture_forms(here, there))

        await click_place(page, here)
        assert await page.evaluate(CHOSEN) and set(await page.evaluate(CHOSEN)) == {here}
        assert await page.evaluate(SHOWN) == ["move-here"]
        assert await page.evaluate(GROUPS) == ["group-one"]  # a group without a move here is hidden too
        assert await page.locator("#place-info").is_visible()
        said = await page.locator("#place-moves").inner_text()
        label = await page.evaluate(f"document.querySelector('#places [data-place=\"{here}\"]').dataset.label")
        assert label and label in said
        await page.screenshot(path=str(shots / f"{kind}-place-{PHONE}.png"), full_page=False)
        await page.click("#show-all")
        assert await page.evaluate(SHOWN) == ["move-here", "move-there", "move-nowhere"]
        assert await page.evaluate(GROUPS) == ["group-one", "group-two"]
        assert await page.evaluate(CHOSEN) == [] and not await page.locator("#place-info").is_visible()

        # a tap on the board off its places still zooms it, as the Zoom button does
        off = await page.evaluate(OFF_PLACES)
        assert off is not None
        await page.mouse.click(*off)
        await until(page, ZOOMED)
        await page.click("#board-zoom")
        await until(page, f"!{ZOOMED}")
        assert await page.evaluate(CHOSEN) == []

        # zoomed in to pan, the places are still there to click, each at its spot of the bigger picture
        await page.click("#board-zoom")
        await until(page, ZOOMED)
        await click_place(page, there)
        assert await page.evaluate(SHOWN) == ["move-here", "move-there"]
        assert set(await page.evaluate(CHOSEN)) == {there}
        await page.locator("#board-figure").screenshot(path=str(shots / f"{kind}-place-zoomed-{PHONE}.png"))
        await page.click("#board-zoom")
        await until(page, f"!{ZOOMED}")

        # the scrubber: the overlay shown is the step's own (what the server says of that step), and the
        # place chosen stays chosen
        steps = int(await page.evaluate("document.body.dataset.steps"))
        lang = await page.evaluate("document.body.dataset.lang")
        await page.click("#prev")
        await until(page, f"document.body.dataset.step === '{steps - 1}'")
        shown = await page.evaluate("Object.fromEntries([...document.querySelectorAll('#places [data-place]')]"
                                    ".reverse().map(el => [el.dataset.place, el.dataset.label]))")
        assert shown == await labels_at(f"{link}?n={steps - 1}&lang={lang}")
        if kind == "spqrisiko":  # a reinforcement since the start: a province's legionaries differ
            assert await labels_at(f"{link}?n=0&lang={lang}") != await labels_at(f"{link}?lang={lang}")
        assert there in shown and set(await page.evaluate(CHOSEN)) == {there}

        await page.click("#last")
        await until(page, "document.body.dataset.latest === '1'")
        if kind == "impero":  # a company in the legend, which forms name by its id
            await page.click("#show-all")
            (company,) = [c.id for c in (await seated.state()).companies]
            await page.evaluate(fixture_forms(company, there))
            await click_place(page, company)
            assert set(await page.evaluate(CHOSEN)) == {company}
            assert await page.evaluate(SHOWN) == ["move-here"]

        if kind == "nomic":  # the rules and proposals a move names are the panel's rows, not on the chart
            await page.evaluate(fixture_forms("rule-1", "rule-2"))
            await page.evaluate("document.querySelectorAll('details').forEach(d => d.open = true)")
            await click_place(page, "rule-1", "tr[data-place]")
            assert set(await page.evaluate(CHOSEN)) == {"rule-1"}
            assert await page.evaluate(SHOWN) == ["move-here"]
            # a proposal, as a vote names the proposals it answers; its bare number is not its id
            await page.click("#show-all")
            await page.evaluate(fixture_forms("proposal-1 1", "1"))
            await click_place(page, "proposal-1", "tr[data-place]")
            assert set(await page.evaluate(CHOSEN)) == {"proposal-1"}
            assert "move-here" in await page.evaluate(SHOWN) and "move-there" not in await page.evaluate(SHOWN)

        # the public page: no moves, a click names the place and what is on it
        answer = await page.goto(url(seated))
        assert answer is not None and answer.status == 200
        await until(page, BOARD_LOADED)
        await click_place(page, here)
        public = await page.evaluate(f"document.querySelector('#places [data-place=\"{here}\"]').dataset.label")
        assert public and await page.locator("#place-name").inner_text() == public
        assert await page.locator("#place-moves").inner_text() == ""
        await page.click("#show-all")
        assert await page.evaluate(CHOSEN) == []
        assert failed == []
