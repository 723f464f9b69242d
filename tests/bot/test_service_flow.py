"""The platform acceptance flow with the test game: create -> join -> start -> actions -> a timer by
fake clock -> export -> import -> replay, on SQLite and (when configured) PostgreSQL."""

from __future__ import annotations

import json

import pytest

from bot.service import GameService
from engine.core import GameRecord, RuleError, get_game, replay

GUILD, CHAN, CHAN2 = "500", "600", "601"


async def started(service: GameService, players=("1001", "1002", "1003")):
    await service.create(kind="corsa", guild_id=GUILD, channel_id=CHAN, creator_id=players[0],
                         creator_name="P" + players[0], settings={"target": 30, "turn_hours": 2})
    for pid in players[1:]:
        await service.join(CHAN, pid, "P" + pid)
    return await service.start(CHAN, players[0])


async def test_whole_flow(service: GameService, clock) -> None:
    res = await started(service)
    gid = res.game.id
    assert res.game.status == "active" and res.game.version == 1
    order = [p.id for p in res.state.players]
    r = await service.act(gid, order[0], {"type": "add", "amount": 3}, interaction_id="i1")
    assert r.state.total == 3 and r.game.version == 2
    clock.advance(hours=2, minutes=1)  # the second player's deadline passes
    ticked = await service.tick(gid)
    assert ticked is not None and [e.key for e in ticked.events][0] == "corsa.timeout"
    assert ticked.state.total == 4
    await service.act(gid, order[2], {"type": "add", "amount": 2})

    record = await service.record(gid)
    exported = json.loads(record.model_dump_json())
    # the deadline's line (what it did, actor "deadline") is in the record and replays as a no-op
    assert exported["format"] == "araldo-game/1" and len(exported["log"]) == 3
    assert exported["log"][1]["actor"] == "deadline" and exported["log"][1]["action"]["type"] == "mod_told"
    _, live = await service.state(gid)
    assert replay(get_game("corsa"), GameRecord.model_validate(exported), until=live.clock) == live
    ok, detail = await service.verify(gid, "mod")
    assert ok, detail

    imported = await service.import_record(GameRecord.model_validate(exported), guild_id=GUILD,
                                           channel_id=CHAN2, moderator="mod")
    assert imported.state.total == live.total and imported.state.history == live.history
    ok, _ = await service.verify(imported.game.id, "mod")
    assert ok


async def test_interaction_applied_at_most_once(service: GameService) -> None:
    res = await started(service)
    first = res.state.players[0].id
    await service.act(res.game.id, first, {"type": "add", "amount": 1}, interaction_id="dup")
    with pytest.raises(RuleError) as err:
        await service.act(res.game.id, first, {"type": "add", "amount": 1}, interaction_id="dup")
    assert err.value.code == "core.already_applied"
    assert len(await service.log_rows(res.game.id)) == 1


async def test_bad_input_changes_nothing(service: GameService) -> None:
    res = await started(service)
    gid, first = res.game.id, res.state.players[0].id
    second = res.state.players[1].id
    cases = [
        (first, {"type": "add", "amount": -1}, "corsa.bad_amount"),
        (first, {"type": "add", "amount": 10**12}, "corsa.bad_amount"),
        (first, {"type": "add", "amount": "tre"}, "core.bad_action"),
        (first, {"type": "jump"}, "core.bad_action"),
        (first, {}, "core.bad_action"),
        (second, {"type": "add", "amount": 1}, "core.not_your_turn"),
        ("999", {"type": "add", "amount": 1}, "core.not_a_player"),
        (first, {"type": "mod_end"}, "core.not_moderator"),
    ]
    for actor, action, code in cases:
        with pytest.raises(RuleError) as err:
            await service.act(gid, actor, action)
        assert err.value.code == code, action
    row = await service.get(gid)
    assert row.version == 1 and await service.log_rows(gid) == []
    with pytest.raises(RuleError) as err:
        await service.act(424242, first, {"type": "add", "amount": 1})
    assert err.value.code == "core.no_game"
    with pytest.raises(RuleError) as err:
        await service.create(kind="scacchi", guild_id=GUILD, channel_id="9", creator_id="1", creator_name="x")
    assert err.value.code == "core.unknown_game"


