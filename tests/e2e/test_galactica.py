"""Imperium Galactica played by alice, bob and carol through the emulator: `/galactica` commands, the
private panel and the trade buttons. Exploration, a colonisation, a space battle with a ground
assault, a market purchase, a casino round and a trade, with the DMs each of them sends."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from engine.galactica.fleets import new_fleet
from engine.galactica.galaxy import grid
from tests.e2e.staging import rig, state_of

pytestmark = pytest.mark.e2e


def put_tile(state: Any, cell: str, tile: str) -> None:
    state.tile_pile.remove(tile)
    state.board[cell] = tile


async def test_three_factions_explore_colonise_fight_trade_and_gamble(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261123
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    created = await emulator.slash(alice, "game create", game="galactica")
    for p in (bob, carol):
        await emulator.click(p, created, label="Partecipa")
    assert not (await emulator.slash(alice, "game start")).ephemeral
    row = await araldo.service.in_channel(str(emulator.general.id))
    users = {str(u.id): u for u in (alice, bob, carol)}
    state = await state_of(araldo, row)
    starter = users[state.starter]
    chosen = await emulator.slash(starter, "galactica direction", direction="clockwise")
    assert not chosen.ephemeral and "orario" in chosen.content
    state = await state_of(araldo, row)
    p, q, r = state.order
    P, Q, R = users[p], users[q], users[r]
    assert any("Tocca a te" in m.content for m in emulator.dms(P)), "your-turn DM"
    refused = await emulator.slash(Q, "galactica end-phase")
    assert refused.ephemeral and "turno" in refused.content

    # exploration and a colonisation: the next tile of the deck is Verdania
    corner = state.corners[p]
    x1 = grid().neighbours(corner)[0]

    def next_tile_is_verdania(s: Any) -> None:
        s.tile_pile.remove("planet-verdania")
        s.tile_pile.append("planet-verdania")

    await rig(araldo, row, next_tile_is_verdania)
    await emulator.slash(P, "galactica end-phase")
    moved = await emulator.slash(P, "galactica move", fleet=corner.lower(), path=x1)
    assert not moved.ephemeral and "Verdania" in moved.content
    colonised = await emulator.slash(P, "galactica colonize", fleet=x1)
    assert "colonizza Verdania" in colonised.content
    for _ in range(2):
        await emulator.slash(P, "galactica end-phase")
    assert (await state_of(araldo, row)).order[(await state_of(araldo, row)).current] == q

    # stage Q's turn: a strike force next to Verdania, a fleet on a Market, a fleet on the Casino
    y = next(c for c in grid().neighbours(x1) if c != corner and c not in ("F4", "F3"))

    def stage(s: Any) -> None:
        planet = s.planets["verdania"]
        planet.buildings[0] = "turret"
        planet.tanks = 1
        mine = next(f for f in s.fleets if f.owner == p and f.cell == x1)
        mine.ships = {"fighter": 1}
        new_fleet(s, p, corner, {"fighter": 1})
        if y not in s.board:
            put_tile(s, y, "space-01")
        put_tile(s, "F4", "market-1")
        put_tile(s, "F3", "casino-1")
        new_fleet(s, q, y, {"fighter": 1, "torpedo": 5}, tanks=6)
        new_fleet(s, q, "F4", {"fighter": 1})
        new_fleet(s, q, "F3", {"fighter": 1})
        s.factions[q].ndri = 500_000
        s.market_pile.remove("mkt-01")
        s.market_pile.insert(0, "mkt-01")

    await rig(araldo, row, stage)

    # the private panel: a select of legal moves, drawn from legal_actions
    shown = await emulator.slash(Q, "galactica panel")
    assert shown.ephemeral and shown.message.selects
    ended = await emulator.select(Q, shown, ["Chiudi la fase"])
    assert any("movimento" in m.content for m in [*ended.followups, *ended.messages]) or not ended.ephemeral
    assert (await state_of(araldo, row)).phase == "movement"

    # space combat: Q has a choice of line, P's single fighter lines up by itself
    attack = await emulator.slash(Q, "galactica move", fleet=y, path=x1)
    assert "Battaglia spaziale" in attack.content
    assert any("attaccata" in m.content for m in emulator.dms(P)), "your-fleet-attacked DM"
    fought = await emulator.slash(Q, "galactica line", torpedoes=3)
    texts = " ".join(m.content for m in [fought.message, *fought.followups])
    assert "Battaglia in" in texts
    state = await state_of(araldo, row)
    # told die by die: every exchange's dice as thrown, the pairings and the ships lost, in the channel
    told = state.last_battle
    assert told is not None and told.exchanges
    for n, ex in enumerate(told.exchanges, 1):
        line = next(x for x in texts.split("\n") if x.startswith(f"⚔️ Scambio {n}:"))
        assert "·".join(map(str, ex.rolls)) in line and "·".join(map(str, ex.block_rolls)) in line, line
        for unit in ex.killed:
            assert {"fighter": "Caccia", "torpedo": "Torpedinier", "colony": "Nav"}[unit] in line, line
        if not ex.killed:
            assert "perde: nessuno" in line
    assert "perde 1 Caccia" in texts  # P's only fighter over Verdania
    assert state.pending is not None and state.pending.kind == "land", texts
    landed = await emulator.slash(Q, "galactica land", tanks=6)
    assert "Lotta di terra su Verdania" in landed.content
    ground = (await state_of(araldo, row)).last_battle
    assert ground is not None and ground.kind == "ground"
    assert all(f"🪖 Scambio a terra {n}:" in landed.content for n in range(1, len(ground.exchanges) + 1))
    again = await emulator.slash(R, "galactica battle")  # anyone reads the latest battle again
    assert not again.ephemeral and "Lotta di terra a Verdania" in again.content
    assert again.content.count("🪖 Scambio a terra") == len(ground.exchanges)
    before = await emulator.slash(R, "galactica battle", back=2)  # the space battle before it
    assert "Battaglia spaziale" in before.content and "⚔️ Scambio 1:" in before.content
    state = await state_of(araldo, row)
    if state.planets["verdania"].owner == q:
        assert any("Hai perso Verdania" in m.content for m in emulator.dms(P)), "planet-lost DM"

    # the market: draw the top card and buy it
    drawn = await emulator.slash(Q, "galactica market-draw", fleet="F4")
    assert "pesca una carta Mercato" in drawn.content and "Ndri" not in drawn.content  # the card is Q's alone
    assert any("La tua carta Mercato" in m.content for m in drawn.followups if m.ephemeral)
    bought = await emulator.slash(Q, "galactica market-deal", buy=True)
    assert "compra al Mercato" in bought.content
    assert (await state_of(araldo, row)).fleets[-2].ships.get("fighter", 0) >= 1

    # building phase: the Casino forces a bet, then a trade offer to R
    await emulator.slash(Q, "galactica end-phase")
    must = await emulator.slash(Q, "galactica end-phase")
    assert must.ephemeral and "Casinò" in must.content
    bet = await emulator.slash(Q, "galactica casino-bet", fleet="F3", amount=1000)
    assert "punta 1.000 Ndri" in bet.content
    offered = await emulator.slash(Q, "galactica offer", player=state.name_of(r), give_ndri=1000)
    assert "Offerta n. 1" in " ".join(m.content for m in [offered.message, *offered.followups])
    assert any("Offerta n. 1" in m.content for m in emulator.dms(R)), "trade-offer DM"
    await emulator.slash(Q, "galactica end-phase")

    # R accepts with the panel's button, then ends the round: one casino roll for the tile
    before = (await state_of(araldo, row)).factions[r].ndri
    panel = await emulator.slash(R, "galactica panel")
    accepted = await emulator.click(R, panel, label="Accetta n. 1")
    assert any("Scambio fatto" in m.content for m in accepted.followups)
    # the answered offer's panel lost its buttons and says what was chosen; a fresh panel follows
    assert accepted.response is not None and accepted.response.id == panel.message.id
    assert not accepted.response.components and "✔️ Fatto: Accetta n. 1" in accepted.response.content
    with pytest.raises(LookupError):
        await emulator.click(R, accepted.response, label="Accetta n. 1")
    assert (await state_of(araldo, row)).factions[r].ndri == before + 1000
    last = None
    for _ in range(3):
        last = await emulator.slash(R, "galactica end-phase")
    assert last is not None and "Casinò: escono" in last.content

    # pictures: the galaxy, a planet board, the player's own stock; exact odds
    galaxy = await emulator.slash(P, "galactica map")
    assert any(m.images for m in [galaxy.message, *galaxy.followups])
    await emulator.slash(P, "galactica map", full=True)
    # the full map, then its busiest part drawn large enough to read at chat size (550 px wide), which
    # follows once drawn (the interaction may settle in between)
    for _ in range(100):
        names = [a.filename for m in emulator.messages_seen(P) for a in m.attachments]
        if any(n.endswith("-zoom.png") for n in names):
            break
        await asyncio.sleep(0.1)
    assert any(n.endswith("-full.png") for n in names) and any(n.endswith("-zoom.png") for n in names), names
    board = await emulator.slash(P, "galactica planet", name="verdania")
    assert board.message.images
    stock = await emulator.slash(Q, "galactica me")
    assert stock.ephemeral and stock.message.images
    odds = await emulator.slash(P, "galactica odds", torpedoes=1, enemy_fighters=1)
    said = " ".join(m.content for m in [odds.message, *odds.followups])
    assert odds.ephemeral and "Vince l'attaccante" in said and any(m.images for m in [odds.message, *odds.followups])


async def test_the_designers_lab_from_discord(emulator: Any, araldo: Any) -> None:
    """Moderators run the lab in the channel: two variants side by side, in words and as a chart."""
    bob = emulator.user("bob")
    refused = await emulator.slash(bob, "galactica lab", games=2)
    assert refused.ephemeral and "moderatori" in refused.content
    bad = await emulator.slash(emulator.owner, "galactica lab", variants="araldo nonsense")
    assert bad.ephemeral and "nonsense" in bad.content
    ran = await emulator.slash(emulator.owner, "galactica lab", games=2, seed=50, timeout=60)
    posted = [ran.message, *ran.followups]
    text = " ".join(m.content for m in posted)
    assert not ran.ephemeral and "**araldo**" in text and "**literal**" in text
    assert "per asteroidi" in text  # the literal reading loses a faction to the cards; Araldo's does not
    assert any(m.images for m in posted)
