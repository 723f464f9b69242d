"""The galaxy at chat size, the full map, a planet board and a stock picture render from the views, in
the reader's words; faction colours stay clear of every terrain colour."""

from __future__ import annotations

from itertools import combinations

from engine.galactica import GAME
from engine.galactica.fleets import new_fleet
from engine.galactica.models import Battle, Side
from render.common import FULL_SIZE, find_renderer, flat_hex_center, to_png
from render.galactica import (
    FACTIONS,
    ORIGIN,
    SIZE,
    TERRAIN,
    UNEXPLORED,
    WIDTH,
    contrast,
    faction_colour,
    render_galaxy,
    render_galaxy_full,
    render_planet,
    render_stock,
)
from render.galactica.palette import MIN_CONTRAST
from tests.engine.galactica.helpers import cur, give_planet, place, started


def test_faction_colours_never_near_terrain_or_each_other() -> None:
    """Issue 27: a player's light blue was the Ice tiles', an orange the Market's gold."""
    terrain = [*TERRAIN.values(), UNEXPLORED]
    for f in FACTIONS:
        assert min(contrast(f, t) for t in terrain) >= MIN_CONTRAST, f
    for a, b in combinations(FACTIONS, 2):
        assert contrast(a, b) >= MIN_CONTRAST, (a, b)
    assert contrast((150, 205, 235), TERRAIN["ice"]) > 0  # the measure tells colours apart at all
    assert contrast((86, 180, 233), (150, 205, 235)) < MIN_CONTRAST  # and catches the old clash


def _staged() -> tuple[object, str]:
    state = started(4)
    me = cur(state)
    give_planet(state, me, "F4", "vulcania", "shipyard", "turret")
    place(state, "G3", "casino-1")
    new_fleet(state, state.order[1], "G3", {"fighter": 2, "torpedo": 3})
    new_fleet(state, me, "F4", {"torpedo": 4}, tanks=3)
    state.last_move = ["A1", "B1", "B2"]
    state.last_battle = Battle(cell="E4", attacker=Side(player=me), defender=Side(player=state.order[1]))
    return state, me


def test_the_chat_size_map_shows_owners_sizes_and_whose_turn() -> None:
    state, me = _staged()
    view = GAME.view(state, None)  # type: ignore[arg-type]
    assert find_renderer("galactica", "board") is render_galaxy
    assert find_renderer("galactica", "full") is render_galaxy_full
    galaxy = render_galaxy(view, {"map.turn": "Tocca a: {player}"})
    assert 900 <= galaxy.width <= 1200  # shown at ~550 px, its 22-24 px labels read at 11-13 px
    assert galaxy.width == WIDTH
    seat = {f.player: f.colour for f in view.factions}
    x, y = flat_hex_center(6, 2, SIZE, ORIGIN)  # G3: the second player's fleet chip in its colour
    chip = [galaxy.getpixel((int(x + dx), int(y + 16))) for dx in range(-25, 25)]
    assert faction_colour(seat[state.order[1]]) in chip  # type: ignore[attr-defined]
    x, y = flat_hex_center(5, 3, SIZE, ORIGIN)  # F4: my planet, ringed in my colour
    ring = [galaxy.getpixel((int(x + SIZE - 8 + d), int(y))) for d in range(-4, 4)]
    assert faction_colour(seat[me]) in ring
    x, y = flat_hex_center(5, 1, SIZE, ORIGIN)
    assert galaxy.getpixel((int(x), int(y))) == UNEXPLORED
    assert to_png(galaxy)[:8] == b"\x89PNG\r\n\x1a\n"


def test_full_map_planet_and_stock_pictures() -> None:
    state, me = _staged()
    view = GAME.view(state, me)  # type: ignore[arg-type]
    assert render_galaxy_full(view, {"round": "Giro {round}"}).width > 1000
    planet = next(p for p in view.planets if p.key == "vulcania")
    assert render_planet(planet).size == (700, 360)
    assert render_stock(view).size == (560, 360)


def test_the_lab_chart() -> None:
    from engine.galactica.lab import parse_variant, run_lab
    from render.galactica import render_lab
    from render.galactica.lab_chart import LINES

    report = run_lab([parse_variant("araldo"), parse_variant("literal")], games=2, players=2, seed=50)
    chart = render_lab(report, {"lab.title": "Laboratorio"})
    assert chart.size == (1100, 760)
    colours = {chart.getpixel((x, y)) for x in range(90, 530, 3) for y in range(150, 390, 3)}
    assert LINES[0] in colours and LINES[1] in colours  # a line per variant
    assert find_renderer("galactica", "lab") is render_lab


