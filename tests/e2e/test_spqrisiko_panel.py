"""SPQRisiko played from the private turn panel, one test per action type (test_<type>): setup
placement, reinforce, a card set, conversions, fleet move, naval battle, attack (one roll and a
blitz), the conquest's move-in, landing, final move and end of turn; opened from the turn ping's
button or `/spqr turn`; a spent panel is disabled. Each checks the engine state changed as the move
says and what the player read; the guard at the end fails when an action type has no such test.
Only the move under test is played from the panel; its position is staged or reached by commands."""

from __future__ import annotations

import sys
from typing import Any

import pytest

from engine.spqrisiko import GAME
from engine.spqrisiko.board import board
from engine.spqrisiko.models import NEUTRAL_IDS
from tests.e2e.panel_guard import untested
from tests.e2e.staging import rig, state_of
from tests.e2e.test_spqrisiko import open_game

pytestmark = pytest.mark.e2e


def panel(emulator: Any, user: Any) -> Any:
    """The newest private panel `user` sees."""
    for msg in reversed(emulator.all_seen(user)):
        if msg.ephemeral and (msg.selects or msg.buttons) and any("araldo:spqr:p:" in c for c in msg.custom_ids):
            return msg
    raise LookupError("no panel")


MORE = "Altre mosse…"


def select_id(msg: Any, step: str, value: str) -> str | None:
    """The select of `step` offering `value` (a long list spans several selects)."""
    for sel in msg.selects:
        if f":{step}:" in sel["custom_id"] and any(o["value"] == value for o in sel["options"]):
            return str(sel["custom_id"])
    return None


async def choose(emulator: Any, user: Any, step: str, value: str) -> Any:
    """Pick `value` in the panel's select of `step`, turning to the other moves if it is there."""
    msg = panel(emulator, user)
    custom_id = select_id(msg, step, value)
    if custom_id is None and MORE in msg.button_labels:
        await emulator.click(user, msg, MORE)
        msg = panel(emulator, user)
        custom_id = select_id(msg, step, value)
    assert custom_id is not None, f"no {value!r} for {step!r} in {msg.custom_ids}"
    return await emulator.select(user, msg, [value], custom_id=custom_id)


def public(result: Any) -> str:
    return "\n".join(m.content for m in result.messages if not m.ephemeral)


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
    province = next(s for s in panel(emulator, user).selects if ":rf:" in s["custom_id"])["options"][0]["value"]
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
    province = next(s for s in opened.message.selects if ":rf:" in s["custom_id"])["options"][0]["value"]
    await choose(emulator, user, "rf", province)
    await press(emulator, user, "+1")
    after = await state_of(araldo, row)
    assert after.legions[province] == before.legions[province] + 1 and after.turn.reinforcements == left - 1
    # the move was told in the channel, and a fresh panel followed
    assert any("rinforza" in m.content for m in emulator.messages_seen(user) if not m.ephemeral)
    assert "rinforzi da piazzare" in panel(emulator, user).content


async def front(emulator: Any, araldo: Any, defenders: int) -> tuple[Any, Any, str, str, str]:
    """A game whose first player holds 40 legionaries next to `defenders` of an enemy, reinforced."""
    row, _users, user, pid = await game(emulator, araldo)
    src, dst = staged_front(await state_of(araldo, row), pid)

    def stage(s: Any) -> None:
        s.legions[src], s.legions[dst] = 40, defenders

    await rig(araldo, row, stage)
    await reinforce_all(emulator, araldo, row, user)
    return row, user, pid, src, dst


async def test_attack(emulator: Any, araldo: Any) -> None:
    row, user, pid, src, dst = await front(emulator, araldo, 2)
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
    told = [m.content for m in emulator.messages_seen(user, emulator.general) if not m.ephemeral]
    assert any("conquista" in c and board().name(dst) in c for c in told)


async def test_move_in(emulator: Any, araldo: Any) -> None:
    row, user, pid, src, dst = await front(emulator, araldo, 1)
    await emulator.slash(user, "spqr attack", from_province=board().name(src), to_province=board().name(dst),
                         rolls="blitz")
    await emulator.slash(user, "spqr turn")
    state = await state_of(araldo, row)
    assert state.owner[dst] == pid and state.turn.conquest_move is not None
    before_src, before_dst = state.legions[src], state.legions[dst]
    move_in = next(b["label"] for b in panel(emulator, user).buttons if str(b.get("label", "")).startswith("Fai avanzare"))
    count = int(move_in.split()[-1])
    moved = await press(emulator, user, move_in)
    state = await state_of(araldo, row)
    assert (state.legions[src], state.legions[dst]) == (before_src - count, before_dst + count)
    assert state.turn.conquest_move is None and board().name(dst) in public(moved)


