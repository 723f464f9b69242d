"""The chronicle: closed Giornate leave the live state, the views still show them, snapshots saved
before it (state version 1) load, and a replaced player is renamed inside it too."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.core import GameRecord, replay
from engine.nomic import GAME, chronicle
from engine.nomic.models import NomicState
from tests.engine.nomic.helpers import A, B, C, D, enact, new_game, proposal, propose, rollover, vote

# written by the code before the chronicle: a game in its third Giornata with a passed law, a repeal,
# a rejected law, a law deleted by its owner (rule 2400), an amendment, and a live letter
V1 = json.loads((Path(__file__).parents[2] / "fixtures" / "nomic" / "state_v1.json").read_text())


def test_a_closed_giornata_leaves_the_state_and_stays_in_the_views() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    (q,) = propose(s, C, enact("Silenzio"))
    for voter in (A, C, D):
        vote(s, voter, p, "for", rating=8)
    vote(s, A, q, "against")
    rollover(s)
    assert s.proposals == [] and s.letters == [] and len(s.chronicle) == 1
    shown = {x.id: x for x in GAME.view(s, None).proposals}
    assert shown[p].outcome == "passed" and shown[p].number == proposal(s, p).result_number == 2800
    assert shown[q].outcome == "rejected" and shown[q].author == "Carla"
    (r,) = propose(s, D, enact("Guerra"))  # numbering goes on across the chronicle
    assert r == q + 1 and proposal(s, r).letter == proposal(s, q).letter + 1
    assert [x.id for x in GAME.view(s, None).proposals] == [p, q, r]


def test_a_version_1_snapshot_migrates_to_what_a_replay_builds_today() -> None:
    data: dict[str, Any] = V1["snapshot"]
    assert V1["state_version"] == 1 and "chronicle" not in data and data["repealed"]
    migrated = GAME.load_state(GAME.migrate_state(json.loads(json.dumps(data)), 1))
    record = GameRecord.model_validate(V1["record"])
    replayed = replay(GAME, record, until=migrated.clock)
    # a replay today pays Giornata 1's income (rule 2500), which the old game never had: the money
    # and the weighted totals differ by it, everything else is the same
    money = {"treasure", "minted", "history", "chronicle"}
    a, b = GAME.dump_state(migrated), GAME.dump_state(replayed)
    assert {k: v for k, v in a.items() if k not in money} == {k: v for k, v in b.items() if k not in money}
    assert [(p.id, p.outcome) for p in chronicle.all_proposals(migrated)] == \
        [(p.id, p.outcome) for p in chronicle.all_proposals(replayed)]
    assert {p: t - migrated.treasure[p] for p, t in replayed.treasure.items()} == dict.fromkeys(migrated.treasure, 1)
    # nothing the views showed before is lost
    old = [(p["id"], p.get("outcome", "pending")) for p in data["proposals"]]
    assert [(p.id, p.outcome) for p in chronicle.all_proposals(migrated)] == old
    assert migrated.giornata == 3 and len(migrated.chronicle) == 2 and migrated.letter_seq == len(data["letters"])
    repealed = [r.title for r in chronicle.repealed(migrated)]
    assert sorted(repealed) == sorted(r["title"] for r in data["repealed"])


def test_a_replaced_player_is_renamed_in_the_chronicle() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, C, p, "for")
    rollover(s, filler=C)
    GAME.apply(s, A, {"type": "mod_replace", "player": B, "new_id": "2002", "new_name": "Beppe"}, s.clock,
               moderator=True)
    assert proposal(s, p).author == "2002"
    assert next(x for x in GAME.view(s, None).proposals if x.id == p).author == "Beppe"
    assert all(B not in chronicle.read(text).model_dump_json() for text in s.chronicle)


def test_a_long_game_keeps_only_the_live_giornata_in_the_state() -> None:
    s: NomicState = new_game()
    for _ in range(4):
        rollover(s, filler=next(p for p in (B, C, D) if p != s.king))
    assert s.giornata == 5 and len(s.chronicle) == 4 and s.proposals == [] and s.letters == []
    assert [p.giornata for p in chronicle.all_proposals(s)] == [1, 2, 3, 4] and chronicle.proposal(s, 99) is None
