"""The High Frontier pictures draw from the view alone, in either language, for both market sides."""

from __future__ import annotations

from io import BytesIO

from PIL import Image

from bot.pictures import picture_labels
from engine.highfrontier import GAME
from render.common import render_png
from tests.engine.highfrontier.helpers import Table


def test_market_and_bank_pictures() -> None:
    t = Table(4, setup="dawn")
    view = GAME.view(t.state, None)
    labels = picture_labels("highfrontier", "it")
    assert labels is not None and labels["finao1"] == "FINAO" and labels["bank"] == "Banca degli isotopi"
    for picture, width in (("board", 6 * 112), ("bank", 900)):  # the post-flip side: six columns
        data = render_png("highfrontier", view, picture, labels)
        assert data is not None
        assert Image.open(BytesIO(data)).size[0] >= width


def test_the_standard_side_has_eight_columns_and_the_bull_zone() -> None:
    t = Table(2)
    t.place("square1", 3, 8, ["Rosso"])
    view = GAME.view(t.state, None)
    assert (3, 8) in view.bull_cells and view.values[0][-1] == 3
    data = render_png("highfrontier", view)
    # eight columns, about 1000 px: Discord's ~550 px shows it at half size, values still legible
    assert data is not None and 900 < Image.open(BytesIO(data)).size[0] <= 1100


def test_the_bank_picture_adds_the_wildcat_bank() -> None:
    from tests.engine.highfrontier.helpers import pid

    t = Table(3)
    t.place("triangle1", 3, 2, ["Rosso"])
    t.do("Bianco", type="first_isotope", domes={})
    before = render_png("highfrontier", GAME.view(t.state, None), "bank", None)
    t.do("Rosso", type="wildcat", isotopes={pid("Rosso"): 2})
    view = GAME.view(t.state, None)
    assert view.wildcat_banker == "Rosso" and view.wildcat_total == 2 and view.wildcat_speculators == (0, 1)
    labels = picture_labels("highfrontier", "it")
    assert labels is not None and labels["wildcat"] == "Banca selvaggia"
    after = render_png("highfrontier", view, "bank", labels)
    assert after is not None and before is not None and after != before


def test_the_bank_picture_marks_a_homeless_bank() -> None:
    t = Table(3)
    t.place("triangle1", 3, 2, ["Rosso"])
    t.do("Bianco", type="first_isotope", domes={})
    labels = picture_labels("highfrontier", "it")
    assert labels is not None and labels["homeless"] == "senza dimora"
    t.do("Verde", type="homeless", bank="main", cause="combat")
    view = GAME.view(t.state, None)
    assert view.homeless == ["main"]
    before = render_png("highfrontier", view.model_copy(update={"homeless": []}), "bank", labels)
    after = render_png("highfrontier", view, "bank", labels)
    assert after is not None and before is not None and after != before


def test_the_market_shows_the_turn_the_meeting_the_dividend_dots_and_the_default_token() -> None:
    """Everything the table needs is on the board: each row's dots, whose turn, the meeting, who holds
    the default token and on which side; two tokens in one cell never cover its value."""
    from tests.engine.highfrontier.helpers import pid

    t = Table(3)
    t.place("square1", 3, 2, ["Rosso"])
    t.place("circle1", 3, 2, ["Bianco"])
    t.state.default_holder = pid("Bianco")
    t.do("Rosso", type="event_roll", roll=2)
    view = GAME.view(t.state, None)
    assert view.dividends == [0, 1, 2, 3, 4, 5, 6] and view.deciding and view.current == "Rosso"
    labels = picture_labels("highfrontier", "it")
    assert labels is not None and labels["turn"] == "Turno" and labels["legend_bull"].startswith("Caselle scure")
    nobody = [h.model_copy(update={"default": False}) for h in view.holders]
    plain = render_png("highfrontier", view.model_copy(update={"holders": nobody}), "board", labels)
    marked = render_png("highfrontier", view, "board", labels)
    assert plain is not None and marked is not None and plain != marked
    image = Image.open(BytesIO(marked)).convert("RGB")
    # the value's corner of the shared cell (row 3, column 2) is drawn by the cell alone: no token there
    from render.highfrontier import CELL_H, CELL_W, LEFT, TOP

    x, y = LEFT + CELL_W, TOP + CELL_H * (view.rows - 3)
    corner = {image.getpixel((x + dx, y + dy)) for dx in range(2, 30) for dy in range(2, 26)}
    from render.common import player_colour

    tokens = {player_colour(i) for i in range(3)} | {(250, 250, 250)}  # the holes' colours, a white token
    assert not corner & tokens  # the cell's fill and its digit alone


def test_every_floated_company_and_its_holders_are_listed_at_chat_size() -> None:
    """Shown 550 px wide, the tokens' names (~8 px) and holes (~5 px) cannot be read: each floated company
    has a line of its own under the holdings, its holders as swatches 24 px wide, the president first."""
    import render.highfrontier as hf
    from render.common import player_colour

    t = Table(3)
    t.place("square1", 3, 2, ["Rosso", "Bianco"])
    t.place("circle1", 3, 2, ["Bianco"])
    view = GAME.view(t.state, None)
    floated = [c for c in view.companies if c.floated]
    assert len(floated) == 2
    image = hf.market(view, picture_labels("highfrontier", "it"))
    drawn = Image.new("RGB", (image.width, 2000), (255, 255, 255))
    from PIL import ImageDraw

    y = hf._holdings(ImageDraw.Draw(drawn), view, hf._words(None), hf._colours(view), 0)
    assert y == 46 * 2 + 16  # one 46 px line per floated company
    colours = {h.name: player_colour(i) for i, h in enumerate(view.holders)}
    swatch = {drawn.getpixel((x, y)) for x in range(0, image.width) for y in (20, 66)}
    assert colours["Rosso"] in swatch and colours["Bianco"] in swatch


def test_a_finished_game_says_its_last_year_and_that_it_is_over() -> None:
    """The sunspot moved past the last year ends the game: the board read "Anno 3/2" and "Turno: -"; it
    says the last year and "Partita conclusa" instead."""
    from render.highfrontier import title_of

    t = Table(2)
    t.state.year = t.state.settings.last_year + 1
    t.state.status = "finished"
    view = GAME.view(t.state, None)
    labels = picture_labels("highfrontier", "it")
    assert labels is not None and view.finished
    last = t.state.settings.last_year
    assert title_of(view, {**labels}) == f"Anno {last}/{last}"
    over = render_png("highfrontier", view, "board", labels)
    going = render_png("highfrontier", view.model_copy(update={"finished": False}), "board", labels)
    assert over is not None and going is not None and over != going  # "Partita conclusa", not "Turno: -"
