"""What a page says to whom: a private page in its holder's own language, a step of the history that
cannot be drawn says why and keeps the scrubber, a Nomic gladiator's training number on its owner's
page alone."""

from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pytest

from bot.i18n import t
from bot.web.history import Unreplayable
from tests.e2e.web.tables import get, opened, private_link, url, web_table

pytestmark = pytest.mark.e2e


async def test_a_private_page_speaks_its_holders_language(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 1)
        erin, bob = seated.users["erin"], seated.users["bob"]  # Erin's Discord is in English, Bob's in Italian
        status, page, _ = await get(await private_link(seated, erin), **{"Accept-Language": "it-IT,it;q=0.9"})
        assert status == 200 and '<html lang="en">' in page
        link = await private_link(seated, bob)
        assert '<html lang="it">' in (await get(link, **{"Accept-Language": "en-US"}))[1]
        assert '<html lang="en">' in (await get(link + "?lang=en"))[1]  # the page's own switch still rules
        assert '<html lang="en">' in (await get(url(seated), **{"Accept-Language": "en-US"}))[1]  # public: browser


async def test_a_step_that_cannot_be_drawn_keeps_the_scrubber(tmp_path: Path, monkeypatch: Any) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "spqrisiko", 2)

        def refused(*_args: Any, **_kwargs: Any) -> Any:
            raise Unreplayable("entry 0: a position staged by hand")

        monkeypatch.setattr(seated.bot.web.history, "view_at", refused)
        status, page, _ = await get(url(seated, "?n=1&lang=it"))
        assert status == 409
        assert t("web.err.history", "it") in html.unescape(page)
        assert 'id="scrubber"' in page and 'id="next"' in page and 'id="last"' in page
        assert 'id="move-1"' in page and 'id="board"' not in page
        assert (await get(url(seated)))[0] == 200  # the latest step is the snapshot, always drawn


async def test_a_gladiators_training_number_on_its_owners_page(tmp_path: Path) -> None:
    async with web_table(tmp_path) as seated:
        await opened(seated, "nomic", 1)  # Bob buys Maximus0 (12341)
        svc, game_id = seated.bot.service, seated.game_id
        assert game_id is not None
        bob = seated.users["bob"]

        def next_giornata(state: Any) -> None:
            for g in state.gladiators:
                g.available_from = state.giornata

        await seated.rig(next_giornata)
        await svc.act(game_id, str(bob.id), {"type": "gladiator_train", "gladiator": "Maximus0", "magic": "22341"})
        mine = (await get(await private_link(seated, bob)))[1]
        assert "22341" in mine.split('id="public"')[0]  # in his own section
        assert "22341" not in (await get(url(seated)))[1]
        assert "22341" not in (await get(await private_link(seated, seated.users["erin"])))[1]
