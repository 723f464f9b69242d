"""The High Frontier pictures draw from the view alone, in either language, for both market sides."""

from __future__ import annotations

from io import BytesIO

from PIL import Image

from bot.notifier import picture_labels
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
