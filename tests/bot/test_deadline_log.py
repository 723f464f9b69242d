"""`/game log` tells what deadlines did (issue 37): a line for every change of the game a deadline
made, saying the deadline acted and what it told; a deadline that falls due just before a move has a
line of its own; an undo's notes of what others had seen are not shown to the rest as a private move."""

from __future__ import annotations

import json

from bot.i18n import t
from bot.service import GameService
from bot.telling import describe_action, described_moves
from tests.bot.test_service_flow import started


async def log_lines(service: GameService, gid: int, language: str = "en", viewer: str | None = "") -> list[str]:
    row = await service.get(gid)
    return await described_moves(service, row, await service.log_rows(gid), language, viewer=viewer)


async def test_a_deadline_that_changes_the_game_has_a_line_saying_the_deadline_acted(service: GameService,
                                                                                   clock) -> None:
    res = await started(service)
    gid = res.game.id
    order = [p.id for p in res.state.players]
    await service.act(gid, order[0], {"type": "add", "amount": 3})
    clock.advance(hours=2, minutes=1)
    ticked = await service.tick(gid)
    assert ticked is not None and ticked.events
    lines = await log_lines(service, gid)
    assert len(lines) == 2, lines
    timeout = next(e for e in ticked.events if e.key == "corsa.timeout")
    assert lines[1].startswith("`#2` ⏰ **the deadline** — "), lines[1]
    said = t(timeout.key, "en", **timeout.params)
    # the timeout was told to the player who timed out alone (a DM): every reader, them too, reads the one
    # public line, that the deadline told only the players concerned what it did
    assert said not in lines[1] and t("log.core.mod_told_private", "en") in lines[1]
    for viewer in (*order, None):
        assert (await log_lines(service, gid, viewer=viewer))[1] == lines[1], viewer
    italian = await log_lines(service, gid, "it")
    assert "⏰ **la scadenza** — " in italian[1]
    ok, detail = await service.verify(gid, "mod")  # the line replays as nothing: the game is the same
    assert ok, detail


async def test_a_tick_with_nothing_due_writes_no_line(service: GameService) -> None:
    res = await started(service)
    await service.tick(res.game.id)
    assert await service.log_rows(res.game.id) == []


async def test_a_deadline_due_before_a_move_gets_its_own_line_first(service: GameService, clock) -> None:
    res = await started(service)
    gid = res.game.id
    order = [p.id for p in res.state.players]
    await service.act(gid, order[0], {"type": "add", "amount": 3})
    clock.advance(hours=2, minutes=1)  # the alarm did not ring: the next move finds the deadline due
    await service.act(gid, order[2], {"type": "add", "amount": 2})
    rows = await service.log_rows(gid)
    assert [(r.actor, json.loads(r.action_json)["type"]) for r in rows] == [
        (order[0], "add"), ("deadline", "mod_told"), (order[2], "add")]
    lines = await log_lines(service, gid)
    assert "the deadline" in lines[1] and "P1003" in lines[2]
    ok, detail = await service.verify(gid, "mod")
    assert ok, detail


async def test_an_undo_takes_the_deadlines_line_back_and_tells_the_deadline_again(service: GameService,
                                                                                  clock) -> None:
    res = await started(service)
    gid = res.game.id
    order = [p.id for p in res.state.players]
    await service.act(gid, order[0], {"type": "add", "amount": 3})
    clock.advance(hours=2, minutes=1)
    await service.tick(gid)
    await service.undo(gid, 1, "mod")  # the move goes, the deadline after it falls due again
    rows = await service.log_rows(gid)
    kinds = [json.loads(r.action_json)["type"] for r in rows]
    assert kinds[-1] == "mod_told" and rows[-1].actor == "deadline", kinds
    assert "mod_told" not in kinds[:-1] or kinds.count("mod_told") == 1
    ok, detail = await service.verify(gid, "mod")
    assert ok, detail


