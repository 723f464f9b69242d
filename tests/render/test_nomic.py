"""The treasure and economic power chart of DecameroNomic."""

from __future__ import annotations

from engine.core import Player
from engine.nomic import GAME
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