async def test_fortify(emulator: Any, araldo: Any) -> None:
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
    assert "7" not in panel(emulator, user).button_labels  # a few numbers have buttons, any other is typed
    opened = await press(emulator, user, "Un altro numero…")
    assert opened.modal
    refused = await emulator.submit_modal(user, opened, {"count": "zero"})
    assert "non è un numero" in refused.content and (await state_of(araldo, row)).legions[src] == at_src
    opened = await press(emulator, user, "Un altro numero…")
    moved = await emulator.submit_modal(user, opened, {"count": "7"})
    state = await state_of(araldo, row)
    assert (state.legions[src], state.legions[dst]) == (at_src - 7, at_dst + 7)
    assert state.order[state.current] != pid  # the final move ends the turn
    assert b.name(src) in public(moved) and b.name(dst) in public(moved)


async def test_end_turn(emulator: Any, araldo: Any) -> None:
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


async def test_move_fleet(emulator: Any, araldo: Any) -> None:
    row, user, pid, _coastal, sea, _target = await naval_position(emulator, araldo)
    to_sea = sorted(board().seas[sea].seas, key=board().name)[0]
    await choose(emulator, user, "mf", sea)
    await choose(emulator, user, "mf2", to_sea)
    moved = await press(emulator, user, "1")
    state = await state_of(araldo, row)
    assert state.ships[sea][pid] == 2 and state.ships[to_sea][pid] >= 1
    assert board().name(to_sea) in public(moved)


async def test_other_moves_screen(emulator: Any, araldo: Any) -> None:
    """Fleet, naval battle, attack, landing and final move are more selects than Discord's five rows:
    the last ones wait behind "Other moves", with a way back."""
    row, user, pid, _coastal, sea, _target = await naval_position(emulator, araldo)
    rival = next(p for p in (await state_of(araldo, row)).order if p != pid)

    def enemy_ships(s: Any) -> None:
        s.ships[sea][rival] = 1

    await rig(araldo, row, enemy_ships)
    await emulator.slash(user, "spqr turn")
    first = panel(emulator, user)
    assert MORE in first.button_labels and len(first.components) == 5
    shown = {c.split(":")[5] for c in first.custom_ids}
    other = await emulator.click(user, first, MORE)
    rest = {c.split(":")[5] for c in panel(emulator, user).custom_ids} - {"more"}
    assert rest and not rest & shown and "↩ Indietro" in other.message.button_labels
    await emulator.click(user, panel(emulator, user), "↩ Indietro")
    assert {c.split(":")[5] for c in panel(emulator, user).custom_ids} == shown


async def test_land(emulator: Any, araldo: Any) -> None:
    row, user, _pid, coastal, _sea, target = await naval_position(emulator, araldo)
    await choose(emulator, user, "ld", coastal)
    await choose(emulator, user, "ld2", target)
    landed = await press(emulator, user, "5")
    state = await state_of(araldo, row)
    assert state.last_attack is not None and state.last_attack.kind == "landing"
    assert any("sbarca in" in m.content for m in landed.messages if not m.ephemeral)


# ---- setup --------------------------------------------------------------------------------------
async def test_place(emulator: Any, araldo: Any) -> None:
    """Placement in `choose` mode: your province, then the neutrals' (50 free provinces span two
    selects); once no neutral is left, the province alone."""
    row, users = await open_game(emulator, araldo, "placement_hours=2")
    state = await state_of(araldo, row)
    pid = state.order[state.current]
    user = users[pid]
    opened = await emulator.slash(user, "spqr turn")
    assert opened.ephemeral and "piazzare" in opened.content
    pages = [s for s in opened.message.selects if ":pl:" in s["custom_id"]]
    assert len(pages) == 2 and sum(len(s["options"]) for s in pages) == len(board().provinces)
    own = pages[1]["options"][0]["value"]  # from the second select
    step = await choose(emulator, user, "pl", own)
    assert "neutrali" in step.content
    neutral = next(o["value"] for s in panel(emulator, user).selects for o in s["options"] if o["value"] != own)
    placed = await choose(emulator, user, "pl2", neutral)
    state = await state_of(araldo, row)
    assert state.owner[own] == pid and state.legions[own] == 2 and state.owner[neutral] in NEUTRAL_IDS
    said = public(placed)
    assert board().name(own) in said and board().name(neutral) in said and "neutral-" not in said

    def no_neutrals(s: Any) -> None:
        s.neutral_left = dict.fromkeys(s.neutral_left, 0)

    await rig(araldo, row, no_neutrals)
    pid = state.order[state.current]
    await emulator.slash(users[pid], "spqr turn")
    free = next(p for p in sorted(board().provinces) if p not in state.owner)
    alone = await choose(emulator, users[pid], "pl", free)
    state = await state_of(araldo, row)
    assert state.owner[free] == pid and board().name(free) in public(alone)


