"""Every game: moves played through the service, an undo of the last two (a reseed and the notes of what
they had shown written to the log), more moves, and a replay of the exported record reaches the stored
game exactly; a second undo that takes back the notes of the first writes them again."""

from __future__ import annotations

import json
import random

import pytest

from bot.service import GameService
from engine.core import RuleError, get_game, replay

GUILD, CHAN = "500", "640"
SETTINGS = {"spqrisiko": {"setup": "random"}, "highfrontier": {"last_year": 10}}
PLAYERS = ("1001", "1002", "1003")
SKIPPED = ("core_away", "end_game")


async def moves(service: GameService, clock, gid: int, count: int, rng: random.Random) -> int:
    made = 0
    for _ in range(count * 4):
        if made == count:
            break
        clock.advance(minutes=rng.choice([0, 1, 5]))
        _, state = await service.state(gid)
        if state.status != "active":
            break
        game = get_game(state.game)
        actor = rng.choice(sorted(game.awaiting(state)) or list(PLAYERS))
        legal = [a for a in game.legal_actions(state, actor) if a.type not in SKIPPED]  # type: ignore[attr-defined]
        if not legal:
            continue
        try:
            await service.act(gid, actor, rng.choice(legal))
        except RuleError:
            continue
        made += 1
    return made


@pytest.mark.parametrize("kind", ["impero", "spqrisiko", "nomic", "highfrontier", "galactica"])
async def test_an_undo_replays_from_the_export_in_every_game(service: GameService, clock, kind: str) -> None:
    await service.create(kind=kind, guild_id=GUILD, channel_id=CHAN, creator_id=PLAYERS[0], creator_name="Anna",
                         settings=SETTINGS.get(kind, {}))
    for pid, name in zip(PLAYERS[1:], ("Bruno", "Carla"), strict=True):
        await service.join(CHAN, pid, name)
    gid = (await service.start(CHAN, PLAYERS[0])).game.id
    rng = random.Random(29)
    assert await moves(service, clock, gid, 30, rng) >= 10
    undone = await service.undo(gid, 2, "mod")
    kinds = [json.loads(r.action_json)["type"] for r in await service.log_rows(gid)]
    assert kinds.count("mod_reseed") == (1 if undone.state.status == "active" else 0)
    await moves(service, clock, gid, 10, rng)
    await service.undo(gid, 1, "mod")
    _row, state = await service.state(gid)
    game = get_game(kind)
    replayed = replay(game, await service.record(gid), until=state.clock)
    assert game.dump_state(replayed) == game.dump_state(state)
    assert (await service.verify(gid, "mod"))[0]


async def test_a_second_undo_writes_the_first_one_s_notes_again(service: GameService, clock) -> None:
    """An undo's notes go with the move before them; taking that move back too keeps what was seen."""
    from engine.core.revealed import Revelation, notes

    await service.create(kind="spqrisiko", guild_id=GUILD, channel_id=CHAN, creator_id=PLAYERS[0],
                         creator_name="Anna", settings={"setup": "random"})
    for pid, name in zip(PLAYERS[1:], ("Bruno", "Carla"), strict=True):
        await service.join(CHAN, pid, name)
    gid = (await service.start(CHAN, PLAYERS[0])).game.id
    rng = random.Random(3)
    await moves(service, clock, gid, 6, rng)
    # a note as an earlier undo would have written it, after the last move
    seen = Revelation(players=[PLAYERS[1]], what={"key": "spqrisiko.card_drawn", "params": {"card": "L"}})
    written = notes([seen])[0]
    await service.act(gid, "mod", written, moderator=True)
    assert [json.loads(r.action_json)["type"] for r in await service.undo_preview(gid, 1)][-1] == "mod_revealed"
    await service.undo(gid, 1, "mod")  # the move before the note, and the note with it
    kept = [json.loads(r.action_json) for r in await service.log_rows(gid)]
    assert written in kept  # written again after the undo: Bruno still reads it in his log
