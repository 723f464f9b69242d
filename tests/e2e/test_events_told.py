"""Every event said in the channel: the turn ping (who, what they owe, the deadline), conquests in
words with the dice, the autopilot's turn for a player who declares an absence while on turn, and
reminders that say what is left."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.spqrisiko.board import board
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.staging import rig, state_of
from tests.e2e.test_spqrisiko import open_game
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e


def public(emulator: Any, user: Any) -> list[str]:
    return [m.content for m in emulator.messages_seen(user, emulator.general) if not m.ephemeral]


async def test_turn_pings_conquest_in_words_and_away_on_turn(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261121
    row, users = await open_game(emulator, araldo, "setup=random")
    state = await state_of(araldo, row)
    first, second, _third = state.order
    owed = state.turn.reinforcements
    # the start calls the first player: what they owe, with the command, and the deadline
    start = [c for c in public(emulator, users[first]) if c.startswith("Si gioca!")][-1]
    assert f"<@{first}>, tocca a te: {owed} rinforzi da piazzare con /spqr rinforza. Scadenza <t:" in start

    # a staged position: a big army next to a lone defender of the second player
    b = board()
    src = next(p for p, o in state.owner.items() if o == first)
    dst = next(n for n in b.provinces[src].land)

    def stage(s: Any) -> None:
        s.owner[dst], s.legions[dst] = second, 1
        s.legions[src] = 30

    await rig(araldo, row, stage)
    user = users[first]
    await emulator.slash(user, "spqr reinforce", province=b.name(src), count=owed)
    attack = await emulator.slash(user, "spqr attack", from_province=b.name(src), to_province=b.name(dst),
                                  rolls="blitz")
    said = attack.content
    assert "🎲" in said and " contro " in said  # the dice in the text, not only in the picture
    assert f"🏛️ {state.name_of(first)} conquista {b.name(dst)} ed entra con 3 legionari." in said

    # the turn passes: the channel calls the next player with what they owe
    await emulator.slash(user, "spqr end-turn")
    state = await state_of(araldo, row)
    nxt = state.order[state.current]
    assert any(f"<@{nxt}>, tocca a te: " in c and "rinforz" in c and "Scadenza <t:" in c
               for c in public(emulator, users[first]))

    # the player on turn declares an absence: the channel is told the turn was played, and how
    before = len(public(emulator, users[first]))
    away = await emulator.slash(users[nxt], "away", until="2099-01-01")
    assert away.ephemeral
    await araldo.notifier.drain()
    told = public(emulator, users[first])[before:]
    played = [c for c in told if "giocato in automatico" in c]
    assert played and "nessun attacco" in played[0] and "sparsi sui confini (" in played[0]
    assert any("+" in c for c in played)
    state = await state_of(araldo, row)
    assert state.order[state.current] != nxt

    # /game log: provinces by name, a moderator off the table as a mention, never an id
    await emulator.slash(emulator.owner, "mod pause")
    log = await emulator.slash(users[first], "game log", page=1)
    assert f"<@{emulator.owner.id}>" in log.content and "mette in pausa" in log.content
    older = await emulator.slash(users[first], "game log", page=2)
    assert f"{b.name(dst)} da {b.name(src)}" in older.content or b.name(dst) in log.content + older.content
    assert dst not in (log.content + older.content).replace(b.name(dst), "") or dst == b.name(dst)


async def test_the_reminder_says_what_is_left(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        bot.service.seed_source = lambda: 20261121
        row, users = await open_game(emulator, bot, "setup=random turn_hours=2 reminder_minutes=60")
        state = await state_of(bot, row)
        first = state.order[0]
        left = state.turn.reinforcements
        clock.advance(hours=1, minutes=5)
        await bot.deadlines.wake(row.id)
        await bot.notifier.drain()
        reminders = [m.content for m in emulator.dms(users[first]) if "Promemoria" in m.content]
        assert reminders and f"ti resta da fare {left} rinforzi da piazzare con /spqr rinforza" in reminders[-1]