async def test_an_undos_note_of_what_someone_saw_is_not_a_private_move_to_the_others(service: GameService) -> None:
    res = await started(service)
    gid = res.game.id
    owner = res.state.players[0].id
    note = {"type": "mod_revealed", "to": owner, "seen": [{"key": "core.none", "params": {}}]}
    await service.act(gid, "mod", note, moderator=True)
    for viewer in (res.state.players[1].id, ""):
        lines = await log_lines(service, gid, viewer=viewer)
        assert lines == [], lines
    assert len(await log_lines(service, gid, viewer=owner)) == 1


async def test_a_timer_that_only_goes_off_writes_no_line(service: GameService, clock, monkeypatch) -> None:
    res = await started(service)
    gid = res.game.id
    game = __import__("engine.core", fromlist=["get_game"]).get_game("corsa")
    monkeypatch.setattr(type(game), "on_timer", lambda self, state, timer, now: [])  # a reminder, nobody to remind
    clock.advance(hours=2, minutes=1)
    ticked = await service.tick(gid)
    assert ticked is not None and ticked.game.version > res.game.version  # the timer is gone, saved
    assert await service.log_rows(gid) == []


def test_a_nomic_letter_in_the_log_gives_its_writer_no_gender() -> None:
    """Erin's letter in /game log: "their own" letter, "sua" in Italian, never "his"."""
    action = {"type": "propose", "proposals": [{"kind": "enact", "title": "Cortesia"}], "letter": None}
    english = describe_action("nomic", action, {}, "en")
    assert english.startswith("sends a letter of proposals") and " his " not in english, english
    assert describe_action("nomic", action, {}, "it").startswith("manda una lettera di proposte")


async def test_a_deadlines_line_tells_its_public_events_alone_the_same_for_every_reader(service: GameService) -> None:
    """A deadline's DMs ("your turn timed out", a reminder) and its calls to act ("@Bob, your turn") are no
    part of its line: every reader reads what it told the table, once, in their language."""
    res = await started(service)
    gid = res.game.id
    order = [p.id for p in res.state.players]
    public = {"key": "corsa.orders_added", "params": {"player": "P1001", "amount": 3}, "to": None}
    dm = {"key": "corsa.timeout", "params": {"player": "P1001"}, "to": [order[0]]}
    ping = {"key": "core.turn_ping", "params": {"who": order[1], "owed": [], "deadline": None}, "to": None}
    await service.act(gid, "deadline", {"type": "mod_told", "events": [dm, public, ping]}, moderator=True)
    for language in ("en", "it"):
        said = " ".join(t(public["key"], language, **public["params"]).split())
        for viewer in (*order, None):
            line = (await log_lines(service, gid, language, viewer=viewer))[0]
            assert line.endswith(f" — {said}"), (language, viewer, line)


async def test_a_deadline_that_only_reminded_says_so_without_the_reminder(service: GameService, clock,
                                                                           monkeypatch) -> None:
    """A reminder is a DM to the players awaited: their line is the table's, that the deadline reminded
    the players it awaits, never the DM ("It is your turn") nor who was reminded."""
    from engine.core import Event, get_game

    res = await started(service)
    gid = res.game.id
    game = get_game("corsa")
    order = [p.id for p in res.state.players]
    monkeypatch.setattr(type(game), "on_timer", lambda self, state, timer, now: [
        Event(key="corsa.your_turn", params={"player": "P1001"}, to=[order[0]], notify="reminder")])
    clock.advance(hours=2, minutes=1)
    ticked = await service.tick(gid)
    assert ticked is not None and ticked.events  # the reminder was sent
    for language in ("en", "it"):
        for viewer in (*order, None):
            lines = await log_lines(service, gid, language, viewer=viewer)
            assert len(lines) == 1 and lines[0].endswith(" — " + t("log.core.mod_told_reminded", language)), lines
