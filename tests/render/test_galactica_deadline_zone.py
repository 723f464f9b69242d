"""The Galactica map shows the deadline on the game's clock (issue 37: «Scadenza 24/11 07:00 UTC» in a
game on Rome time)."""

from __future__ import annotations

from typing import Any

from engine.galactica import GAME
from render.galactica import galaxy
from tests.engine.galactica.helpers import started


class Pen:
    def __init__(self) -> None:
        self.said: list[str] = []

    def text(self, _xy: Any, text: str, **_kw: Any) -> None:
        self.said.append(text)

    def textlength(self, *_a: Any, **_k: Any) -> float:
        return 0.0

    def __getattr__(self, _name: str) -> Any:
        return lambda *a, **k: None


def test_the_map_deadline_is_in_the_games_time_zone() -> None:
    state = started()
    view = GAME.view(state, None)
    assert view.deadline is not None and view.deadline.hour == 8 and view.timezone == "Europe/Rome"
    pen = Pen()
    galaxy._side(pen, view, galaxy.words(None))  # type: ignore[arg-type]
    line = next(s for s in pen.said if s.startswith("Deadline"))
    assert line == f"Deadline {view.deadline:%b} {view.deadline.day:02d}, 09:00 CET", line  # English words
