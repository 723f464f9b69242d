"""Impero renderers on a mid-game view: sizes and a few pixel facts."""

from __future__ import annotations

import io
import itertools

from PIL import Image

from engine.impero import GAME
from render.common import player_colour, render_png
from render.impero import LEFT, TOP, cell_box, company_colour, render_chart, render_map, render_market
from tests.e2e.conformance.pictures import MIN_TEXT_PX, shown_px, texts_drawn
from tests.engine.impero.helpers import midgame


def _view():
    p = midgame()
    state = p.state
    assert state.last_report is not None
    company = state.companies[0]
    state.last_report.blackouts = [company.nodes[-1]]  # show the marks whatever the dice said
    state.last_report.halved = [company.nodes[-2]]
    state.settings.public_cash = True  # draw the players' money too
    return state, GAME.view(state, None)


def test_map_colours_owned_nodes_and_marks_blackouts() -> None:
    state, view = _view()
    img = render_map(view)
    assert img.size[0] > 900 and img.size[1] > 1000
    for i, company in enumerate(state.companies):
        node = company.nodes[0]
        nv = next(n for n in view.map.nodes if n.id == node)
        x0, y0, _, _ = cell_box(nv.col, nv.row)
        assert img.getpixel((x0 + 3, y0 + 3)) == company_colour(i)
    dark = state.companies[0].nodes[-1]
    nv = next(n for n in view.map.nodes if n.id == dark)
    x0, y0, _x1, y1 = cell_box(nv.col, nv.row)
    assert img.getpixel((x0 + 6, y1 - 6)) == (25, 25, 25)
    free = next(n for n in view.map.nodes if n.owner is None)
    x0, y0, _, _ = cell_box(free.col, free.row)
    assert img.getpixel((x0 + 3, y0 + 3)) == (236, 230, 214)
    assert img.getpixel((LEFT + 1, TOP + 1)) != (0, 0, 0)


def test_map_png_and_labels() -> None:
    _, view = _view()
    data = render_png("impero", view, "map")
    assert data is not None and data.startswith(b"\x89PNG")
    assert Image.open(io.BytesIO(data)).size == render_map(view).size
    english = render_map(view.map, {"title": "Impero — turn {turn}/{turns}"})
    assert english.size == render_map(view.map).size


def test_market_board() -> None:
    _state, view = _view()
    img = render_market(view)
    assert img.size[0] >= 640 and img.size[1] > 400
    data = render_png("impero", view.market, "market")
    assert data is not None and data.startswith(b"\x89PNG")


def test_cash_chart() -> None:
    state, view = _view()
    img = render_chart(view)
    assert img.size == (900, 560)
    colours = {img.getpixel((x, y)) for x in range(90, 680, 3) for y in range(70, 500, 3)}
    assert player_colour(0) in colours and player_colour(1) in colours
    assert len(state.cash_history["1001"]) == state.turn


def test_rented_node_carries_a_dot_in_the_renters_colour() -> None:
    state, view = _view()
    node = next(n for n in view.map.nodes if n.owner == state.companies[0].id)
    node.renters = [state.companies[1].id, state.companies[2].id]
    img = render_map(view.map)
    _x0, y0, x1, _y1 = cell_box(node.col, node.row)
    assert img.getpixel((x1 - 4, y0 + 4)) == company_colour(1)
    assert img.getpixel((x1 - 12, y0 + 4)) == company_colour(2)


def test_company_colours_are_never_player_colours() -> None:
    from render.common import PLAYER_COLOURS
    from render.impero import COMPANY_COLOURS

    assert not set(COMPANY_COLOURS) & set(PLAYER_COLOURS) and len(set(COMPANY_COLOURS)) == len(COMPANY_COLOURS)


def test_company_initials_and_the_viewers_buyable_nodes() -> None:
    from render.impero import HIGHLIGHT, initials

    assert initials("Telco") == "TE" and initials("Rete Alpina") == "RA"
    _state, view = _view()
    free = next(n for n in view.map.nodes if n.owner is None)
    view.map.highlight = [free.id]
    img = render_map(view.map)
    x0, y0, _x1, _y1 = cell_box(free.col, free.row)
    assert img.getpixel((x0 + 2, y0 + 2)) == HIGHLIGHT


def test_company_marks_are_unique_on_the_map() -> None:
    from engine.impero.view_models import CompanyTag
    from render.impero import company_marks

    tags = [CompanyTag(id=f"c{i}", name=n, colour=i) for i, n in enumerate(["Soc1", "Soc10", "Soc2", "Telco"])]
    marks = company_marks(tags)
    assert marks == {"c0": "S1", "c1": "S10", "c2": "S2", "c3": "TE"}


def test_every_picture_reads_at_550_px_with_round_money_ticks() -> None:
    """Map, market and chart: no text under 9 px when shown 550 px wide; the chart's money axis in
    whole dollars a round step apart, from 0 to at least the richest player's capital."""
    _state, view = _view()
    for draw in (render_map, render_market, render_chart):
        with texts_drawn() as drawn:
            draw(view)
        assert drawn and all(shown_px(size, width) >= MIN_TEXT_PX for _, size, width in drawn), draw
    with texts_drawn() as drawn:
        render_chart(view)
    amounts = [t.replace("$", "").replace(".", "").replace("\u00a0", "").strip() for t, _, _ in drawn if t.endswith("$")]
    ticks = [int(a) for a in amounts if a.isdigit()]  # whole dollars: no cents (the legend's amounts have them)
    steps = {b - a for a, b in itertools.pairwise(ticks)}
    assert len(ticks) >= 2 and ticks[0] == 0 and len(steps) == 1, ticks
    step = steps.pop()
    while step % 10 == 0:
        step //= 10
    assert step in (1, 2, 5)
    assert ticks[-1] * 100 >= max(v for h in view.chart.history.values() for v in h)
