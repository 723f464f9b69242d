"""`/game web` through the emulator: every reader gets the public address, a player their own private
link, a moderator theirs; each page shows what its reader may see, in the server's language unless
the reader asks for another; a finished game's page shows how it ended."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core import get_game
from tests.e2e.web.tables import get

pytestmark = pytest.mark.e2e


def links_in(answer: Any) -> list[str]:
    return [w.strip("<>") for m in answer.messages for w in m.content.split() if "/g/" in w]


async def test_links_and_what_each_reader_sees(emulator: Any, araldo: Any) -> None:
    alice, bob, owner = emulator.user("alice"), emulator.user("bob"), emulator.owner
    created = await emulator.slash(alice, "game create", game="corsa", settings="target=30")
    await emulator.click(bob, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    base = f"{araldo.web.base_url}/g/{row.id}"

    mine = await emulator.slash(bob, "game web")
    assert mine.ephemeral and mine.message not in emulator.messages_seen(alice)
    public, private = links_in(mine)
    assert public == base and private.startswith(base + "/p/")
    moderator_answer = await emulator.slash(owner, "game web")
    assert [link.startswith(base + "/p/") for link in links_in(moderator_answer)] == [False, True]
    moderator = links_in(moderator_answer)[1]

    await araldo.service.act(row.id, str(bob.id), {"type": "core_orders", "orders": {"add": 3}})
    state = araldo.service.load_state(await araldo.service.get(row.id))
    secret = state.secrets[str(bob.id)]
    status, page, _ = await get(public)
    assert status == 200 and "Vista pubblica" in page and 'id="mine"' not in page
    assert 'id="my-orders"' not in page and "ordini permanenti" not in page.lower()  # Bob's orders are his
    assert "<dt>My secret</dt>" not in page  # the public view holds nobody's secret (an empty field is left out)
    status, page, _ = await get(public + "?lang=en")
    assert status == 200 and "Public view" in page and 'lang="en"' in page
    status, page, _ = await get(public, **{"Accept-Language": "en-GB,en;q=0.8"})
    assert "Public view" in page
    status, page, _ = await get(private)
    assert status == 200 and "Vista di Bob" in page
    section = re.search(r'<section id="mine".*?</section>', page, flags=re.S)
    assert section is not None and "My secret" in section.group(0) and f"<dd>{secret}</dd>" in section.group(0)
    orders = re.search(r'<p id="my-orders">.*?</p>', section.group(0), flags=re.S)
    assert orders is not None and "add: 3" in orders.group(0)  # his own standing orders, in words
    status, page, _ = await get(moderator)
    assert status == 200 and "Vista dei moderatori" in page and 'id="others"' in page

    first = state.players[state.turn].id
    mover = alice if str(alice.id) == first else bob
    await emulator.slash(mover, "corsa add", amount=2)
    status, page, _ = await get(public)
    assert 'id="move-2"' in page and "Mossa 2 di 2" in page
    assert "mossa riservata" in page  # Bob's orders, move 1, are only said to be private
    again = await emulator.slash(bob, "game web", regenerate=True)
    assert (await get(private))[0] == 403 and (await get(links_in(again)[1]))[0] == 200
    assert (await get(moderator))[0] == 200  # the moderator's own link is not bob's to revoke

    await emulator.slash(owner, "mod end")
    status, page, _ = await get(public)
    assert status == 200 and get_game("corsa").meta.name in page and "finita" in page
