"""SPQRisiko played by alice, bob and carol through the emulator: `/spqr` commands and buttons."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.spqrisiko import GAME
from engine.spqrisiko.board import board
from engine.spqrisiko.models import NEUTRAL_IDS
from render.spqrisiko import WIDTH as MAP_WIDTH
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.e2e.staging import rig, state_of
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e

ROLL_AGAIN, BLITZ, STOP = "Tira ancora", "A oltranza", "Basta"
CARD_WORDS = ("legionario", "nave", "colosseo", "vessillo")
NAVAL_AGAIN = "Battaglia navale: tira ancora"


async def open_game(emulator: Any, bot: Any, settings: str) -> tuple[Any, dict[str, Any]]:
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    created = await emulator.slash(alice, "game create", game="spqrisiko", settings=settings)
    for p in (bob, carol):
        await emulator.click(p, created, label="Partecipa")
    started = await emulator.slash(alice, "game start")
    assert not started.ephemeral
    row = await bot.service.in_channel(str(emulator.general.id))
    return row, {str(u.id): u for u in (alice, bob, carol)}


def best_attack(state: Any, pid: str) -> tuple[str, str]:
    """The caller's province and neighbour where the odds look best (neutral targets first)."""
    b = board()
    pairs = [(src, dst) for src, owner in state.owner.items() if owner == pid
             for dst in b.provinces[src].land if state.owner[dst] != pid]
    return max(pairs, key=lambda sd: (state.owner[sd[1]] in NEUTRAL_IDS,
                                      state.legions[sd[0]] - state.legions[sd[1]], sd))


def panel_of(result: Any) -> Any:
    return next((m for m in [*result.followups, *result.messages] if m.buttons and not m.ephemeral), None)


