"""Substitutes through the emulator (docs/substitutes.md), in an Italian server with a lobby channel:
Alice, Bob and Carol (Italian clients) play a rated Corsa; Bob misses a deadline, Alice asks the table
to offer his seat, Carol agrees; the ad goes to the game's channel and the lobby; Erin (en-US) asks
for the seat from the lobby, a moderator gives it to her, and she plays to the end. Every wrong step
on the way is refused in its reader's language and changes nothing. Then both players' cards: Bob's
miss stays his, Erin's record starts at the hand-over (docs/record.md, "A seat that changes hands")."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.cogs.stats import card_of
from bot.main import AraldoBot
from bot.record import queries
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e

STEP = 10  # minutes between moves: every wait the record keeps is this long


def with_button(messages: list[Any], prefix: str) -> Any:
    """The newest message carrying a button whose custom_id starts with `prefix`."""
    found = [m for m in messages if any(str(b.get("custom_id", "")).startswith(prefix) for b in m.buttons)]
    assert found, f"no message with a {prefix} button"
    return found[-1]


async def test_a_table_finds_a_substitute_and_the_record_splits_the_seat(emulator: Any, tmp_path: Any) -> None:
    emu = emulator
    erin = emu.add_user("erin", locale="en-US")
    emu.add_member(emu.guild, erin)
    lobby = emu.add_channel(emu.guild, "sostituti")
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    bot = AraldoBot(bot_settings(emu, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emu, bot, commands=TOP_COMMANDS):
        svc = bot.service
        alice, bob, carol = emu.user("alice"), emu.user("bob"), emu.user("carol")
        by_id = {str(u.id): u for u in (alice, bob, carol, erin)}
        config = await emu.slash(emu.owner, "mod config", lobby=lobby)
        assert config.ephemeral and f"<#{lobby.id}>" in config.content

        await emu.slash(alice, "game create", game="corsa", settings="target=18 turn_hours=2")
        await emu.slash(bob, "game join")
        await emu.slash(carol, "game join")
        await emu.slash(alice, "game start")
        row = await svc.in_channel(str(emu.general.id))
        assert row.id is not None

        async def on_turn() -> Any:
            _, state = await svc.state(row.id or 0)
            return by_id[state.players[state.turn].id] if state.status == "active" else None

        # Bob misses his first deadline; the others play; his turn comes again
        missed = False
        while True:
            player = await on_turn()
            if player is bob and missed:
                break
            if player is bob:
                clock.advance(hours=2, minutes=5)
                await bot.deadlines.wake(row.id)
                missed = True
                continue
            clock.advance(minutes=STEP)
            await emu.slash(player, "corsa add", amount=3)

        # a spectator cannot ask the table; the seat of someone not playing cannot be offered
        outsider = await emu.slash(erin, "substitute offer", player=bob)
        assert outsider.ephemeral and "not a player" in outsider.content
        nobody = await emu.slash(alice, "substitute offer", player=erin)
        assert nobody.ephemeral and "non ha un posto" in nobody.content

        # Alice asks the table: her own yes counts, Carol's is needed (two of the two others)
        clock.advance(minutes=1)
        motion = await emu.slash(alice, "substitute offer", player=bob)
        assert not motion.ephemeral and "chiede al tavolo" in motion.content and "Sì 1 · No 0" in motion.content
        assert carol.mention in motion.content and "servono 2 voti a favore" in motion.content
        pinged = emu._mentions_in(motion.message).users
        assert str(carol.id) in pinged and str(alice.id) not in pinged  # the voters still to vote are called
        again = await emu.slash(carol, "substitute offer", player=bob)
        assert again.ephemeral and "già offerto" in again.content
        not_voter = await emu.click(bob, motion, label="Sì, offri il posto")
        assert not_voter.ephemeral and "Votano solo gli altri" in not_voter.content
        early = await emu.slash(erin, "substitute volunteer", ad=1, channel=lobby)
        assert early.ephemeral and "has not agreed yet" in early.content
        none_yet = await emu.slash(erin, "substitute volunteer")
        assert none_yet.ephemeral and "No seat of this channel's game is offered" in none_yet.content

        agreed = await emu.click(carol, motion, label="Sì, offri il posto")
        assert "Il tavolo è d'accordo" in agreed.message.content and not agreed.message.buttons
        ads = [with_button(emu.messages_seen(erin, ch), "araldo:sub:ask:") for ch in (emu.general, lobby)]
        for ad in ads:
            assert "Cercasi sostituto" in ad.content and "Bob" in ad.content and f"<#{emu.general.id}>" in ad.content
            # a Corsa seat has no pieces and no hand: the ad says what passes in words that fit every game
            assert "tutto ciò che ha in partita" in ad.content and "pezzi" not in ad.content, ad.content

        # a seated player cannot volunteer; Erin asks from the lobby, once
        seated = await emu.click(alice, ads[0], custom_id="araldo:sub:ask:1")
        assert seated.ephemeral and "Hai già un posto" in seated.content
        asked = await emu.click(erin, ads[1], custom_id="araldo:sub:ask:1")
        assert asked.ephemeral and "Your request for Bob's seat" in asked.content
        twice = await emu.slash(erin, "substitute volunteer", ad=1, channel=lobby)
        assert twice.ephemeral and "already asked" in twice.content
        request = with_button(emu.messages_seen(alice), "araldo:sub:give:")
        assert erin.mention in request.content and "chiede il posto di Bob" in request.content

        # only a moderator gives the seat; until then nothing moved
        refused = await emu.click(alice, request, label="Assegna il posto")
        assert refused.ephemeral and "moderatori" in refused.content.lower()
        _, state = await svc.state(row.id)
        assert state.player(str(bob.id)) is not None and state.player(str(erin.id)) is None
        clock.advance(minutes=1)
        given = await emu.click(emu.owner, request, label="Assegna il posto")
        said = "\n".join(m.content for m in given.messages)
        assert "erin prende il posto di bob" in said.lower() and "benvenuto al tavolo" in said, said
        _, state = await svc.state(row.id)
        assert state.player(str(bob.id)) is None and state.player(str(erin.id)) is not None
        assert await on_turn() is erin  # the seat passed as it stood: Bob's turn is hers
        for ad in ads:  # edited in place: spent
            assert not ad.buttons and "Preso da" in ad.content
        late = await emu.slash(erin, "substitute volunteer", ad=1, channel=lobby)
        assert late.ephemeral and "This ad is closed" in late.content

        # Erin plays the seat to the end
        while (player := await on_turn()) is not None:
            clock.advance(minutes=STEP)
            await emu.slash(player, "corsa add", amount=3)
        await bot.recorder.settled()

        leaver = await queries.player_record(svc.db, str(bob.id))
        newcomer = await queries.player_record(svc.db, str(erin.id))
        assert leaver is not None and newcomer is not None
        # Bob: the deadline he missed and the seat he gave up; no move, no place, no rating
        assert (leaver.calls, leaver.met, leaver.missed, leaver.replaced) == (2, 0, 1, 1)
        assert leaver.played == 1 and leaver.wins == 0 and leaver.median_hours is None
        assert not leaver.history
        # Erin: from the hand-over on, every call met after STEP minutes; rated with the seat
        assert newcomer.missed == 0 and newcomer.replaced == 0 and newcomer.calls == newcomer.met > 0
        assert newcomer.median_hours == pytest.approx(STEP / 60)
        assert len(newcomer.history.get("corsa", [])) == 1
        # the cards' tiles, as each player's /stats draws them in their language
        bob_tiles = {tile.label: (tile.value, tile.note) for tile in card_of(leaver, "it", "").tiles}
        assert bob_tiles["Affidabilità"] == ("0%", "in tempo 0, mancate 1")
        assert bob_tiles["Partite abbandonate"] == ("1", "rimozioni 0, sostituzioni 1")
        assert bob_tiles["Vinte / giocate"][0] == "0 / 1" and bob_tiles["Risponde in (mediana)"][0] == "—"
        erin_tiles = {tile.label: (tile.value, tile.note) for tile in card_of(newcomer, "en", "").tiles}
        assert erin_tiles["Reliability"] == ("100%", f"{newcomer.met} on time, 0 missed")
        assert erin_tiles["Games left"] == ("0", "0 removed, 0 replaced")
        assert erin_tiles["Answers in (median)"][0] == "0.2 h" and erin_tiles["Won / played"][0].endswith("/ 1")
        bob_card = await emu.slash(bob, "stats show")
        assert bob_card.ephemeral and "1 partita conclusa" in bob_card.content and "affidabilità 0%" in bob_card.content
        assert [a for m in bob_card.messages for a in m.attachments if a.filename.endswith(".png")]
        erin_card = await emu.slash(erin, "stats show")
        assert erin_card.ephemeral and "1 finished game" in erin_card.content
        assert "reliability 100%" in erin_card.content and "0.2 h" in erin_card.content


async def test_a_moderator_offers_a_seat_at_once_and_closes_it(emulator: Any, tmp_path: Any) -> None:
    emu = emulator
    erin = emu.add_user("erin", locale="en-US")
    emu.add_member(emu.guild, erin)
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    bot = AraldoBot(bot_settings(emu, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emu, bot, commands=TOP_COMMANDS):
        alice, bob, carol = emu.user("alice"), emu.user("bob"), emu.user("carol")
        await emu.slash(alice, "game create", game="corsa", settings="target=30")
        for p in (bob, carol):
            await emu.slash(p, "game join")
        await emu.slash(alice, "game start")

        # the table says no: Bob votes against Alice's motion on Carol's seat (a majority is out of reach)
        motion = await emu.slash(alice, "substitute offer", player=carol)
        failed = await emu.click(bob, motion, label="No")
        assert "non è d'accordo" in failed.message.content and not failed.message.buttons

        # a vote nobody finishes runs out at its deadline, and the table is told
        second = await emu.slash(bob, "substitute offer", player=carol)
        assert second.message.buttons
        clock.advance(hours=49)
        assert await bot.get_cog("SubstituteCog").sweep() == 1  # type: ignore[union-attr]
        told = emu.messages_seen(alice)
        assert any("scaduta senza maggioranza" in m.content for m in told)
        assert not second.message.buttons

        # a moderator offers a seat at once; the lobby was set and taken back: the game's channel only
        lobby = emu.add_channel(emu.guild, "sostituti")
        await asyncio.sleep(0.2)  # the bot hears of the new channel
        await emu.slash(emu.owner, "mod config", lobby=lobby)
        off = await emu.slash(emu.owner, "mod config", no_lobby=True)
        assert off.ephemeral and f"<#{lobby.id}>" not in off.content
        offered = await emu.slash(emu.owner, "substitute offer", player=bob)
        assert not offered.ephemeral and "offre a un sostituto il posto di Bob" in offered.content
        ad = with_button(emu.messages_seen(erin), "araldo:sub:ask:")
        not_mod = await emu.slash(alice, "substitute close")
        assert not_mod.ephemeral and "moderatori" in not_mod.content.lower()
        closed = await emu.slash(emu.owner, "substitute close")
        assert not closed.ephemeral and "è chiuso" in closed.content
        assert not ad.buttons and not emu.messages_seen(erin, lobby)
        gone = await emu.slash(erin, "substitute volunteer", ad=3)
        assert gone.ephemeral and "This ad is closed" in gone.content
        unknown = await emu.slash(erin, "substitute volunteer", ad=99)
        assert unknown.ephemeral and "no substitute ad #99" in unknown.content
        _, state = await bot.service.state((await bot.service.in_channel(str(emu.general.id))).id or 0)
        assert sorted(p.id for p in state.players) == sorted(str(u.id) for u in (alice, bob, carol))

        # /help names the commands in each reader's language, with what they do
        english = "\n".join(m.content for m in (await emu.slash(erin, "help")).messages)
        assert "`/substitute offer` — Offer a player's seat to a substitute" in english
        assert "`/substitute volunteer` — Ask for a seat offered" in english
        italian = "\n".join(m.content for m in (await emu.slash(alice, "help")).messages)
        assert "`/sostituto offri` — Offri a un sostituto il posto" in italian
        assert "`/sostituto candidati`" in italian and "`/sostituto chiudi`" in italian