def test_the_odds_picture_shows_who_wins_and_every_end() -> None:
    from engine.galactica.battle_odds import ground_odds, space_odds
    from render.galactica import render_odds
    from render.galactica.odds_chart import ATTACKER, DEFENDER, HEIGHT, WIDTH, percent

    odds = space_odds({"fighter": 3, "torpedo": 1}, {"fighter": 2, "cannon": 2})
    picture = render_odds(odds, {"odds.attacker": "Attaccante", "odds.decimal": ","})
    assert picture.size == (WIDTH, HEIGHT)
    bar = [picture.getpixel((x, 240)) for x in range(30, WIDTH - 30)]  # the split bar: the attacker's share first
    share = bar.count(ATTACKER) / len(bar)
    assert abs(share - odds.chance("attacker")) < 0.02 and DEFENDER in bar
    low = [picture.getpixel((x, y)) for x in range(30, WIDTH - 30, 2) for y in range(400, HEIGHT - 62, 4)]
    assert ATTACKER in low and DEFENDER in low  # a bar per end, in the winner's colour
    assert percent(0.4271, ",") == "42,7%" and percent(0.00001, ".") == "<0.1%"
    big = ground_odds(40, 30, 3)  # dozens of ends still fit
    assert render_odds(big).size == (WIDTH, HEIGHT)
    assert find_renderer("galactica", "odds") is render_odds


def test_the_full_map_comes_with_its_busiest_part_readable_at_chat_size() -> None:
    from render.galactica import render_galaxy_zoom
    from render.galactica.full import ZOOM_COLS, ZOOM_ROWS, zoom_window

    state, _me = _staged()
    view = GAME.view(state, None)  # type: ignore[arg-type]
    assert find_renderer("galactica", "zoom") is render_galaxy_zoom
    full, zoom = render_galaxy_full(view), render_galaxy_zoom(view)
    # shown 550 px wide, the full map's 13-14 px labels shrink to 6 px; the zoom's 17-18 px stay 14-15 px
    assert full.width > 1000 and 600 <= zoom.width <= 700
    # so the full map alone is marked as one to open, and the legibility promise is the zoom's
    assert full.info.get(FULL_SIZE) and not zoom.info.get(FULL_SIZE) and not render_galaxy(view).info.get(FULL_SIZE)
    col0, row0 = zoom_window(view)
    inside = [c for c in view.cells if col0 <= c.col < col0 + ZOOM_COLS and row0 <= c.row < row0 + ZOOM_ROWS]
    outside = [c for c in view.cells if c not in inside]
    assert sum(len(c.fleets) for c in inside) >= max(1, sum(len(c.fleets) for c in outside) // 2)


def _drawn_words(view: object, monkeypatch: object) -> list[str]:
    """Every text the chat-size map writes, as drawn."""
    from PIL import ImageDraw

    said: list[str] = []
    write = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: object, words: str, *args: object, **kwargs: object) -> None:
        said.append(words)
        write(self, xy, words, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)  # type: ignore[attr-defined]
    render_galaxy(view, {"map.last_move": "ultima mossa", "map.last_battle": "ultima battaglia"})  # type: ignore[arg-type]
    monkeypatch.undo()  # type: ignore[attr-defined]
    return said


def test_the_maps_legend_lists_only_the_marks_it_draws(monkeypatch: object) -> None:
    """A key to "latest move" with no arrow on the map, or "latest battle" with no cross, told the reader
    of a mark that is not there: the legend follows the view."""
    state = started(3)
    me = cur(state)
    keys = {"ultima mossa", "ultima battaglia"}
    staged: list[tuple[list[str], str | None, set[str]]] = [
        ([], None, set()),  # before the first move: no mark, no key
        (["A1", "B1", "B2"], None, {"ultima mossa"}),
        ([], "E4", {"ultima battaglia"}),
        (["A1", "B1"], "E4", keys),
        (["B2"], None, set()),  # a move of one cell draws no arrow
        (["Z99", "Z98"], "Z97", set()),  # cells the map does not show: nothing drawn, nothing keyed
    ]
    for move, battle, shown in staged:
        state.last_move = move
        state.last_battle = Battle(cell=battle, attacker=Side(player=me), defender=Side(player=state.order[1])) \
            if battle else None
        view = GAME.view(state, None)  # type: ignore[arg-type]
        said = set(_drawn_words(view, monkeypatch)) & keys
        assert said == shown, (move, battle, said)