# ---- reinforcements -----------------------------------------------------------------------------
async def test_play_cards(emulator: Any, araldo: Any) -> None:
    row, _users, user, pid = await game(emulator, araldo)

    def stage(s: Any) -> None:
        cards = [next(c for c in s.deck.draw_pile if c.startswith(f"{kind}:")) for kind in ("nave", "colosseo")]
        cards.append(next(c for c in s.deck.draw_pile if c.startswith("vessillo:")))
        s.deck.draw_pile = [c for c in s.deck.draw_pile if c not in cards]
        s.hands[pid] = cards

    await rig(araldo, row, stage)
    before = await state_of(araldo, row)
    ships = sum(f.get(pid, 0) for f in before.ships.values())
    opened = await emulator.slash(user, "spqr turn")
    label = next(o["label"] for s in opened.message.selects if ":cd:" in s["custom_id"] for o in s["options"])
    assert label == "🃏 nave, colosseo, vessillo → 12 legionari, 1 nave, 1 colosseo"
    # the set, then where its ship and its colosseum go
    step = await choose(emulator, user, "cd", "n.c.v")
    assert "Nave 1 di 1" in step.content
    sea = sorted(GAME.ship_seas(before, pid), key=board().name)[-1]
    step = await choose(emulator, user, "cd2", sea)
    assert "Colosseo 1 di 1" in step.content
    site = sorted(GAME.colossus_sites(before, pid), key=board().name)[-1]
    played = await choose(emulator, user, "cd2", site)
    state = await state_of(araldo, row)
    assert state.hands[pid] == [] and state.turn.reinforcements == before.turn.reinforcements + 12
    assert state.ships[sea][pid] == before.ships.get(sea, {}).get(pid, 0) + 1
    assert sum(f.get(pid, 0) for f in state.ships.values()) == ships + 1
    assert state.colossei == [*before.colossei, site]
    said = public(played)
    assert "gioca" in said and board().name(site) in said and board().name(sea) in said


async def test_convert(emulator: Any, araldo: Any) -> None:
    row, _users, user, pid = await game(emulator, araldo)
    b = board()
    state = await state_of(araldo, row)
    coastal = next(p for p in sorted(state.owner) if state.owner[p] == pid and b.provinces[p].seas)
    sea = sorted(b.provinces[coastal].seas, key=b.name)[0]

    def stage(s: Any) -> None:
        s.legions[coastal] = 10
        s.ships[sea] = {pid: 2}

    await rig(araldo, row, stage)
    await emulator.slash(user, "spqr turn")
    step = await choose(emulator, user, "cv", coastal)
    assert b.name(coastal) in step.content
    back = await press(emulator, user, f"⛵ Una nave di {b.name(sea)} → 2 legionari")
    state = await state_of(araldo, row)
    assert (state.legions[coastal], state.ships[sea][pid]) == (12, 1)
    assert "trasforma una nave" in public(back)
    await choose(emulator, user, "cv", coastal)
    made = await press(emulator, user, f"3 legionari → ⛵ una nave in {b.name(sea)}")
    state = await state_of(araldo, row)
    assert (state.legions[coastal], state.ships[sea][pid]) == (9, 2)
    assert "trasforma 3 legionari" in public(made)


# ---- ships --------------------------------------------------------------------------------------
async def test_naval_attack(emulator: Any, araldo: Any) -> None:
    row, _users, user, pid = await game(emulator, araldo)
    b = board()
    state = await state_of(araldo, row)
    rival = state.order[1]
    sea = sorted(b.seas, key=b.name)[0]

    def stage(s: Any) -> None:
        s.ships[sea] = {pid: 3, rival: 2}

    await rig(araldo, row, stage)
    await reinforce_all(emulator, araldo, row, user)
    option = next(o for s in panel(emulator, user).selects if ":nv:" in s["custom_id"] for o in s["options"]) \
        if any(":nv:" in c for c in panel(emulator, user).custom_ids) else None
    if option is None:  # behind "Other moves"
        await emulator.click(user, panel(emulator, user), MORE)
        option = next(o for s in panel(emulator, user).selects if ":nv:" in s["custom_id"] for o in s["options"])
    assert option["value"] == f"{sea}.{rival}"
    assert option["label"] == f"{b.name(sea)}: contro {state.name_of(rival)} (3 navi contro 2)"
    step = await choose(emulator, user, "nv", option["value"])
    assert b.name(sea) in step.content
    fought = await press(emulator, user, "⚓ Finché qualcosa affonda")
    state = await state_of(araldo, row)
    assert state.last_attack is not None and state.last_attack.kind == "naval"
    assert state.last_attack.rolls and sum(state.ships[sea].values()) < 5
    said = public(fought)
    assert "Battaglia navale" in said and b.name(sea) in said and state.name_of(rival) in said


def test_every_action_type_has_a_panel_test() -> None:
    assert untested("spqrisiko", sys.modules[__name__], {}) == []
