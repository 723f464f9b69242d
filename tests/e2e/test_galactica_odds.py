"""`/galactica odds` through the emulator: Erin (en-US) in an Italian server asks the odds of her fleet
against a planet held by Alice's fleet and cannons, then of a landing on it. The answer is hers alone
(ephemeral), in English, with the table and the picture, and its numbers are the engine's exact odds of
that very line-up; Alice reads hers in Italian; mixed counts are refused in words; /help lists it."""

from __future__ import annotations

from typing import Any

import pytest

from engine.galactica.battle_odds import ground_odds, space_odds
from engine.galactica.fleets import new_fleet
from tests.e2e.staging import rig
from tests.e2e.transcript import problems
from tests.engine.galactica.helpers import give_planet

pytestmark = pytest.mark.e2e


def said(result: Any) -> str:
    return "\n".join(m.content for m in [result.message, *result.followups])


def everything_private(result: Any) -> bool:
    return all(m.ephemeral for m in [result.message, *result.followups, *result.messages])


async def test_an_english_player_reads_her_battle_odds_alone(emulator: Any, araldo: Any) -> None:
    araldo.service.seed_source = lambda: 4242
    alice = emulator.user("alice")
    erin = emulator.add_user("erin", display_name="Erin", locale="en-US")
    created = await emulator.slash(erin, "game create", game="galactica")
    await emulator.click(alice, created, label="Partecipa")
    await emulator.slash(erin, "game start")
    row = await araldo.service.in_channel(str(emulator.general.id))
    a, e = str(alice.id), str(erin.id)

    def stage(s: Any) -> None:
        new_fleet(s, e, "E3", {"fighter": 3, "torpedo": 2}, tanks=4)
        give_planet(s, a, "E4", "vulcania", "cannon", "turret")
        s.planets["vulcania"].tanks = 2
        new_fleet(s, a, "E4", {"fighter": 2, "torpedo": 1})

    await rig(araldo, row, stage)
    seen_before = len(emulator.messages_seen(alice))

    # space: her fleet at E3 against Alice's fleet at E4 and the planet's cannon
    space = await emulator.slash(erin, "galactica odds", fleet="E3", target="E4", timeout=60)
    text = said(space)
    exact = space_odds({"fighter": 3, "torpedo": 2}, {"fighter": 2, "torpedo": 1, "cannon": 1})
    assert everything_private(space)
    assert "**Space battle at E4: the odds**" in text
    assert "Erin attacks with 3 fighters, 2 torpedo boats; Alice defends with 2 fighters, 1 torpedo boat" in text
    assert f"Attacker wins: **{exact.chance('attacker') * 100:.1f}%**" in text
    assert f"defender wins: **{exact.chance('defender') * 100:.1f}%**" in text
    assert "winner" in text and "units left" in text  # the table's head
    assert "Vince" not in text and "attaccante" not in text
    assert any(m.images for m in [space.message, *space.followups])

    # ground: the tanks she carries landing on Vulcania, against its tanks and its turret
    ground = await emulator.slash(erin, "galactica odds", fleet="E3", target="Vulcania", ground=True, timeout=60)
    text = said(ground)
    landing = ground_odds(4, 2, 1)
    assert everything_private(ground) and "**Ground battle on Vulcania: the odds**" in text
    assert f"Attacker wins: **{landing.chance('attacker') * 100:.1f}%**" in text

    # counts she gives replace the board's
    given = await emulator.slash(erin, "galactica odds", fleet="E3", target="E4", enemy_cannons=0, timeout=60)
    no_cannon = space_odds({"fighter": 3, "torpedo": 2}, {"fighter": 2, "torpedo": 1})
    assert f"Attacker wins: **{no_cannon.chance('attacker') * 100:.1f}%**" in said(given)

    # nothing of it reached the channel or Alice
    assert len(emulator.messages_seen(alice)) == seen_before

    # Alice asks in Italian, from numbers alone
    hers = await emulator.slash(alice, "galactica odds", fighters=2, enemy_fighters=1, timeout=60)
    assert everything_private(hers) and "Vince l'attaccante" in said(hers) and "Attacker wins" not in said(hers)

    # bad input: a clear refusal in her language, nothing computed
    mixed = await emulator.slash(erin, "galactica odds", fighters=1, enemy_tanks=2)
    assert mixed.ephemeral and "Ships and cannons fight in space" in mixed.content
    nobody = await emulator.slash(erin, "galactica odds", fleet="E3", target="K1")
    assert nobody.ephemeral and "would not fight anyone" in nobody.content
    empty = await emulator.slash(erin, "galactica odds", fleet="E3", target="E4", fighters=0, torpedoes=0)
    assert empty.ephemeral and "at least one attacking ship" in empty.content

    # /help lists the command in her language
    helped = "\n".join(m.content for m in (await emulator.slash(erin, "help", game="galactica")).messages)
    assert "`/galactica odds` — Exact chances of a space or ground battle" in helped
    assert problems(m for m in emulator.messages_seen(erin) if m.ephemeral) == []  # no stray key, no Italian
