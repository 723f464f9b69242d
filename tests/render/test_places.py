"""Each game's board publishes where it draws its places (render/places.py): the picture's own size,
every place the view has, each outline inside the picture and on the pixels the drawing gave that
place."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from engine.core.registry import BUILTIN_GAMES
from render.common import find_renderer, player_colour
from render.places import Place, Places, find_shaper, places_of

GAMES = tuple(module.rsplit(".", 1)[1] for module in BUILTIN_GAMES)


def checked(kind: str, view: Any, labels: dict[str, str] | None = None) -> tuple[Places, Image.Image]:
    """The board's places and its picture: the same size, every outline a polygon inside the picture,
    every place named."""
    draw = find_renderer(kind, "board")
    assert draw is not None
    image = (draw(view, labels) if labels else draw(view)).convert("RGB")
    places = places_of(kind, view, "board", labels)
    assert places is not None and places.places
    assert (places.width, places.height) == image.size
    for place in places.places:
        assert len(place.points) >= 3 and place.label.strip(), place
        assert all(0 <= x <= image.width and 0 <= y <= image.height for x, y in place.points), place.id
    return places, image


def mask(place: Place, size: tuple[int, int]) -> Image.Image:
    out = Image.new("1", size, 0)
    ImageDraw.Draw(out).polygon(list(place.points), fill=1)
    return out


def colours_in(image: Image.Image, place: Place) -> set[tuple[int, int, int]]:
    inside = mask(place, image.size)
    box = inside.getbbox()
    assert box is not None
    return {image.getpixel((x, y)) for x in range(box[0], box[2]) for y in range(box[1], box[3])
            if inside.getpixel((x, y))}


def by_id(places: Places) -> dict[str, list[Place]]:
    out: dict[str, list[Place]] = {}
    for p in places.places:
        out.setdefault(p.id, []).append(p)
    return out


@pytest.mark.parametrize("kind", GAMES)
def test_every_games_board_has_its_places(kind: str) -> None:
    assert find_renderer(kind, "board") is not None and find_shaper(kind, "board") is not None


def test_spqrisiko_every_province_and_sea_where_the_map_draws_it() -> None:
    from engine.spqrisiko import GAME
    from engine.spqrisiko.board import board
    from render.spqrisiko import project
    from tests.render.test_spqrisiko import mid_game

    state = mid_game()
    view = GAME.view(state, None)
    places, image = checked("spqrisiko", view, {"neutral": "Neutrale"})
    b = board()
    assert places.ids() == set(b.provinces) | set(b.seas)
    found = by_id(places)
    seas = [p for p in places.places if p.id in b.seas]
    assert places.places.index(seas[-1]) < min(places.places.index(found[p][0]) for p in b.provinces)  # land on top
    assert any(sea.holes for sea in seas)  # the islands inside a sea zone's outline are not that sea
    for pv in view.provinces:
        (place,) = found[pv.id]
        x, y = project(b.provinces[pv.id].x, b.provinces[pv.id].y)
        assert mask(place, image.size).getpixel((x, y)), pv.id  # the legionaries' disc is inside its province
        assert place.label.startswith(pv.name) and (pv.owner is None or f"{pv.legionaries}⚔" in place.label)
    neutral = next(pv for pv in view.provinces if pv.owner and pv.owner.startswith("neutral"))
    assert "Neutrale" in found[neutral.id][0].label
    assert "3⚓" in found["mare_tyrrhenum"][0].label


def test_galactica_every_hex_drawn() -> None:
    from engine.galactica import GAME
    from render.galactica import UNEXPLORED
    from tests.render.test_galactica import _staged

    state, me = _staged()
    view = GAME.view(state, me)  # type: ignore[arg-type]
    places, image = checked("galactica", view)
    assert places.ids() == {c.cell for c in view.cells}
    found = by_id(places)
    unexplored = next(c for c in view.cells if c.kind is None and not c.fleets)
    assert colours_in(image, found[unexplored.cell][0]) >= {UNEXPLORED}
    g3 = found["G3"][0]
    assert "▶5" in g3.label  # the second player's fleet: two fighters, three torpedo boats
    assert (UNEXPLORED not in colours_in(image, g3)) and len(colours_in(image, g3)) > 3


def test_highfrontier_every_company_token_on_the_market() -> None:
    from engine.highfrontier import GAME
    from tests.engine.highfrontier.helpers import Table

    t = Table(3)
    t.place("square1", 3, 8, ["Rosso"])
    t.place("triangle1", 2, 2, ["Bianco", "Rosso"])
    t.place("circle1", 2, 2, ["Verde"])  # two tokens in one cell: smaller, side by side
    view = GAME.view(t.state, None)
    places, image = checked("highfrontier", view, {"price": "prezzo", "patents1": "Brevetti"})
    assert places.ids() == {c.id for c in view.companies if c.floated} == {"square1", "triangle1", "circle1"}
    found = by_id(places)
    for place in places.places:  # each outline is centred on its token's white face
        inside = mask(place, image.size)
        box = inside.getbbox()
        assert box is not None
        white = [x for x in range(box[0], box[2]) for y in range(box[1], box[3])
                 if inside.getpixel((x, y)) and image.getpixel((x, y)) == (250, 250, 250)]
        assert white and abs((min(white) + max(white)) / 2 - (box[0] + box[2]) / 2) <= 4, place.id
    assert found["square1"][0].label.startswith("Brevetti") and "prezzo" in found["square1"][0].label
    assert "★Rosso" in found["square1"][0].label
    crowded = [mask(found[c][0], image.size) for c in ("triangle1", "circle1")]
    overlap = Image.new("1", image.size, 0)
    overlap.paste(crowded[1], mask=crowded[0])
    assert overlap.getbbox() is None  # side by side: a click finds one of them


def test_impero_every_node_and_company() -> None:
    from engine.impero import GAME
    from render.impero import company_colour
    from tests.render.test_impero import _view

    state, view = _view()
    places, image = checked("impero", view)
    nodes, companies = {n.id for n in view.map.nodes}, {c.id for c in view.map.companies}
    assert places.ids() == nodes | companies and companies
    found = by_id(places)
    for i, company in enumerate(state.companies):
        assert company_colour(i) in colours_in(image, found[company.nodes[0]][0])  # its node, in its colour
        (legend,) = found[company.id]
        assert company_colour(i) in colours_in(image, legend)
        assert company.name in legend.label
    free = next(n for n in view.map.nodes if n.owner is None)
    assert colours_in(image, found[free.id][0]) >= {(236, 230, 214)}
    # the companies' list is found where it is drawn when the legend shows the buyable nodes too
    marked = GAME.view(state, None)
    marked.map.highlight = [free.id]
    moved, marked_image = checked("impero", marked)
    for i, company in enumerate(state.companies):
        assert company_colour(i) in colours_in(marked_image, by_id(moved)[company.id][0])


@pytest.mark.parametrize("giornate", [1, 2])
def test_nomic_every_player_in_both_charts(giornate: int) -> None:
    from engine.nomic import GAME
    from tests.engine.nomic.helpers import B, C, enact, new_game, propose, rollover, vote

    s = new_game()
    if giornate > 1:
        (p,) = propose(s, B, enact("Cortesia"))
        vote(s, C, p, "for")
        rollover(s)
    view = GAME.view(s, None)
    assert len(view.history) == giornate
    places, image = checked("nomic", view)
    ids = list(dict.fromkeys(pid for snap in view.history for pid in snap.treasure))
    assert places.ids() == set(ids) == {p.id for p in view.players}
    found = by_id(places)
    for i, pid in enumerate(ids):  # a bar (Giornata 1) or a line's label, in both charts
        assert len(found[pid]) == 2
        for place in found[pid]:
            assert player_colour(i) in colours_in(image, place)
            assert place.label.startswith(view.names[pid])
