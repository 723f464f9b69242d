"""The ending's summary (bot/ending.py): planned once, beside the game's first finished record, and
written from the record in either language."""

from __future__ import annotations

from sqlmodel import select

from bot.ending import ENDING, ending_facts, ending_letter, plan_ending
from bot.record.recorder import Recorder
from bot.storage.models import OutboxRow
from tests.bot.record.play import corsa


async def _endings(service) -> list[OutboxRow]:
    async with service.db.sessions() as s:
        return list((await s.execute(select(OutboxRow).where(OutboxRow.what == ENDING))).scalars())


async def test_a_game_end_plans_one_summary_written_from_the_record(service, clock) -> None:
    kicked: list[int] = []
    recorder = Recorder(service.db, ended=plan_ending, kick=lambda: kicked.append(1))
    service.listeners.append(recorder.heard)
    running = await corsa(service, clock, ["71", "72"], channel="700", finish=False)
    await recorder.settled()
    assert await _endings(service) == [] and not kicked  # a running game has no ending yet
    gid = await corsa(service, clock, ["71", "72", "73"], steps=["late", "concede:73", "draw"], finish=False)
    await recorder.settled()
    rows = await _endings(service)
    assert [(r.game_id, r.channel_id) for r in rows] == [(gid, "600")] and kicked
    await recorder._record(gid)  # recorded again (a later commit): told once
    assert len(await _endings(service)) == 1
    assert running != gid

    facts = await service.db.run(lambda c: ending_facts(c, gid), write=False)
    assert facts["days"] == 1 and facts["moves"] == 3  # the concession, the proposal, the agreement
    assert sum(p["missed"] for p in facts["players"]) == 1
    row, state = await service.state(gid)
    english = ending_letter(row, state, facts, "https://araldo.example/g/1", "en").posts[0][0]
    assert "ended in a draw" in english and "1. P71, P72" in english and "3. P73 (conceded)" in english
    assert "Most deadlines missed: P71 (1 deadline)" in english and "https://araldo.example/g/1" in english
    italian = ending_letter(row, state, facts, None, "it").posts[0][0]
    assert "Classifica" in italian and "3. P73 (ha lasciato)" in italian and "1 giorno, 3 mosse" in italian
    assert "Più scadenze mancate: P71 (1 scadenza)" in italian


def test_the_luckiest_dice_beat_their_odds_the_most() -> None:
    from bot.ending import conduct_lines

    players = [{"name": "Anna", "missed": 0, "luck_rolls": 4, "luck_expected": 3.5, "luck_actual": 5.0},
               {"name": "Bruno", "missed": 0, "luck_rolls": 9, "luck_expected": 8.25, "luck_actual": 9.0},
               {"name": "Carla", "missed": 0, "luck_rolls": 0, "luck_expected": 0.0, "luck_actual": 0.0}]
    english = conduct_lines(players, "en")
    assert english == ["Not one deadline missed.",
                       "Luckiest dice: Anna, 5 losses dealt where the odds promised 3.5 (4 rolls)."]
    assert conduct_lines(players, "it")[1] == ("Dadi più fortunati: Anna, 5 perdite inflitte dove le probabilità "
                                               "ne promettevano 3,5 (4 tiri).")


async def test_every_way_of_ending_is_summed_up(service, clock) -> None:
    """By the game's own rules and by a moderator, as by a draw or the last concession."""
    recorder = Recorder(service.db, ended=plan_ending)
    service.listeners.append(recorder.heard)
    by_rules = await corsa(service, clock, ["81", "82"], channel="801")
    by_moderator = await corsa(service, clock, ["83", "84"], channel="802", steps=["add", "end"])
    by_concession = await corsa(service, clock, ["85", "86"], channel="803", steps=["concede:86"], finish=False)
    await recorder.settled()
    reasons = {}
    for gid in (by_rules, by_moderator, by_concession):
        _, state = await service.state(gid)
        reasons[gid] = state.end_reason
    assert list(reasons.values()) == ["target", "moderator", "concession"]
    assert sorted(r.game_id for r in await _endings(service)) == sorted(reasons)


def test_victory_points_in_the_standing_are_said_as_points() -> None:
    """SPQRisiko's and High Frontier's standing read "1. Bob — 2", a bare number; it says "2 punti"."""
    from datetime import UTC, datetime

    from bot.storage.models import GameRow
    from engine.core import finish_game
    from engine.spqrisiko import GAME
    from tests.engine.spqrisiko.helpers import random_game

    state = random_game()
    first, *others = state.order
    state.points = {first: 2, **dict.fromkeys(others, 1)}
    finish_game(state, [first], "target")
    now = datetime(2026, 11, 23, tzinfo=UTC)
    row = GameRow(id=9, kind="spqrisiko", guild_id="1", channel_id="2", created_by="3", created_at=now,
                  updated_at=now, started_at=now, status="finished", version=5)
    facts = {"days": 2, "moves": 30, "players": []}
    italian = ending_letter(row, state, facts, None, "it").posts[0][0]
    english = ending_letter(row, state, facts, None, "en").posts[0][0]
    assert f"1. {state.name_of(first)} — 2 punti" in italian, italian
    assert "— 1 punto" in italian and f"1. {state.name_of(first)} — 2 points" in english, english
    assert GAME.score_format == "points"
    from engine.highfrontier import GAME as HF

    assert HF.score_format == "points"
