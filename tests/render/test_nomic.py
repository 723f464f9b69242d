"""The treasure and economic power chart of DecameroNomic."""

from __future__ import annotations

import itertools
import random

import pytest
from PIL import ImageDraw

from engine.core import Player
from engine.nomic import GAME
from engine.nomic.models import Snapshot
from render.common import find_renderer, player_colour, render_png
from tests.engine.nomic.helpers import T0, B, C, enact, new_game, propose, rollover, vote


def test_chart_draws_every_giornata_and_player() -> None:
    s = new_game()
    (p,) = propose(s, B, enact("Cortesia"))
    vote(s, C, p, "for")
    rollover(s)
    view = GAME.view(s, None)
    assert len(view.history) == 2
    image = find_renderer("nomic")(view, {"title": "Nomic"})  # type: ignore[misc]
    assert image.width == 720 and image.height > 500  # shown at ~550 px: large type, few pixels wasted
    colours = {c for _, c in image.convert("RGB").getcolors(maxcolors=1 << 20) or []}
    assert player_colour(0) in colours and player_colour(3) in colours  # every player's line is drawn
    png = render_png("nomic", view, "board", {"giornata": "G {giornata}"})
    assert png is not None and png[:8] == b"\x89PNG\r\n\x1a\n"


def test_twelve_players_get_twelve_different_colours() -> None:
    people = [Player(id=str(2001 + i), name=f"Giocatore {i + 1:02d}") for i in range(12)]
    s = GAME.setup(GAME.parse_settings({}), people, 7, T0)
    rollover(s, filler=people[1].id)
    image = find_renderer("nomic")(GAME.view(s, None), None)  # type: ignore[misc]
    drawn = {c for _, c in image.convert("RGB").getcolors(maxcolors=1 << 20) or []}
    colours = [player_colour(i) for i in range(12)]
    assert len(set(colours)) == 12 and set(colours) <= drawn
    assert len({player_colour(i) for i in range(40)}) == 40  # as many as the game seats


def test_giornata_one_draws_a_bar_per_player_not_a_dot() -> None:
    s = new_game()
    view = GAME.view(s, None)
    assert len(view.history) == 1
    image = find_renderer("nomic")(view, None).convert("RGB")  # type: ignore[misc]
    # a bar is a long run of the player's colour on one row (a dot would be a few pixels)
    width = image.width
    runs = []
    for y in range(image.height):
        row = [image.getpixel((x, y)) for x in range(width)]
        runs.append(max(sum(1 for c in row if c == player_colour(i)) for i in range(4)))
    assert max(runs) > width // 3


def _axis_labels(view: object, monkeypatch: pytest.MonkeyPatch) -> tuple[list[list[int]], list[list[int]]]:
    """The numbers the chart writes beside its value axes (right-aligned) and under its Giornata axes
    (centred), chart by chart, in the order drawn."""
    values: list[list[int]] = []
    days: list[list[int]] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: object, words: str, *args: object, **kwargs: object) -> None:
        if kwargs.get("anchor") == "rm":
            if not values or (days and len(days) == len(values)):
                values.append([])
            values[-1].append(int(words.replace(",", "")))
        elif kwargs.get("anchor") == "ma":
            if len(days) < len(values):
                days.append([])
            days[-1].append(int(words))
        original(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    find_renderer("nomic")(view, None)  # type: ignore[misc]
    return values, days


def _round(step: int) -> bool:
    while step % 10 == 0:
        step //= 10
    return step in (1, 2, 5)


@pytest.mark.parametrize("giornate", [2, 9, 17, 40])
def test_axis_ticks_are_whole_numbers_a_round_step_apart_around_the_values(
        giornate: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Points and treasures are whole numbers: the ticks are too (never 1,096 on a 0..2,193 axis), a
    round step apart (1, 2, 5 x 10^k), from at or below the lowest value to at or above the highest,
    at most six; the Giornate under the axis are labelled a round step apart as well."""
    draw = random.Random(giornate)
    s = new_game()
    view = GAME.view(s, None)
    ids = list(view.history[0].treasure)
    view.history = [Snapshot(giornata=g, treasure={pid: draw.randint(40, 2193) for pid in ids},
                             power={pid: draw.randint(-3, 197) for pid in ids}) for g in range(1, giornate + 1)]
    values, days = _axis_labels(view, monkeypatch)
    drawn = [[v for snap in view.history for v in snap.treasure.values()],
             [v for snap in view.history for v in snap.power.values()]]
    assert len(values) == 2 and len(days) == 2
    for ticks, data in zip(values, drawn, strict=True):
        steps = {b - a for a, b in itertools.pairwise(ticks)}
        assert 2 <= len(ticks) <= 6 and len(steps) == 1 and _round(steps.pop()), ticks
        assert ticks[0] <= min(data) and ticks[-1] >= max(data), (ticks, min(data), max(data))
    for labelled in days:
        steps = {b - a for a, b in itertools.pairwise(labelled)}
        assert 2 <= len(labelled) <= 10 and len(steps) == 1 and _round(steps.pop()), labelled
        assert all(1 <= g <= giornate for g in labelled)
