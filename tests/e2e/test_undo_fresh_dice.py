"""The same attack, undone with `/mod undo` and made again, rolls fresh dice (SPQRisiko and Imperium
Galactica through the emulator), and the undo's preview names the dice the whole table saw. The game is
brought to the attack by its own bot through the service, so every move is in the log the undo replays."""

from __future__ import annotations

from typing import Any

import pytest

from bot.i18n import t
from engine.galactica import GAME
from engine.galactica.autopilot import choose_action as galactica_choice
from engine.spqrisiko import GAME as GAME_OF_SPQR
from engine.spqrisiko.ai import choose_action as spqr_choice
from engine.spqrisiko.board import board
from tests.e2e.staging import state_of
from tests.e2e.test_impero import posted
from tests.e2e.test_spqrisiko import open_game

pytestmark = pytest.mark.e2e
CONFIRM = "Sì, annulla le mosse"


@pytest.fixture(autouse=True)
def fixed_salts(monkeypatch: Any) -> None:
    """The undo's salts fixed (they are secrets.randbits in play), so a red run names a real defect."""
    from types import SimpleNamespace

    from bot import archive

    salts = iter(range(101, 200))
    monkeypatch.setattr(archive, "secrets", SimpleNamespace(randbits=lambda _bits: next(salts)))


async def undo_last(emulator: Any, expected: str) -> None:
    preview = await emulator.slash(emulator.owner, "mod undo", count=1)
    text = preview.content + "".join(m.content for m in preview.followups)
    assert "tutti al tavolo hanno visto" in text and expected in text, text
    assert t("core.undo_reseeds", "it") in text, text  # the preview says the future is drawn afresh
    seen = len([m for m in emulator.messages_seen(emulator.owner, emulator.general)
                if "ha annullato" in m.content and not m.ephemeral])
    said = len([m for m in emulator.messages_seen(emulator.owner, emulator.general)
                if t("core.undo_reseeded", "it") in m.content and not m.ephemeral])
    await emulator.click(emulator.owner, preview, label=CONFIRM)
    notices = await posted(emulator, emulator.owner, "ha annullato", count=seen + 1, seconds=10)
    public = notices[-1].content if len(notices) > seen else ""
    # the table's notice says so too, and its moves start on a line of their own (no literal "\n")
    assert t("core.undo_reseeded", "it") in public and "\\n" not in public, public
    assert "prima di:\n`#" in public, public
    # ...once: the undo's notice says it, no second post repeats it alone
    again = [m.content for m in emulator.messages_seen(emulator.owner, emulator.general)
             if t("core.undo_reseeded", "it") in m.content and not m.ephemeral]
    assert len(again) == said + 1, again[said:]


async def test_spqrisiko_attack_undone_and_made_again_rolls_fresh_dice(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261125
    row, users = await open_game(emulator, araldo, "setup=random")
    for _ in range(200):
        state = await state_of(araldo, row)
        pid = state.order[state.current]
        action = spqr_choice(state, pid)
        if action.type == "attack":
            break
        await araldo.service.act(row.id, pid, action)
    else:
        raise AssertionError("no attack in 200 moves")
    names = {"from_province": board().name(action.from_province), "to_province": board().name(action.to_province)}
    rolls = []
    for attempt in range(4):
        attacked = await emulator.slash(users[pid], "spqr attack", **names)
        assert not attacked.ephemeral and "🎲" in attacked.content
        last = (await state_of(araldo, row)).last_attack
        assert last is not None
        rolls.append(repr(last.rolls))
        if attempt < 3:
            await undo_last(emulator, names["to_province"])
    # without the reseed every attempt would roll exactly the first dice again
    assert len(set(rolls)) >= 2, rolls
    verified = await emulator.slash(emulator.owner, "mod verify")
    assert "coincide" in verified.content  # the log, reseeds and all, replays to the game as it stands


async def test_galactica_battle_undone_and_fought_again_rolls_fresh_dice(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261125
    alice, bob = emulator.user("alice"), emulator.user("bob")
    created = await emulator.slash(alice, "game create", game="galactica")
    await emulator.click(bob, created, label="Partecipa")
    assert not (await emulator.slash(alice, "game start")).ephemeral
    row = await araldo.service.in_channel(str(emulator.general.id))
    users = {str(u.id): u for u in (alice, bob)}
    for _ in range(400):
        state = await state_of(araldo, row)
        waiting = sorted(GAME.awaiting(state))
        actor = waiting[0]
        action = galactica_choice(state, actor)
        if state.battle is not None and action.type == "pick_line" and len(waiting) == 1:
            break
        await araldo.service.act(row.id, actor, action)
    else:
        raise AssertionError("no battle in 400 moves")
    ships = action.ships
    options = {"fighters": ships.get("fighter", 0), "torpedoes": ships.get("torpedo", 0),
               "colony_ships": ships.get("colony", 0)}
    dice = []
    for attempt in range(4):
        fought = await emulator.slash(users[actor], "galactica line", **options)
        assert not fought.ephemeral
        battle = (await state_of(araldo, row)).last_battle
        assert battle is not None and battle.exchanges
        dice.append(repr([(ex.rolls, ex.block_rolls) for ex in battle.exchanges]))
        if attempt < 3:
            await undo_last(emulator, "Scambio")
    assert len(set(dice)) >= 2, dice
    verified = await emulator.slash(emulator.owner, "mod verify")
    assert "coincide" in verified.content


async def test_an_undo_that_gives_the_turn_back_calls_that_player_in_the_channel(emulator: Any, araldo: Any) -> None:
    """Found by the season harness: the undone move had passed the turn on; after the undo the game
    waits on its player again, and the channel must say so (with a mention), as after any move."""
    araldo.service.seed_source = lambda: 20261125
    row, users = await open_game(emulator, araldo, "setup=random")
    state = await state_of(araldo, row)
    pid = state.order[state.current]
    mine = sorted(p for p, o in state.owner.items() if o == pid)
    await emulator.slash(users[pid], "spqr reinforce", province=board().name(mine[0]),
                         count=state.turn.reinforcements)
    await emulator.slash(users[pid], "spqr end-turn")
    assert pid not in GAME_OF_SPQR.awaiting(await state_of(araldo, row))
    posted = len(emulator.messages_seen(emulator.owner))
    preview = await emulator.slash(emulator.owner, "mod undo", count=1)
    await emulator.click(emulator.owner, preview, label=CONFIRM)
    await araldo.notifier.drain()
    assert pid in GAME_OF_SPQR.awaiting(await state_of(araldo, row))
    after = [m.content for m in emulator.messages_seen(emulator.owner)[posted:] if not m.ephemeral]
    assert any(f"<@{pid}>" in text for text in after), after
