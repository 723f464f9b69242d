"""Everything a played game says reads as words in both languages: no catalog key, no placeholder,
no Python repr, no "1 navi" / "1 ships", thousands grouped; and /game log entries in words."""

from __future__ import annotations

import re
from datetime import timedelta

from bot.i18n import has, t
from bot.telling import describe_action
from engine.core import Event
from engine.galactica import GAME
from engine.galactica.autopilot import choose_action
from tests.engine.galactica.helpers import T0, new_game

KEY = re.compile(r"\b(galactica|core|log)\.[a-z_]+\.?[a-z_.]*\b")
BAD_PLURAL = re.compile(r"(?<![\d.,])1 (navi|carri|Torpediniere|ships|tanks|fighters|torpedo boats|colony ships)\b")
UNGROUPED = re.compile(r"\b\d{4,} Ndri")


def played(seed: int) -> tuple[list[Event], list[dict[str, object]]]:
    state = new_game(3, seed, start_ndri=200_000)
    now = T0
    events: list[Event] = []
    actions: list[dict[str, object]] = []
    for _ in range(3000):
        if state.status != "active" or state.round > 14:
            break
        now += timedelta(minutes=1)
        events += GAME.advance(state, now)
        for actor in sorted(GAME.awaiting(state)):
            action = choose_action(state, actor)
            if action is not None:
                events += GAME.apply(state, actor, action, now)
                actions.append(action.model_dump(mode="json"))
                break
    return events, actions


def test_every_event_reads_as_words_in_both_languages() -> None:
    keys: set[str] = set()
    for seed in (3, 4):
        events, _ = played(seed)
        for e in events:
            keys.add(e.key)
            for language in ("it", "en"):
                text = t(e.key, language, **e.params)
                assert has(e.key, language), e.key
                assert not KEY.search(text) and "{" not in text and "['" not in text, (e.key, text)
                assert not BAD_PLURAL.search(text), (e.key, text)
                assert not UNGROUPED.search(text), (e.key, text)
    assert {"galactica.exchange", "galactica.battle_result", "core.turn_ping", "galactica.phase_done",
            "galactica.collected"} <= keys


def test_every_logged_move_reads_in_words() -> None:
    for seed in (3, 4):
        _, actions = played(seed)
        for action in actions:
            for language in ("it", "en"):
                assert has(f"log.galactica.{action['type']}", language), action["type"]
                text = describe_action("galactica", action, {}, language)
                assert "`" not in text and "{" not in text and "[" not in text, (action, text)


def test_private_thread_summary_says_stock_and_what_is_owed() -> None:
    from bot.cogs.galactica.texts import private_summary
    from tests.engine.galactica.helpers import cur, started

    state = started(2)
    me = cur(state)
    text = private_summary(state, me, "it")
    assert "Hai 50.000 Ndri" in text and "Ora devi: giocare la fase di produzione" in text
    other = next(p for p in state.order if p != me)
    assert "Ora devi" not in private_summary(state, other, "en") and "You have" in private_summary(state, other, "en")
