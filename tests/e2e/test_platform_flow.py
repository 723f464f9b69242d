"""The platform's test game played by several people through the emulator."""

from __future__ import annotations

from typing import Any

import pytest

pytestmark = pytest.mark.e2e


async def test_lobby_to_moves_with_buttons(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="corsa", settings="target=9 turn_hours=2")
    assert not created.ephemeral and "Corsa" in created.content
    joined = await emulator.click(bob, created, label="Partecipa")
    assert "<@" in joined.content
    started = await emulator.slash(alice, "game start")
    assert not started.ephemeral
    row = await araldo.service.in_channel(str(emulator.general.id))
    state = araldo.service.load_state(row)
    first = {p.id: p for p in state.players}[state.players[0].id]
    player = alice if str(alice.id) == first.id else bob
    other = bob if player is alice else alice

    refused = await emulator.slash(other, "corsa add", amount=1)
    assert refused.ephemeral and "turno" in refused.content
    assert refused.message not in emulator.messages_seen(player)

    moved = await emulator.slash(player, "corsa add", amount=2)
    assert not moved.ephemeral and "2" in moved.content
    png = [a for m in moved.messages for a in m.attachments if a.filename.endswith(".png")]
    assert png == [] or png[0].width > 0

    panel = await emulator.slash(other, "corsa panel")
    clicked = await emulator.click(other, panel, label="+3")
    assert "5" in clicked.content
    _, state = await araldo.service.state(row.id)
    assert state.total == 5


async def test_bad_input_is_ephemeral_and_changes_nothing(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    nothing = await emulator.slash(alice, "game start")
    assert nothing.ephemeral
    await emulator.slash(alice, "game create", game="corsa")
    again = await emulator.slash(bob, "game create", game="corsa")
    assert again.ephemeral
    bad = await emulator.slash(bob, "game create", game="corsa", settings="target=-3", channel=emulator.channel("general"))
    assert bad.ephemeral
    not_mod = await emulator.slash(bob, "mod pause")
    assert not_mod.ephemeral


async def test_game_in_a_new_thread(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="corsa", thread=True)
    assert "<#" in created.content
    games = await araldo.service.guild_games(str(emulator.guild.id))
    assert len(games) == 1 and games[0].is_thread and games[0].channel_id != str(emulator.general.id)
    thread = emulator.channels[games[0].channel_id]
    joined = await emulator.slash(bob, "game join", channel=thread)
    assert not joined.ephemeral
    # the channel itself stays free for another game
    other = await emulator.slash(bob, "game create", game="corsa")
    assert not other.ephemeral


async def test_wrong_channel_wrong_game_and_unexpected_errors(emulator: Any, araldo: Any) -> None:
    alice, bob = emulator.user("alice"), emulator.user("bob")
    elsewhere = emulator.add_channel(emulator.guild, "altro")
    none_here = await emulator.slash(alice, "corsa add", amount=1, channel=elsewhere)
    assert none_here.ephemeral and "Nessuna partita" in none_here.content
    created = await emulator.slash(alice, "game create", game="corsa")
    await emulator.click(bob, created, label="Partecipa")
    not_started = await emulator.slash(alice, "corsa add", amount=1)
    assert not_started.ephemeral and "non è ancora iniziata" in not_started.content
    await emulator.slash(alice, "game start")
    wrong_game = await emulator.slash(alice, "spqr map")
    assert wrong_game.ephemeral and "Corsa" in wrong_game.content
    stranger = await emulator.slash(emulator.user("carol"), "corsa add", amount=1)
    assert stranger.ephemeral and "Non sei un giocatore" in stranger.content
    boom = await emulator.slash(alice, "corsa boom")
    assert boom.ephemeral and "riferimento" in boom.content and "Traceback" not in boom.content
    english = emulator.add_user("erin", locale="en-US")
    emulator.add_member(emulator.guild, english)
    told = await emulator.slash(english, "corsa add", amount=1)
    assert told.ephemeral and "not a player" in told.content
    row = await araldo.service.in_channel(str(emulator.general.id))
    assert await araldo.service.log_rows(row.id) == []


async def test_rules_and_settings_help(emulator: Any, araldo: Any) -> None:
    alice = emulator.user("alice")
    rules = await emulator.slash(alice, "game rules", game="spqrisiko")
    assert rules.ephemeral and "target_points=20" in rules.content and "turn_hours=24" in rules.content
    assert any(a.filename == "spqrisiko.md" for m in rules.messages for a in m.attachments)
    offered = await emulator.autocomplete(alice, "game create", focused="settings", value="target_points=15 tu",
                                          options={"game": "spqrisiko"})
    assert [c["value"] for c in offered] == ["target_points=15 turn_hours=24"]