async def test_lobby_rules(service: GameService) -> None:
    await service.create(kind="corsa", guild_id=GUILD, channel_id=CHAN, creator_id="1", creator_name="A")
    with pytest.raises(RuleError) as err:
        await service.create(kind="corsa", guild_id=GUILD, channel_id=CHAN, creator_id="2", creator_name="B")
    assert err.value.code == "core.channel_busy"
    with pytest.raises(RuleError) as err:
        await service.join(CHAN, "1", "A")
    assert err.value.code == "core.already_joined"
    with pytest.raises(RuleError) as err:
        await service.start(CHAN, "1")
    assert err.value.code == "core.player_count"
    await service.join(CHAN, "2", "B")
    with pytest.raises(RuleError) as err:
        await service.start(CHAN, "2")
    assert err.value.code == "core.only_creator"
    game = await service.in_channel(CHAN)
    with pytest.raises(RuleError) as err:
        await service.act(game.id, "1", {"type": "add", "amount": 1})
    assert err.value.code == "core.not_started"
    await service.leave(CHAN, "2")
    with pytest.raises(RuleError):
        await service.leave(CHAN, "2")
    with pytest.raises(RuleError) as err:
        await service.create(kind="corsa", guild_id=GUILD, channel_id="7", creator_id="1", creator_name="A",
                             settings={"target": -5})
    assert err.value.code == "core.bad_setting"


async def test_finished_game_refuses_moves(service: GameService) -> None:
    res = await started(service, players=("1", "2"))
    await service.act(res.game.id, "mod", {"type": "mod_end", "reason": "test"}, moderator=True)
    with pytest.raises(RuleError) as err:
        await service.act(res.game.id, res.state.players[0].id, {"type": "add", "amount": 1})
    assert err.value.code == "core.game_over"
    assert (await service.get(res.game.id)).status == "finished"


async def test_undo_replays_without_last_entries(service: GameService, clock) -> None:
    res = await started(service, players=("1", "2"))
    gid = res.game.id
    a, b = (p.id for p in res.state.players)
    await service.act(gid, a, {"type": "add", "amount": 3})
    clock.advance(minutes=5)
    await service.act(gid, b, {"type": "add", "amount": 2})
    preview = await service.undo_preview(gid, 1)
    assert [r.actor for r in preview] == [b]
    seed_before = (await service.state(gid))[1].rng.seed
    undone = await service.undo(gid, 1, "mod")
    assert undone.state.total == 3
    # the undo logs a reseed (fresh chance for what nobody saw yet), replayed like any entry
    kept = await service.log_rows(gid)
    assert [json.loads(r.action_json)["type"] for r in kept] == ["add", "mod_reseed"] and kept[1].moderator
    assert undone.state.rng.seed != seed_before
    assert len(await service.log_rows(gid, include_undone=True)) == 3
    assert (await service.verify(gid, "mod"))[0]
    replayed = replay(get_game("corsa"), await service.record(gid))
    assert replayed.rng == undone.state.rng and replayed.total == undone.state.total
    assert [a.what for a in await service.audits(gid)] == ["undo", "verify"]
    # the reseed is no move: undoing one more takes back the move before it, reseed and all
    assert [r.actor for r in await service.undo_preview(gid, 1)] == [a, "mod"]
    twice = await service.undo(gid, 1, "mod")
    assert twice.state.total == 0
    assert [json.loads(r.action_json)["type"] for r in await service.log_rows(gid)] == ["mod_reseed"]


