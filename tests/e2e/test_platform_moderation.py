"""Moderators and the shared /game commands, through the emulator, as people would use them."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

pytestmark = pytest.mark.e2e


async def two_player_game(emulator: Any, araldo: Any) -> tuple[Any, Any, Any]:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="corsa", settings="target=40 turn_hours=5")
    await emulator.click(bob, created, label="Partecipa")
    await emulator.slash(alice, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    order = [p.id for p in araldo.service.load_state(row).players]
    first = alice if str(alice.id) == order[0] else bob
    second = bob if first is alice else alice
    return row, first, second


async def test_log_export_import_verify(emulator: Any, araldo: Any) -> None:
    _row, first, second = await two_player_game(emulator, araldo)
    await emulator.slash(first, "corsa add", amount=3)
    await emulator.slash(second, "corsa add", amount=2)
    log = await emulator.slash(second, "game log")
    assert log.ephemeral and "#1" in log.content and "#2" in log.content and "aggiunge 3" in log.content
    too_early = await emulator.slash(first, "game export")
    assert too_early.ephemeral and not too_early.message.attachments  # the seed would predict the dice
    exported = await emulator.slash(emulator.owner, "game export")
    assert exported.ephemeral
    files = [a for m in exported.messages for a in m.attachments if a.filename.endswith(".json")]
    data = json.loads(files[0].data)
    assert data["format"] == "araldo-game/1" and len(data["log"]) == 2

    other = emulator.add_channel(emulator.guild, "rivincita")
    refused = await emulator.slash(first, "mod import", file=("game.json", files[0].data), channel=other)
    assert refused.ephemeral
    imported = await emulator.slash(emulator.owner, "mod import", file=("game.json", files[0].data), channel=other)
    assert not imported.ephemeral and "2" in imported.content
    copy = await araldo.service.in_channel(str(other.id))
    assert araldo.service.load_state(copy).total == 5
    verified = await emulator.slash(emulator.owner, "mod verify", channel=other)
    assert verified.ephemeral and "coincide" in verified.content
    broken = await emulator.slash(emulator.owner, "mod import", file=("x.json", b"{not json"), channel=other)
    assert broken.ephemeral

    listed = await emulator.slash(second, "game list")
    assert listed.ephemeral and "rivincita" not in listed.content and f"<#{other.id}>" in listed.content


async def test_undo_with_preview_and_confirmation(emulator: Any, araldo: Any) -> None:
    row, first, second = await two_player_game(emulator, araldo)
    await emulator.slash(first, "corsa add", amount=3)
    undone_move = await emulator.slash(second, "corsa add", amount=1)
    preview = await emulator.slash(emulator.owner, "mod undo", count=1)
    # the preview says the move in words, and its two buttons say different things
    assert preview.ephemeral and "#2" in preview.content and "aggiunge 1" in preview.content
    labels = preview.message.button_labels
    assert len(set(labels)) == 2 and "Annulla" not in labels
    _, state = await araldo.service.state(row.id)
    assert state.total == 4  # nothing undone before the confirmation
    done = await emulator.click(emulator.owner, preview, label="Sì, annulla le mosse")
    assert "1" in done.content
    # the table is told who undid what, and the undone move's message says it no longer counts
    public = [m.content for m in emulator.messages_seen(first) if not m.ephemeral]
    said = [c for c in public if c.startswith("🛡️") and f"<@{emulator.owner.id}>" in c]
    assert said and "aggiunge 1" in said[-1] and "1 voce" in said[-1]
    struck = emulator.messages_seen(first)
    edited = next(m for m in struck if m.id == undone_move.message.id)
    assert edited.content.startswith("↩️") and "non conta più" in edited.content and "~~" in edited.content
    _, state = await araldo.service.state(row.id)
    assert state.total == 3
    audits = await araldo.service.audits(row.id)
    assert [(a.what, a.moderator) for a in audits] == [("undo", str(emulator.owner.id))]


async def test_pause_extend_force_replace_end(emulator: Any, araldo: Any) -> None:
    row, first, second = await two_player_game(emulator, araldo)
    owner = emulator.owner
    before = (await araldo.service.get(row.id)).next_deadline
    await emulator.slash(owner, "mod extend", minutes=90)
    after = (await araldo.service.get(row.id)).next_deadline
    assert (after - before).total_seconds() == 90 * 60
    forced = await emulator.slash(owner, "mod force")
    assert not forced.ephemeral
    _, state = await araldo.service.state(row.id)
    assert state.total == 1  # the timed-out turn added one
    carol = emulator.user("carol")
    await emulator.slash(owner, "mod replace", player=second, new_player=carol)
    _, state = await araldo.service.state(row.id)
    assert str(carol.id) in state.player_ids() and str(second.id) not in state.player_ids()
    assert str(carol.id) in [seat.user_id for seat in await araldo.service.seats(row.id)]
    moved = await emulator.slash(carol, "corsa add", amount=2)
    assert not moved.ephemeral
    status = await emulator.slash(first, "game status")
    assert not status.ephemeral and any(a.width for m in status.messages for a in m.attachments)
    ended = await emulator.slash(owner, "mod end", reason="fine prova")
    assert "fine prova" in ended.content
    late = await emulator.slash(first, "corsa add", amount=1)
    assert late.ephemeral
    rows = await araldo.service.log_rows(row.id)
    assert [json.loads(r.action_json)["type"] for r in rows if r.moderator] == [
        "mod_extend", "mod_force", "mod_replace", "mod_end"]
    assert all(r.actor == str(owner.id) for r in rows if r.moderator)


async def test_configured_role_may_moderate(emulator: Any, araldo: Any) -> None:
    row, _first, _second = await two_player_game(emulator, araldo)
    role = emulator.add_role(emulator.guild, "Arbitri")
    dave = emulator.user("dave")
    emulator.guild.members[dave.id].roles.append(role)
    await asyncio.sleep(0.2)  # the role reaches the bot by GUILD_ROLE_CREATE
    refused = await emulator.slash(dave, "mod pause")
    assert refused.ephemeral
    await emulator.slash(emulator.owner, "mod config", role=role)
    paused = await emulator.slash(dave, "mod pause")
    assert not paused.ephemeral
    _, state = await araldo.service.state(row.id)
    assert state.paused_at is not None


async def test_notify_and_away(emulator: Any, araldo: Any) -> None:
    row, first, second = await two_player_game(emulator, araldo)
    prefs = await emulator.slash(second, "notify", kind="turn", enabled=False)
    assert prefs.ephemeral and "🔕" in prefs.content
    before = len(emulator.dms(second))
    await emulator.slash(first, "corsa add", amount=1)
    assert len(emulator.dms(second)) == before  # opted out of turn DMs
    away = await emulator.slash(first, "away", until="2099-01-01")
    assert away.ephemeral
    _, state = await araldo.service.state(row.id)
    assert str(first.id) in state.away
    bad = await emulator.slash(first, "away", until="domani")
    assert bad.ephemeral and "Data non valida" in bad.content
    back = await emulator.slash(first, "away", until="off")
    assert back.ephemeral
    _, state = await araldo.service.state(row.id)
    assert str(first.id) not in state.away
