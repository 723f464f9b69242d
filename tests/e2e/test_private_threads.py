"""The `private_threads` setting: at the start each player gets a private thread of the game channel
holding one message, their own summary (SPQRisiko: the hand; Impero: cash, escrow, OP) with the "My
panel" button, edited after every move; no other player sees it; without the permission to create
private threads the channel is told once and the game goes on; with the setting off, no threads."""

from __future__ import annotations

from typing import Any

import pytest

from bot.main import AraldoBot
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.test_impero import EXTRA
from tests.e2e.test_spqrisiko_panel import reinforce_all
from tests.emulator.fixtures import running_bot
from tests.emulator.models import CHANNEL_PRIVATE_THREAD, EVERYONE_DEFAULT

pytestmark = pytest.mark.e2e


async def open_spqr(emulator: Any, bot: Any, settings: str) -> tuple[Any, list[Any]]:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    erin = emulator.add_user("erin", locale="en-US")  # reads her thread in English
    created = await emulator.slash(alice, "game create", game="spqrisiko", settings=settings)
    for p in (bob, erin):
        await emulator.click(p, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await bot.service.in_channel(str(emulator.general.id))
    return row, [alice, bob, erin]


def private_threads(emulator: Any) -> list[Any]:
    return [c for c in emulator.channels.values() if c.type == CHANNEL_PRIVATE_THREAD]


def thread_of(emulator: Any, user: Any) -> Any:
    mine = [c for c in private_threads(emulator) if user.id in c.members]
    assert len(mine) == 1, f"{user.username} is in {len(mine)} private threads"
    return mine[0]


async def test_each_player_gets_a_private_thread_kept_current(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261121
    row, players = await open_spqr(emulator, araldo, "setup=random private_threads=yes")
    erin = players[2]
    assert len(private_threads(emulator)) == 3
    panels = {}
    for user in players:
        thread = thread_of(emulator, user)
        assert thread.parent_id == emulator.general.id and thread.members == {user.id, emulator.bot_user.id}
        seen = emulator.messages_seen(user, thread)
        assert len(seen) == 1  # one message, edited, never a stream
        panels[user.username] = seen[0]
    assert "riepilogo privato" in panels["alice"].content and "Non hai carte in mano." in panels["bob"].content
    assert "private summary" in panels["erin"].content and "Your hand is empty." in panels["erin"].content
    assert "Il mio pannello" in [b.get("label") for b in panels["alice"].buttons]
    assert "My panel" in [b.get("label") for b in panels["erin"].buttons]
    # and their private link to the game's web page, which opens their own view
    link = [w.strip("<>") for w in panels["erin"].content.split() if "/p/" in w]
    assert len(link) == 1 and "in your browser" in panels["erin"].content
    from tests.e2e.web.tables import get
    status, page, _ = await get(link[0])
    assert status == 200 and "erin" in page.lower() and 'id="mine"' in page
    # nobody sees another player's thread
    for user in players:
        for other in players:
            if other is not user:
                assert emulator.messages_seen(other, thread_of(emulator, user)) == []
                assert panels[user.username] not in emulator.all_seen(other)

    # a move edits every panel in place (no new message, no new thread)
    state = (await araldo.service.state(row.id))[1]
    first = next(u for u in players if str(u.id) == state.order[0])
    before = {name: msg.edits for name, msg in panels.items()}
    await reinforce_all(emulator, araldo, row, first)
    for user in players:
        assert emulator.messages_seen(user, thread_of(emulator, user)) == [panels[user.username]]
        assert panels[user.username].edits > before[user.username]
    assert len(private_threads(emulator)) == 3
    # the button opens the clicker's own turn panel
    opened = await emulator.click(first, panels[first.username], "Il mio pannello" if first is not erin else "My panel")
    assert opened.ephemeral


async def test_without_permission_the_game_goes_on(emulator: Any, araldo: Any) -> None:
    guild = emulator.guilds[emulator.general.guild_id]
    for role in guild.members[emulator.bot_user.id].roles:
        role.permissions = EVERYONE_DEFAULT  # no "Create Private Threads"
    araldo.service.seed_source = lambda: 20261121  # an Italian player opens (reinforce_all reads Italian)
    row, players = await open_spqr(emulator, araldo, "setup=random private_threads=yes")
    assert private_threads(emulator) == []
    told = [m for m in emulator.messages_seen(players[0]) if "thread privati" in m.content]
    assert len(told) == 1
    state = (await araldo.service.state(row.id))[1]
    first = next(u for u in players if str(u.id) == state.order[0])
    await reinforce_all(emulator, araldo, row, first)  # the game goes on, and the line is not repeated
    assert len([m for m in emulator.messages_seen(players[0]) if "thread privati" in m.content]) == 1


async def test_setting_off_opens_no_thread(emulator: Any, araldo: Any) -> None:
    await open_spqr(emulator, araldo, "setup=random")
    assert private_threads(emulator) == []


async def test_impero_thread_holds_cash_escrow_and_op(emulator: Any, tmp_path: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=EXTRA)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        created = await emulator.slash(alice, "game create", game="impero",
                                       settings="turns=3 auction_hours=1 start_cash=200 private_threads=yes")
        await emulator.click(bob, created, label="Partecipa")
        await emulator.slash(alice, "game start")
        panel = emulator.messages_seen(alice, thread_of(emulator, alice))
        assert len(panel) == 1 and "contanti" in panel[0].content and "PO rimasti" in panel[0].content
        assert "contanti 200,00\xa0$" in panel[0].content
        assert emulator.messages_seen(bob, thread_of(emulator, alice)) == []
        edits = panel[0].edits
        await emulator.slash(alice, "impero create-company", name="Telco", capital="150")
        assert emulator.messages_seen(alice, thread_of(emulator, alice)) == panel
        assert panel[0].edits > edits and "contanti 50,00\xa0$" in panel[0].content  # 150 went into Telco
        assert "Telco ×20" in panel[0].content
