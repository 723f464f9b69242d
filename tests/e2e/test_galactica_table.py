"""Galactica at a mixed table (issue 25): Erin's Discord speaks American English in an Italian server.
Every public post is Italian whoever acts, every change of hands calls the player in the channel with
what they owe and the deadline, nothing is a bare "Fatto.", and what a view hides (a trade's terms, a
drawn Market card) appears in no public message nor in /game log to others."""

from __future__ import annotations

from typing import Any

import pytest

from engine.galactica.fleets import new_fleet
from tests.e2e.staging import rig, state_of

pytestmark = pytest.mark.e2e


def texts(result: Any, public: bool = True) -> str:
    return "\n".join(m.content for m in [result.message, *result.followups] if m is not None
                     and (m.ephemeral is not public))


async def test_a_mixed_table_reads_galactica_in_the_channels_language(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 4242
    alice, bob = emulator.user("alice"), emulator.user("bob")
    erin = emulator.add_user("erin", display_name="Erin", locale="en-US")
    created = await emulator.slash(erin, "game create", game="galactica")
    for p in (alice, bob):
        await emulator.click(p, created, label="Partecipa")
    started = await emulator.slash(erin, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    users = {str(u.id): u for u in (alice, bob, erin)}
    state = await state_of(araldo, row)
    # the lowest roll is called in the channel to choose the direction, with the deadline
    assert f"<@{state.starter}>, tocca a te" in texts(started) and "senso di gioco" in texts(started)
    await rig(araldo, row, lambda s: setattr(s, "starter", str(erin.id)))
    chosen = await emulator.slash(erin, "galactica direction", direction="clockwise")
    public = texts(chosen)
    state = await state_of(araldo, row)
    first = state.order[0]
    assert "Ordine di gioco" in public and "Order of play" not in public
    assert f"<@{first}>, tocca a te: giocare la fase di produzione" in public and "<t:" in public
    assert chosen.message.button_labels  # the call carries the button that opens the called player's panel

    # Erin plays her turn: the channel reads Italian, Erin's own panel English; no bare "Fatto."
    assert first == str(erin.id)
    ended = await emulator.slash(erin, "galactica end-phase")
    assert "Erin chiude la fase di produzione: ora movimento." in texts(ended)
    assert "Fatto" not in texts(ended) and "Done" not in texts(ended)
    assert any("Round" in m.content for m in ended.followups if m.ephemeral)  # her panel, in English

    # a Market card drawn is Erin's alone; the channel hears only that she drew
    def market(s: Any) -> None:
        s.tile_pile.remove("market-1")
        s.board["F4"] = "market-1"
        new_fleet(s, str(erin.id), "F4", {"fighter": 1})
        s.market_pile.remove("mkt-01")
        s.market_pile.insert(0, "mkt-01")

    await rig(araldo, row, market)
    drawn = await emulator.slash(erin, "galactica market-draw", fleet="F4")
    assert "Erin pesca una carta Mercato." in texts(drawn) and "3.000" not in texts(drawn)
    assert "3,000 Ndri" in texts(drawn, public=False)  # her card, in her words
    passed = await emulator.slash(erin, "galactica market-deal", buy=False)
    assert "rinuncia alla carta Mercato" in texts(passed) and "3.000" not in texts(passed)

    # a trade offer goes to the two factions alone: the channel hears nothing of it
    await emulator.slash(erin, "galactica end-phase")
    offered = await emulator.slash(erin, "galactica offer", player="alice", give_ndri=4321, want_stone=1)
    assert texts(offered) == "" and "4,321" in texts(offered, public=False)  # Erin reads her offer
    await araldo.notifier.drain()
    assert any("4.321" in m.content for m in emulator.dms(alice))  # Alice reads the terms in her DM
    # /game log in words, the offer's terms kept from the third player
    log = await emulator.slash(bob, "game log")
    assert "chiude la fase" in log.content and "offre uno scambio" not in log.content
    assert "`end_phase`" not in log.content and "{" not in log.content
    own = await emulator.slash(erin, "game log")
    assert "offers a trade to alice" in own.content.lower() or "offre" in own.content.lower()

    # the turn passes: the next player is called in the channel with the deadline
    turned = await emulator.slash(erin, "galactica end-phase")
    state = await state_of(araldo, row)
    nxt = state.order[state.current]
    assert "Erin chiude il turno." in texts(turned)
    assert f"<@{nxt}>, tocca a te: giocare la fase di produzione" in texts(turned)
    assert users[nxt] is not erin

    # /game rules gives a real summary; pictures posted for everyone come in the channel's words
    rules = await emulator.slash(erin, "game rules", game="galactica")
    assert "game.galactica.summary" not in rules.content and "galaxy you explore" in rules.content  # hers: English
    planet_name = next(iter(state.planets), None)
    if planet_name:
        shown = await emulator.slash(erin, "galactica planet", name=planet_name)
        assert not shown.ephemeral and shown.message.images
