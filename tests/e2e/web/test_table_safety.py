"""Moves from the table are safe: only a private link's holder plays, only as their seat, only from
the game's own page (its Origin and its token), once however often the form is sent, never on a page
the game has moved on from, and bad input is refused as Discord refuses it, with nothing played. Sent
as a browser without script sends the forms (tests/e2e/web/moves.py); the browser itself in
test_table_moves.py."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from bot.web.security import RateLimit
from tests.e2e.web.moves import PageForm, forms_in, page_of, refusal_in, send
from tests.e2e.web.tables import private_link, url, web_table
from tests.e2e.web.test_browser import forged

pytestmark = pytest.mark.e2e
SEED = 20261126


async def log_size(seated: Any) -> int:
    return len(await seated.bot.service.log_rows(seated.game_id))


def lang_of(page: str) -> str:
    return "it" if '<html lang="it">' in page else "en"


async def test_only_the_holder_plays_once_and_never_on_a_stale_page(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        seated.bot.service.seed_source = lambda: SEED
        await seated.open("spqrisiko", "setup=random")
        state = await seated.state()
        actor = seated.user_of(state.order[state.current])
        other = next(u for u in seated.users.values() if u.id != actor.id)
        link = await private_link(seated, actor)
        status, page = await page_of(link)
        lang = lang_of(page)
        forms = forms_in(page)
        reinforce = [f for f in forms if f.type == "reinforce"]
        assert status == 200 and len(reinforce) >= 2, [f.type for f in forms]
        first, second = reinforce[0], reinforce[1]
        most = int(first.fields["f.count"])
        assert most == state.turn.reinforcements
        # the other players' pages offer nothing: it is not their turn
        assert forms_in((await page_of(await private_link(seated, other)))[1]) == []
        size = await log_size(seated)

        # a forged link, another player's link with this page's form, a foreign or missing Origin, a
        # token not this page's: 403, nothing played
        others_link = await private_link(seated, other)
        # a moderator's link reads everything and plays nothing
        moderators = url(seated, f"/p/{await seated.bot.web.links.token(seated.game_id, f'mod:{other.id}')}")
        for where, form, origin in ((forged(link, actor.id, other.id), first, ""), (others_link, first, ""),
                                    (moderators, first, ""),
                                    (link, first, "http://evil.example"), (link, first, None),
                                    (link, PageForm(first.action, "", [], "", {**first.fields, "csrf": "x.y"}), "")):
            answer = await send(where, form, origin=origin)
            assert answer[0] == 403, (where[-30:], origin, answer[0])
        assert await log_size(seated) == size

        # bad input: the refusal Discord's "another number" gives, on the page; nothing played
        for typed in ("tre", str(most + 5)):
            status, body, _ = await send(link, first, **{"f.count": typed})
            assert status == 400 and refusal_in(body) == t("spqr.panel.bad_count", lang, text=typed, most=most)
        assert await log_size(seated) == size

        # the same form sent twice at once (a double click): played once, both answered with the page
        answers = await asyncio.gather(send(link, first), send(link, first))
        assert [a[0] for a in answers] == [303, 303], [a[:2] for a in answers]
        rows = await seated.bot.service.log_rows(seated.game_id)
        assert len(rows) == size + 1 and rows[-1].interaction_id and rows[-1].interaction_id.startswith("web")
        # a form of the page before that move: the game moved on, nothing played
        status, body, _ = await send(link, second)
        assert status == 409 and refusal_in(body) == t("core.moved_on", lang)
        assert forms_in(body) and all(f.fields["csrf"] != first.fields["csrf"] for f in forms_in(body))
        assert await log_size(seated) == size + 1

        # a move made in Discord while the page is open: the page's forms are stale, refused
        status, page = await page_of(link)
        stale = forms_in(page)
        await seated.slash(actor, "spqr end-turn")
        status, body, _ = await send(link, stale[-1])
        assert status == 409 and refusal_in(body) == t("core.moved_on", lang)
        assert await log_size(seated) == size + 2

        # /game log says how the move came, in each reader's words
        said = (await seated.emu.slash(seated.users["erin"], "game log")).content
        assert t("core.log_from_table", "en") in said and said.count(t("core.log_from_table", "en")) == 1

        # a revoked link plays nothing
        state = await seated.state()
        actor = seated.user_of(state.order[state.current])
        link = await private_link(seated, actor)
        form = forms_in((await page_of(link))[1])[-1]
        await seated.emu.slash(actor, "game web", regenerate=True)
        assert (await send(link, form))[0] == 403
        assert await log_size(seated) == size + 2

        # an address that sends moves faster than a player plays is slowed down, nothing played
        seated.bot.web.move_limit = RateLimit(1, 1)
        link = await private_link(seated, actor)
        form = forms_in((await page_of(link))[1])[-1]
        assert (await send(link, form, **{"move": "999"}))[0] == 409  # the one move of its budget: no such move
        assert (await send(link, form))[0] == 429
        assert await log_size(seated) == size + 2
