"""SPQRisiko played from the private turn panel, one test per action: reinforce, attack (one roll and
a blitz), the conquest's move-in, naval move, landing, final move and end of turn; opened from the
turn ping's button or `/spqr turn`; a spent panel is disabled."""

from __future__ import annotations

from typing import Any

import pytest

from engine.spqrisiko.board import board
from tests.e2e.test_spqrisiko import open_game, rig, state_of

pytestmark = pytest.mark.e2e


def panel(emulator: Any, user: Any) -> Any:
    """The newest private panel `user` sees."""
    for msg in reversed(emulator.all_seen(user)):
        if msg.ephemeral and (msg.selects or msg.buttons) and any("araldo:spqr:p:" in c for c in msg.custom_ids):
            return msg
    raise LookupError("no panel")


def select_id(msg: Any, step: str) -> str:
    return next(c for c in msg.custom_ids if f":{step}:" in c)


async def choose(emulator: Any, user: Any, step: str, value: str) -> Any:
    msg = panel(emulator, user)
    return await emulator.select(user, msg, [value], custom_id=select_id(msg, step))


async def press(emulator: Any, user: Any, label: str) -> Any:
    return await emulator.click(user, panel(emulator, user), label)


async def game(emulator: Any, araldo: Any) -> tuple[Any, dict[str, Any], Any, str]:
    araldo.service.seed_source = lambda: 20261121
    row, users = await open_game(emulator, araldo, "setup=random")
    state = await state_of(araldo, row)
    pid = state.order[0]
    return row, users, users[pid], pid


def staged_front(state: Any, pid: str) -> tuple[str, str]:
    """One of pid's provinces and an enemy neighbour."""
    b = board()
    for src in sorted(p for p, o in state.owner.items() if o == pid):
        for dst in b.provinces[src].land:
            if state.owner[dst] != pid:
                return src, dst
    raise LookupError


async def reinforce_all(emulator: Any, araldo: Any, row: Any, user: Any) -> None:
    """Place every reinforcement through the panel (province, then the whole lot)."""
    state = await state_of(araldo, row)
    left = state.turn.reinforcements
    opened = await emulator.slash(user, "spqr turn")
    assert opened.ephemeral and "rinforzi da piazzare" in opened.content
    province = panel(emulator, user).selects[0]["options"][0]["value"]
    step = await choose(emulator, user, "rf", province)
    assert "quanti?" in step.content
    await press(emulator, user, f"+{left}")
    state = await state_of(araldo, row)
    assert state.turn.reinforcements == 0


async def test_reinforce(emulator: Any, araldo: Any) -> None:
    row, _users, user, _pid = await game(emulator, araldo)
    before = await state_of(araldo, row)
    left = before.turn.reinforcements
    started = [m for m in emulator.messages_seen(user) if "Si gioca!" in m.content]
    assert started  # the start message calls the player; the panel opens from /spqr turn or a ping button
    opened = await emulator.slash(user, "spqr turn")
    province = opened.message.selects[0]["options"][0]["value"]
    await choose(emulator, user, "rf", province)
    await press(emulator, user, "+1")
    after = await state_of(araldo, row)
    assert after.legions[province] == before.legions[province] + 1 and after.turn.reinforcements == left - 1
    # the move was told in the channel, and a fresh panel followed
    assert any("rinforza" in m.content for m in emulator.messages_seen(user) if not m.ephemeral)
    assert "rinforzi da piazzare" in panel(emulator, user).content


async def test_attack_once_then_blitz_and_move_in(emulator: Any, araldo: Any) -> None:
    row, _users, user, pid = await game(emulator, araldo)
    state = await state_of(araldo, row)
    src, dst = staged_front(state, pid)

    def stage(s: Any) -> None:
        s.legions[src], s.legions[dst] = 40, 2

    await rig(araldo, row, stage)
    await reinforce_all(emulator, araldo, row, user)
    await choose(emulator, user, "at", src)
    await choose(emulator, user, "at2", dst)
    rolled = await press(emulator, user, "🎲 Un lancio")
    assert any("🎲" in m.content for m in rolled.messages if not m.ephemeral)
    state = await state_of(araldo, row)
    if state.owner[dst] != pid:
        await choose(emulator, user, "at", src)
        await choose(emulator, user, "at2", dst)
        await press(emulator, user, "⚔️ A oltranza")
    state = await state_of(araldo, row)
    assert state.owner[dst] == pid and state.turn.conquest_move is not None
    before = state.legions[dst]
    move_in = next(b["label"] for b in panel(emulator, user).buttons if str(b.get("label", "")).startswith("Fai avanzare"))
    count = int(move_in.split()[-1])
    await press(emulator, user, move_in)
    state = await state_of(araldo, row)
    assert state.legions[dst] == before + count


