"""SPQRisiko played by alice, bob and carol through the emulator: `/spqr` commands and buttons."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from bot.main import AraldoBot
from engine.spqrisiko.board import board
from engine.spqrisiko.models import NEUTRAL_IDS
from tests.conftest import FakeClock
from tests.e2e.conftest import TOP_COMMANDS, bot_settings
from tests.emulator.fixtures import running_bot

pytestmark = pytest.mark.e2e

ROLL_AGAIN, BLITZ, STOP = "Tira ancora", "A oltranza", "Basta"
CARD_WORDS = ("legionario", "nave", "colosseo", "vessillo")


async def open_game(emulator: Any, bot: Any, settings: str) -> tuple[Any, dict[str, Any]]:
    alice, bob, carol = emulator.user("alice"), emulator.user("bob"), emulator.user("carol")
    created = await emulator.slash(alice, "game create", game="spqrisiko", settings=settings)
    for p in (bob, carol):
        await emulator.click(p, created, label="Partecipa")
    started = await emulator.slash(alice, "game start")
    assert not started.ephemeral
    row = await bot.service.in_channel(str(emulator.general.id))
    return row, {str(u.id): u for u in (alice, bob, carol)}


async def state_of(bot: Any, row: Any) -> Any:
    _, state = await bot.service.state(row.id)
    return state


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
    assert not shown.ephemeral and images and images[0].width == 1600
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
        state = await state_of(bot, row)
        assert state.order[state.current] != late and state.timeouts[late] == 1
        assert any("scaduto" in m.content for m in emulator.dms(users[late]))
        nxt = users[state.order[state.current]]
        assert any("È il tuo turno" in m.content for m in emulator.dms(nxt))
        public = [m.content for m in emulator.messages_seen(nxt, emulator.general)]
        assert any("automatico" in c or "autopilota" in c for c in public)
