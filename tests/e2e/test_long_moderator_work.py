"""Moderator tools that replay a whole game: acknowledged at once, replayed off the event loop."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import pytest

import bot.replaying as replaying
from tests.emulator.interactions import DEFERRED_CHANNEL_MESSAGE

pytestmark = pytest.mark.e2e

MOVES = 400  # a long game: every move is replayed from the seed


async def test_verify_on_a_large_game_answers_after_a_deferral(emulator: Any, araldo: Any, monkeypatch) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="corsa", settings="target=1000 turn_hours=5")
    await emulator.click(bob, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    order = [p.id for p in araldo.service.load_state(row).players]
    for i in range(MOVES):
        await araldo.service.act(row.id, order[i % 2], {"type": "add", "amount": 1})
    await araldo.notifier.drain()

    threads: list[str] = []
    real = replaying.replay_record

    def watched(*args: Any, **kwargs: Any) -> Any:
        threads.append(threading.current_thread().name)
        return real(*args, **kwargs)

    monkeypatch.setattr(replaying, "replay_record", watched)
    verified = await emulator.slash(emulator.owner, "mod verify", timeout=60)
    assert verified.response_type == DEFERRED_CHANNEL_MESSAGE  # "thinking..." first, the answer after
    assert verified.ephemeral and "coincide" in verified.content
    assert threads and threading.main_thread().name not in threads  # the replay ran in a worker thread
    audits = await araldo.service.audits(row.id)
    assert [a.what for a in audits] == ["verify"] and audits[0].detail.startswith("ok=True")


async def test_undo_confirmation_is_acknowledged_before_the_replay(emulator: Any, araldo: Any, monkeypatch) -> None:
    from bot.cogs import mod
    from tests.emulator.interactions import DEFERRED_UPDATE

    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="corsa", settings="target=100 turn_hours=5")
    await emulator.click(bob, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    order = [p.id for p in araldo.service.load_state(row).players]
    for i in range(30):
        await araldo.service.act(row.id, order[i % 2], {"type": "add", "amount": 2})

    # the click returns once the bot acknowledged it and Discord heard nothing for a moment, while the
    # replay runs in a worker thread saying nothing: wait for the confirmation's last step itself
    finished = asyncio.Event()
    real = mod.strike_undone

    async def watched(*args: Any, **kwargs: Any) -> int:
        try:
            return await real(*args, **kwargs)
        finally:
            finished.set()

    monkeypatch.setattr(mod, "strike_undone", watched)
    preview = await emulator.slash(emulator.owner, "mod undo", count=3)
    done = await emulator.click(emulator.owner, preview, label="Sì, annulla le mosse", timeout=60)
    assert done.response_type == DEFERRED_UPDATE  # acknowledged first, the replay after
    await asyncio.wait_for(finished.wait(), timeout=120)  # a guard against a hang, not a measure
    confirmation = next(m for m in emulator.all_seen(emulator.owner) if m.id == preview.message.id)
    assert "3" in confirmation.content and not confirmation.components
    _, state = await araldo.service.state(row.id)
    assert state.total == 54