async def test_restart_fires_missed_deadlines_in_order(db, clock) -> None:
    """A new service over the same database (the bot restarted) ticks missed timers in order."""
    from bot.service import GameService

    first = GameService(db, clock=clock, seed_source=lambda: 5)
    res = await started(first, players=("1", "2"))
    del first
    clock.advance(hours=7)  # three 2-hour deadlines passed while "down"
    second = GameService(db, clock=clock)
    ticked = await second.tick(res.game.id)
    assert ticked is not None
    stamps = [e.at for e in ticked.events if e.key == "corsa.timeout"]
    assert len(stamps) == 3 and stamps == sorted(stamps)
    assert ticked.state.total == 3


async def test_two_services_race_exactly_one_wins_per_version(db, clock) -> None:
    import asyncio

    from bot.service import GameService

    one, two = GameService(db, clock=clock, seed_source=lambda: 9), GameService(db, clock=clock)
    res = await started(one, players=("1", "2"))
    first = res.state.players[0].id
    results = await asyncio.gather(
        one.act(res.game.id, first, {"type": "add", "amount": 1}),
        two.act(res.game.id, first, {"type": "add", "amount": 2}),
        return_exceptions=True,
    )
    wins = [r for r in results if not isinstance(r, BaseException)]
    losses = [r for r in results if isinstance(r, BaseException)]
    assert len(wins) == 1 and len(losses) == 1
    assert isinstance(losses[0], RuleError) and losses[0].code == "core.not_your_turn"
    rows = await one.log_rows(res.game.id)
    assert len(rows) == 1 and (await one.get(res.game.id)).version == 2


async def test_timer_fires_once_when_two_processes_tick_together(db, clock) -> None:
    import asyncio

    from bot.service import GameService

    one, two = GameService(db, clock=clock, seed_source=lambda: 11), GameService(db, clock=clock)
    res = await started(one, players=("1", "2"))
    clock.advance(hours=2, minutes=1)
    await asyncio.gather(one.tick(res.game.id), two.tick(res.game.id))
    _, state = await one.state(res.game.id)
    assert state.total == 1 and state.history[-1].endswith("timeout")
    assert (await one.get(res.game.id)).version == 2


async def test_servers_start_with_the_configured_defaults(db, clock) -> None:
    from bot.service import GameService

    svc = GameService(db, clock=clock, default_locale="en", default_timezone="America/New_York")
    cfg = await svc.guild_config("42")
    assert (cfg.locale, cfg.timezone) == ("en", "America/New_York")
    cfg = await svc.set_guild_config("42", mod_role_id="7")
    assert (cfg.locale, cfg.timezone, cfg.mod_role_id) == ("en", "America/New_York", "7")
    row = await svc.create(kind="corsa", guild_id="42", channel_id="9", creator_id="1", creator_name="A",
                           timezone=cfg.timezone)
    assert '"timezone":"America/New_York"' in row.settings_json


async def test_nomic_newcomer_replays_from_the_export(service: GameService, clock) -> None:
    """A player the Scribe admitted mid-game is not a starting seat of the export: replaying the
    admission seats him again, and verify agrees with the snapshot."""
    await service.create(kind="nomic", guild_id=GUILD, channel_id=CHAN, creator_id="1001", creator_name="Anna")
    for pid, name in (("1002", "Bruno"), ("1003", "Carla")):
        await service.join(CHAN, pid, name)
    res = await service.start(CHAN, "1001")
    gid = res.game.id
    await service.act(gid, "1002", {"type": "propose", "proposals": [
        {"kind": "enact", "title": "Benvenuto", "text": "Si accolgono i nuovi."}]})
    await service.act(gid, "1001", {"type": "scribe_admit", "user": "1004", "name": "Dario"})
    clock.advance(days=14, minutes=1)
    await service.tick(gid)
    _, live = await service.state(gid)
    assert live.player("1004") is not None and live.giornata == 2
    record = await service.record(gid)
    assert [p.id for p in record.players] == ["1001", "1002", "1003"]
    ok, detail = await service.verify(gid, "mod")
    assert ok, detail
