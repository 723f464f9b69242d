"""The scrubber's history: the state after any move equals a replay of the log from the seed, built
from the nearest checkpoint; an undo keeps only the checkpoints of the moves that stayed."""

from __future__ import annotations

import pytest

from bot.service import GameService
from bot.web import history as history_module
from bot.web.history import CHECKPOINT_EVERY, History
from engine.core import get_game, replay

GUILD, CHAN = "500", "600"


async def played(service: GameService, moves: int) -> int:
    await service.create(kind="corsa", guild_id=GUILD, channel_id=CHAN, creator_id="1001", creator_name="Anna",
                         settings={"target": 1000, "turn_hours": 2})
    await service.join(CHAN, "1002", "Bruno")
    res = await service.start(CHAN, "1001")
    gid = res.game.id
    assert gid is not None
    for i in range(moves):
        _, state = await service.state(gid)
        await service.act(gid, state.players[state.turn].id, {"type": "add", "amount": 1 + i % 3})
    return gid


async def test_every_step_equals_a_replay_from_the_seed(service: GameService) -> None:
    gid = await played(service, 2 * CHECKPOINT_EVERY + 7)
    row, current = await service.state(gid)
    rows = await service.log_rows(gid)
    record = await service.record(gid)
    game = get_game("corsa")
    kept = History()
    for n in (0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 3, 2 * CHECKPOINT_EVERY + 6, 5):
        state, view = kept.view_at(row, current, rows, n, None)
        expected = replay(game, record, entries=n)
        assert game.dump_state(state) == game.dump_state(expected), n
        assert view == game.view(expected, None)
    timeline = kept.timeline(row, current, rows)
    assert set(timeline.checkpoints) == {0, CHECKPOINT_EVERY, 2 * CHECKPOINT_EVERY}
    state, _ = kept.view_at(row, current, rows, len(rows), None)
    assert state is current  # the latest step is the snapshot itself, no replay


async def test_a_step_replays_from_the_nearest_checkpoint(service: GameService, monkeypatch: pytest.MonkeyPatch) -> None:
    gid = await played(service, 3 * CHECKPOINT_EVERY)
    row, current = await service.state(gid)
    rows = await service.log_rows(gid)
    kept = History()
    kept.view_at(row, current, rows, 3 * CHECKPOINT_EVERY - 1, None)  # leaves its checkpoints behind
    game = get_game("corsa")
    applied: list[int] = []
    original = type(game).apply

    def counting(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        applied.append(1)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(type(game), "apply", counting)
    kept.view_at(row, current, rows, 2 * CHECKPOINT_EVERY + 2, None)
    assert len(applied) == 2


async def test_an_undo_keeps_the_checkpoints_of_the_moves_that_stayed(service: GameService) -> None:
    gid = await played(service, 2 * CHECKPOINT_EVERY + 2)
    row, current = await service.state(gid)
    rows = await service.log_rows(gid)
    kept = History()
    kept.view_at(row, current, rows, 2 * CHECKPOINT_EVERY + 1, None)
    await service.undo(gid, CHECKPOINT_EVERY + 5, "mod")
    row, current = await service.state(gid)
    rows = await service.log_rows(gid)
    timeline = kept.timeline(row, current, rows)
    assert max(timeline.checkpoints) <= CHECKPOINT_EVERY
    record = await service.record(gid)
    game = get_game("corsa")
    for n in (CHECKPOINT_EVERY - 1, len(rows) - 1):
        state, _ = kept.view_at(row, current, rows, n, None)
        assert game.dump_state(state) == game.dump_state(replay(game, record, entries=n))


def test_few_games_kept() -> None:
    assert history_module.GAMES_KEPT >= 8