async def test_random_setup_turns_attack_buttons_and_private_hand(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261121
    row, users = await open_game(emulator, araldo, "setup=random")
    state = await state_of(araldo, row)
    assert state.phase == "reinforce" and set(state.order) == set(users)
    first = users[state.order[0]]
    assert any("SPQRisiko" in m.content and "Tocca a te" in m.content for m in emulator.dms(first)), "your-turn DM"

    # refusals are ephemeral and in Italian
    other = users[state.order[1]]
    refused = await emulator.slash(other, "spqr end-turn")
    assert refused.ephemeral and "Non è il tuo turno" in refused.content
    unknown = await emulator.slash(first, "spqr reinforce", province="Atlantide", count=1)
    assert unknown.ephemeral and "Atlantide" in unknown.content

    # autocomplete offers own provinces, then the enemy neighbours of the chosen one
    pid = state.order[0]
    own = await emulator.autocomplete(first, "spqr reinforce", focused="province", value="")
    mine = {board().name(p) for p, o in state.owner.items() if o == pid}
    assert own and {c["value"] for c in own} <= mine
    src, dst = best_attack(state, pid)
    targets = await emulator.autocomplete(first, "spqr attack", focused="to_province", value="",
                                          options={"from_province": board().name(src)})
    assert board().name(dst) in {c["value"] for c in targets}

    used_buttons: set[str] = set()
    stale_checked = False
    holder = None
    for _ in range(9):
        state = await state_of(araldo, row)
        pid = state.order[state.current]
        user = users[pid]
        src, dst = best_attack(state, pid)
        placed = await emulator.slash(user, "spqr reinforce", province=board().name(src),
                                      count=state.turn.reinforcements)
        assert not placed.ephemeral
        result = await emulator.slash(user, "spqr attack", from_province=board().name(src),
                                      to_province=board().name(dst))
        assert not result.ephemeral and board().name(dst) in result.content
        panel = panel_of(result)
        if panel is not None and not stale_checked:
            assert set(panel.button_labels) >= {ROLL_AGAIN, BLITZ, STOP}
            again = await emulator.slash(user, "spqr attack", from_province=board().name(src),
                                         to_province=board().name(dst))
            stale = await emulator.click(user, panel, label=ROLL_AGAIN)  # drawn for an older version
            assert stale.ephemeral and "cambiato" in stale.content
            stale_checked = True
            panel = panel_of(again)
        if panel is not None and panel.selects and "until" not in used_buttons:
            picked = await emulator.select(user, panel, ["2"])  # blitz until 2 are left
            assert not picked.ephemeral and any(board().name(dst) in m.content for m in picked.followups)
            used_buttons.add("until")
            after = await state_of(araldo, row)
            assert after.owner[dst] == pid or after.legions[src] <= 2
            panel = panel_of(picked)
        for label in (ROLL_AGAIN, BLITZ):
            if panel is None or label not in panel.button_labels:
                continue
            clicked = await emulator.click(user, panel, label=label)
            used_buttons.add(label)
            assert not clicked.ephemeral
            assert any(board().name(dst) in m.content for m in clicked.followups)
            panel = panel_of(clicked)
        if panel is not None and STOP in panel.button_labels:
            stopped = await emulator.click(user, panel, label=STOP)
            assert not stopped.errors
        ended = await emulator.slash(user, "spqr end-turn")
        assert not ended.ephemeral
        state = await state_of(araldo, row)
        holder = next((p for p, hand in state.hands.items() if hand), None)
        if holder and used_buttons == {ROLL_AGAIN, BLITZ, "until"}:
            break
    assert used_buttons == {ROLL_AGAIN, BLITZ, "until"} and stale_checked
    assert holder is not None, "somebody conquered a province and drew a card"

    # the hand: ephemeral to its owner, never in the channel for anyone else
    owner = users[holder]
    hand = await emulator.slash(owner, "spqr hand")
    assert hand.ephemeral and "La tua mano" in hand.content
    assert any(word in hand.content for word in CARD_WORDS)
    for pid, user in users.items():
        if pid == holder:
            continue
        seen = emulator.messages_seen(user, emulator.general) + emulator.dms(user)
        assert not any(hand.content in m.content or "La tua mano" in m.content or "Hai pescato" in m.content
                       for m in seen)
        assert hand.message not in emulator.messages_seen(user, emulator.general)

    shown = await emulator.slash(owner, "spqr map")
    images = [a for m in shown.messages for a in m.attachments if a.filename.endswith(".png")]
    assert not shown.ephemeral and images and images[0].width == MAP_WIDTH
    score = await emulator.slash(owner, "spqr score")
    assert not score.ephemeral and "/20" in score.content
    odds = await emulator.slash(owner, "spqr odds", attacker=5, defender=3)
    assert odds.ephemeral and "%" in odds.content
    emulator.assert_no_unknown_routes()


async def test_placement_in_choose_mode(emulator: Any, araldo: Any) -> None:
    row, users = await open_game(emulator, araldo, "placement_hours=2")
    state = await state_of(araldo, row)
    assert state.phase == "placement"
    for _ in range(4):
        state = await state_of(araldo, row)
        user = users[state.order[state.current]]
        assert any("piazzare" in m.content or "Tocca a te" in m.content for m in emulator.dms(user))
        offered = await emulator.autocomplete(user, "spqr place", focused="province", value="")
        free = [c["value"] for c in offered]
        assert free and all(board().resolve_province(n) not in state.owner for n in free)
        missing = await emulator.slash(user, "spqr place", province=free[0])
        assert missing.ephemeral  # 3 neutral legionaries must go somewhere too
        placed = await emulator.slash(user, "spqr place", province=free[0], neutral_province=free[1])
        assert not placed.ephemeral and free[0] in placed.content and free[1] in placed.content
        after = await state_of(araldo, row)
        assert after.owner[board().resolve_province(free[0])] == state.order[state.current]
        assert after.owner[board().resolve_province(free[1])] in NEUTRAL_IDS
    state = await state_of(araldo, row)
    taken = next(p for p, o in state.owner.items() if o in NEUTRAL_IDS)
    user = users[state.order[state.current]]
    refused = await emulator.slash(user, "spqr place", province=board().name(taken), neutral_province="Roma")
    assert refused.ephemeral and "occupata" in refused.content


async def test_turn_timeout_is_played_by_autopilot(emulator: Any, tmp_path: Any) -> None:
    clock = FakeClock(datetime.now(UTC).replace(microsecond=0))
    bot = AraldoBot(bot_settings(emulator, tmp_path), extra_extensions=("tests.fixtures.testgame.cog",), clock=clock)
    async with running_bot(emulator, bot, commands=TOP_COMMANDS):
        row, users = await open_game(emulator, bot, "setup=random turn_hours=1")
        state = await state_of(bot, row)
        late = state.order[0]
        clock.advance(hours=1, minutes=5)
        await bot.deadlines.wake(row.id)
        await bot.notifier.drain()  # what the timer says goes out through the outbox
        state = await state_of(bot, row)
        assert state.order[state.current] != late and state.timeouts[late] == 1
        assert any("scaduto" in m.content for m in emulator.dms(users[late]))
        nxt = users[state.order[state.current]]
        assert any("È il tuo turno" in m.content for m in emulator.dms(nxt))
        public = [m.content for m in emulator.messages_seen(nxt, emulator.general)]
        assert any("automatico" in c or "autopilota" in c for c in public)


async def test_cards_conversions_fleet_naval_landing_move_in_and_away(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261121
    row, users = await open_game(emulator, araldo, "setup=random")
    state = await state_of(araldo, row)
    pid, nxt, third = state.order
    user, other = users[pid], users[nxt]
    rival = state.name_of(nxt)

    def stage(s: Any) -> None:
        s.owner.update({"roma": pid, "campania": pid, "sardinia": "neutral-1", "apulia": "neutral-1",
                        "bruttium": "neutral-1"})
        s.legions.update({"roma": 10, "campania": 40, "sardinia": 2, "apulia": 1, "bruttium": 1})
        cards = [c for c in s.deck.draw_pile if c.startswith("nave:")][:3]
        s.deck.draw_pile = [c for c in s.deck.draw_pile if c not in cards]
        s.hands[pid] = cards
        s.ships["mare_tyrrhenum"] = {pid: 3}
        s.ships["mare_ionium"] = {nxt: 6}

    staged = await rig(araldo, row, stage)
    assert all(GAME.provinces_of(staged, p) for p in staged.order)

    hand = await emulator.slash(user, "spqr hand")
    assert hand.ephemeral and "nave ×3" in hand.content
    bad = await emulator.slash(user, "spqr play-cards", first="nave", second="nave", third="legionario")
    assert bad.ephemeral and (await state_of(araldo, row)).hands[pid] == staged.hands[pid]
    sea = "Mare Tyrrhenum"
    played = await emulator.slash(user, "spqr play-cards", first="nave", second="nave", third="nave",
                                  ship_seas=f"{sea}, {sea}, {sea}")
    assert not played.ephemeral
    state = await state_of(araldo, row)
    assert state.ships["mare_tyrrhenum"][pid] == 6 and state.hands[pid] == []
    assert state.turn.reinforcements >= 8 + 3

    await emulator.slash(user, "spqr reinforce", province="Roma", count=state.turn.reinforcements)
    roma = (await state_of(araldo, row)).legions["roma"]
    made = await emulator.slash(user, "spqr convert", what="legionaries_to_ship", province="Roma", sea=sea)
    assert not made.ephemeral and sea in made.content
    back = await emulator.slash(user, "spqr convert", what="ship_to_legionaries", province="Roma", sea=sea)
    assert not back.ephemeral
    state = await state_of(araldo, row)
    assert state.legions["roma"] == roma - 3 + 2 and state.ships["mare_tyrrhenum"][pid] == 6

    moved = await emulator.slash(user, "spqr move-fleet", from_sea=sea, to_sea="Mare Ionium", count=4)
    assert not moved.ephemeral and "Mare Ionium" in moved.content
    again = await emulator.slash(user, "spqr move-fleet", from_sea=sea, to_sea="Mare Ionium", count=1)
    assert again.ephemeral  # one naval move per turn
    state = await state_of(araldo, row)
    assert state.ships["mare_tyrrhenum"][pid] == 2 and state.ships["mare_ionium"][pid] == 4

    naval = await emulator.slash(user, "spqr naval-attack", sea="Mare Ionium", defender=rival, rolls="once")
    assert not naval.ephemeral and "Mare Ionium" in naval.content
    state = await state_of(araldo, row)
    assert state.turn.naval_battle is not None, "this seed's first naval roll sinks a ship"
    panel = panel_of(naval)
    assert panel is not None and NAVAL_AGAIN in panel.button_labels
    rolled = await emulator.click(user, panel, label=NAVAL_AGAIN)
    assert not rolled.ephemeral and any("Mare Ionium" in m.content for m in rolled.followups)
    assert len((await state_of(araldo, row)).last_attack.rolls) == 1  # one more roll, a new record
    assert any("flotta" in m.content for m in emulator.dms(other)), "the defender hears of it"

    landed = await emulator.slash(user, "spqr land", from_province="Roma", to_province="Sardinia", count=4)
    assert not landed.ephemeral and "Sardinia" in landed.content
    twice = await emulator.slash(user, "spqr land", from_province="Roma", to_province="Sardinia", count=2)
    assert twice.ephemeral  # one landing per province and turn (or it is already ours)
    state = await state_of(araldo, row)
    assert state.last_attack.kind == "landing" and state.legions["roma"] == roma - 1 - 4

    # a conquest: the panel offers more legionaries to move in
    taken = await emulator.slash(user, "spqr attack", from_province="Campania", to_province="Apulia",
                                 rolls="blitz")
    state = await state_of(araldo, row)
    assert state.owner["apulia"] == pid and state.turn.conquest_move is not None
    panel = panel_of(taken) or next(m for m in [*taken.followups, *taken.messages] if m.selects)
    campania, apulia = state.legions["campania"], state.legions["apulia"]
    picked = await emulator.select(user, panel, ["5"])
    assert not picked.ephemeral
    state = await state_of(araldo, row)
    assert (state.legions["campania"], state.legions["apulia"]) == (campania - 5, apulia + 5)
    # the same through /spqr fortify right after the next conquest: it does not end the turn
    await emulator.slash(user, "spqr attack", from_province="Campania", to_province="Bruttium", rolls="blitz")
    state = await state_of(araldo, row)
    assert state.owner["bruttium"] == pid
    campania, bruttium = state.legions["campania"], state.legions["bruttium"]
    moved_in = await emulator.slash(user, "spqr fortify", from_province="Campania", to_province="Bruttium",
                                    count=3)
    assert not moved_in.ephemeral
    state = await state_of(araldo, row)
    assert state.order[state.current] == pid
    assert (state.legions["campania"], state.legions["bruttium"]) == (campania - 3, bruttium + 3)

    # the next player declares an absence: their turn is played by the autopilot at once
    away = await emulator.slash(other, "away", until="2099-01-01")
    assert away.ephemeral
    assert nxt in (await state_of(araldo, row)).autopilot
    final = await emulator.slash(user, "spqr fortify", from_province="Campania", to_province="Roma", count=1)
    assert not final.ephemeral
    assert any("Hai pescato" in m.content for m in final.followups if m.ephemeral)
    state = await state_of(araldo, row)
    assert len(state.hands[pid]) == 1 and state.order[state.current] == third
    assert nxt in state.autopilot and state.timeouts.get(nxt, 0) == 0
    home = await emulator.slash(other, "away", until="off")
    assert home.ephemeral
    assert nxt not in (await state_of(araldo, row)).autopilot
    emulator.assert_no_unknown_routes()