async def test_final_move_and_end_turn(emulator: Any, araldo: Any) -> None:
    row, _users, user, pid = await game(emulator, araldo)
    state = await state_of(araldo, row)
    b = board()
    src = next(p for p in sorted(state.owner) if state.owner[p] == pid)
    dst = next(n for n in b.provinces[src].land)

    def stage(s: Any) -> None:
        s.owner[dst], s.legions[dst], s.legions[src] = pid, 2, 10

    await rig(araldo, row, stage)
    await reinforce_all(emulator, araldo, row, user)
    state = await state_of(araldo, row)
    at_src, at_dst = state.legions[src], state.legions[dst]
    await choose(emulator, user, "fo", src)
    await choose(emulator, user, "fo2", dst)
    await press(emulator, user, "2")
    state = await state_of(araldo, row)
    assert (state.legions[src], state.legions[dst]) == (at_src - 2, at_dst + 2)
    assert state.order[state.current] != pid  # the final move ends the turn


async def test_end_turn_button_and_spent_panel(emulator: Any, araldo: Any) -> None:
    row, users, user, pid = await game(emulator, araldo)
    await reinforce_all(emulator, araldo, row, user)
    spent = panel(emulator, user)
    other = await emulator.slash(user, "spqr turn")
    ended = await emulator.click(user, other.message, "Chiudi il turno")
    state = await state_of(araldo, row)
    assert state.order[state.current] != pid
    nxt = users[state.order[state.current]]
    # the end of the turn calls the next player, with the button that opens their own panel
    ping = next(m for m in ended.messages if not m.ephemeral and f"<@{state.order[state.current]}>" in m.content)
    assert "Il mio pannello" in ping.button_labels
    mine = await emulator.click(nxt, ping, "Il mio pannello")
    assert mine.ephemeral and "rinforzi da piazzare" in mine.content
    # the old panel of the previous player is spent: a click disables it
    first = spent.selects[0]
    stale = await emulator.select(user, spent, [first["options"][0]["value"]], custom_id=first["custom_id"])
    disabled = next(m for m in emulator.all_seen(user) if m.id == spent.id)
    assert not disabled.components and stale.ephemeral


async def naval_position(emulator: Any, araldo: Any) -> tuple[Any, Any, str, str, str, str]:
    row, _users, user, pid = await game(emulator, araldo)
    b = board()
    state = await state_of(araldo, row)
    coastal = next(p for p in sorted(state.owner) if state.owner[p] == pid and b.provinces[p].seas)
    sea = b.provinces[coastal].seas[0]
    target = next(p for p in b.seas[sea].coasts if state.owner.get(p) != pid and p != coastal)

    def stage(s: Any) -> None:
        s.legions[coastal], s.legions[target] = 20, 1
        s.ships[sea] = {pid: 3}

    await rig(araldo, row, stage)
    await reinforce_all(emulator, araldo, row, user)
    return row, user, pid, coastal, sea, target


async def test_naval_move(emulator: Any, araldo: Any) -> None:
    row, user, pid, _coastal, sea, _target = await naval_position(emulator, araldo)
    to_sea = sorted(board().seas[sea].seas, key=board().name)[0]
    await choose(emulator, user, "mf", sea)
    await choose(emulator, user, "mf2", to_sea)
    await press(emulator, user, "1")
    state = await state_of(araldo, row)
    assert state.ships[sea][pid] == 2 and state.ships[to_sea][pid] >= 1


async def test_landing(emulator: Any, araldo: Any) -> None:
    row, user, _pid, coastal, _sea, target = await naval_position(emulator, araldo)
    await choose(emulator, user, "ld", coastal)
    await choose(emulator, user, "ld2", target)
    landed = await press(emulator, user, "5")
    state = await state_of(araldo, row)
    assert state.last_attack is not None and state.last_attack.kind == "landing"
    assert any("sbarca in" in m.content for m in landed.messages if not m.ephemeral)
