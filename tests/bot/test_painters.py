"""Pictures drawn in processes of their own (bot/painters.py), and drawn here when that fails."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from bot import painters
from tests.fixtures.pidpicture import pid_of


@pytest.fixture
def pool() -> Iterator[None]:
    painters.stop()
    was = painters._disabled
    painters._disabled = False
    yield
    painters.stop()
    painters._disabled = was


def here() -> int:
    return os.getpid() & 0xFFFFFF


def test_a_picture_is_drawn_in_another_process(pool: None) -> None:
    first = painters.png("pid-test", {"any": "view"})
    assert first is not None and pid_of(first) != here()
    import tests.fixtures.testgame as corsa
    from render.common import render_png

    view = corsa.CorsaView(total=3, target=9, current=None, history=["a +3"])
    assert painters.png("corsa", view) == render_png("corsa", view)  # the same bytes as drawn here


def test_a_view_that_cannot_travel_is_drawn_here_and_the_pool_set_aside(pool: None) -> None:
    drawn = painters.png("pid-test", {"unpicklable": lambda: 0})
    assert drawn is not None and pid_of(drawn) == here()
    again = painters.png("pid-test", {"any": "view"})
    assert again is not None and pid_of(again) == here()  # drawn here from now on


def test_a_drawing_that_fails_raises_and_keeps_the_pool(pool: None) -> None:
    with pytest.raises(ValueError, match="a drawing with a bug"):
        painters.png("pid-test", {}, "broken")
    after = painters.png("pid-test", {})
    assert after is not None and pid_of(after) != here()


def test_a_game_without_the_picture_has_none(pool: None) -> None:
    assert painters.png("pid-test", {}, "no-such-picture") is None
