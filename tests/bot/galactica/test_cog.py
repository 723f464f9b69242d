"""Every move the private panel can offer reads as a sentence in both languages (no raw keys, no
unfilled placeholders), over the positions of a played game."""

from __future__ import annotations

from bot.cogs.galactica.views import describe
from engine.core import GameRecord, replay
from engine.galactica import GAME
from tests.engine.galactica.helpers import T0, players
from tests.engine.galactica.test_play import play


def test_every_panel_move_has_words() -> None:
    seen: set[str] = set()
    for seed in (1, 2):
        _, log, _, _ = play(3, seed, [seed * 7 + i * 13 for i in range(50)], {"max_rounds": 12})
        assert log
        # replay the positions and describe what each actor could do there
        for n in range(0, len(log), 7):
            record = GameRecord(game="galactica", seed=seed, settings={"max_rounds": 12}, created_at=T0,
                                players=players(3), log=log)
            position = replay(GAME, record, entries=n)
            for actor in sorted(GAME.awaiting(position) | {o.to for o in position.offers}):
                for action in GAME.legal_actions(position, actor):
                    seen.add(action.type)  # type: ignore[attr-defined]
                    for language in ("it", "en"):
                        text = describe(action, position, language)
                        assert text and "galactica.ui" not in text and "{" not in text, (action, text)
    assert {"move", "end_phase", "produce"} <= seen
