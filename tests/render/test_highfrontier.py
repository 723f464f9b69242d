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
    for picture, size in (("board", (1108, 906)), ("bank", (900, 760))):
        data = render_png("highfrontier", view, picture, labels)
        assert data is not None
        assert Image.open(BytesIO(data)).size == size


def test_the_standard_side_has_eight_columns_and_the_bull_zone() -> None:
    t = Table(2)
    t.place("square1", 3, 8, ["Rosso"])
    view = GAME.view(t.state, None)
    assert (3, 8) in view.bull_cells and view.values[0][-1] == 3
    data = render_png("highfrontier", view)
    assert data is not None and Image.open(BytesIO(data)).size[0] > 1300


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
