"""SPQRisiko's end game as the players see it: an elimination, then a victory, told by DM and in the channel.

Only the position is staged (after round 4, one player down to a single province, another one point
short of the target); every move after it goes through the slash commands and buttons.
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.spqrisiko.board import board
from tests.e2e.staging import rig, state_of
from tests.e2e.test_spqrisiko import BLITZ, open_game, panel_of

pytestmark = pytest.mark.e2e

ATTACKER_HOME, VICTIM_LAST = "campania", "apulia"  # neighbours by land


def game_dms(emulator: Any, user: Any, text: str) -> list[Any]:
    return [m for m in emulator.dms(user) if "SPQRisiko" in m.content and text in m.content]


def public(emulator: Any, user: Any, text: str) -> list[Any]:
    return [m for m in emulator.messages_seen(user, emulator.general) if not m.ephemeral and text in m.content]


async def test_elimination_then_victory_reach_every_player(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 20261121
    row, users = await open_game(emulator, araldo, "setup=random")
    state = await state_of(araldo, row)
    conqueror, victim, leader = state.order
    assert state.order[state.current] == conqueror
    target = state.settings.target_points

    def stage(s: Any) -> None:
        s.round = s.settings.protected_rounds + 1  # the last province is no longer protected
        for p, owner in s.owner.items():
            if owner == victim:
                s.owner[p] = leader
        s.owner.update({ATTACKER_HOME: conqueror, VICTIM_LAST: victim})
        s.legions.update({ATTACKER_HOME: 40, VICTIM_LAST: 1})
        s.hands[victim] = s.deck.draw_pile[:2]
        s.deck.draw_pile = s.deck.draw_pile[2:]
        s.ships["mare_ionium"] = {victim: 2}
        # one point short; a colosseum in a province of theirs is worth the last point at their scoring
        s.points[leader] = target - 1
        s.colossei = [next(p for p, o in sorted(s.owner.items()) if o == leader)]

    staged = await rig(araldo, row, stage)
    loot = list(staged.hands[victim])
    conqueror_hand = list(staged.hands[conqueror])
    c_user, v_user, l_user = users[conqueror], users[victim], users[leader]
    victim_name, conqueror_name, leader_name = (staged.name_of(p) for p in (victim, conqueror, leader))
    home, last = board().name(ATTACKER_HOME), board().name(VICTIM_LAST)

    placed = await emulator.slash(c_user, "spqr reinforce", province=home, count=staged.turn.reinforcements)
    assert not placed.ephemeral

    # blitz at 40+ against 1; dice are dice: roll on until the province falls
    result = await emulator.slash(c_user, "spqr attack", from_province=home, to_province=last, rolls="blitz")
    assert not result.ephemeral and last in result.content
    for _ in range(5):
        state = await state_of(araldo, row)
        if state.owner[VICTIM_LAST] == conqueror:
            break
        panel = panel_of(result)
        if panel is not None and BLITZ in panel.button_labels:
            result = await emulator.click(c_user, panel, label=BLITZ)
        else:
            result = await emulator.slash(c_user, "spqr attack", from_province=home, to_province=last, rolls="blitz")
        assert not result.ephemeral
    state = await state_of(araldo, row)
    assert state.owner[VICTIM_LAST] == conqueror and state.eliminated == [victim]
    assert state.status == "active" and state.order[state.current] == conqueror
    # the victim's cards went to the conqueror, their fleet left the board
    assert state.hands[victim] == [] and sorted(state.hands[conqueror]) == sorted(conqueror_hand + loot)
    assert all(victim not in fleet for fleet in state.ships.values())

    await araldo.notifier.drain()
    eliminated = f"{conqueror_name} elimina {victim_name} e prende la sua mano: {len(loot)} carte"
    assert game_dms(emulator, v_user, eliminated), [m.content for m in emulator.dms(v_user)]
    assert game_dms(emulator, v_user, "ti ha attaccato"), "the defender hears of the battle too"
    for user in (c_user, l_user):
        assert game_dms(emulator, user, eliminated), "everyone at the table is told"
        assert public(emulator, user, eliminated), "and it is said in the channel"

    hand = await emulator.slash(c_user, "spqr hand")
    assert hand.ephemeral and "La tua mano" in hand.content
    # the eliminated player can no longer act; nothing changed
    version = (await araldo.service.get(row.id)).version
    refused = await emulator.slash(v_user, "spqr end-turn")
    assert refused.ephemeral and "eliminato" in refused.content
    assert (await araldo.service.get(row.id)).version == version

    # the conqueror ends the turn; the victim is skipped; the leader's scoring reaches the target
    ended = await emulator.slash(c_user, "spqr end-turn")
    assert not ended.ephemeral
    assert any("Hai pescato" in m.content for m in ended.followups if m.ephemeral), "a card for the conquest"
    state = await state_of(araldo, row)
    assert state.status == "finished" and state.winners == [leader] and state.end_reason == "target"
    assert state.points[leader] >= target and state.order[state.current] == leader  # the victim was skipped
    assert len(state.hands[conqueror]) == len(conqueror_hand + loot) + 1

    await araldo.notifier.drain()
    won = f"{leader_name} vince con {state.points[leader]} punti"
    over = f"Partita finita. Vince: {leader_name}"
    for user in (c_user, v_user, l_user):
        assert game_dms(emulator, user, won), f"victory DM for {user}"
        assert game_dms(emulator, user, over), f"game-over DM for {user}"
        assert public(emulator, user, won), "the channel hears it too"
    assert not game_dms(emulator, v_user, "Tocca a te"), "an eliminated seat is never called to play"

    status = await emulator.slash(l_user, "game status")
    assert not status.ephemeral
    # how it ended, said once: not "La partita è finita." and then "Partita finita. Vince: Carol."
    assert status.content.count(over) == 1 and "La partita è finita" not in status.content

    # the game is over: a move is refused privately and changes nothing
    version = (await araldo.service.get(row.id)).version
    late = await emulator.slash(c_user, "spqr reinforce", province=home, count=1)
    assert late.ephemeral and "La partita è finita." in late.content
    assert (await araldo.service.get(row.id)).version == version
    assert late.message not in emulator.messages_seen(l_user)
    emulator.assert_no_unknown_routes()
