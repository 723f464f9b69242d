"""A game begun before node yields became money (events then carried whole dollars) is re-told in
money, with the right amount.

Araldo stores no event for good: the action log holds the moves, and every re-telling (/game log,
`python -m engine replay --events`, /mod verify and undo, an export) works from that log with today's
engine. The outbox holds events only until they are sent, and Impero's yield events (founded, bought,
upgraded) are never among them: they answer the move's own command. So an old game needs no event
migration; these tests hold the two facts that make that true.
"""

from __future__ import annotations

import json
from typing import Any

from bot.i18n import t
from bot.notifier import plan
from bot.service import Update
from bot.storage.models import GameRow
from engine.core import Event, GameRecord, get_game, replay
from engine.impero.board import TIERS
from tests.fixtures.recorded import path

YIELD_KEYS = {"impero.company_created": ("yield",), "impero.node_bought": ("yield",),
              "impero.node_upgraded": ("old", "new")}


def old_record() -> tuple[GameRecord, list[dict[str, Any]]]:
    """The recorded Impero game as stored before the change: the same log (the change left it alone)
    and its events with whole dollars, as the file held them then."""
    data = json.loads(path("impero").read_text(encoding="utf-8"))
    for ev in data["events"]:
        for name in YIELD_KEYS.get(ev["key"], ()):
            ev["params"][name] //= 100
    return GameRecord.model_validate(data["record"]), data["events"]


def test_an_old_game_replayed_tells_each_yield_as_the_dollars_it_stored() -> None:
    record, stored = old_record()
    game = get_game("impero")
    told: list[Event] = []
    replay(game, record, until=record.advanced_to, on_events=lambda _i, evs: told.extend(evs))
    old = [e for e in stored if e["key"] in YIELD_KEYS]
    new = [e for e in told if e.key in YIELD_KEYS]
    assert len(old) == len(new) > 5
    for before, now in zip(old, new, strict=True):
        for name in YIELD_KEYS[now.key]:
            dollars = before["params"][name]
            assert dollars in TIERS  # the old shape: whole dollars
            it, en = t(now.key, "it", **now.params), t(now.key, "en", **now.params)
            assert f"{dollars},00\xa0$" in it and f"${dollars}.00" in en


def test_no_yield_event_waits_in_the_outbox() -> None:
    """Only what the outbox holds is told later from a stored event: the yield events never go there."""
    record, _ = old_record()
    game = get_game("impero")
    row = GameRow(id=1, kind="impero", guild_id="1", channel_id="2", created_by="u0", settings_json="{}",
                  created_at=record.created_at, updated_at=record.created_at)
    planned: list[str] = []

    def hear(index: int | None, events: list[Event]) -> None:
        # what the service would plan for that commit: a timer's tick, else the logged move's source
        entry = record.log[index] if index is not None else None
        source = "tick" if entry is None else "mod" if entry.moderator else \
            "away" if entry.action["type"] == "core_away" else "act"
        for out in plan(Update(row, None, events, source)):  # type: ignore[arg-type]
            payload = json.loads(out.payload_json)
            planned.extend(e["key"] for e in payload.get("events", [payload.get("event", {})]))

    replay(game, record, until=record.advanced_to, on_events=hear)
    assert planned  # offers, turn ends... are told later
    assert not set(planned) & set(YIELD_KEYS)
