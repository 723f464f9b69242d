"""What Discord would notify, computed as Discord does from each message's content under the
`allowed_mentions` the bot sent: the end of a turn calls the next player (their id in the message's
`mentions`), and the private-thread panels, edited after every move, ping nobody."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.test_private_threads import open_spqr, thread_of
from tests.e2e.test_spqrisiko_panel import reinforce_all

pytestmark = pytest.mark.e2e


def pinged(emulator: Any, message: Any) -> list[str]:
    """The ids Discord would notify for `message`: its payload's `mentions`, as any client receives it."""
    payload = emulator._message_payload(message)
    assert payload["mention_everyone"] is False and payload["mention_roles"] == []
    return [u["id"] for u in payload["mentions"]]


async def test_turn_call_pings_the_player_and_thread_panels_ping_nobody(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261121
    row, players = await open_spqr(emulator, araldo, "setup=random private_threads=yes")
    state = (await araldo.service.state(row.id))[1]
    by_id = {str(u.id): u for u in players}
    first = by_id[state.order[0]]
    panels = {u.username: emulator.messages_seen(u, thread_of(emulator, u))[0] for u in players}
    edits = {name: panel.edits for name, panel in panels.items()}

    await reinforce_all(emulator, araldo, row, first)
    opened = await emulator.slash(first, "spqr turn")
    ended = await emulator.click(first, opened.message, "Chiudi il turno")
    state = (await araldo.service.state(row.id))[1]
    nxt = by_id[state.order[state.current]]
    assert nxt is not first
    # the turn call lands as a ping of the next player, and of nobody else
    [call] = [m for m in ended.messages if not m.ephemeral and nxt.mention in m.content]
    assert "tocca a te" in call.content
    assert pinged(emulator, call) == [nxt.id]

    # every private panel was edited by these moves, and none of them notifies anyone
    thread_ids = {thread_of(emulator, u).id for u in players}
    for user in players:
        [panel] = emulator.messages_seen(user, thread_of(emulator, user))
        assert panel is panels[user.username] and panel.edits > edits[user.username]
        assert pinged(emulator, panel) == []
    # not only because the panels name nobody: every write to a thread disables mentions, so a name
    # in a panel would not ping either
    writes = [r for r in emulator.requests if r.method in ("POST", "PATCH") and r.status == 200
              and r.path.split("/")[2:3] and r.path.split("/")[2] in thread_ids and "/messages" in r.path]
    assert writes and all(r.body.get("allowed_mentions", {}).get("parse") == [] for r in writes), [
        r.body.get("allowed_mentions") for r in writes]
