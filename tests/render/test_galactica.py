"""The galaxy, a planet board and a stock picture render from the views, in the reader's words."""

from __future__ import annotations

from engine.galactica import GAME
from render.common import find_renderer, to_png
from render.galactica import render_galaxy, render_planet, render_stock
from tests.engine.galactica.helpers import cur, give_planet, started


def test_pictures_render_from_views() -> None:
    state = started(3)
    me = cur(state)
    give_planet(state, me, "F4", "vulcania", "shipyard", "turret")
    view = GAME.view(state, me)
    assert find_renderer("galactica", "board") is not None and find_renderer("galactica", "stock") is not None
    galaxy = render_galaxy(view, {"round": "Giro {round}"})
    assert galaxy.width > 1000 and galaxy.height > 600
    # an explored start corner is not the unexplored grey; an unexplored cell is
    from render.common import flat_hex_center
    from render.galactica import MARGIN, SIZE, TOP, UNEXPLORED

    origin = (MARGIN + SIZE, TOP + SIZE)
    x, y = flat_hex_center(5, 1, SIZE, origin)
    assert galaxy.getpixel((int(x), int(y + 20))) == UNEXPLORED
    planet = next(p for p in view.planets if p.key == "vulcania")
    assert render_planet(planet).size == (700, 360)
    assert render_stock(view).size == (560, 360)
    assert to_png(galaxy)[:8] == b"\x89PNG\r\n\x1a\n"
