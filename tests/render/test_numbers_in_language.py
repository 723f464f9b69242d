"""Numbers on cards and charts in the reader's language, and the Nomic treasury chart's axis spanning its
values (issue 37: "Ndri: 50.000" on an English card, "54,750" on an Italian chart, lines around 2,000
from 0)."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import ImageDraw

from bot.cogs.impero.pictures import labels as impero_labels
from bot.pictures import picture_labels
from engine.galactica import GAME as GALACTICA
from engine.impero import GAME as IMPERO
from engine.nomic import GAME as NOMIC
from engine.spqrisiko import GAME as SPQR
from render import nomic as nomic_chart
from render.galactica import full, galaxy, lab_chart
from render.impero import render_map
from render.spqrisiko import render_board
from tests.engine.galactica.helpers import started
from tests.engine.impero.helpers import midgame
from tests.engine.nomic.helpers import new_game, rollover
from tests.engine.spqrisiko.helpers import random_game as spqr_game


@pytest.fixture
def drawn(monkeypatch: Any) -> list[str]:
    said: list[str] = []
    real = ImageDraw.ImageDraw.text

    def text(self: Any, xy: Any, content: str, *args: Any, **kwargs: Any) -> Any:
        said.append(str(content))
        return real(self, xy, content, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return said


@pytest.mark.parametrize(("lang", "shown"), [("en", "Ndri: 50,000"), ("it", "Ndri: 50.000")])
def test_the_stock_card_groups_thousands_as_its_reader_does(lang: str, shown: str, drawn: list[str]) -> None:
    state = started()
    me = state.players[0].id
    state.factions[me].ndri = 50000
    full.render_stock(GALACTICA.view(state, me), picture_labels("galactica", lang))  # type: ignore[arg-type]
    assert shown in drawn, drawn


@pytest.mark.parametrize(("lang", "shown"), [("en", "60,000"), ("it", "60.000")])  # the round tick above 54,750
def test_the_lab_chart_groups_thousands_as_its_reader_does(lang: str, shown: str, drawn: list[str]) -> None:
    image = lab_chart.Image.new("RGB", (400, 300))
    draw = ImageDraw.Draw(image)
    mark = lab_chart.words(picture_labels("galactica", lang))["thousands"]
    lab_chart._lines(draw, (60, 40, 380, 280), "Ndri", [[1000.0, 54750.0]], mark)
    assert shown in drawn, drawn


def test_the_treasury_axis_spans_the_values_not_zero(drawn: list[str]) -> None:
    low, high = nomic_chart.span([2001, 2010, 2050])
    assert 1900 < low <= 2001 and 2050 <= high < 2150
    s = new_game()
    rollover(s, filler=s.players[1].id)
    rollover(s, filler=s.players[2].id)
    labels = picture_labels("nomic", "it") or {}
    nomic_chart.render(NOMIC.view(s, None), labels)  # type: ignore[arg-type]
    treasury = drawn[drawn.index(labels["treasure"]) + 1:drawn.index(labels["power"])]
    assert "0" not in treasury, treasury  # no axis from 0 for treasures in the thousands
    values = [t for t in treasury if t.replace(".", "").isdigit() and len(t) >= 4]
    assert values and all("." in v for v in values if int(v.replace(".", "")) >= 1000), values


@pytest.mark.parametrize(("lang", "shown"), [("en", "Deadline Nov 22, 09:00 CET"), ("it", "Scadenza 22/11 09:00 CET")])
def test_the_galactica_map_writes_its_deadline_as_its_reader_does(lang: str, shown: str, drawn: list[str]) -> None:
    """Day and month as the reader orders them: an English reader never reads "05/11" as May 11."""
    state = started()
    galaxy.render_galaxy(GALACTICA.view(state, None), picture_labels("galactica", lang))
    assert shown in drawn, drawn


@pytest.mark.parametrize(("lang", "shown"), [("en", "Turn ends: Nov 23 2026, 09:00"), ("it", "Fine turno: 23/11/2026 09:00")])
def test_the_impero_map_writes_the_turns_end_as_its_reader_does(lang: str, shown: str, drawn: list[str]) -> None:
    state = midgame().state
    view = IMPERO.view(state, None)
    view.map.deadline_local = "2026-11-23 09:00"
    render_map(view, impero_labels(lang))  # the words Impero's cog gives its pictures
    assert any(text.startswith(shown) for text in drawn), drawn


@pytest.mark.parametrize(("lang", "shown"), [("en", "▣ provinces · ⚔ legionaries · ⚓ ships"),
                                             ("it", "▣ province · ⚔ legionari · ⚓ navi")])
def test_the_spqrisiko_legend_says_what_its_players_counts_are(lang: str, shown: str, drawn: list[str]) -> None:
    """Each player's line counts provinces, legionaries and ships by sign ("11▣ 28⚔ 0⚓"): the legend says which."""
    state = spqr_game()
    render_board(SPQR.view(state, None), picture_labels("spqrisiko", lang))
    assert any("▣" in text and "⚔" in text for text in drawn)  # the players' lines
    assert shown in drawn, drawn
